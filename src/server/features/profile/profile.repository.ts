import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Profile, StaffMember, UserRole } from '#shared/contracts/account.contract.ts';
import type { AppDb, Tx } from '#server/platform/db/client.ts';
import { users } from '../auth/auth.tables.ts';
import { profiles, userRoles } from './profile.tables.ts';

// SQL for profiles and user_roles (docs/product/entities.md#profiles,
// docs/product/entities.md#user_roles, docs/product/services.md#profiles,
// docs/product/services.md#user-roles).

/**
 * docs/product/entities.md#profiles: the dashboard reads `roles`; they are the user's role names in
 * user_roles. The outer column is written out qualified: Drizzle renders a column of a single-table
 * query unqualified, which inside this subquery would mean user_roles.id.
 */
const rolesOfProfile = sql<string[]>`coalesce((
  select array_agg(distinct r.role order by r.role) from public.user_roles r where r.user_id = "profiles"."id"
), '{}'::text[])`;

const profileColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  settings: profiles.settings,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
  roles: rolesOfProfile,
};

interface ProfileRow {
  id: string;
  fullName: string | null;
  avatarUrl: string | null;
  settings: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  roles: string[];
}

export function toProfileDto(row: ProfileRow): Profile {
  return {
    id: row.id,
    user_id: row.id,
    full_name: row.fullName,
    avatar_url: row.avatarUrl,
    settings: row.settings,
    roles: row.roles,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findProfile(tx: Tx, id: string): Promise<Profile | null> {
  const [row] = await tx.select(profileColumns).from(profiles).where(eq(profiles.id, id)).limit(1);
  return row ? toProfileDto(row) : null;
}

export interface NewProfile {
  id: string;
  fullName?: string | null;
  avatarUrl?: string | null;
  settings?: Record<string, unknown>;
}

export async function insertProfile(tx: Tx, values: NewProfile, now: Date): Promise<Profile> {
  const [row] = await tx
    .insert(profiles)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning(profileColumns);
  return toProfileDto(row!);
}

/** Inserts unless a row exists (a concurrent first visit); null when it already did. */
export async function insertProfileIfMissing(
  tx: Tx,
  values: NewProfile,
  now: Date,
): Promise<Profile | null> {
  const [row] = await tx
    .insert(profiles)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: profiles.id })
    .returning(profileColumns);
  return row ? toProfileDto(row) : null;
}

export interface ProfileChanges {
  fullName?: string | null;
  avatarUrl?: string | null;
}

export async function updateProfile(
  tx: Tx,
  id: string,
  changes: ProfileChanges,
  now: Date,
): Promise<Profile | null> {
  const [row] = await tx
    .update(profiles)
    .set({ ...changes, updatedAt: now })
    .where(eq(profiles.id, id))
    .returning(profileColumns);
  return row ? toProfileDto(row) : null;
}

/** Shallow merge into settings (jsonb `||`): keys not named are kept. */
export async function mergeProfileSettings(
  tx: Tx,
  id: string,
  patch: Record<string, unknown>,
  now: Date,
): Promise<Profile | null> {
  const [row] = await tx
    .update(profiles)
    .set({ settings: sql`${profiles.settings} || ${JSON.stringify(patch)}::jsonb`, updatedAt: now })
    .where(eq(profiles.id, id))
    .returning(profileColumns);
  return row ? toProfileDto(row) : null;
}

/** docs/product/services.md#profiles list with limit and offset; newest accounts first. */
export async function listProfiles(tx: Tx, limit: number, offset: number): Promise<Profile[]> {
  const rows = await tx
    .select(profileColumns)
    .from(profiles)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toProfileDto);
}

/**
 * E-mail addresses live in auth.users, which the runtime role may not read. Bypasses row-level
 * security: call only for ids the caller has already read under its own scope (the admin list).
 */
export async function unsafeListUserEmails(
  db: AppDb,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

// ---------------------------------------------------------------------------------------------
// user_roles

type UserRoleRow = typeof userRoles.$inferSelect;

export function toUserRoleDto(row: Omit<UserRoleRow, 'staffRole'>): UserRole {
  return {
    id: row.id,
    user_id: row.userId,
    role: row.role,
    tenant_id: row.tenantId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listUserRoles(tx: Tx, userId: string): Promise<UserRole[]> {
  const rows = await tx
    .select()
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.createdAt), asc(userRoles.role));
  return rows.map(toUserRoleDto);
}

export async function insertUserRole(
  tx: Tx,
  values: { userId: string; role: string; tenantId: string | null },
  now: Date,
): Promise<UserRole> {
  const [row] = await tx
    .insert(userRoles)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return toUserRoleDto(row!);
}

/** docs/product/services.md#user-roles delete by user_id and role; the number of rows removed. */
export async function deleteUserRole(tx: Tx, userId: string, role: string): Promise<number> {
  const rows = await tx
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ id: userRoles.id });
  return rows.length;
}

export async function userRoleExists(tx: Tx, userId: string, role: string): Promise<boolean> {
  const rows = await tx
    .select({ id: userRoles.id })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

/**
 * docs/product/services.md#user-roles: the tenant a tenant_staff member works for; null when none
 * ("no tenant").
 */
export async function findStaffTenantId(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ tenantId: userRoles.tenantId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'tenant_staff')))
    .orderBy(asc(userRoles.createdAt))
    .limit(1);
  return row?.tenantId ?? null;
}

/**
 * docs/product/services.md#user-roles staff list: the tenant's tenant_staff rows joined to the
 * members' profiles.
 */
export async function listStaff(tx: Tx, tenantId: string): Promise<StaffMember[]> {
  const rows = await tx
    .select({
      role: {
        id: userRoles.id,
        userId: userRoles.userId,
        role: userRoles.role,
        tenantId: userRoles.tenantId,
        createdAt: userRoles.createdAt,
        updatedAt: userRoles.updatedAt,
      },
      profile: profileColumns,
    })
    .from(userRoles)
    .leftJoin(profiles, eq(profiles.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'tenant_staff'), eq(userRoles.tenantId, tenantId)))
    .orderBy(asc(userRoles.createdAt), asc(userRoles.id));
  return rows.map(({ role, profile }) => ({
    ...toUserRoleDto(role),
    // A left join's missing profile still has its coalesced roles; its id tells.
    profile: profile?.id ? toProfileDto(profile) : null,
  }));
}
