import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  InboxItem,
  ItemAction,
  ThreadDetail,
  ThreadNote,
  ThreadSummary,
} from '#shared/contracts/inbox.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { inboxApi } from './inbox-api.ts';
import {
  invalidateAfterAction,
  patchItems,
  patchSummary,
  patchThread,
  settlePending,
  snapshot,
  type Snapshot,
} from './inbox-cache.ts';
import { inboxKeys } from './keys.ts';

// Every action on a thread is optimistic: the change shows at once (a sent reply as a pending
// item carrying the browser's clientRef), the server's answer takes its place, and a refusal puts
// everything back; the caller keeps what was typed and shows the server's message.

export interface SendVariables {
  text: string;
  clientRef: string;
  /** Comment threads: the comment answered. */
  toExternalId?: string | undefined;
  /** Conversations: an image from the library. */
  media?: { id: string; url: string } | undefined;
  /** Private reply to this comment (a message to its author). */
  privateTo?: string | undefined;
}

function pendingItem(
  thread: ThreadDetail,
  vars: SendVariables,
  me: { userId: string; name: string },
): InboxItem {
  const message = thread.kind === 'conversation' || vars.privateTo !== undefined;
  return {
    id: vars.clientRef,
    externalId: vars.clientRef,
    kind: message ? 'message' : 'comment',
    parentExternalId: message
      ? null
      : (vars.toExternalId ?? thread.items.find((i) => !i.parentExternalId)?.externalId ?? null),
    direction: 'out',
    origin: 'app',
    author: {
      id: null,
      name: thread.account.name,
      handle: thread.account.username,
      pictureUrl: null,
    },
    text: vars.text.trim(),
    attachments: vars.media ? [{ type: 'image', url: vars.media.url }] : [],
    sentAt: new Date().toISOString(),
    editedAt: null,
    deletedAt: null,
    hidden: false,
    hiddenBy: null,
    liked: false,
    flagged: false,
    sentiment: null,
    privateReplyAt: null,
    sentBy: me,
    readAt: null,
    pending: true,
  };
}

export function useSendReply(thread: ThreadDetail, me: { userId: string; name: string }) {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation<InboxItem, Error, SendVariables, Snapshot>({
    mutationKey: inboxKeys.writes(thread.id),
    mutationFn: (vars) => {
      if (vars.privateTo !== undefined) {
        return inboxApi.privateReply(thread.id, {
          commentExternalId: vars.privateTo,
          text: vars.text,
          clientRef: vars.clientRef,
        });
      }
      if (thread.kind === 'conversation') {
        return inboxApi.message(thread.id, {
          text: vars.text,
          clientRef: vars.clientRef,
          ...(vars.media ? { mediaId: vars.media.id } : {}),
        });
      }
      return inboxApi.reply(thread.id, {
        text: vars.text,
        clientRef: vars.clientRef,
        ...(vars.toExternalId ? { toExternalId: vars.toExternalId } : {}),
      });
    },
    onMutate: async (vars) => {
      const before = await snapshot(client, userId, thread.id);
      patchItems(client, userId, thread.id, (items) => [...items, pendingItem(thread, vars, me)]);
      if (vars.privateTo !== undefined) {
        const at = new Date().toISOString();
        patchItems(client, userId, thread.id, (items) =>
          items.map((i) => (i.externalId === vars.privateTo ? { ...i, privateReplyAt: at } : i)),
        );
      } else {
        patchSummary(client, userId, thread.id, { needsReply: false });
      }
      return before;
    },
    onSuccess: (item, vars) => {
      // A private reply goes to the person's messages: the comment thread keeps only the mark.
      settlePending(client, userId, thread.id, vars.clientRef, vars.privateTo ? null : item);
    },
    onError: (_error, _vars, before) => before?.restore(),
    onSettled: () => invalidateAfterAction(client, userId, thread.id),
  });
}

const ACTION_PATCH: Record<ItemAction, Partial<InboxItem>> = {
  hide: { hidden: true, hiddenBy: 'person' },
  unhide: { hidden: false, hiddenBy: null },
  like: { liked: true },
  unlike: { liked: false },
  delete: {},
};

export function useItemAction(threadId: string) {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation<InboxItem, Error, { item: InboxItem; action: ItemAction }, Snapshot>({
    mutationKey: inboxKeys.writes(threadId),
    mutationFn: ({ item, action }) => inboxApi.itemAction(item.id, action),
    onMutate: async ({ item, action }) => {
      const before = await snapshot(client, userId, threadId);
      const deletedAt = new Date().toISOString();
      patchItems(client, userId, threadId, (items) =>
        items.map((i) =>
          i.id === item.id
            ? { ...i, ...ACTION_PATCH[action], ...(action === 'delete' ? { deletedAt } : {}) }
            : i,
        ),
      );
      return before;
    },
    onSuccess: (answer) =>
      patchItems(client, userId, threadId, (items) =>
        items.map((i) => (i.id === answer.id ? answer : i)),
      ),
    onError: (_error, _vars, before) => before?.restore(),
    onSettled: () => invalidateAfterAction(client, userId, threadId),
  });
}

/** What a thread's answer says about its assignment, status and what it needs. */
function summaryPart(answer: ThreadSummary): Partial<ThreadSummary> {
  return {
    assignedTo: answer.assignedTo,
    status: answer.status,
    needsReply: answer.needsReply,
    unreadCount: answer.unreadCount,
  };
}

export function useAssign(threadId: string) {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation<ThreadSummary, Error, { userId: string | null; name: string }, Snapshot>({
    mutationFn: (vars) => inboxApi.assign(threadId, vars.userId),
    onMutate: async (vars) => {
      const before = await snapshot(client, userId, threadId);
      patchSummary(client, userId, threadId, {
        assignedTo: vars.userId ? { userId: vars.userId, name: vars.name } : null,
      });
      return before;
    },
    onSuccess: (answer) => patchSummary(client, userId, threadId, summaryPart(answer)),
    onError: (_error, _vars, before) => before?.restore(),
    onSettled: () => invalidateAfterAction(client, userId, threadId),
  });
}

export function useThreadStatus(threadId: string) {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation<ThreadSummary, Error, 'open' | 'done', Snapshot>({
    mutationFn: (status) => inboxApi.setStatus(threadId, status),
    onMutate: async (status) => {
      const before = await snapshot(client, userId, threadId);
      patchSummary(client, userId, threadId, { status });
      return before;
    },
    onSuccess: (answer) => patchSummary(client, userId, threadId, summaryPart(answer)),
    onError: (_error, _vars, before) => before?.restore(),
    onSettled: () => invalidateAfterAction(client, userId, threadId),
  });
}

export function useAddNote(threadId: string, me: { userId: string; name: string }) {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  return useMutation<ThreadNote, Error, { body: string; clientRef: string }, Snapshot>({
    mutationFn: (vars) => inboxApi.addNote(threadId, vars.body),
    onMutate: async (vars) => {
      const before = await snapshot(client, userId, threadId);
      const note: ThreadNote = {
        id: vars.clientRef,
        body: vars.body.trim(),
        author: me,
        createdAt: new Date().toISOString(),
      };
      patchThread(client, userId, threadId, (t) => ({ ...t, notes: [...t.notes, note] }));
      return before;
    },
    onSuccess: (note, vars) =>
      patchThread(client, userId, threadId, (t) => ({
        ...t,
        notes: t.notes.map((n) => (n.id === vars.clientRef ? note : n)),
      })),
    onError: (_error, _vars, before) => before?.restore(),
  });
}
