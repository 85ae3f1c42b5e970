import type {
  InboxItem,
  InboxNotification,
  InboxUnread,
  ItemAction,
  MessageInput,
  ModerationAction,
  ModerationRule,
  ReplyInput,
  ResponseTimesReport,
  SavedReply,
  SyncState,
  ThreadDetail,
  ThreadFilters,
  ThreadListResponse,
  ThreadNote,
  ThreadSummary,
} from '#shared/contracts/inbox.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { inboxPaths as paths } from '../../../lib/api-paths.ts';

// The calls of /api/inbox, one per route of inbox.contract.ts (docs/decisions/091).

export interface PrivateReplyBody {
  commentExternalId: string;
  text: string;
  clientRef: string;
}
export interface RuleBody {
  connectionId: string;
  name: string;
  keywords: string[];
  pattern: string | null;
  action: 'hide' | 'flag';
  enabled: boolean;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const inboxApi = {
  threads: (filters: ThreadFilters, signal?: AbortSignal) =>
    api.get<ThreadListResponse>(paths.threads, {
      query: {
        ...filters,
        unread: filters.unread ? true : undefined,
        needsReply: filters.needsReply ? true : undefined,
      },
      ...withSignal(signal),
    }),
  thread: (id: string, signal?: AbortSignal) =>
    api.get<ThreadDetail>(paths.thread(id), withSignal(signal)),
  reply: (id: string, input: ReplyInput) => api.post<InboxItem>(paths.replies(id), input),
  message: (id: string, input: MessageInput) => api.post<InboxItem>(paths.messages(id), input),
  privateReply: (id: string, input: PrivateReplyBody) =>
    api.post<InboxItem>(paths.privateReplies(id), input),
  itemAction: (itemId: string, action: ItemAction) =>
    api.post<InboxItem>(paths.itemActions(itemId), { action }),
  assign: (id: string, userId: string | null) =>
    api.put<ThreadSummary>(paths.assignee(id), { userId }),
  setStatus: (id: string, status: 'open' | 'done') =>
    api.put<ThreadSummary>(paths.status(id), { status }),
  addNote: (id: string, body: string) => api.post<ThreadNote>(paths.notes(id), { body }),
  savedReplies: (signal?: AbortSignal) =>
    api.get<SavedReply[]>(paths.savedReplies, withSignal(signal)),
  createSavedReply: (input: { title: string; body: string }) =>
    api.post<SavedReply>(paths.savedReplies, input),
  updateSavedReply: (id: string, input: { title: string; body: string }) =>
    api.put<SavedReply>(paths.savedReply(id), input),
  deleteSavedReply: (id: string) => api.delete<unknown>(paths.savedReply(id)),
  rules: (signal?: AbortSignal) => api.get<ModerationRule[]>(paths.rules, withSignal(signal)),
  createRule: (input: RuleBody) => api.post<ModerationRule>(paths.rules, input),
  updateRule: (id: string, input: RuleBody) => api.put<ModerationRule>(paths.rule(id), input),
  deleteRule: (id: string) => api.delete<unknown>(paths.rule(id)),
  moderationActions: (signal?: AbortSignal) =>
    api.get<ModerationAction[]>(paths.moderationActions, withSignal(signal)),
  undoModeration: (id: string) => api.post<ModerationAction>(paths.undoModeration(id)),
  sync: (signal?: AbortSignal) => api.get<SyncState[]>(paths.sync, withSignal(signal)),
  syncNow: (connectionId?: string) =>
    api.post<SyncState[]>(paths.sync, connectionId ? { connectionId } : {}),
  responseTimes: (
    query: { from: string; to: string; targetMinutes: number },
    signal?: AbortSignal,
  ) => api.get<ResponseTimesReport>(paths.responseTimes, { query, ...withSignal(signal) }),
  unread: (signal?: AbortSignal) => api.get<InboxUnread>(paths.unread, withSignal(signal)),
  notifications: (signal?: AbortSignal) =>
    api.get<InboxNotification[]>(paths.notifications, withSignal(signal)),
  readNotifications: () => api.post<unknown>(paths.notificationsRead),
};
