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
 * "47 of 50 posts left (rolling 24 hours)": Instagram counts the posts of the last 24 hours, not
 * of the calendar day, so the home page and the composer say the same window the same way.
 */
export function quotaLeftText(remaining: number, total: number): string {
  return `${remaining} of ${total} posts left (rolling 24 hours)`;
}
