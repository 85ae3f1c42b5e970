import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from '../profile/profile.tables.ts';

// Billing (docs/decisions/094). The subscription row (subscription.tables.ts) holds the state
// every gate reads; these tables hold what feeds it: Stripe's webhook events, each recorded once
// in the transaction of its effect, and the failures an administrator must see; invoices (copied
// from Stripe, or recorded by an administrator in manual mode); manual mode's coupons and their
// redemptions; and the plans and add-ons administrators grant by hand, with who and why.

export const billingEvents = pgTable(
  'billing_events',
  {
    /** Stripe's event id (evt_…): the same event twice is applied once. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    userId: uuid('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** applied | ignored */
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    stripeCalls: integer('stripe_calls').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_events_received_idx').on(t.receivedAt)],
);

export const billingWebhookFailures = pgTable(
  'billing_webhook_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id'),
    type: text('type'),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_webhook_failures_at_idx').on(t.at)],
);

export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'manual'] }).notNull(),
    /** Stripe's invoice id (in_…); null for a manual invoice. */
    externalId: text('external_id').unique('billing_invoices_external_key'),
    number: text('number'),
    status: text('status', { enum: ['draft', 'open', 'paid', 'void', 'uncollectible'] }).notNull(),
    amountDue: integer('amount_due').notNull(),
    amountPaid: integer('amount_paid').notNull().default(0),
    currency: text('currency').notNull(),
    description: text('description'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    hostedUrl: text('hosted_url'),
    pdfUrl: text('pdf_url'),
    recordedBy: uuid('recorded_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_invoices_user_idx').on(t.userId, t.createdAt)],
);

export const billingCoupons = pgTable(
  'billing_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored in upper case; codes are compared without regard to case. */
    code: text('code').notNull().unique('billing_coupons_code_key'),
    percentOff: doublePrecision('percent_off'),
    amountOff: integer('amount_off'),
    currency: text('currency'),
    duration: text('duration', { enum: ['once', 'repeating', 'forever'] }).notNull(),
    durationInMonths: integer('duration_in_months'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('billing_coupons_one_kind', sql`(${t.percentOff} is null) <> (${t.amountOff} is null)`),
    check(
      'billing_coupons_within_limit',
      sql`${t.maxRedemptions} is null or ${t.timesRedeemed} <= ${t.maxRedemptions}`,
    ),
  ],
);

export const billingCouponRedemptions = pgTable(
  'billing_coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => billingCoupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    redeemedBy: uuid('redeemed_by').references(() => profiles.id, { onDelete: 'set null' }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('billing_coupon_redemptions_once').on(t.couponId, t.userId)],
);

export const billingGrants = pgTable(
  'billing_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['plan', 'addon'] }).notNull(),
    /** premium, or an add-on id */
    value: text('value').notNull(),
    reason: text('reason').notNull(),
    grantedBy: uuid('granted_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [index('billing_grants_user_idx').on(t.userId)],
);
