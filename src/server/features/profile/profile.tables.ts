import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../auth/auth.tables.ts';

// docs/product/entities.md#profiles: id equals the user id; settings holds status. The `roles`
// list named there is derived from user_roles when read rather than stored twice.
export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name'),
  avatarUrl: text('avatar_url'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    tenantId: uuid('tenant_id').references(() => profiles.id, { onDelete: 'cascade' }),
    /** For tenant_staff rows: what the member may do in the tenant (staff, manager, viewer). */
    staffRole: text('staff_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_roles_user_id_idx').on(t.userId),
    index('user_roles_tenant_id_idx').on(t.tenantId),
    uniqueIndex('user_roles_user_role_tenant_key').on(
      t.userId,
      t.role,
      sql`coalesce(${t.tenantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);
