import { useQuery } from '@tanstack/react-query';
import { publishingRoutes, type AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { api } from '../../../lib/api-client.ts';

/** Shared with the composer's quota read: one cached answer for both. */
export const publishingQuotaKey = ['publishing', 'quota'] as const;

/**
 * Each connected account's remaining 24-hour publishing quota. The server reuses each account's
 * reading for a minute (decision 082) and the answer is kept a minute here; posts going out
 * refresh both (live-status.ts).
 */
export function usePublishingQuota(enabled = true) {
  return useQuery({
    queryKey: publishingQuotaKey,
    queryFn: ({ signal }) => api.get<AccountQuota[]>(publishingRoutes.quota, { signal }),
    enabled,
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
}

/**
 * "47 of 50 posts left", and " (rolling 24 hours)" with `withWindow`: Instagram counts the posts of
 * the last 24 hours, not of the calendar day. The composer says the window on the line; the home
 * card says it once, in its description.
 */
export function quotaLeftText(remaining: number, total: number, withWindow = false): string {
  return `${remaining} of ${total} posts left${withWindow ? ' (rolling 24 hours)' : ''}`;
}
