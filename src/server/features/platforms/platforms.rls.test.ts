import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import {
  createTwoTenants,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';

// Row-level security of platform_connections and platform_oauth_states: acting as tenant A, B's
// rows cannot be seen, changed, removed or created; the same statements on A's rows succeed, so
// each refusal is the policy's doing.

let db: Database;
beforeAll(async () => {
  db = await getTestDatabase();
});

interface Fixture {
  tenant: TenantFixture;
  connectionId: string;
  stateId: string;
}

async function seed(tenant: TenantFixture): Promise<Fixture> {
  const connectionId = crypto.randomUUID();
  const stateId = crypto.randomUUID();
  await db.unsafeDb.execute(sql`
    insert into public.platform_connections (id, user_id, platform, login, external_id, name, access_token)
    values (${connectionId}, ${tenant.tenantId}, 'facebook', 'facebook', ${`p${connectionId.slice(0, 8)}`}, 'Page', 'v1.x')`);
  await db.unsafeDb.execute(sql`
    insert into public.platform_oauth_states (id, user_id, session_id, state_hash, login, expires_at)
    values (${stateId}, ${tenant.tenantId}, ${crypto.randomUUID()}, ${crypto.randomUUID()}, 'facebook', now() + interval '10 minutes')`);
  return { tenant, connectionId, stateId };
}

/** The database's refusal, under drizzle's "Failed query" wrapper. */
async function refusal(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e as { message?: string; cause?: { message?: string } },
  );
  expect(error, 'expected the statement to be refused').not.toBeNull();
  return `${error!.message} ${error!.cause?.message ?? ''}`;
}

const TABLES = [
  {
    table: 'platform_connections',
    id: (f: Fixture) => f.connectionId,
    update: sql`name = 'Changed'`,
    insert: (tenantId: string) =>
      sql`insert into public.platform_connections (user_id, platform, login, external_id, name, access_token)
          values (${tenantId}, 'instagram', 'instagram', ${crypto.randomUUID()}, 'New', 'v1.y')`,
  },
  {
    table: 'platform_oauth_states',
    id: (f: Fixture) => f.stateId,
    update: sql`status = 'failed'`,
    insert: (tenantId: string) =>
      sql`insert into public.platform_oauth_states (user_id, session_id, state_hash, login, expires_at)
          values (${tenantId}, ${crypto.randomUUID()}, ${crypto.randomUUID()}, 'instagram', now())`,
  },
] as const;

describe.each(TABLES)('$table row-level security', (spec) => {
  let a: Fixture;
  let b: Fixture;
  beforeAll(async () => {
    const two = await createTwoTenants(db);
    a = await seed(two.a);
    b = await seed(two.b);
  });

  const count = async (scope: ReturnType<typeof ownerScope>, id: string) =>
    withTenant(
      db,
      scope,
      async (tx) =>
        rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from ${sql.raw(`public.${spec.table}`)} where id = ${id}`,
          ),
        )[0]!.n,
    );

  it('shows the own rows, to the owner and the staff, and hides the other tenant’s', async () => {
    expect(await count(ownerScope(a.tenant), spec.id(a))).toBe(1);
    expect(await count(staffScope(a.tenant), spec.id(a))).toBe(1);
    expect(await count(ownerScope(a.tenant), spec.id(b))).toBe(0);
  });

  it('cannot update or delete the other tenant’s rows (they are invisible), but can its own', async () => {
    const change = (scope: ReturnType<typeof ownerScope>, id: string) =>
      withTenant(
        db,
        scope,
        async (tx) =>
          rowsOf(
            await tx.execute(
              sql`update ${sql.raw(`public.${spec.table}`)} set ${spec.update} where id = ${id} returning id`,
            ),
          ).length,
      );
    const remove = (scope: ReturnType<typeof ownerScope>, id: string) =>
      withTenant(
        db,
        scope,
        async (tx) =>
          rowsOf(
            await tx.execute(
              sql`delete from ${sql.raw(`public.${spec.table}`)} where id = ${id} returning id`,
            ),
          ).length,
      );
    expect(await change(ownerScope(a.tenant), spec.id(b))).toBe(0);
    expect(await remove(ownerScope(a.tenant), spec.id(b))).toBe(0);
    expect(await count(ownerScope(b.tenant), spec.id(b))).toBe(1);
    expect(await change(ownerScope(a.tenant), spec.id(a))).toBe(1);
  });

  it('cannot insert rows for the other tenant, but can for itself', async () => {
    expect(
      await refusal(
        withTenant(db, ownerScope(a.tenant), (tx) => tx.execute(spec.insert(b.tenant.tenantId))),
      ),
    ).toMatch(/row-level security/);
    await expect(
      withTenant(db, ownerScope(a.tenant), (tx) => tx.execute(spec.insert(a.tenant.tenantId))),
    ).resolves.toBeDefined();
  });

  it('cannot move an own row to the other tenant', async () => {
    expect(
      await refusal(
        withTenant(db, ownerScope(a.tenant), (tx) =>
          tx.execute(
            sql`update ${sql.raw(`public.${spec.table}`)} set user_id = ${b.tenant.tenantId} where id = ${spec.id(a)}`,
          ),
        ),
      ),
    ).toMatch(/row-level security/);
  });
});
