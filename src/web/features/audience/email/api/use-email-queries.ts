import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useUserId } from '../../../auth/index.ts';
import { emailApi } from './email-api.ts';
import { emailKeys } from './keys.ts';

// The e-mail pages' reads. Every page shows its own errors (`handlesErrors`).

/** How often an e-mail being sent is read again, for its progress. */
export const SENDING_POLL_MS = 3_000;

function useKeyUser(): string {
  return useUserId() ?? 'anonymous';
}

export function useEmailCampaigns(page: number) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: emailKeys.list(userId, page),
    queryFn: ({ signal }) => emailApi.list(page, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/** One e-mail; while it is being sent it is read every 3 s so its figures move. */
export function useEmailCampaign(id: string | undefined) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: emailKeys.email(userId, id ?? 'new'),
    queryFn: ({ signal }) => emailApi.get(id!, signal),
    enabled: id !== undefined,
    // A draft being edited is never replaced under the person's changes by a background read.
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? SENDING_POLL_MS : false),
    meta: { handlesErrors: true },
  });
}

/** How many of a segment an e-mail would reach; nothing is asked without a segment. */
export function useEmailReach(segmentId: string | null) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: emailKeys.reach(userId, segmentId ?? ''),
    queryFn: ({ signal }) => emailApi.reach(segmentId!, signal),
    enabled: segmentId !== null,
    meta: { handlesErrors: true },
  });
}

export function useSuppressions(page: number) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: emailKeys.suppressions(userId, page),
    queryFn: ({ signal }) => emailApi.suppressions(page, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
