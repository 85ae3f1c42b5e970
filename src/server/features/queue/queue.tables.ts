import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  smallint,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { calendarEvents } from '../posts/posts.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// The posting queue (docs/decisions/077): per connected account, its weekly posting times and
// whether its queue is paused, and which posts the queue placed. Every row names its business
// (user_id) and the account through the (id, user_id) key of platform_connections, so a row can
// only ever name an account of its own business.

/**
 * One row per account whose queue was set up: its posting times are then its own
 * (posting_slots, maybe none), no longer the defaults of the business's posting hours.
 */
export const postingQueues = pgTable(
  'posting_queues',
  {
    connectionId: uuid('connection_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Set while the queue is paused: its posts are drafts, in order, until it is resumed. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posting_queues_user_id_idx').on(t.userId),
    foreignKey({
      name: 'posting_queues_connection_tenant_fk',
      columns: [t.connectionId, t.userId],
      foreignColumns: [platformConnections.id, platformConnections.userId],
    }).onDelete('cascade'),
  ],
);

/** A weekly posting time of an account: a weekday and a wall-clock time in the business zone. */
export const postingSlots = pgTable(
  'posting_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => postingQueues.connectionId, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday, as the business's posting hours count them. */
    weekday: smallint('weekday').notNull(),
    /** Minutes after midnight, wall-clock time in the business time zone. */
    minuteOfDay: smallint('minute_of_day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('posting_slots_connection_weekday_minute_key').on(
      t.connectionId,
      t.weekday,
      t.minuteOfDay,
    ),
    index('posting_slots_user_id_idx').on(t.userId),
    foreignKey({
      name: 'posting_slots_connection_tenant_fk',
      columns: [t.connectionId, t.userId],
      foreignColumns: [platformConnections.id, platformConnections.userId],
    }).onDelete('cascade'),
    check('posting_slots_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('posting_slots_minute_of_day_check', sql`${t.minuteOfDay} between 0 and 1439`),
  ],
);

/**
 * A post the queue placed, and the time it gave it. The post is in its account's queue while it
 * is still at that time (a scheduled post, or a draft while the queue is paused): moved or
 * edited elsewhere, it is an ordinary post again.
 */
export const queuedPosts = pgTable(
  'queued_posts',
  {
    calendarEventId: uuid('calendar_event_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').notNull(),
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('queued_posts_user_id_connection_id_slot_at_idx').on(t.userId, t.connectionId, t.slotAt),
    foreignKey({
      name: 'queued_posts_calendar_event_tenant_fk',
      columns: [t.calendarEventId, t.userId],
      foreignColumns: [calendarEvents.id, calendarEvents.userId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'queued_posts_connection_tenant_fk',
      columns: [t.connectionId, t.userId],
      foreignColumns: [platformConnections.id, platformConnections.userId],
    }).onDelete('cascade'),
  ],
);
