import { useMutation } from '@tanstack/react-query';
import type { PublishingState } from '#shared/contracts/publishing.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { publishingPaths } from '../../../lib/api-paths.ts';
import { useInvalidatePosts } from './use-invalidate-posts.ts';

/** POST /publish-now: every target not published yet goes out now (docs/decisions/080). */
export function publishNow(eventId: string): Promise<PublishingState> {
  return api.post<PublishingState>(publishingPaths.publishNow(eventId));
}

/** "Publish now" from the quick view; the caller shows the refusals account by account. */
export function usePublishNow() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: publishNow, onSuccess: invalidate });
}
