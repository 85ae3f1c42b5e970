import { and, eq } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { POST_STATUSES, POST_TYPES } from '#shared/contracts/posts.contract.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// A post is a calendar_events row and its deliveries, one platform_posts row per account
// (docs/product/entities.md#calendar_events, #platform_posts). The table and column names are
// the product's; statuses and types are the posts contract's (docs/decisions/087).

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content'),
    platforms: text('platforms').array().notNull().default([]),
    type: text('type', { enum: POST_TYPES }).notNull().default('post'),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // List and upcoming both filter by tenant and order by scheduled_for.
    index('calendar_events_user_id_scheduled_for_idx').on(t.userId, t.scheduledFor),
    // Target of platform_posts' (calendar_event_id, user_id) key: a post can only belong to an
    // event of its own tenant. Foreign keys are checked without row-level security, so a
    // single-column key would let one tenant attach rows to another's event.
    unique('calendar_events_id_user_id_key').on(t.id, t.userId),
  ],
);

export const platformPosts = pgTable(
  'platform_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    calendarEventId: uuid('calendar_event_id').notNull(),
    platform: text('platform', { enum: ['facebook', 'instagram'] }).notNull(),
    // draft: chosen as a target of an event that is not scheduled (no job waits for it).
    status: text('status', { enum: POST_STATUSES }).notNull().default('scheduled'),
    externalId: text('external_id'),
    permalink: text('permalink'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // The publishing pipeline (docs/decisions/080). The account the post goes to; saving a post
    // checks it belongs to the same tenant (platform_connections has no (id, user_id) key).
    connectionId: uuid('connection_id').references(() => platformConnections.id, {
      onDelete: 'set null',
    }),
    /** feed (text, photo, video or carousel by its media), reel or story. */
    format: text('format', { enum: ['feed', 'reel', 'story'] })
      .notNull()
      .default('feed'),
    /** media_items ids in publishing order. */
    mediaIds: uuid('media_ids').array().notNull().default([]),
    firstComment: text('first_comment'),
    /** Bumped by every edit: a job carrying an older version is stale and does nothing. */
    version: integer('version').notNull().default(1),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** When the next attempt (or reconcile) is due; the sweeper re-drives anything overdue. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When the current attempt claimed the post: reconcile looks for objects made after it. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    /** Instagram container of the current attempt, asked about before anything is repeated. */
    containerId: text('container_id'),
    errorCode: text('error_code'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('platform_posts_user_id_idx').on(t.userId),
    index('platform_posts_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('platform_posts_connection_id_idx').on(t.connectionId),
    // An event's deliveries, and the calendar's account filter (decision 076): probed per event
    // for (event, tenant, account) without reading the table.
    index('platform_posts_event_user_connection_idx').on(
      t.calendarEventId,
      t.userId,
      t.connectionId,
    ),
    foreignKey({
      name: 'platform_posts_calendar_event_tenant_fk',
      columns: [t.calendarEventId, t.userId],
      foreignColumns: [calendarEvents.id, calendarEvents.userId],
    }).onDelete('cascade'),
  ],
);

/** Joins a delivery to its post, within the same business (the composite key both carry). */
export const deliveryOfPost = and(
  eq(calendarEvents.id, platformPosts.calendarEventId),
  eq(calendarEvents.userId, platformPosts.userId),
);
