import type { ThreadFilters } from '#shared/contracts/inbox.contract.ts';

// The social monitor's one key factory. Keys carry the user id so one person's inbox is never
// shown to the next one (src/web/README.md). Everything a live inbox message can change sits under
// `inboxKeys.live(userId)`: the lists with their counts, the badge, the notifications and the
// threads; the configuration (saved replies, rules, reports) has its own root.

export const inboxKeys = {
  all: ['inbox'] as const,
  live: (userId: string) => ['inbox', userId, 'live'] as const,
  lists: (userId: string) => ['inbox', userId, 'live', 'threads'] as const,
  list: (userId: string, filters: ThreadFilters) =>
    ['inbox', userId, 'live', 'threads', filters] as const,
  threads: (userId: string) => ['inbox', userId, 'live', 'thread'] as const,
  thread: (userId: string, threadId: string) =>
    ['inbox', userId, 'live', 'thread', threadId] as const,
  unread: (userId: string) => ['inbox', userId, 'live', 'unread'] as const,
  notifications: (userId: string) => ['inbox', userId, 'live', 'notifications'] as const,
  savedReplies: (userId: string) => ['inbox', userId, 'saved-replies'] as const,
  rules: (userId: string) => ['inbox', userId, 'rules'] as const,
  moderationActions: (userId: string) => ['inbox', userId, 'moderation-actions'] as const,
  sync: (userId: string) => ['inbox', userId, 'sync'] as const,
  responseTimes: (userId: string, from: string, to: string, target: number) =>
    ['inbox', userId, 'response-times', from, to, target] as const,
  /** The writes to one thread (a live message does not read it again under them). */
  writes: (threadId: string) => ['inbox', 'write', threadId] as const,
};
