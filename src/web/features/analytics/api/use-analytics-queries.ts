import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useUserId } from '../../auth/index.ts';
import type { AnalyticsParams, PostsParams } from '../lib/query-state.ts';
import { analyticsApi } from './analytics-api.ts';
import { analyticsKeys } from './keys.ts';

// Analytics' reads. Figures change only when the insights sync runs (a few times a day), so they
// are kept fresh for five minutes; "Sync now" makes them stale.

const FIVE_MINUTES = 5 * 60_000;

function useKeyUser(): string {
  return useUserId() ?? 'anonymous';
}

export function useOverview(params: AnalyticsParams) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: analyticsKeys.overview(userId, params),
    queryFn: ({ signal }) => analyticsApi.overview(params, signal),
    placeholderData: keepPreviousData,
    staleTime: FIVE_MINUTES,
    retry: false,
    meta: { handlesErrors: true },
  });
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
