import { useQuery } from '@tanstack/react-query';
import type { Delivery, Post } from '#shared/contracts/posts.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { postsPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';
import { NO_USER, postKeys } from './keys.ts';

/**
 * One post's deliveries, by platform, as its quick view shows them (GET /api/posts/{id}). Kept
 * with the lists: a save reads them again and a live message patches them (live-cache.ts).
 */
export function usePostDeliveries(eventId: string | null) {
  const userId = useUserId();
  return useQuery({
    queryKey: postKeys.deliveries(userId ?? NO_USER, eventId ?? 'none'),
    queryFn: async ({ signal }): Promise<Delivery[]> => {
      const post = await api.get<Post>(postsPaths.post(eventId!), { signal });
      return [...post.deliveries].sort((a, b) => a.platform.localeCompare(b.platform));
    },
    enabled: eventId !== null,
    meta: { handlesErrors: true },
  });
}
