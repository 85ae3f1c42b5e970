import { bigint, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authSchema, users } from './auth.tables.ts';

// Multi-factor authentication sits with the identities in schema `auth`: the sign-in challenge
// reads it before anyone is signed in, so it is never granted to the runtime role.

/** One authenticator per user. `enabledAt` is null while enrolment waits for its first code. */
export const mfaFactors = authSchema.table('mfa_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The TOTP secret, encrypted with the installation's keys, bound to the user id. */
  secretEncrypted: text('secret_encrypted').notNull(),
  /**
   * The last 30-second time step whose code was accepted. A code is accepted only by an update
   * that raises it, so the same code (or an older one) never works twice.
   */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use backup codes; only a hash is kept. */
export const mfaBackupCodes = authSchema.table(
  'mfa_backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mfa_backup_codes_user_id_idx').on(t.userId),
    uniqueIndex('mfa_backup_codes_user_code_key').on(t.userId, t.codeHash),
  ],
);

/**
 * The step between a correct password and a session: the browser holds the token (only its
 * hash is stored) and trades it, with a code, for a session.
 */
export const mfaChallenges = authSchema.table(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_hash_key').on(t.tokenHash),
    index('mfa_challenges_user_id_idx').on(t.userId),
  ],
);
