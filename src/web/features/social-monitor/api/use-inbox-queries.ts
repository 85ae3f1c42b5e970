import {
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type {
  ThreadDetail,
  ThreadFilters,
  ThreadListResponse,
} from '#shared/contracts/inbox.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { staffApi, staffKeys, useActor } from '../../staff/index.ts';
import { inboxApi } from './inbox-api.ts';
import { inboxKeys } from './keys.ts';

// The social monitor's reads. The lists are kept fresh by the live stream (use-inbox-live.ts),
// so they are not read again on a timer.

/** The threads of one filter, a page at a time (keyset: each page names the next). */
export function useThreadList(filters: ThreadFilters) {
  const userId = useUserId() ?? 'anonymous';
  return useInfiniteQuery({
    queryKey: inboxKeys.list(userId, filters),
    queryFn: ({ pageParam, signal }) =>
      inboxApi.threads(pageParam ? { ...filters, cursor: pageParam } : filters, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { handlesErrors: true },
  });
}

/** One thread with its items, post and notes; reading it marks it read on the server. */
export function useThread(threadId: string | null) {
  const userId = useUserId() ?? 'anonymous';
  const client = useQueryClient();
  return useQuery({
    queryKey: inboxKeys.thread(userId, threadId ?? 'none'),
    queryFn: async ({ signal }): Promise<ThreadDetail> => {
      const thread = await inboxApi.thread(threadId!, signal);
      // Opened means read: the badge and the list's bold rows follow.
      void client.invalidateQueries({ queryKey: inboxKeys.unread(userId) });
      client.setQueriesData<InfiniteData<ThreadListResponse>>(
        { queryKey: inboxKeys.lists(userId) },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              threads: page.threads.map((t) => (t.id === thread.id ? { ...t, unreadCount: 0 } : t)),
            })),
          },
      );
      return thread;
    },
    enabled: threadId !== null,
    meta: { handlesErrors: true },
  });
}

/** The sidebar's badge and the tabs' numbers. */
export function useInboxUnread() {
  const userId = useUserId();
  return useQuery({
    queryKey: inboxKeys.unread(userId ?? 'anonymous'),
    queryFn: ({ signal }) => inboxApi.unread(signal),
    enabled: userId !== null,
    staleTime: 60_000,
    refetchInterval: 120_000,
    retry: false,
    meta: { handlesErrors: true },
  });
}

export function useInboxNotifications(enabled: boolean) {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: inboxKeys.notifications(userId),
    queryFn: ({ signal }) => inboxApi.notifications(signal),
    enabled,
    meta: { handlesErrors: true },
  });
}

/** The business's members, to assign a thread to (the staff page's list). */
export function useTeam() {
  const userId = useUserId() ?? 'anonymous';
  const actor = useActor().data;
  const tenantId = actor?.tenant_id ?? 'none';
  return useQuery({
    queryKey: staffKeys.members(userId, tenantId),
    queryFn: ({ signal }) => staffApi.listMembers(signal),
    enabled: actor !== undefined,
    meta: { handlesErrors: true },
  });
}

export function useSavedReplies() {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: inboxKeys.savedReplies(userId),
    queryFn: ({ signal }) => inboxApi.savedReplies(signal),
    meta: { handlesErrors: true },
  });
}
