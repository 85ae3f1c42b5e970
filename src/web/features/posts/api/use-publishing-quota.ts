import { useQuery } from '@tanstack/react-query';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { publishingPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';
import { NO_USER, postKeys } from './keys.ts';

/**
 * Each connected account's remaining 24-hour publishing quota, one cached answer shared by the
 * home page's card and the composer. The server reuses each account's reading for a minute
 * (decision 082) and the answer is kept a minute here; posts going out refresh both
 * (live-status.ts).
 */
export function usePublishingQuota(enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: postKeys.quota(userId ?? NO_USER),
    queryFn: ({ signal }) => api.get<AccountQuota[]>(publishingPaths.quota, { signal }),
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
