import {
  DEFAULT_USER_PAGE_SIZE,
  type AdminUser,
  type Profile,
  type StaffMember,
  type UpdateProfileInput,
  type UserRole,
  type UserStatus,
} from '#shared/contracts/account.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { UserRoleName } from '#shared/permissions.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import type { TenantScope } from '#server/platform/db/tenant.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { serviceError } from '#server/platform/result.ts';
import { requireHttpsInProduction } from '#server/platform/security/stored-urls.ts';
import * as repo from './profile.repository.ts';
import { requireSelfOrAdmin, requireUserId } from './user-id.ts';

// profiles and user_roles (docs/product/services.md#profiles, docs/product/services.md#user-roles).
// A profile is a person's (id = the user id), not a business account's. There is no profile
// permission in the vocabulary: a person's own profile needs only membership ('read:dashboard',
// which every role holds); anyone else's needs 'admin:users'. Failures carry the failure texts of
// docs/product/errors.md#service-failure-texts.

export const PROFILE_FAILURES = {
  fetch: 'Failed to fetch user profile',
  getOrCreate: 'Failed to get or create user profile',
  create: 'Failed to create user profile',
  update: 'Failed to update user profile',
  list: 'Failed to fetch users',
  status: 'Failed to update user status',
} as const;

export const ROLE_FAILURES = {
  list: 'Failed to fetch user roles',
  assign: 'Failed to assign role',
  remove: 'Failed to remove role',
  check: 'Failed to check user role',
  tenant: 'Failed to fetch tenant ID',
  staff: 'Failed to fetch current staff',
} as const;

const NEW_PROFILE_SETTINGS = { status: 'active' } satisfies Record<string, unknown>;

export async function getProfile(ctx: ServiceContext, userId: string): Promise<Profile> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(userId);
  requireSelfOrAdmin(ctx.actor, userId);
  const found = await run(
    ctx,
    tenantScope(ctx.actor),
    PROFILE_FAILURES.fetch,
    'USER_PROFILE_ERROR',
    (tx) => repo.findProfile(tx, userId),
  );
  return found ?? profileNotFound(userId);
}

/**
 * docs/product/services.md#profiles, docs/product/errors.md#pgrst116: a missing row (PGRST116,
 * "no row") means create it, never an error.
 */
export async function getOrCreateProfile(ctx: ServiceContext, userId: string): Promise<Profile> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(userId);
  requireSelfOrAdmin(ctx.actor, userId);
  return run(
    ctx,
    tenantScope(ctx.actor),
    PROFILE_FAILURES.getOrCreate,
    'USER_PROFILE_ERROR',
    async (tx) => {
      const found = await repo.findProfile(tx, userId);
      if (found) return found;
      const values = { id: userId, settings: NEW_PROFILE_SETTINGS };
      // A concurrent first request may have created it between the read and the insert.
      return (
        (await repo.insertProfileIfMissing(tx, values, new Date())) ??
        (await repo.findProfile(tx, userId)) ??
        profileNotFound(userId)
      );
    },
  );
}

export interface CreateProfileInput {
  id: string;
  full_name?: string | null | undefined;
  avatar_url?: string | null | undefined;
  settings?: Record<string, unknown> | undefined;
}

/**
 * docs/product/services.md#profiles insert. Row-level security lets a person create only their own
 * profile.
 */
export async function createProfile(
  ctx: ServiceContext,
  input: CreateProfileInput,
): Promise<Profile> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(input.id);
  requireSelfOrAdmin(ctx.actor, input.id);
  const values: repo.NewProfile = {
    id: input.id,
    settings: { ...NEW_PROFILE_SETTINGS, ...withoutStatus(ctx, input.settings ?? {}) },
  };
  if (input.full_name !== undefined) values.fullName = input.full_name;
  if (input.avatar_url !== undefined) values.avatarUrl = input.avatar_url;
  return run(ctx, tenantScope(ctx.actor), PROFILE_FAILURES.create, 'USER_PROFILE_ERROR', (tx) =>
    repo.insertProfile(tx, values, new Date()),
  );
}

/** docs/product/services.md#profiles update (sets updated_at). */
export async function updateProfile(
  ctx: ServiceContext,
  userId: string,
  changes: UpdateProfileInput,
): Promise<Profile> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(userId);
  requireSelfOrAdmin(ctx.actor, userId);
  const set: repo.ProfileChanges = {};
  if (changes.full_name !== undefined) set.fullName = changes.full_name?.trim() || null;
  if (changes.avatar_url !== undefined) {
    requireHttpsInProduction(ctx.deps.env, { avatar_url: changes.avatar_url });
    set.avatarUrl = changes.avatar_url;
  }
  const updated = await run(
    ctx,
    tenantScope(ctx.actor),
    PROFILE_FAILURES.update,
    'USER_PROFILE_ERROR',
    (tx) => repo.updateProfile(tx, userId, set, new Date()),
  );
  return updated ?? profileNotFound(userId);
}

/**
 * docs/product/services.md#profiles update settings: merged into the stored object. `status` is
 * the administrators' to set (updateUserStatus); a person's own merge leaves it alone.
 */
export async function updateProfileSettings(
  ctx: ServiceContext,
  userId: string,
  settings: Record<string, unknown>,
): Promise<Profile> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(userId);
  requireSelfOrAdmin(ctx.actor, userId);
  const patch = withoutStatus(ctx, settings);
  const updated = await run(
    ctx,
    tenantScope(ctx.actor),
    PROFILE_FAILURES.update,
    'USER_PROFILE_ERROR',
    (tx) => repo.mergeProfileSettings(tx, userId, patch, new Date()),
  );
  return updated ?? profileNotFound(userId);
}

/** docs/product/services.md#profiles: status lives in settings.status. Administrators only. */
export async function updateUserStatus(
  ctx: ServiceContext,
  userId: string,
  status: UserStatus,
): Promise<Profile> {
  requireAccess(ctx.actor, 'admin:users');
  requireUserId(userId);
  const updated = await run(
    ctx,
    adminScope(ctx),
    PROFILE_FAILURES.status,
    'USER_PROFILE_ERROR',
    (tx) => repo.mergeProfileSettings(tx, userId, { status }, new Date()),
  );
  // The status travels with the cached actor (an inactive account is closed): read it again.
  ctx.deps.bus.publish('user-sessions', userId);
  return updated ?? profileNotFound(userId);
}

export interface PageOptions {
  limit?: number | undefined;
  offset?: number | undefined;
}

/**
 * docs/product/services.md#profiles list (default page 50), with each person's e-mail address.
 * Administrators only.
 */
export async function listUsers(ctx: ServiceContext, page: PageOptions = {}): Promise<AdminUser[]> {
  requireAccess(ctx.actor, 'admin:users');
  const limit = page.limit ?? DEFAULT_USER_PAGE_SIZE;
  const offset = page.offset ?? 0;
  try {
    const found = await withTenant(ctx.deps.database, adminScope(ctx), (tx) =>
      repo.listProfiles(tx, limit, offset),
    );
    const emails = await repo.unsafeListUserEmails(
      ctx.deps.database.unsafeDb,
      found.map((p) => p.id),
    );
    return found.map((profile) => ({ ...profile, email: emails.get(profile.id) ?? null }));
  } catch (error) {
    throw serviceError(PROFILE_FAILURES.list, error, 'USER_PROFILE_ERROR');
  }
}

// ---------------------------------------------------------------------------------------------
// user_roles

export async function listUserRoles(ctx: ServiceContext, userId: string): Promise<UserRole[]> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(userId);
  requireSelfOrAdmin(ctx.actor, userId);
  return run(ctx, tenantScope(ctx.actor), ROLE_FAILURES.list, undefined, (tx) =>
    repo.listUserRoles(tx, userId),
  );
}

export interface AssignRoleInput {
  user_id: string;
  role: UserRoleName;
  /** Required for tenant_staff (the business the member works for); none for admin. */
  tenant_id?: string | null | undefined;
}

/**
 * docs/product/services.md#user-roles insert {user_id, role}. Administrators only (row-level
 * security agrees).
 */
export async function assignRole(ctx: ServiceContext, input: AssignRoleInput): Promise<UserRole> {
  requireAccess(ctx.actor, 'admin:users');
  requireUserId(input.user_id);
  const tenantId = input.tenant_id ?? null;
  if ((input.role === 'tenant_staff') !== (tenantId !== null)) {
    throw AppError.from('VALIDATION_ERROR', {
      technicalMessage: `Role ${input.role} with tenant ${String(tenantId)}`,
      details: {
        fieldErrors: {
          tenant_id:
            input.role === 'tenant_staff'
              ? 'A staff role needs the business it belongs to'
              : 'Only a staff role belongs to a business',
        },
      },
    });
  }
  if (tenantId !== null) requireUserId(tenantId);
  const assigned = await run(ctx, adminScope(ctx), ROLE_FAILURES.assign, undefined, (tx) =>
    repo.insertUserRole(tx, { userId: input.user_id, role: input.role, tenantId }, new Date()),
  );
  // Roles travel with the session: cached sessions of this user must be read again.
  ctx.deps.bus.publish('user-sessions', input.user_id);
  return assigned;
}

/**
 * docs/product/services.md#user-roles delete by user_id and role. Administrators only; NOT_FOUND
 * when the role was not held.
 */
export async function removeRole(
  ctx: ServiceContext,
  userId: string,
  role: UserRoleName,
): Promise<void> {
  requireAccess(ctx.actor, 'admin:users');
  requireUserId(userId);
  const removed = await run(ctx, adminScope(ctx), ROLE_FAILURES.remove, undefined, (tx) =>
    repo.deleteUserRole(tx, userId, role),
  );
  if (removed === 0) {
    throw AppError.from('NOT_FOUND', { technicalMessage: `${userId} does not hold ${role}` });
  }
  ctx.deps.bus.publish('user-sessions', userId);
}

/**
 * docs/product/services.md#user-roles existence check: no row (PGRST116,
 * docs/product/errors.md#pgrst116) is `false`, never an error.
 */
export async function hasRole(ctx: ServiceContext, userId: string, role: string): Promise<boolean> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(userId);
  requireSelfOrAdmin(ctx.actor, userId);
  return run(ctx, tenantScope(ctx.actor), ROLE_FAILURES.check, undefined, (tx) =>
    repo.userRoleExists(tx, userId, role),
  );
}

/**
 * docs/product/services.md#user-roles, docs/product/errors.md#pgrst116: the business a
 * tenant_staff member works for; no row is `null` ("no tenant").
 */
export async function getTenantId(ctx: ServiceContext, userId: string): Promise<string | null> {
  requireAccess(ctx.actor, 'read:dashboard');
  requireUserId(userId);
  requireSelfOrAdmin(ctx.actor, userId);
  return run(ctx, tenantScope(ctx.actor), ROLE_FAILURES.tenant, undefined, (tx) =>
    repo.findStaffTenantId(tx, userId),
  );
}

/**
 * docs/product/services.md#user-roles staff list: the actor's business account's tenant_staff
 * members with their profiles.
 */
export async function listCurrentStaff(ctx: ServiceContext): Promise<StaffMember[]> {
  requireAccess(ctx.actor, 'read:staff');
  return run(ctx, tenantScope(ctx.actor), ROLE_FAILURES.staff, undefined, (tx) =>
    repo.listStaff(tx, ctx.actor.tenantId),
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * One transaction under `scope`; a failure becomes `text`
 * (docs/product/errors.md#service-failure-texts) with its mapped code.
 */
async function run<T>(
  ctx: ServiceContext,
  scope: TenantScope,
  text: string,
  fallbackCode: Parameters<typeof serviceError>[2],
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await withTenant(ctx.deps.database, scope, fn);
  } catch (error) {
    throw serviceError(text, error, fallbackCode);
  }
}

/** Installation administrators see across accounts where the policies allow it. */
function adminScope(ctx: ServiceContext): TenantScope {
  return { ...tenantScope(ctx.actor), isAdmin: true };
}

function withoutStatus(
  ctx: ServiceContext,
  settings: Record<string, unknown>,
): Record<string, unknown> {
  if (ctx.actor.isAdmin || !('status' in settings)) return settings;
  const { status: _status, ...rest } = settings;
  return rest;
}

function profileNotFound(userId: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible profile ${userId}` });
}
