import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { GenerateOptions, Variant } from '#shared/contracts/ai-content.contract.ts';
import { profiles } from '../profile/profile.tables.ts';

/** Every generation: the prompt and options that made it, who answered, and what it offered. */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Who asked: the owner or a staff member of the business. */
    createdBy: uuid('created_by').notNull(),
    prompt: text('prompt').notNull(),
    options: jsonb('options').$type<Omit<GenerateOptions, 'prompt'>>().notNull(),
    providerKind: text('provider_kind', { enum: ['offline', 'openai-compatible'] }).notNull(),
    providerLabel: text('provider_label').notNull(),
    status: text('status', { enum: ['completed', 'partial', 'failed'] })
      .notNull()
      .default('completed'),
    variants: jsonb('variants').$type<Variant[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // History lists the tenant's generations newest first.
  (t) => [index('ai_generations_user_id_created_at_idx').on(t.userId, t.createdAt)],
);

/**
 * Generations counted against the plan's monthly allowance, one row per business and UTC month.
 * A reservation is one conditional upsert, so concurrent requests cannot pass the limit.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** YYYY-MM, UTC. */
    period: text('period').notNull(),
    used: integer('used').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'ai_usage_pkey', columns: [t.userId, t.period] })],
);
