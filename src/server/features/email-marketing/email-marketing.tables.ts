import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { audienceContacts, audienceSegments } from '../audience/audience.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// The e-mail marketing add-on (docs/decisions/100): a campaign e-mail written for a segment, one
// row per person it goes to (the sender's claim on it, what the SMTP server answered, the
// unsubscribe and clicks it brought), and the business's suppression list, which no campaign
// ever sends to.

export const EMAIL_CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'sent',
  'cancelled',
] as const;
export type EmailCampaignStatus = (typeof EMAIL_CAMPAIGN_STATUSES)[number];

/**
 * queued → sending (claimed by the sender, before the SMTP transaction) → sent | refused (the
 * server refused the recipient: a hard bounce) | bounced (a bounce reported after acceptance).
 * skipped: left out when sending began or came to it (no consent any more, suppressed).
 */
export const EMAIL_RECIPIENT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'refused',
  'bounced',
  'skipped',
] as const;
export type EmailRecipientStatus = (typeof EMAIL_RECIPIENT_STATUSES)[number];

export const SUPPRESSION_REASONS = [
  'unsubscribed',
  'hard_bounce',
  'soft_bounce',
  'manual',
] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const emailCampaigns = pgTable(
  'email_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    preheader: text('preheader').notNull().default(''),
    /** The body as the person wrote it (paragraphs, links and merge fields, decision 100). */
    body: text('body').notNull().default(''),
    segmentId: uuid('segment_id').references(() => audienceSegments.id, { onDelete: 'set null' }),
    status: text('status', { enum: EMAIL_CAMPAIGN_STATUSES }).notNull().default('draft'),
    /** When it goes out (null: at once, when sent). */
    sendAt: timestamp('send_at', { withTimezone: true }),
    clickTracking: boolean('click_tracking').notNull().default(false),
    /** The links of the body, fixed when sending begins: the click redirect goes only to these. */
    links: text('links').array().notNull().default([]),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('email_campaigns_id_user_id_key').on(t.id, t.userId),
    index('email_campaigns_user_idx').on(t.userId, t.updatedAt),
    index('email_campaigns_due_idx').on(t.status, t.sendAt),
  ],
);

export const emailRecipients = pgTable(
  'email_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    campaignId: uuid('campaign_id').notNull(),
    contactId: uuid('contact_id').references(() => audienceContacts.id, { onDelete: 'set null' }),
    /** Null once the contact is deleted: the figures stay, the person goes. */
    email: text('email'),
    name: text('name'),
    status: text('status', { enum: EMAIL_RECIPIENT_STATUSES }).notNull().default('queued'),
    /** Why it was skipped or refused, or the bounce's text. */
    reason: text('reason'),
    bounceKind: text('bounce_kind', { enum: ['hard', 'soft'] }),
    /** The Message-ID it is sent with, the same on every attempt. */
    messageId: text('message_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    clicks: integer('clicks').notNull().default(0),
    firstClickAt: timestamp('first_click_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('email_recipients_campaign_contact_key').on(t.campaignId, t.contactId),
    index('email_recipients_campaign_status_idx').on(t.campaignId, t.status),
    index('email_recipients_user_email_idx').on(t.userId, t.email),
    foreignKey({
      name: 'email_recipients_campaign_fk',
      columns: [t.campaignId, t.userId],
      foreignColumns: [emailCampaigns.id, emailCampaigns.userId],
    }).onDelete('cascade'),
  ],
);

/** One business's list of addresses it never e-mails again, and why. */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Lower case. */
    email: text('email').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull(),
    campaignId: uuid('campaign_id').references(() => emailCampaigns.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'email_suppressions_pkey', columns: [t.userId, t.email] })],
);
