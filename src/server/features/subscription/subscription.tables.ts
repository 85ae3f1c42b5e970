import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscription_status_idx').on(t.status)],
);
