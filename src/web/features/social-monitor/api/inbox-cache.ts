import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  InboxItem,
  ThreadDetail,
  ThreadListResponse,
  ThreadSummary,
} from '#shared/contracts/inbox.contract.ts';
import { inboxKeys } from './keys.ts';

// What an action does to the cache before the server answers (optimistic), and what its answer
// puts in place: an item in the open thread, a thread's summary in every cached list.

export function patchThread(
  client: QueryClient,
  userId: string,
  threadId: string,
  patch: (thread: ThreadDetail) => ThreadDetail,
): void {
  client.setQueryData<ThreadDetail>(inboxKeys.thread(userId, threadId), (thread) =>
    thread ? patch(thread) : thread,
  );
}

export function patchItems(
  client: QueryClient,
  userId: string,
  threadId: string,
  patch: (items: InboxItem[]) => InboxItem[],
): void {
  patchThread(client, userId, threadId, (thread) => ({ ...thread, items: patch(thread.items) }));
}

/** Replaces the pending item named by `clientRef` with the server's, or drops it (`null`). */
export function settlePending(
  client: QueryClient,
  userId: string,
  threadId: string,
  clientRef: string,
  answer: InboxItem | null,
): void {
  patchItems(client, userId, threadId, (items) => {
    const rest = items.filter((item) => item.id !== clientRef);
    if (!answer) return rest;
    // A live message may have brought the item already: keep one.
    return rest.some((item) => item.id === answer.id)
      ? rest.map((item) => (item.id === answer.id ? answer : item))
      : items.map((item) => (item.id === clientRef ? answer : item));
  });
}

/** The thread's summary in every cached list and in the open thread. */
export function patchSummary(
  client: QueryClient,
  userId: string,
  threadId: string,
  patch: Partial<ThreadSummary>,
): void {
  client.setQueriesData<InfiniteData<ThreadListResponse>>(
    { queryKey: inboxKeys.lists(userId) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          threads: page.threads.map((t) => (t.id === threadId ? { ...t, ...patch } : t)),
        })),
      },
  );
  patchThread(client, userId, threadId, (thread) => ({ ...thread, ...patch }));
}

export interface Snapshot {
  restore(): void;
}

/** Keeps the thread and the lists as they were, to put back when the server refuses. */
export async function snapshot(
  client: QueryClient,
  userId: string,
  threadId: string,
): Promise<Snapshot> {
  await client.cancelQueries({ queryKey: inboxKeys.thread(userId, threadId) });
  await client.cancelQueries({ queryKey: inboxKeys.lists(userId) });
  const thread = client.getQueryData<ThreadDetail>(inboxKeys.thread(userId, threadId));
  const lists = client.getQueriesData({ queryKey: inboxKeys.lists(userId) });
  return {
    restore() {
      client.setQueryData(inboxKeys.thread(userId, threadId), thread);
      for (const [key, data] of lists) client.setQueryData(key, data);
    },
  };
}

/** After any action: the lists, counts and badge are read again (the thread by its own rule). */
export function invalidateAfterAction(client: QueryClient, userId: string, threadId: string) {
  void client.invalidateQueries({ queryKey: inboxKeys.lists(userId) });
  void client.invalidateQueries({ queryKey: inboxKeys.unread(userId) });
  void client.invalidateQueries({ queryKey: inboxKeys.thread(userId, threadId) });
}
