import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { systemSchema } from '../../platform/db/system.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

// Connected Facebook Pages and Instagram accounts, the OAuth attempts that create them, and the
// Meta webhook deliveries waiting to be processed. Tokens are stored encrypted (deps.secrets, bound
// to the row and column) and never leave the server.

export const CONNECTION_HEALTH = [
  'healthy',
  'expiring',
  'expired',
  'revoked',
  'permission_missing',
] as const;

export const platformConnections = pgTable(
  'platform_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['facebook', 'instagram'] }).notNull(),
    /** Which login granted the token: Facebook Login (Pages and their Instagram) or Instagram Login. */
    login: text('login', { enum: ['facebook', 'instagram'] }).notNull(),
    /** Page id, or Instagram professional account id. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    username: text('username'),
    pictureUrl: text('picture_url'),
    /** The Page an Instagram account is reached through (Facebook Login path). */
    linkedPageId: text('linked_page_id'),
    /** The app-scoped Meta user id named by deauthorize and data-deletion requests. */
    metaUserId: text('meta_user_id'),
    grantedScopes: text('granted_scopes').array().notNull().default([]),
    /** encrypted: `platform_connection:<id>:access_token` */
    accessToken: text('access_token').notNull(),
    /** null: the token does not expire (a Page token from a long-lived user token). */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }),
    dataAccessExpiresAt: timestamp('data_access_expires_at', { withTimezone: true }),
    status: text('status', { enum: ['connected', 'disconnected'] })
      .notNull()
      .default('connected'),
    health: text('health', { enum: CONNECTION_HEALTH }).notNull().default('healthy'),
    missingPermissions: text('missing_permissions').array().notNull().default([]),
    lastError: text('last_error'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    /** Connected through the Graph API simulator (demo mode), never a real account. */
    simulated: boolean('simulated').notNull().default(false),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    disconnectedAt: timestamp('disconnected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Reconnecting the same account updates its row: history and scheduled posts keep their id.
    unique('platform_connections_account_key').on(t.userId, t.platform, t.externalId),
    // Target of (connection_id, user_id) keys: a row naming an account can only name one of its
    // own business (foreign keys are checked without row-level security; docs/decisions/077).
    unique('platform_connections_id_user_id_key').on(t.id, t.userId),
    index('platform_connections_user_id_idx').on(t.userId),
    index('platform_connections_meta_user_id_idx').on(t.metaUserId),
  ],
);

export const platformOauthStates = pgTable(
  'platform_oauth_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The session that started the attempt: the callback must come back to the same one. */
    sessionId: uuid('session_id').notNull(),
    stateHash: text('state_hash').notNull(),
    login: text('login', { enum: ['facebook', 'instagram'] }).notNull(),
    status: text('status', { enum: ['started', 'authorized', 'completed', 'failed'] })
      .notNull()
      .default('started'),
    /** Accounts offered for picking, without any token. */
    candidates: jsonb('candidates').$type<unknown[]>().notNull().default([]),
    /** encrypted: the tokens behind the candidates, `platform_oauth_state:<id>:grant` */
    grant: text('grant'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('platform_oauth_states_state_hash_key').on(t.stateHash),
    index('platform_oauth_states_user_id_idx').on(t.userId),
  ],
);

/** Verified webhook deliveries, one row per change, processed once (installation-wide). */
export const metaWebhookEvents = systemSchema.table(
  'meta_webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Object, entry id, field and a hash of the change: a duplicate delivery hits this key. */
    dedupeKey: text('dedupe_key').notNull(),
    object: text('object').notNull(),
    entryId: text('entry_id').notNull(),
    field: text('field').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    unique('meta_webhook_events_dedupe_key').on(t.dedupeKey),
    index('meta_webhook_events_entry_id_idx').on(t.entryId),
  ],
);
