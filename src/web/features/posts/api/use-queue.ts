import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountQueue,
  AddToQueueInput,
  AddToQueueResult,
  PostingSlot,
  Queue,
} from '#shared/contracts/queue.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { queuePaths } from '../../../lib/api-paths.ts';
import { NO_USER, postKeys } from './keys.ts';
import { useInvalidatePosts } from './use-invalidate-posts.ts';

// The posting queue (docs/decisions/077): every account's queue, "Add to queue", and the queue
// view's moves. Each move answers the account's queue as it is afterwards, which replaces it in
// the cache at once; the calendar's lists are stale after any of them (the posts moved).

export function useQueue(userId: string | null) {
  return useQuery({
    queryKey: postKeys.queue(userId ?? NO_USER),
    queryFn: ({ signal }) => api.get<Queue>(queuePaths.queue, { signal }),
    enabled: userId !== null,
    // The queue view shows the failure in place, with a retry button.
    meta: { handlesErrors: true },
  });
}

/** One change of an account's queue. */
export type QueueAction =
  | { kind: 'order'; connectionId: string; postIds: string[] }
  | { kind: 'shuffle' | 'pause' | 'resume'; connectionId: string }
  | { kind: 'top' | 'remove'; connectionId: string; postId: string }
  | { kind: 'slots'; connectionId: string; slots: PostingSlot[] };

export function runQueueAction(action: QueueAction): Promise<AccountQueue> {
  const id = action.connectionId;
  switch (action.kind) {
    case 'order':
      return api.post<AccountQueue>(queuePaths.order(id), { post_ids: action.postIds });
    case 'shuffle':
      return api.post<AccountQueue>(queuePaths.shuffle(id));
    case 'pause':
      return api.post<AccountQueue>(queuePaths.pause(id));
    case 'resume':
      return api.post<AccountQueue>(queuePaths.resume(id));
    case 'top':
      return api.post<AccountQueue>(queuePaths.top(id, action.postId));
    case 'remove':
      return api.delete<AccountQueue>(queuePaths.post(id, action.postId));
    case 'slots':
      return api.put<AccountQueue>(queuePaths.slots(id), { slots: action.slots });
  }
}

/** A change of an account's queue; the caller shows refusals. */
export function useQueueAction(userId: string | null) {
  const client = useQueryClient();
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: runQueueAction,
    onSuccess: (account) => {
      client.setQueryData<Queue>(postKeys.queue(userId ?? NO_USER), (queue) =>
        queue
          ? {
              ...queue,
              accounts: queue.accounts.map((a) =>
                a.connection_id === account.connection_id ? account : a,
              ),
            }
          : queue,
      );
      invalidate();
    },
  });
}

export function addToQueue(body: AddToQueueInput): Promise<AddToQueueResult> {
  return api.post<AddToQueueResult>(queuePaths.posts, body);
}

/** "Add to queue": a post per account, each in its next free posting time. */
export function useAddToQueue() {
  const invalidate = useInvalidatePosts();
  return useMutation({ mutationFn: addToQueue, onSuccess: invalidate });
}
