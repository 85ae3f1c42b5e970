import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlannedPost } from '#shared/contracts/planning.contract.ts';
import type { Post } from '#shared/contracts/posts.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { postsPaths } from '../../../lib/api-paths.ts';
import { useInvalidatePosts } from '../../posts/index.ts';
import { withTimes, type TimeChange } from '../lib/grid-model.ts';
import { calendarKeys } from './keys.ts';

// A reorder of the Instagram grid's planned posts (docs/decisions/078): their times handed out
// again, each post moved through PATCH /api/posts/{id}/schedule, one after the other, as the
// calendar moves a post (decision 087: the server checks a scheduled post again). The grid shows
// the new order at once; when the server refuses one move, the posts already moved are put back
// and the grid shows the times as they were. The lists are read again once it is over.

export function useReorderPlanned(userId: string, accountId: string) {
  const client = useQueryClient();
  const invalidate = useInvalidatePosts();
  const key = calendarKeys.planned(userId, accountId);
  return useMutation({
    mutationFn: async (changes: readonly TimeChange[]) => {
      const done: TimeChange[] = [];
      try {
        for (const change of changes) {
          await api.patch<Post>(postsPaths.schedule(change.id), { scheduled_for: change.to });
          done.push(change);
        }
      } catch (error) {
        // Newest move first, so each post gets back the time it had.
        for (const change of done.reverse()) {
          await api
            .patch<Post>(postsPaths.schedule(change.id), { scheduled_for: change.from })
            .catch(() => undefined);
        }
        // The server's refusal: the caller shows its reason.
        throw error;
      }
    },
    onMutate: async (changes) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<PlannedPost[]>(key);
      if (before) client.setQueryData<PlannedPost[]>(key, withTimes(before, changes));
      return { before };
    },
    onError: (_error, _changes, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSettled: invalidate,
    // The grid says what was refused, with the server's reason.
    meta: { handlesErrors: true },
  });
}
