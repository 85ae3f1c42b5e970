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
import { profiles } from '../profile/profile.tables.ts';

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
    type: text('type', { enum: ['post', 'ai_generated', 'campaign', 'note'] })
      .notNull()
      .default('post'),
    status: text('status', {
      enum: ['draft', 'scheduled', 'publishing', 'published', 'failed', 'unconfirmed', 'cancelled'],
    })
      .notNull()
      .default('draft'),
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
    status: text('status', {
      enum: ['scheduled', 'publishing', 'published', 'failed', 'unconfirmed', 'cancelled'],
    })
      .notNull()
      .default('scheduled'),
    externalId: text('external_id'),
    permalink: text('permalink'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('platform_posts_user_id_idx').on(t.userId),
    index('platform_posts_calendar_event_id_idx').on(t.calendarEventId),
    foreignKey({
      name: 'platform_posts_calendar_event_tenant_fk',
      columns: [t.calendarEventId, t.userId],
      foreignColumns: [calendarEvents.id, calendarEvents.userId],
    }).onDelete('cascade'),
  ],
);
