import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { platformPosts } from '../posts/posts.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// Analytics (docs/decisions/092): what the insights sync read from Meta, stored as history so
// every figure the page shows is computed from stored rows. Every row names its business
// (user_id) and its account through the (id, user_id) key of platform_connections, so a row can
// only name an account of its own business; disconnecting keeps the history, deleting the
// connection removes it.

export const ANALYTICS_SYNC_STATUSES = [
  'never',
  'backfilling',
  'ok',
  'failed',
  'unavailable',
] as const;
export const ANALYTICS_REPORT_CADENCES = ['weekly', 'monthly'] as const;

const connectionKey = (name: string, t: { connectionId: AnyPgColumn; userId: AnyPgColumn }) =>
  foreignKey({
    name,
    columns: [t.connectionId, t.userId],
    foreignColumns: [platformConnections.id, platformConnections.userId],
  }).onDelete('cascade');

/**
 * One account, metric and day: the platform's daily value (a metric name exactly as requested,
 * or `metric.BREAKDOWN_VALUE` for one value of a breakdown). Re-reading a day replaces its value:
 * Meta revises the last two days.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    userId: uuid('user_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    metric: text('metric').notNull(),
    /** The platform's day (its end_time's date in Pacific time, as Meta reports it). */
    day: date('day', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull(),
    /** Worked out rather than read (e.g. past follower totals from daily follows). */
    estimated: boolean('estimated').notNull().default(false),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'analytics_daily_pkey', columns: [t.connectionId, t.metric, t.day] }),
    connectionKey('analytics_daily_connection_fk', t),
  ],
);

/** A post or medium of a connected account — ours or published elsewhere — and its latest values. */
export const analyticsPosts = pgTable(
  'analytics_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id').notNull(),
    platform: text('platform', { enum: ['instagram', 'facebook'] }).notNull(),
    externalId: text('external_id').notNull(),
    /** Instagram: FEED, REELS or STORY; Facebook: status, photo, video or link. */
    productType: text('product_type').notNull(),
    caption: text('caption'),
    permalink: text('permalink'),
    thumbnailUrl: text('thumbnail_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    /** The delivery of our calendar post it was published from. */
    platformPostId: uuid('platform_post_id').references(() => platformPosts.id, {
      onDelete: 'set null',
    }),
    reach: doublePrecision('reach'),
    views: doublePrecision('views'),
    likes: doublePrecision('likes'),
    comments: doublePrecision('comments'),
    shares: doublePrecision('shares'),
    saves: doublePrecision('saves'),
    interactions: doublePrecision('interactions'),
    /** Every metric of the last read, by its platform name. */
    metrics: jsonb('metrics').$type<Record<string, number>>().notNull().default({}),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    /** When its lifetime values are next sampled; null once the schedule is over. */
    nextSampleAt: timestamp('next_sample_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('analytics_posts_external_key').on(t.connectionId, t.externalId),
    unique('analytics_posts_id_user_id_key').on(t.id, t.userId),
    index('analytics_posts_connection_published_idx').on(t.connectionId, t.publishedAt),
    index('analytics_posts_user_id_idx').on(t.userId),
    // A campaign's figures are read by its calendar posts' deliveries (docs/decisions/095).
    index('analytics_posts_platform_post_idx').on(t.platformPostId),
    index('analytics_posts_next_sample_idx')
      .on(t.nextSampleAt)
      .where(sql`${t.nextSampleAt} IS NOT NULL`),
    connectionKey('analytics_posts_connection_fk', t),
  ],
);

/** A post's lifetime values as they grew: 1 h, 24 h, 7 and 28 days, then weekly to 90 days. */
export const analyticsPostSamples = pgTable(
  'analytics_post_samples',
  {
    userId: uuid('user_id').notNull(),
    postId: uuid('post_id').notNull(),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    ageHours: integer('age_hours').notNull(),
    reach: doublePrecision('reach'),
    views: doublePrecision('views'),
    likes: doublePrecision('likes'),
    comments: doublePrecision('comments'),
    shares: doublePrecision('shares'),
    saves: doublePrecision('saves'),
    interactions: doublePrecision('interactions'),
    metrics: jsonb('metrics').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ name: 'analytics_post_samples_pkey', columns: [t.postId, t.sampledAt] }),
    index('analytics_post_samples_user_id_idx').on(t.userId),
    foreignKey({
      name: 'analytics_post_samples_post_fk',
      columns: [t.postId, t.userId],
      foreignColumns: [analyticsPosts.id, analyticsPosts.userId],
    }).onDelete('cascade'),
  ],
);

/** The latest demographics of an account: one row per metric, breakdown and value. */
export const analyticsBreakdowns = pgTable(
  'analytics_breakdowns',
  {
    userId: uuid('user_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    metric: text('metric').notNull(),
    breakdown: text('breakdown').notNull(),
    key: text('key').notNull(),
    value: doublePrecision('value').notNull(),
    /** The platform's period or timeframe, e.g. this_month or lifetime. */
    period: text('period').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'analytics_breakdowns_pkey',
      columns: [t.connectionId, t.metric, t.breakdown, t.key],
    }),
    connectionKey('analytics_breakdowns_connection_fk', t),
  ],
);

/** Instagram online_followers: followers online per hour of a day, as the platform reports it. */
export const analyticsOnlineHours = pgTable(
  'analytics_online_hours',
  {
    userId: uuid('user_id').notNull(),
    connectionId: uuid('connection_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The platform's hour key, 0–23, in Pacific time as its end_time. */
    hour: smallint('hour').notNull(),
    value: doublePrecision('value').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'analytics_online_hours_pkey', columns: [t.connectionId, t.day, t.hour] }),
    connectionKey('analytics_online_hours_connection_fk', t),
    check('analytics_online_hours_hour_check', sql`${t.hour} BETWEEN 0 AND 23`),
  ],
);

/** One account's insights sync: the backfill, the daily run, the last outcome and back-off. */
export const analyticsSyncStates = pgTable(
  'analytics_sync_states',
  {
    connectionId: uuid('connection_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: ANALYTICS_SYNC_STATUSES }).notNull().default('never'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    unavailableReason: text('unavailable_reason'),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    /** The earliest day the backfill reached; null until it has run. */
    backfilledFrom: date('backfilled_from', { mode: 'string' }),
    demographicsAt: timestamp('demographics_at', { withTimezone: true }),
    /** Graph calls of the last run. */
    lastCalls: integer('last_calls').notNull().default(0),
    /** Set from the usage headers: no call before then. */
    throttledUntil: timestamp('throttled_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('analytics_sync_states_connection_user_key').on(t.connectionId, t.userId),
    index('analytics_sync_states_next_sync_idx').on(t.nextSyncAt),
    index('analytics_sync_states_user_id_idx').on(t.userId),
    connectionKey('analytics_sync_states_connection_fk', t),
  ],
);

/** A scheduled e-mail report of one account or all, weekly or monthly. */
export const analyticsReports = pgTable(
  'analytics_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** null: every account of the business. */
    connectionId: uuid('connection_id'),
    cadence: text('cadence', { enum: ANALYTICS_REPORT_CADENCES }).notNull(),
    recipients: text('recipients').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: uuid('created_by'),
    nextSendAt: timestamp('next_send_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** The last period sent (its first day): a report is sent once per period. */
    lastPeriodFrom: date('last_period_from', { mode: 'string' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_reports_user_id_idx').on(t.userId),
    index('analytics_reports_next_send_idx').on(t.nextSendAt),
    connectionKey('analytics_reports_connection_fk', t),
  ],
);
