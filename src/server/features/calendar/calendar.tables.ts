import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  ],
);

export const platformPosts = pgTable(
  'platform_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    calendarEventId: uuid('calendar_event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
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
  ],
);
