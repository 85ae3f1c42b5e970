import { z } from 'zod';

// The social monitor (docs/decisions/091): one inbox for the comments and direct messages of the
// connected Instagram and Facebook accounts. Threads are a top-level comment with its replies, or
// a conversation with one person. The browser and the server share these shapes and limits; the
// server checks every input again.

export const INBOX_TABS = ['comments', 'messages'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];
export const INBOX_PLATFORMS = ['instagram', 'facebook'] as const;
export type InboxPlatform = (typeof INBOX_PLATFORMS)[number];
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const ASSIGNEE_FILTERS = ['anyone', 'me', 'nobody'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];
export const THREAD_STATUS_FILTERS = ['open', 'done', 'all'] as const;

/** Platform limits and windows (docs/product/meta-platform.md#comments, #messaging). */
export const INBOX_LIMITS = {
  /** Characters in an Instagram comment reply. */
  instagramCommentChars: 2_200,
  /** Characters in a Facebook comment reply. */
  facebookCommentChars: 8_000,
  /** UTF-8 bytes in an Instagram direct message. */
  instagramMessageBytes: 1_000,
  /** Characters in a Messenger text message. */
  messengerMessageChars: 2_000,
  /** Free-form replies are allowed this long after the person's last message. */
  replyWindowMs: 24 * 60 * 60 * 1000,
  /** The human-agent tag (where configured) extends the window to this. */
  humanAgentWindowMs: 7 * 24 * 60 * 60 * 1000,
  /** One private reply per comment, within this long of the comment. */
  privateReplyWindowMs: 7 * 24 * 60 * 60 * 1000,
  /** Threads per page of the list. */
  pageSize: 30,
  /** Counts per filter stop here and show "99+". */
  countCap: 99,
  /** Characters in an internal note and a saved reply. */
  noteChars: 2_000,
  savedReplyChars: 2_000,
  searchChars: 100,
} as const;

/** A yes/no filter in a query string: "true" or "1" is yes, "false" or "0" is no. */
const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const threadFiltersSchema = z.strictObject({
  tab: z.enum(INBOX_TABS).default('comments'),
  platform: z.enum(INBOX_PLATFORMS).optional(),
  connectionId: z.uuid().optional(),
  unread: queryFlag.optional(),
  needsReply: queryFlag.optional(),
  assignee: z.enum(ASSIGNEE_FILTERS).default('anyone'),
  sentiment: z.enum(SENTIMENTS).optional(),
  status: z.enum(THREAD_STATUS_FILTERS).default('open'),
  q: z.string().trim().max(INBOX_LIMITS.searchChars).optional(),
  /** Opaque cursor from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
});
export type ThreadFilters = z.input<typeof threadFiltersSchema>;

export interface InboxPerson {
  id: string | null;
  name: string | null;
  handle: string | null;
  pictureUrl: string | null;
}

export interface InboxAccount {
  connectionId: string;
  platform: InboxPlatform;
  name: string;
  username: string | null;
}

export interface ThreadSummary {
  id: string;
  kind: 'comment' | 'conversation';
  account: InboxAccount;
  participant: InboxPerson;
  preview: string;
  lastItemAt: string;
  lastInboundAt: string | null;
  unreadCount: number;
  needsReply: boolean;
  sentiment: Sentiment | null;
  status: 'open' | 'done';
  assignedTo: { userId: string; name: string } | null;
}

/** Counts for the filters, each capped at INBOX_LIMITS.countCap + 1 (shown as "99+"). */
export interface ThreadCounts {
  open: number;
  unread: number;
  needsReply: number;
  mine: number;
  unassigned: number;
  done: number;
}

export interface ThreadListResponse {
  threads: ThreadSummary[];
  counts: ThreadCounts;
  nextCursor: string | null;
}

export interface InboxItem {
  id: string;
  externalId: string;
  kind: 'comment' | 'message';
  parentExternalId: string | null;
  direction: 'in' | 'out';
  /** Outgoing: written here ('app') or elsewhere, e.g. the phone app ('platform'). */
  origin: 'app' | 'platform';
  author: InboxPerson;
  text: string;
  attachments: { type: string; url: string }[];
  sentAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  hidden: boolean;
  hiddenBy: 'person' | 'rule' | 'platform' | null;
  liked: boolean;
  flagged: boolean;
  sentiment: Sentiment | null;
  privateReplyAt: string | null;
  /** The member who wrote it here. */
  sentBy: { userId: string; name: string } | null;
  /** Outgoing message read by the other person. */
  readAt: string | null;
  /** Only in the browser: sent, waiting for the platform's answer. */
  pending?: boolean;
}

export interface ThreadPost {
  externalId: string;
  caption: string | null;
  thumbnailUrl: string | null;
  permalink: string | null;
  publishedAt: string | null;
  /** Our calendar post, when it was published from here. */
  calendarEventId: string | null;
}

export interface ThreadNote {
  id: string;
  body: string;
  author: { userId: string; name: string } | null;
  createdAt: string;
}

export interface ThreadDetail extends ThreadSummary {
  items: InboxItem[];
  post: ThreadPost | null;
  notes: ThreadNote[];
  /**
   * Conversations: until when a free-form reply may be sent (the 24-hour window, or 7 days with
   * the human-agent tag where configured); null when the window is closed or never opened.
   */
  replyWindowEndsAt: string | null;
  humanAgentTag: boolean;
}

// ——— Actions ———

export const replyInputSchema = z.strictObject({
  text: z.string().trim().min(1, 'Write a reply first').max(8_000, 'This reply is too long'),
  /** The comment answered (comment threads); defaults to the top-level comment. */
  toExternalId: z.string().max(200).optional(),
  /** The browser's own id for the optimistic item: the answer names it. */
  clientRef: z.uuid(),
});
export type ReplyInput = z.input<typeof replyInputSchema>;

export const messageInputSchema = z
  .strictObject({
    text: z.string().trim().max(2_000, 'This message is too long').default(''),
    mediaId: z.uuid().optional(),
    clientRef: z.uuid(),
  })
  .refine((v) => v.text.length > 0 || v.mediaId, {
    message: 'Write a message or choose an image',
    path: ['text'],
  });
export type MessageInput = z.input<typeof messageInputSchema>;

export const privateReplyInputSchema = z.strictObject({
  commentExternalId: z.string().min(1).max(200),
  text: z.string().trim().min(1, 'Write a message first').max(1_000, 'This message is too long'),
  clientRef: z.uuid(),
});

export const itemActionInputSchema = z.strictObject({
  action: z.enum(['hide', 'unhide', 'delete', 'like', 'unlike']),
});
export type ItemAction = z.infer<typeof itemActionInputSchema>['action'];

export const assignInputSchema = z.strictObject({ userId: z.uuid().nullable() });
export const threadStatusInputSchema = z.strictObject({ status: z.enum(['open', 'done']) });
export const noteInputSchema = z.strictObject({
  body: z.string().trim().min(1, 'Write a note first').max(INBOX_LIMITS.noteChars),
});

export const savedReplyInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Give it a title').max(80, 'Keep the title under 80 characters'),
  body: z.string().trim().min(1, 'Write the reply').max(INBOX_LIMITS.savedReplyChars),
});
export interface SavedReply {
  id: string;
  title: string;
  body: string;
}
/** Variables a saved reply may use. */
export const SAVED_REPLY_VARIABLES = ['{first_name}', '{business_name}'] as const;

export const moderationRuleInputSchema = z
  .strictObject({
    connectionId: z.uuid(),
    name: z.string().trim().min(1, 'Name the rule').max(80),
    keywords: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
    pattern: z.string().max(200).nullable().default(null),
    action: z.enum(['hide', 'flag']),
    enabled: z.boolean().default(true),
  })
  .refine((r) => r.keywords.length > 0 || r.pattern, {
    message: 'Add at least one keyword or a pattern',
    path: ['keywords'],
  });
export interface ModerationRule {
  id: string;
  connectionId: string;
  name: string;
  keywords: string[];
  pattern: string | null;
  action: 'hide' | 'flag';
  enabled: boolean;
}
export interface ModerationAction {
  id: string;
  itemId: string;
  threadId: string;
  ruleName: string;
  action: 'hide' | 'flag';
  matched: string;
  status: 'applied' | 'failed' | 'undone';
  createdAt: string;
  itemText: string;
}

export interface SyncState {
  connectionId: string;
  account: InboxAccount;
  lastSyncAt: string | null;
  lastSyncError: string | null;
  lastWebhookAt: string | null;
  foundByPolling: number;
  syncing: boolean;
}

export const responseTimesQuerySchema = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
  /** Minutes within which an answer counts as on time. */
  targetMinutes: z.coerce.number().int().min(1).max(10_080).default(60),
});
export interface ResponseTimeRow {
  key: string;
  label: string;
  answered: number;
  unanswered: number;
  medianMinutes: number | null;
  p90Minutes: number | null;
  withinTargetShare: number | null;
}
export interface ResponseTimesReport {
  from: string;
  to: string;
  targetMinutes: number;
  overall: ResponseTimeRow;
  byAccount: ResponseTimeRow[];
  byMember: ResponseTimeRow[];
}

export interface InboxNotification {
  id: string;
  threadId: string | null;
  body: string;
  createdAt: string;
  readAt: string | null;
}

/** GET /api/inbox/unread: the sidebar's badge and the home page's card. */
export interface InboxUnread {
  comments: number;
  messages: number;
  waitingForReply: number;
  notifications: number;
}

/** Live inbox events on the existing stream (GET /api/publishing/live), event name 'inbox'. */
export interface InboxLiveMessage {
  threadId: string;
  kind: 'comment' | 'conversation';
  /** What changed: a new item, an item changed, or the thread (assignment, status, read). */
  change: 'item' | 'item-updated' | 'thread';
}

// ——— Routes (all under /api/inbox) ———
// GET    /threads?…filters                 → ThreadListResponse
// GET    /threads/:id                      → ThreadDetail (marks it read)
// POST   /threads/:id/replies              → InboxItem (replyInputSchema; comment threads)
// POST   /threads/:id/messages             → InboxItem (messageInputSchema; conversations)
// POST   /threads/:id/private-replies      → InboxItem (privateReplyInputSchema)
// POST   /items/:id/actions                → InboxItem (itemActionInputSchema)
// PUT    /threads/:id/assignee             → ThreadSummary (assignInputSchema)
// PUT    /threads/:id/status               → ThreadSummary (threadStatusInputSchema)
// POST   /threads/:id/read                 → ThreadSummary (marks read)
// POST   /threads/:id/notes                → ThreadNote (noteInputSchema)
// GET    /saved-replies                    → SavedReply[]
// POST   /saved-replies, PUT/DELETE /saved-replies/:id (savedReplyInputSchema)
// GET    /moderation/rules, POST, PUT/DELETE /moderation/rules/:id (moderationRuleInputSchema)
// GET    /moderation/actions               → ModerationAction[]
// POST   /moderation/actions/:id/undo      → ModerationAction
// GET    /sync                             → SyncState[]
// POST   /sync                             → SyncState[] ({ connectionId?: uuid }: "Sync now")
// GET    /response-times?from&to&targetMinutes → ResponseTimesReport
// GET    /unread                           → InboxUnread
// GET    /notifications                    → InboxNotification[]; POST /notifications/read
export const INBOX_API = '/api/inbox';
