import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AccountSyncState } from '#shared/contracts/analytics.contract.ts';
import { useUserId } from '../../auth/index.ts';
import type { AnalyticsParams, PostsParams } from '../lib/query-state.ts';
import { analyticsApi } from './analytics-api.ts';
import { analyticsKeys } from './keys.ts';

// Analytics' reads. Figures change only when the insights sync runs (a few times a day), so they
// are kept fresh for five minutes. While an account's sync is due or running (a first sync after
// connecting, "Sync now") the overview is read every few seconds, and once it is done every
// figure is read again.

const FIVE_MINUTES = 5 * 60_000;
const WHILE_SYNCING_MS = 4_000;

/** An account whose first sync has not run, or whose next one is due now (queued or running). */
export function isSyncing(states: readonly AccountSyncState[] | undefined, now = Date.now()) {
  return (states ?? []).some(
    (s) =>
      s.status === 'never' ||
      s.status === 'backfilling' ||
      (s.status !== 'failed' && s.nextSyncAt !== null && Date.parse(s.nextSyncAt) <= now),
  );
}

function useKeyUser(): string {
  return useUserId() ?? 'anonymous';
}

export function useOverview(params: AnalyticsParams) {
  const userId = useKeyUser();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: analyticsKeys.overview(userId, params),
    queryFn: ({ signal }) => analyticsApi.overview(params, signal),
    placeholderData: keepPreviousData,
    staleTime: FIVE_MINUTES,
    retry: false,
    meta: { handlesErrors: true },
    refetchInterval: (q) => (isSyncing(q.state.data?.sync) ? WHILE_SYNCING_MS : false),
  });
  const syncing = isSyncing(query.data?.sync);
  const wasSyncing = useRef(syncing);
  useEffect(() => {
    // A sync finished: the posts, demographics and heat-maps it wrote are read again too.
    if (wasSyncing.current && !syncing) {
      void client.invalidateQueries({ queryKey: analyticsKeys.figures(userId) });
    }
    wasSyncing.current = syncing;
  }, [client, syncing, userId]);
  return query;
}

export function useTopPosts(params: PostsParams, enabled = true) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: analyticsKeys.posts(userId, params),
    queryFn: ({ signal }) => analyticsApi.posts(params, signal),
    placeholderData: keepPreviousData,
    staleTime: FIVE_MINUTES,
    enabled,
    retry: false,
    meta: { handlesErrors: true },
  });
}

export function usePostDrillDown(id: string | null) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: analyticsKeys.post(userId, id ?? 'none'),
    queryFn: ({ signal }) => analyticsApi.post(id!, signal),
    enabled: id !== null,
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });
}

export function useDemographics(account: string, enabled = true) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: analyticsKeys.demographics(userId, account),
    queryFn: ({ signal }) => analyticsApi.demographics(account, signal),
    staleTime: FIVE_MINUTES,
    enabled,
    meta: { handlesErrors: true },
  });
}

export function useBestTimes(account: string, enabled = true) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: analyticsKeys.bestTimes(userId, account),
    queryFn: ({ signal }) => analyticsApi.bestTimes(account, signal),
    staleTime: FIVE_MINUTES,
    enabled,
    meta: { handlesErrors: true },
  });
}

/** The home page's four cards (one request). */
export function useHomeKpis(enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: analyticsKeys.kpis(userId ?? 'anonymous'),
    queryFn: ({ signal }) => analyticsApi.kpis(signal),
    enabled: enabled && userId !== null,
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });
}

export function useReports() {
  const userId = useKeyUser();
  return useQuery({
    queryKey: analyticsKeys.reports(userId),
    queryFn: ({ signal }) => analyticsApi.reports(signal),
    meta: { handlesErrors: true },
  });
}
