import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { profileSchema, staffMemberSchema } from '#shared/contracts/account.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { createSignedInUser, getTestApp, makeAdmin, type TestApp } from '#server/test/app.ts';
import * as repo from './profile.repository.ts';
import * as profilesService from './profile.service.ts';
import { users } from '../auth/auth.tables.ts';
import { profiles, userRoles } from './profile.tables.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await getTestApp();
  admin = (await createSignedInUser(t)).userId;
  await makeAdmin(t, admin);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function ctxFor(userId: string, actor: Partial<Actor> = {}): ServiceContext {
  return {
    deps: t.runtime.deps,
    actor: { userId, tenantId: userId, tenantRole: 'owner', isAdmin: false, ...actor },
  };
}
const adminCtx = () => ctxFor(admin, { isAdmin: true });

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** A failure the database could give: SQLSTATE 57014 (statement timeout). */
function databaseFailure() {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
  });
}

async function deleteProfileRow(userId: string) {
  await t.runtime.deps.database.unsafeDb.delete(profiles).where(eq(profiles.id, userId));
}

describe('profiles', () => {
  it('reads a profile with user_id equal to id and roles from user_roles', async () => {
    const { userId } = await createSignedInUser(t, { fullName: 'Rosa' });
    const profile = profileSchema.parse(await profilesService.getProfile(ctxFor(userId), userId));
    expect(profile).toMatchObject({
      id: userId,
      user_id: userId,
      full_name: 'Rosa',
      roles: [],
      settings: { status: 'active' },
    });
    const adminProfile = await profilesService.getProfile(adminCtx(), admin);
    expect(adminProfile.roles).toEqual(['admin']);
  });

  it('answers NOT_FOUND for a missing profile on a plain read', async () => {
    const { userId } = await createSignedInUser(t);
    await deleteProfileRow(userId);
    expect((await rejection(profilesService.getProfile(ctxFor(userId), userId))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('creates the profile when it is missing (PGRST116: no row means create)', async () => {
    const { userId } = await createSignedInUser(t);
    await deleteProfileRow(userId);
    const created = await profilesService.getOrCreateProfile(ctxFor(userId), userId);
    expect(created).toMatchObject({
      id: userId,
      user_id: userId,
      settings: { status: 'active' },
      roles: [],
    });
    // And finds it the second time, unchanged.
    expect(await profilesService.getOrCreateProfile(ctxFor(userId), userId)).toEqual(created);
  });

  it('inserts a profile, keeping status for administrators', async () => {
    const { userId } = await createSignedInUser(t);
    await deleteProfileRow(userId);
    const created = await profilesService.createProfile(ctxFor(userId), {
      id: userId,
      full_name: 'New',
      settings: { theme: 'dark', status: 'inactive' },
    });
    expect(created).toMatchObject({
      full_name: 'New',
      settings: { theme: 'dark', status: 'active' },
    });
    const duplicate = await rejection(
      profilesService.createProfile(ctxFor(userId), { id: userId }),
    );
    expect(duplicate.record).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Failed to create user profile',
      userMessage: 'This record already exists.',
    });
  });

  it('updates a profile and sets updated_at', async () => {
    const { userId } = await createSignedInUser(t);
    const before = await profilesService.getProfile(ctxFor(userId), userId);
    const updated = await profilesService.updateProfile(ctxFor(userId), userId, {
      full_name: '  Ada  ',
      avatar_url: 'https://example.com/a.png',
    });
    expect(updated).toMatchObject({ full_name: 'Ada', avatar_url: 'https://example.com/a.png' });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });

  it('merges settings; only administrators set status', async () => {
    const { userId } = await createSignedInUser(t);
    await profilesService.updateProfileSettings(ctxFor(userId), userId, {
      theme: 'dark',
      layout: 'compact',
    });
    const merged = await profilesService.updateProfileSettings(ctxFor(userId), userId, {
      theme: 'light',
      status: 'inactive',
    });
    expect(merged.settings).toEqual({ status: 'active', theme: 'light', layout: 'compact' });
    const byAdmin = await profilesService.updateUserStatus(adminCtx(), userId, 'inactive');
    expect(byAdmin.settings).toEqual({ status: 'inactive', theme: 'light', layout: 'compact' });
    expect(
      (await rejection(profilesService.updateUserStatus(ctxFor(userId), userId, 'active'))).code,
    ).toBe('FORBIDDEN');
  });

  it("refuses another person's profile to a non-administrator", async () => {
    const [one, two] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
    for (const op of [
      () => profilesService.getProfile(ctxFor(one.userId), two.userId),
      () => profilesService.getOrCreateProfile(ctxFor(one.userId), two.userId),
      () => profilesService.updateProfile(ctxFor(one.userId), two.userId, { full_name: 'x' }),
      () => profilesService.listUserRoles(ctxFor(one.userId), two.userId),
      () => profilesService.hasRole(ctxFor(one.userId), two.userId, 'admin'),
    ]) {
      expect((await rejection(op())).code).toBe('FORBIDDEN');
    }
    expect((await profilesService.getProfile(adminCtx(), two.userId)).id).toBe(two.userId);
  });

  it('refuses an empty user id with "Invalid user ID provided"', async () => {
    const ctx = ctxFor(admin, { isAdmin: true });
    for (const op of [
      () => profilesService.getProfile(ctx, ''),
      () => profilesService.getOrCreateProfile(ctx, ''),
      () => profilesService.updateProfile(ctx, '', {}),
      () => profilesService.updateUserStatus(ctx, '', 'active'),
      () => profilesService.listUserRoles(ctx, ''),
      () => profilesService.hasRole(ctx, '', 'admin'),
      () => profilesService.getTenantId(ctx, ''),
      () => profilesService.assignRole(ctx, { user_id: '', role: 'admin' }),
      () => profilesService.removeRole(ctx, '', 'admin'),
    ]) {
      const error = await rejection(op());
      expect(error.record).toMatchObject({
        code: 'VALIDATION_ERROR',
        userMessage: 'Invalid user ID provided',
      });
    }
  });

  it('lists users for administrators only, 50 by default, with e-mail addresses', async () => {
    expect((await rejection(profilesService.listUsers(ctxFor(admin)))).code).toBe('FORBIDDEN');
    // Enough people that the default page is full.
    const extra = Array.from({ length: 51 }, () => crypto.randomUUID());
    await t.runtime.deps.database.unsafeDb.transaction(async (tx) => {
      await tx.insert(users).values(extra.map((id) => ({ id, email: `bulk.${id}@example.com` })));
      await tx.insert(profiles).values(extra.map((id) => ({ id })));
    });
    const page = await profilesService.listUsers(adminCtx());
    expect(page).toHaveLength(50);
    expect(page.every((user) => typeof user.email === 'string' && user.email.includes('@'))).toBe(
      true,
    );
    const second = await profilesService.listUsers(adminCtx(), { limit: 2, offset: 1 });
    expect(second.map((u) => u.id)).toEqual(page.slice(1, 3).map((u) => u.id));
    const times = page.map((u) => Date.parse(u.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });
});

describe('user_roles', () => {
  it('assigns, lists, checks and removes roles (administrators)', async () => {
    const { userId } = await createSignedInUser(t);
    expect(await profilesService.hasRole(ctxFor(userId), userId, 'admin')).toBe(false);
    expect(await profilesService.listUserRoles(ctxFor(userId), userId)).toEqual([]);

    const assigned = await profilesService.assignRole(adminCtx(), {
      user_id: userId,
      role: 'admin',
    });
    expect(assigned).toMatchObject({ user_id: userId, role: 'admin', tenant_id: null });
    expect(await profilesService.hasRole(ctxFor(userId), userId, 'admin')).toBe(true);
    expect(await profilesService.listUserRoles(ctxFor(userId), userId)).toEqual([assigned]);
    expect((await profilesService.getProfile(ctxFor(userId), userId)).roles).toEqual(['admin']);

    const again = await rejection(
      profilesService.assignRole(adminCtx(), { user_id: userId, role: 'admin' }),
    );
    expect(again.record).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Failed to assign role',
      userMessage: 'This record already exists.',
    });

    await profilesService.removeRole(adminCtx(), userId, 'admin');
    expect(await profilesService.hasRole(ctxFor(userId), userId, 'admin')).toBe(false);
    expect((await rejection(profilesService.removeRole(adminCtx(), userId, 'admin'))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses role changes to non-administrators', async () => {
    const { userId } = await createSignedInUser(t);
    expect(
      (
        await rejection(
          profilesService.assignRole(ctxFor(userId), { user_id: userId, role: 'admin' }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (await rejection(profilesService.removeRole(ctxFor(userId), userId, 'admin'))).code,
    ).toBe('FORBIDDEN');
  });

  it('ties tenant_staff to a tenant: tenant id null without the role (PGRST116), then the tenant', async () => {
    const [owner, member] = await Promise.all([
      createSignedInUser(t, { fullName: 'Owner' }),
      createSignedInUser(t, { fullName: 'Member' }),
    ]);
    expect(await profilesService.getTenantId(ctxFor(member.userId), member.userId)).toBeNull();
    expect(await profilesService.listCurrentStaff(ctxFor(owner.userId))).toEqual([]);

    const missingTenant = await rejection(
      profilesService.assignRole(adminCtx(), { user_id: member.userId, role: 'tenant_staff' }),
    );
    expect(missingTenant.record.details).toEqual({
      fieldErrors: { tenant_id: 'A staff role needs the business it belongs to' },
    });

    await profilesService.assignRole(adminCtx(), {
      user_id: member.userId,
      role: 'tenant_staff',
      tenant_id: owner.userId,
    });
    expect(await profilesService.getTenantId(ctxFor(member.userId), member.userId)).toBe(
      owner.userId,
    );
    expect(
      await profilesService.hasRole(ctxFor(member.userId), member.userId, 'tenant_staff'),
    ).toBe(true);

    const staff = await profilesService.listCurrentStaff(ctxFor(owner.userId));
    expect(staff).toHaveLength(1);
    expect(staffMemberSchema.parse(staff[0])).toMatchObject({
      user_id: member.userId,
      role: 'tenant_staff',
      tenant_id: owner.userId,
      profile: { id: member.userId, full_name: 'Member', roles: ['tenant_staff'] },
    });
    // Another account sees none of them.
    expect(await profilesService.listCurrentStaff(ctxFor(member.userId))).toEqual([]);
  });

  it('removes the tenant_staff rows with other roles intact', async () => {
    const [owner, member] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
    await profilesService.assignRole(adminCtx(), {
      user_id: member.userId,
      role: 'tenant_staff',
      tenant_id: owner.userId,
    });
    await profilesService.assignRole(adminCtx(), { user_id: member.userId, role: 'admin' });
    await profilesService.removeRole(adminCtx(), member.userId, 'tenant_staff');
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, member.userId));
    expect(rows.map((r) => r.role)).toEqual(['admin']);
  });
});

describe('failure texts (docs/product/errors.md#service-failure-texts)', () => {
  const cases: Array<
    [string, keyof typeof repo, (ctx: ServiceContext, self: string) => Promise<unknown>, boolean]
  > = [
    [
      'Failed to fetch user profile',
      'findProfile',
      (ctx, u) => profilesService.getProfile(ctx, u),
      false,
    ],
    [
      'Failed to get or create user profile',
      'findProfile',
      (ctx, u) => profilesService.getOrCreateProfile(ctx, u),
      false,
    ],
    [
      'Failed to create user profile',
      'insertProfile',
      (ctx, u) => profilesService.createProfile(ctx, { id: u }),
      false,
    ],
    [
      'Failed to update user profile',
      'updateProfile',
      (ctx, u) => profilesService.updateProfile(ctx, u, { full_name: 'x' }),
      false,
    ],
    ['Failed to fetch users', 'listProfiles', (ctx) => profilesService.listUsers(ctx), true],
    [
      'Failed to update user status',
      'mergeProfileSettings',
      (ctx, u) => profilesService.updateUserStatus(ctx, u, 'inactive'),
      true,
    ],
    [
      'Failed to fetch user roles',
      'listUserRoles',
      (ctx, u) => profilesService.listUserRoles(ctx, u),
      false,
    ],
    [
      'Failed to assign role',
      'insertUserRole',
      (ctx, u) => profilesService.assignRole(ctx, { user_id: u, role: 'admin' }),
      true,
    ],
    [
      'Failed to remove role',
      'deleteUserRole',
      (ctx, u) => profilesService.removeRole(ctx, u, 'admin'),
      true,
    ],
    [
      'Failed to check user role',
      'userRoleExists',
      (ctx, u) => profilesService.hasRole(ctx, u, 'admin'),
      false,
    ],
    [
      'Failed to fetch tenant ID',
      'findStaffTenantId',
      (ctx, u) => profilesService.getTenantId(ctx, u),
      false,
    ],
    [
      'Failed to fetch current staff',
      'listStaff',
      (ctx) => profilesService.listCurrentStaff(ctx),
      false,
    ],
  ];

  it.each(cases)('%s', async (text, fn, op, asAdmin) => {
    vi.spyOn(repo, fn).mockRejectedValue(databaseFailure());
    const ctx = asAdmin ? adminCtx() : ctxFor(admin);
    const error = await rejection(op(ctx, admin));
    expect(error.record.message).toBe(text);
    expect(error.record.userMessage).toBe(text);
    expect(['DATABASE_ERROR', 'USER_PROFILE_ERROR']).toContain(error.code);
    expect(error.record.technicalMessage).toContain('statement timeout');
  });

  it('keeps a clear cause: row-level security answers "Access denied"', async () => {
    vi.spyOn(repo, 'findProfile').mockRejectedValue(
      Object.assign(new Error('new row violates row-level security policy for table "profiles"'), {
        code: '42501',
      }),
    );
    const error = await rejection(profilesService.getProfile(ctxFor(admin), admin));
    expect(error.record).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Failed to fetch user profile',
      userMessage: 'Access denied. Please check your permissions.',
    });
  });
});
