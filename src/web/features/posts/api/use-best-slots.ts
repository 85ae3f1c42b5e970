import { useQuery } from '@tanstack/react-query';
import type { BestTimes } from '#shared/contracts/ai-content.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserId } from '../../auth/index.ts';
import { NO_USER, postKeys } from './keys.ts';

/** The analytics route that suggests times (docs/decisions/092); written once, here. */
export const BEST_SLOTS_PATH = '/api/analytics/best-slots';

/**
 * Up to three suggested times to post on a platform, with a note saying where they come from
 * (the business's analytics, its history, its posting hours or a default). A suggestion is a
 * help, not a need: when it cannot be read, the composer shows none.
 */
export function useBestSlots(platform: 'instagram' | 'facebook', enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: postKeys.bestSlots(userId ?? NO_USER, platform),
    queryFn: ({ signal }) => api.get<BestTimes>(BEST_SLOTS_PATH, { query: { platform }, signal }),
    enabled: enabled && userId !== null,
    staleTime: 30 * 60_000,
    retry: false,
    meta: { handlesErrors: true },
  });
}
