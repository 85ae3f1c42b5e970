import { useMutation } from '@tanstack/react-query';
import { useInvalidatePosts } from './use-invalidate-posts.ts';
import { updatePost } from './use-update-post.ts';

/**
 * Moves an event to another time (the calendar's drag, Alt+arrow keys and the Undo of either).
 * The server checks the lifecycle rules again (docs/decisions/074); the caller shows errors.
 */
export function useReschedulePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: ({ id, scheduledFor }: { id: string; scheduledFor: string }) =>
      updatePost(id, { scheduled_for: scheduledFor }),
    onSuccess: invalidate,
  });
}
