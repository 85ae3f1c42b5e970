import {
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ToolCall } from '#shared/contracts/engine-room.contract.ts';
import { campaigns } from '../campaigns/campaigns.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// The engine room (docs/product/screens.md#engine-room): a session of a business with the
// content engine, and its messages. Every member of the business reads its sessions (one is
// shared by its address); a message belongs to its session through the (id, user_id) key, so
// only to one of its own business. A session may name the campaign it works on: a plain key to
// campaigns.id that is cleared when the campaign goes; the service checks it is the business's.

export const engineSessions = pgTable(
  'engine_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('engine_sessions_user_updated_idx').on(t.userId, t.updatedAt),
    unique('engine_sessions_id_user_id_key').on(t.id, t.userId),
  ],
);

export const engineMessages = pgTable(
  'engine_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** The tool calls the answer proposed, and what became of each. */
    toolCalls: jsonb('tool_calls').$type<ToolCall[]>().notNull().default([]),
    /** The engine that answered: the provider's model, or "offline"; null for a person. */
    engine: text('engine'),
    authorId: uuid('author_id').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('engine_messages_user_session_created_idx').on(t.userId, t.sessionId, t.createdAt),
    foreignKey({
      name: 'engine_messages_session_fk',
      columns: [t.sessionId, t.userId],
      foreignColumns: [engineSessions.id, engineSessions.userId],
    }).onDelete('cascade'),
  ],
);
