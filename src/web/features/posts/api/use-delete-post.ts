import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { postsPaths } from '../../../lib/api-paths.ts';
import { useInvalidatePosts } from './use-invalidate-posts.ts';

export function deletePost(id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(postsPaths.post(id));
}

/** Removes the calendar entry (a published post stays on the platform). */
export function useDeletePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: deletePost, onSuccess: invalidate });
}
