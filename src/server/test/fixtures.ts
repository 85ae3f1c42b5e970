import type { Database } from '#server/platform/db/client.ts';
import type { TenantScope } from '#server/platform/db/tenant.ts';
import { users } from '#server/features/auth/auth.tables.ts';
import { profiles, userRoles } from '#server/features/profile/profile.tables.ts';
import { businessProfiles } from '#server/features/settings/settings.tables.ts';
import { subscription } from '#server/features/subscription/subscription.tables.ts';
import { calendarEvents, platformPosts } from '#server/features/posts/posts.tables.ts';
import { staffInvitations } from '#server/features/staff/staff.tables.ts';

// Tenants written straight through the owner connection (unsafeDb, which bypasses row-level
// security), so that a row-level-security test starts from rows no policy had a say in. Every
// call makes new users with random ids: the worker's database is shared and never emptied.

/** One business account with one row in every tenant table, and one staff member. */
export interface TenantFixture {
  /** The owner's user id, which is also the tenant id. */
  tenantId: string;
  ownerEmail: string;
  /** A second user tied to the tenant by a tenant_staff row in user_roles. */
  staffUserId: string;
  /** The user_roles row that makes staffUserId staff of this tenant. */
  staffRoleId: string;
  subscriptionId: string;
  calendarEventId: string;
  platformPostId: string;
  staffInvitationId: string;
}

function uniqueEmail(label: string): string {
  return `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** An identity in auth.users and, unless told otherwise, its profile. Returns the user id. */
export async function createUser(
  database: Database,
  options: { label?: string; profile?: boolean } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const label = options.label ?? 'user';
  await database.unsafeDb.transaction(async (tx) => {
    await tx.insert(users).values({ id, email: uniqueEmail(label), emailConfirmedAt: new Date() });
    if (options.profile !== false) await tx.insert(profiles).values({ id, fullName: label });
  });
  return id;
}

/** An installation administrator: a profile and a user_roles 'admin' row without a tenant. */
export async function createAdmin(database: Database): Promise<string> {
  const id = await createUser(database, { label: 'admin' });
  await database.unsafeDb.insert(userRoles).values({ userId: id, role: 'admin' });
  return id;
}

export async function createTenant(database: Database, label = 'tenant'): Promise<TenantFixture> {
  const tenantId = crypto.randomUUID();
  const staffUserId = crypto.randomUUID();
  const ownerEmail = uniqueEmail(`${label}.owner`);
  const fixture: TenantFixture = {
    tenantId,
    ownerEmail,
    staffUserId,
    staffRoleId: crypto.randomUUID(),
    subscriptionId: crypto.randomUUID(),
    calendarEventId: crypto.randomUUID(),
    platformPostId: crypto.randomUUID(),
    staffInvitationId: crypto.randomUUID(),
  };
  await database.unsafeDb.transaction(async (tx) => {
    await tx.insert(users).values([
      { id: tenantId, email: ownerEmail, emailConfirmedAt: new Date() },
      { id: staffUserId, email: uniqueEmail(`${label}.staff`), emailConfirmedAt: new Date() },
    ]);
    await tx.insert(profiles).values([
      { id: tenantId, fullName: `${label} owner`, settings: { status: 'active' } },
      { id: staffUserId, fullName: `${label} staff`, settings: { status: 'active' } },
    ]);
    await tx.insert(userRoles).values({
      id: fixture.staffRoleId,
      userId: staffUserId,
      role: 'tenant_staff',
      tenantId,
    });
    await tx
      .insert(businessProfiles)
      .values({ userId: tenantId, businessName: `${label} business` });
    await tx.insert(subscription).values({
      id: fixture.subscriptionId,
      userId: tenantId,
      plan: 'trial',
      status: 'active',
      trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
    });
    await tx.insert(calendarEvents).values({
      id: fixture.calendarEventId,
      userId: tenantId,
      title: `${label} launch post`,
      platforms: ['facebook'],
      status: 'scheduled',
      scheduledFor: new Date(Date.now() + 86_400_000),
    });
    await tx.insert(platformPosts).values({
      id: fixture.platformPostId,
      userId: tenantId,
      calendarEventId: fixture.calendarEventId,
      platform: 'facebook',
    });
    await tx.insert(staffInvitations).values({
      id: fixture.staffInvitationId,
      tenantUserId: tenantId,
      email: uniqueEmail(`${label}.invitee`),
      invitationToken: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    });
  });
  return fixture;
}

/** Tenants A and B, built independently, for tests that act as one and probe the other. */
export async function createTwoTenants(
  database: Database,
): Promise<{ a: TenantFixture; b: TenantFixture }> {
  const a = await createTenant(database, 'a');
  const b = await createTenant(database, 'b');
  return { a, b };
}

/** The owner acting on their own business. */
export function ownerScope(tenant: TenantFixture): TenantScope {
  return { userId: tenant.tenantId, tenantId: tenant.tenantId };
}

/** The tenant's staff member acting on the tenant's business. */
export function staffScope(tenant: TenantFixture): TenantScope {
  return { userId: tenant.staffUserId, tenantId: tenant.tenantId };
}
