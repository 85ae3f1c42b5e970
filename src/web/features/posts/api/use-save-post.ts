import { useMutation } from '@tanstack/react-query';
import type { Post, SavePostInput } from '#shared/contracts/posts.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { postsPaths } from '../../../lib/api-paths.ts';
import { useInvalidatePosts } from './use-invalidate-posts.ts';

// Saving a post in one request (docs/decisions/087): a new one with POST /api/posts, a saved one
// with PUT /api/posts/{id}; its fields, every account it goes to, and what to do with it. The
// server checks it as a whole: a refusal changes nothing.

export interface SaveRequest {
  /** null: a post not saved yet. */
  id: string | null;
  body: SavePostInput;
}

export function savePost({ id, body }: SaveRequest): Promise<Post> {
  return id ? api.put<Post>(postsPaths.post(id), body) : api.post<Post>(postsPaths.posts, body);
}

/** The composer's, the quick dialog's and Duplicate's save. The caller shows refusals. */
export function useSavePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: savePost, onSuccess: invalidate });
}
