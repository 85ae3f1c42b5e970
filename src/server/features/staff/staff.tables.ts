import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from '../profile/profile.tables.ts';

// docs/product/entities.md#staff_invitations keeps both `token` and `invitation_token`; the
// invitation token is the secret in the link and `token` is kept for that record's shape (the
// same value's public id in later work).
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantUserId: uuid('tenant_user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull().default('staff'),
    token: text('token'),
    invitationToken: text('invitation_token').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Who sent it (the owner or a manager): the acceptance page names them. */
    invitedBy: uuid('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => profiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('staff_invitations_tenant_user_id_idx').on(t.tenantUserId),
    uniqueIndex('staff_invitations_invitation_token_key').on(t.invitationToken),
  ],
);
