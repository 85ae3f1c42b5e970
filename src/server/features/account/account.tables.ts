import {
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authSchema, users } from '../auth/auth.tables.ts';
import { systemSchema } from '#server/platform/db/system.tables.ts';
import { profiles } from '../profile/profile.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A pending change of sign-in address: the link goes to the new address, and only following it
 * moves the account there. Only a hash of the token is kept.
 */
export const emailChanges = authSchema.table(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash_key').on(t.tokenHash),
    index('email_changes_user_id_idx').on(t.userId),
  ],
);

/**
 * Requests to delete a person's data — a closed account, or Meta's data-deletion callback —
 * looked up by their public confirmation code. They outlive the account they describe, so they
 * belong to no tenant.
 */
export const deletionRequests = systemSchema.table(
  'deletion_requests',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: ['account', 'meta_data_deletion'] }).notNull(),
    status: text('status', { enum: ['pending', 'completed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('deletion_requests_created_at_idx').on(t.createdAt)],
);

/**
 * Small account images (avatars, business logos), already decoded, resized and re-encoded
 * without metadata. `user_id` is the owner: the person for an avatar, the business account for
 * a logo.
 */
export const accountImages = pgTable(
  'account_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['avatar', 'logo'] }).notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_images_user_id_idx').on(t.userId)],
);
