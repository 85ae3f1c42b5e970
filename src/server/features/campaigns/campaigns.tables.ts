import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  date,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { CAMPAIGN_STATUSES, CAMPAIGN_STEPS } from '#shared/contracts/campaigns.contract.ts';
import { audienceSegments } from '../audience/audience.tables.ts';
import { calendarEvents } from '../posts/posts.tables.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// Campaigns (docs/product/screens.md#campaigns): a campaign is a draft brief, cadence and plan
// of posts until it is launched; then each planned post is an ordinary post (a calendar event
// of type `campaign`, saved through the one posts use case) linked from its plan row. `version`
// counts the draft's saves, so two people editing the same draft get a conflict instead of a
// silent overwrite. Rows name their business (user_id); a planned post belongs to its campaign
// through the (id, user_id) key, so only to one of its own business, and names its account and
// its event by id; the service checks both are its own business's.

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    /** The wizard's step the draft was left at. */
    step: text('step', { enum: CAMPAIGN_STEPS }).notNull().default('brief'),
    goal: text('goal').notNull().default(''),
    audience: text('audience').notNull().default(''),
    /** The audience segment it is for (docs/decisions/097), if one was chosen. */
    segmentId: uuid('segment_id').references(() => audienceSegments.id, { onDelete: 'set null' }),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    connectionIds: uuid('connection_ids').array().notNull().default([]),
    formats: text('formats').array().notNull().default([]),
    /** The cadence (shared/contracts/campaign-plan.contract.ts cadenceSchema), once chosen. */
    cadence: jsonb('cadence'),
    /** Where the plan came from: ai, offline or manual. */
    planSource: text('plan_source', { enum: ['ai', 'offline', 'manual'] }),
    /** The campaign's colour on the calendar. */
    color: text('color').notNull().default('#4f46e5'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    launchedAt: timestamp('launched_at', { withTimezone: true }),
  },
  (t) => [
    index('campaigns_user_status_idx').on(t.userId, t.status, t.updatedAt),
    unique('campaigns_id_user_id_key').on(t.id, t.userId),
  ],
);

export const campaignPosts = pgTable(
  'campaign_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The plan's own id for the post, stable across edits (plannedPostSchema.key). */
    key: text('key').notNull(),
    position: integer('position').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    connectionId: uuid('connection_id').references(() => platformConnections.id, {
      onDelete: 'set null',
    }),
    format: text('format').notNull(),
    caption: text('caption').notNull().default(''),
    hashtags: text('hashtags').array().notNull().default([]),
    firstComment: text('first_comment'),
    /** The media requirement (mediaRequirementSchema). */
    media: jsonb('media').notNull(),
    mediaIds: uuid('media_ids').array().notNull().default([]),
    /** The calendar event made from it at launch. */
    eventId: uuid('event_id').references(() => calendarEvents.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('campaign_posts_campaign_key').on(t.campaignId, t.key),
    index('campaign_posts_user_scheduled_idx').on(t.userId, t.scheduledFor),
    index('campaign_posts_event_idx').on(t.eventId),
    foreignKey({
      name: 'campaign_posts_campaign_fk',
      columns: [t.campaignId, t.userId],
      foreignColumns: [campaigns.id, campaigns.userId],
    }).onDelete('cascade'),
  ],
);
