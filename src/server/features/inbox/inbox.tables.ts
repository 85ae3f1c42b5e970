import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// The social monitor's inbox (docs/decisions/091): comments and direct messages of the connected
// Instagram and Facebook accounts, in threads a team answers together. Every row names its
// business (user_id); rows that name an account do so through the (id, user_id) key of
// platform_connections, so a row can only ever name an account of its own business. An item is
// keyed by the platform's own id (comment id, message mid) within its business and platform:
// a webhook delivered twice, a poll that finds what a webhook brought, and the same account
// reached through Facebook Login and Instagram Login all land on the one row.

export const INBOX_THREAD_KINDS = ['comment', 'conversation'] as const;
export const INBOX_PLATFORMS = ['instagram', 'facebook'] as const;
export const INBOX_DIRECTIONS = ['in', 'out'] as const;
/** Where an outgoing item was written: here, or elsewhere (the phone app, Meta Business Suite). */
export const INBOX_ORIGINS = ['app', 'platform'] as const;
/** How the item first reached us. */
export const INBOX_SOURCES = ['webhook', 'poll', 'app'] as const;
export const INBOX_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const INBOX_THREAD_STATUSES = ['open', 'done'] as const;

/**
 * A thread: a top-level comment with its replies (kind comment, external_key = the top-level
 * comment id), or a conversation with one person (kind conversation, external_key = the account's
 * platform id and the person's scoped id, `<account id>:<person id>`).
 */
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').notNull(),
    platform: text('platform', { enum: INBOX_PLATFORMS }).notNull(),
    kind: text('kind', { enum: INBOX_THREAD_KINDS }).notNull(),
    externalKey: text('external_key').notNull(),
    /** The Instagram medium or Facebook post a comment thread belongs to. */
    postExternalId: text('post_external_id'),
    /** The platform's conversation id, once known (Conversations API). */
    conversationId: text('conversation_id'),
    /** The person on the other side (commenter of the top-level comment, or the correspondent). */
    participantId: text('participant_id'),
    participantName: text('participant_name'),
    participantHandle: text('participant_handle'),
    participantPictureUrl: text('participant_picture_url'),
    status: text('status', { enum: INBOX_THREAD_STATUSES }).notNull().default('open'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    assignedTo: uuid('assigned_to').references(() => profiles.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** Platform time of the newest item: the list is ordered by it. */
    lastItemAt: timestamp('last_item_at', { withTimezone: true }).notNull(),
    /** Platform time of the newest item from the other person: opens the 24-hour window. */
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }),
    /** Items from the other person not yet seen by anyone in the business. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** The newest visible item is from the other person and nobody has answered it. */
    needsReply: boolean('needs_reply').notNull().default(false),
    /** Sentiment of the newest incoming item (the filter reads it). */
    sentiment: text('sentiment', { enum: INBOX_SENTIMENTS }),
    /** Text of the newest item, for the list and the search. */
    preview: text('preview').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('inbox_threads_key').on(t.userId, t.platform, t.kind, t.externalKey),
    unique('inbox_threads_id_user_id_key').on(t.id, t.userId),
    index('inbox_threads_user_id_kind_last_item_at_idx').on(t.userId, t.kind, t.lastItemAt),
    index('inbox_threads_assigned_to_idx').on(t.assignedTo),
    index('inbox_threads_connection_id_idx').on(t.connectionId),
    foreignKey({
      name: 'inbox_threads_connection_tenant_fk',
      columns: [t.connectionId, t.userId],
      foreignColumns: [platformConnections.id, platformConnections.userId],
    }).onDelete('cascade'),
  ],
);

/** A comment, a reply or a direct message, keyed by the platform's id. */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').notNull(),
    platform: text('platform', { enum: INBOX_PLATFORMS }).notNull(),
    kind: text('kind', { enum: ['comment', 'message'] }).notNull(),
    /** Comment id, or message mid. */
    externalId: text('external_id').notNull(),
    /** The comment this one replies to (comments), or the message it answers (messages). */
    parentExternalId: text('parent_external_id'),
    direction: text('direction', { enum: INBOX_DIRECTIONS }).notNull(),
    origin: text('origin', { enum: INBOX_ORIGINS }).notNull().default('platform'),
    source: text('source', { enum: INBOX_SOURCES }).notNull(),
    authorId: text('author_id'),
    authorName: text('author_name'),
    authorHandle: text('author_handle'),
    text: text('text').notNull().default(''),
    /** [{ type, url }] as the platform gives them. */
    attachments: jsonb('attachments').notNull().default([]),
    /** The platform's own time of the item: threads and items are ordered by it. */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    /** Who hid it: a person, or a moderation rule (inbox_moderation_actions names which). */
    hiddenBy: text('hidden_by', { enum: ['person', 'rule', 'platform'] }),
    liked: boolean('liked').notNull().default(false),
    flagged: boolean('flagged').notNull().default(false),
    sentiment: text('sentiment', { enum: INBOX_SENTIMENTS }),
    /** Our id, sent in the Send API's metadata: the echo of a message we sent finds its row. */
    clientRef: text('client_ref'),
    /** The member who wrote it here (origin app). */
    sentByUserId: uuid('sent_by_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** A private reply (a direct message answering this comment) went out: once per comment. */
    privateReplyAt: timestamp('private_reply_at', { withTimezone: true }),
    /** The other person read our messages up to here (message_reads watermark / messaging_seen). */
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('inbox_items_external_key').on(t.userId, t.platform, t.externalId),
    unique('inbox_items_id_user_id_key').on(t.id, t.userId),
    index('inbox_items_thread_id_sent_at_idx').on(t.threadId, t.sentAt),
    index('inbox_items_client_ref_idx')
      .on(t.userId, t.clientRef)
      .where(sql`${t.clientRef} is not null`),
    foreignKey({
      name: 'inbox_items_thread_tenant_fk',
      columns: [t.threadId, t.userId],
      foreignColumns: [inboxThreads.id, inboxThreads.userId],
    }).onDelete('cascade'),
  ],
);

/**
 * An edit, removal, hide or unsend that arrived before the item it changes: kept here and
 * applied when the item comes, then deleted.
 */
export const inboxPendingChanges = pgTable(
  'inbox_pending_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: INBOX_PLATFORMS }).notNull(),
    externalId: text('external_id').notNull(),
    /** { verb: 'edited' | 'remove' | 'hide' | 'unhide' | 'unsend' | 'read', text?, … } */
    change: jsonb('change').notNull(),
    eventAt: timestamp('event_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inbox_pending_changes_key_idx').on(t.userId, t.platform, t.externalId)],
);

/** Per connected account: the polling cursor and what the sync found. */
export const inboxSyncStates = pgTable(
  'inbox_sync_states',
  {
    connectionId: uuid('connection_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Where the next poll starts: per media/post and per conversation, as the sync keeps it. */
    cursor: jsonb('cursor').notNull().default({}),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    lastWebhookAt: timestamp('last_webhook_at', { withTimezone: true }),
    /** Items the poll found that no webhook had brought. */
    foundByPolling: integer('found_by_polling').notNull().default(0),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_sync_states_user_id_idx').on(t.userId),
    foreignKey({
      name: 'inbox_sync_states_connection_tenant_fk',
      columns: [t.connectionId, t.userId],
      foreignColumns: [platformConnections.id, platformConnections.userId],
    }).onDelete('cascade'),
  ],
);

/** An internal note on a thread: seen by the team, never sent. */
export const inboxNotes = pgTable(
  'inbox_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').notNull(),
    authorUserId: uuid('author_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_notes_thread_id_idx').on(t.threadId),
    index('inbox_notes_user_id_idx').on(t.userId),
    foreignKey({
      name: 'inbox_notes_thread_tenant_fk',
      columns: [t.threadId, t.userId],
      foreignColumns: [inboxThreads.id, inboxThreads.userId],
    }).onDelete('cascade'),
  ],
);

/** A saved reply with variables ({first_name}, {business_name}). */
export const inboxSavedReplies = pgTable(
  'inbox_saved_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('inbox_saved_replies_title_key').on(t.userId, t.title),
    index('inbox_saved_replies_user_id_idx').on(t.userId),
  ],
);

/** A moderation rule of one account: keywords or a pattern that hide or flag a comment. */
export const inboxModerationRules = pgTable(
  'inbox_moderation_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').notNull(),
    name: text('name').notNull(),
    /** Whole words or phrases, matched case- and accent-insensitively. */
    keywords: text('keywords').array().notNull().default([]),
    /** A regular expression, checked for safety when saved. */
    pattern: text('pattern'),
    action: text('action', { enum: ['hide', 'flag'] }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_moderation_rules_user_id_idx').on(t.userId),
    index('inbox_moderation_rules_connection_id_idx').on(t.connectionId),
    foreignKey({
      name: 'inbox_moderation_rules_connection_tenant_fk',
      columns: [t.connectionId, t.userId],
      foreignColumns: [platformConnections.id, platformConnections.userId],
    }).onDelete('cascade'),
  ],
);

/** Every automatic moderation action, and its undoing. */
export const inboxModerationActions = pgTable(
  'inbox_moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    /** The rule as it was when it acted (the rule may change or go later). */
    ruleId: uuid('rule_id'),
    ruleName: text('rule_name').notNull(),
    action: text('action', { enum: ['hide', 'flag'] }).notNull(),
    matched: text('matched').notNull(),
    status: text('status', { enum: ['applied', 'failed', 'undone'] }).notNull(),
    error: text('error'),
    undoneBy: uuid('undone_by').references(() => profiles.id, { onDelete: 'set null' }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_moderation_actions_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('inbox_moderation_actions_item_id_idx').on(t.itemId),
    foreignKey({
      name: 'inbox_moderation_actions_item_tenant_fk',
      columns: [t.itemId, t.userId],
      foreignColumns: [inboxItems.id, inboxItems.userId],
    }).onDelete('cascade'),
  ],
);

/** An in-app notification for one member of the business (a thread assigned to them). */
export const inboxNotifications = pgTable(
  'inbox_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipientUserId: uuid('recipient_user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id'),
    kind: text('kind', { enum: ['assigned'] }).notNull(),
    body: text('body').notNull(),
    actorUserId: uuid('actor_user_id').references(() => profiles.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_notifications_recipient_idx').on(t.userId, t.recipientUserId, t.createdAt),
    check('inbox_notifications_body_check', sql`length(${t.body}) <= 500`),
  ],
);
