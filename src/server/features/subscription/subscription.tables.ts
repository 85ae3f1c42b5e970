import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../profile/profile.tables.ts';

export const subscription = pgTable(
  'subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique('subscription_user_id_key')
      .references(() => profiles.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['free', 'trial', 'premium'] })
      .notNull()
      .default('trial'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    addons: text('addons').array().notNull().default([]),
    // Billing (docs/decisions/094): what the card payment provider last said, applied by the
    // webhook's converge step (features/billing/converge.ts); plan, status and addons above are
    // derived from it. Null while the business has never paid.
    billingProvider: text('billing_provider', { enum: ['stripe', 'manual'] }),
    stripeCustomerId: text('stripe_customer_id').unique('subscription_stripe_customer_key'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Stripe's status of the subscription (active, trialing, past_due, canceled, …). */
    providerStatus: text('provider_status'),
    billingInterval: text('billing_interval', { enum: ['month', 'year'] }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** A renewal failed at this time; access stays until grace_ends_at. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    graceEndsAt: timestamp('grace_ends_at', { withTimezone: true }),
    /** The discount in force (shared/contracts/billing.contract.ts discountSchema). */
    discount: jsonb('discount'),
    paymentMethod: jsonb('payment_method'),
    /** Something an administrator must resolve, e.g. two live subscriptions. */
    billingProblem: text('billing_problem'),
    billingSyncedAt: timestamp('billing_synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_status_idx').on(t.status)],
);
