import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import {
  createTwoTenants,
  createUser,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';

// Staff membership in the database (migration 0008): the tenant id counts only for its members,
// and what a member may write follows their staff role.

let db: Database;
beforeAll(async () => {
  db = await getTestDatabase();
});

async function ids(scope: TenantScope, query: SQL): Promise<string[]> {
  return withTenant(db, scope, async (tx) =>
    rowsOf<{ id: string }>(await tx.execute(query)).map((r) => r.id),
  );
}

/** The statement's outcome: the ids it returned, or 'denied' when a policy refused it. */
async function attempt(scope: TenantScope, query: SQL): Promise<string[] | 'denied'> {
  try {
    return await ids(scope, query);
  } catch (error) {
    const message = String((error as { cause?: { message?: string } }).cause?.message ?? error);
    if (/row-level security|permission denied/.test(message)) return 'denied';
    throw error;
  }
}

async function setStaffRole(tenant: TenantFixture, role: string): Promise<void> {
  await db.unsafeDb.execute(
    sql`update public.user_roles set staff_role = ${role} where id = ${tenant.staffRoleId}`,
  );
}

const TENANT_TABLES = [
  { table: 'calendar_events', key: 'user_id', id: (t: TenantFixture) => t.calendarEventId },
  { table: 'platform_posts', key: 'user_id', id: (t: TenantFixture) => t.platformPostId },
  { table: 'business_profiles', key: 'user_id', id: (t: TenantFixture) => t.tenantId },
  { table: 'subscription', key: 'user_id', id: (t: TenantFixture) => t.subscriptionId },
  {
    table: 'staff_invitations',
    key: 'tenant_user_id',
    id: (t: TenantFixture) => t.staffInvitationId,
  },
] as const;

function pkOf(table: string): string {
  return table === 'business_profiles' ? 'user_id' : 'id';
}

describe('staff and row-level security', () => {
  it('shows a staff member all of their tenant’s rows and none of another tenant’s', async () => {
    const { a, b } = await createTwoTenants(db);
    for (const spec of TENANT_TABLES) {
      const pk = pkOf(spec.table);
      const query = sql`select ${sql.identifier(pk)}::text as id from ${sql.raw(`public.${spec.table}`)}
                        where ${sql.identifier(pk)} in (${spec.id(a)}, ${spec.id(b)})`;
      expect(await ids(staffScope(a), query), spec.table).toEqual([spec.id(a)]);
    }
  });

  it('gives a forged scope (staff of A naming tenant B) nothing to read or write in B', async () => {
    const { a, b } = await createTwoTenants(db);
    const forged: TenantScope = { userId: a.staffUserId, tenantId: b.tenantId };
    for (const spec of TENANT_TABLES) {
      const pk = pkOf(spec.table);
      const read = sql`select ${sql.identifier(pk)}::text as id from ${sql.raw(`public.${spec.table}`)}
                       where ${sql.raw(spec.key)} = ${b.tenantId}`;
      expect(await ids(forged, read), spec.table).toEqual([]);
      const update = sql`update ${sql.raw(`public.${spec.table}`)} set updated_at = now()
                         where ${sql.raw(spec.key)} = ${b.tenantId} returning ${sql.identifier(pk)}::text as id`;
      expect(await attempt(forged, update), spec.table).toEqual([]);
    }
    const insert = sql`insert into public.calendar_events (user_id, title) values (${b.tenantId}, 'Forged') returning id::text as id`;
    expect(await attempt(forged, insert)).toBe('denied');
    // Nor does a stranger with no membership at all get anywhere by naming a tenant.
    const stranger = await createUser(db, { label: 'stranger' });
    expect(
      await ids(
        { userId: stranger, tenantId: a.tenantId },
        sql`select id::text as id from public.calendar_events where user_id = ${a.tenantId}`,
      ),
    ).toEqual([]);
    expect(
      await ids(
        { userId: stranger, tenantId: a.tenantId },
        sql`select user_id::text as id from public.user_roles where tenant_id = ${a.tenantId}`,
      ),
    ).toEqual([]);
  });

  it('lets staff and managers write content, and a viewer only read it', async () => {
    const { a } = await createTwoTenants(db);
    const write = () =>
      sql`insert into public.calendar_events (user_id, title) values (${a.tenantId}, 'By staff') returning id::text as id`;
    const touch = sql`update public.calendar_events set title = 'Touched' where id = ${a.calendarEventId} returning id::text as id`;
    const remove = sql`delete from public.calendar_events where id = ${a.calendarEventId} returning id::text as id`;

    expect(await attempt(staffScope(a), write())).toHaveLength(1);
    await setStaffRole(a, 'viewer');
    expect(await attempt(staffScope(a), write())).toBe('denied');
    expect(await attempt(staffScope(a), touch)).toEqual([]);
    expect(await attempt(staffScope(a), remove)).toEqual([]);
    expect(
      await ids(
        staffScope(a),
        sql`select id::text as id from public.calendar_events where id = ${a.calendarEventId}`,
      ),
    ).toEqual([a.calendarEventId]);
    await setStaffRole(a, 'manager');
    expect(await attempt(staffScope(a), touch)).toEqual([a.calendarEventId]);
  });

  it('keeps the business profile the owner’s to change', async () => {
    const { a } = await createTwoTenants(db);
    const rename = sql`update public.business_profiles set business_name = 'Renamed'
                       where user_id = ${a.tenantId} returning user_id::text as id`;
    for (const role of ['staff', 'manager', 'viewer']) {
      await setStaffRole(a, role);
      expect(await attempt(staffScope(a), rename), role).toEqual([]);
    }
    expect(await attempt(ownerScope(a), rename)).toEqual([a.tenantId]);
  });

  it('lets the owner and managers invite and remove staff, not staff or viewers', async () => {
    const { a } = await createTwoTenants(db);
    const invite = () =>
      sql`insert into public.staff_invitations (tenant_user_id, email, role, invitation_token, expires_at)
          values (${a.tenantId}, 'x@example.com', 'staff', ${crypto.randomUUID()}, now() + interval '7 days')
          returning id::text as id`;
    const cancel = sql`update public.staff_invitations set status = 'cancelled'
                       where id = ${a.staffInvitationId} returning id::text as id`;
    for (const role of ['staff', 'viewer']) {
      await setStaffRole(a, role);
      expect(await attempt(staffScope(a), invite()), role).toBe('denied');
      expect(await attempt(staffScope(a), cancel), role).toEqual([]);
    }
    await setStaffRole(a, 'manager');
    expect(await attempt(staffScope(a), invite())).toHaveLength(1);
    // Nobody marks an invitation accepted by hand: only the acceptance function does.
    const forgeAccepted = sql`update public.staff_invitations set status = 'accepted'
                              where id = ${a.staffInvitationId} returning id::text as id`;
    expect(await attempt(ownerScope(a), forgeAccepted)).toBe('denied');

    const colleague = await createUser(db, { label: 'colleague' });
    const [row] = rowsOf<{ id: string }>(
      await db.unsafeDb.execute(
        sql`insert into public.user_roles (user_id, role, tenant_id, staff_role)
            values (${colleague}, 'tenant_staff', ${a.tenantId}, 'staff') returning id::text as id`,
      ),
    );
    const removeColleague = sql`delete from public.user_roles where id = ${row!.id} returning id::text as id`;
    await setStaffRole(a, 'staff');
    expect(await attempt(staffScope(a), removeColleague)).toEqual([]);
    await setStaffRole(a, 'manager');
    expect(await attempt(staffScope(a), removeColleague)).toEqual([row!.id]);
  });

  it('changes staff roles only through set_staff_role, by the owner or a manager of that tenant', async () => {
    const { a, b } = await createTwoTenants(db);
    const change = (member: string, role: string) =>
      sql`select app.set_staff_role(${member}::uuid, ${role})::text as id`;
    await setStaffRole(a, 'staff');
    expect(await attempt(staffScope(a), change(a.staffUserId, 'manager'))).toBe('denied');
    expect(await attempt(ownerScope(b), change(a.staffUserId, 'manager'))).toEqual(['false']);
    expect(await attempt(ownerScope(a), change(a.staffUserId, 'viewer'))).toEqual(['true']);
    const direct = sql`update public.user_roles set staff_role = 'manager' where id = ${a.staffRoleId} returning id::text as id`;
    expect(await attempt(ownerScope(a), direct)).toEqual([]);
  });

  it('lets an owner move only their own ended trial to Free, and nothing else', async () => {
    const { a, b } = await createTwoTenants(db);
    const toFree = (t: TenantFixture) =>
      sql`update public.subscription set plan = 'free', status = 'active'
          where user_id = ${t.tenantId} returning id::text as id`;
    // A running trial stays a trial.
    expect(await attempt(ownerScope(a), toFree(a))).toEqual([]);
    await db.unsafeDb.execute(
      sql`update public.subscription set status = 'inactive', trial_ends_at = now() - interval '1 day'
          where user_id in (${a.tenantId}, ${b.tenantId})`,
    );
    const toPremium = sql`update public.subscription set plan = 'premium', status = 'active'
                          where user_id = ${a.tenantId} returning id::text as id`;
    expect(await attempt(ownerScope(a), toPremium)).toBe('denied');
    expect(await attempt(staffScope(a), toFree(a))).toEqual([]);
    expect(await attempt(ownerScope(a), toFree(b))).toEqual([]);
    expect(await attempt(ownerScope(a), toFree(a))).toEqual([a.subscriptionId]);
  });
});
