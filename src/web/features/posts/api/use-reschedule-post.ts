import { useMutation } from '@tanstack/react-query';
import type { Post } from '#shared/contracts/posts.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { postsPaths } from '../../../lib/api-paths.ts';
import { useInvalidatePosts } from './use-invalidate-posts.ts';

/**
 * Moves a post to another time (the calendar's drag, Alt+arrow keys and the Undo of either):
 * PATCH /api/posts/{id}/schedule, its accounts kept. The server checks a scheduled post again
 * (docs/decisions/074, 087); the caller shows errors.
 */
export function useReschedulePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: ({ id, scheduledFor }: { id: string; scheduledFor: string }) =>
      api.patch<Post>(postsPaths.schedule(id), { scheduled_for: scheduledFor }),
    onSuccess: invalidate,
  });
}
