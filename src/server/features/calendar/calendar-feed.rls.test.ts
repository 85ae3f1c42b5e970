import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { mapBackendError } from '#shared/errors/index.ts';
import { getTestDatabase } from '#server/test/db.ts';
import { createTwoTenants, ownerScope, type TenantFixture } from '#server/test/fixtures.ts';

// Row-level security on calendar_feeds, command by command: as tenant A, B's link rows cannot be
// seen, changed, removed or created, while the same statements on A's own rows succeed.

let db: Database;
let a: TenantFixture;
let b: TenantFixture;
let feedOfA: string;
let feedOfB: string;

async function insertFeed(tenant: TenantFixture): Promise<string> {
  const id = crypto.randomUUID();
  await db.unsafeDb
    .execute(sql`insert into public.calendar_feeds (id, user_id, member_id, token_hash)
    values (${id}, ${tenant.tenantId}, ${tenant.tenantId}, ${'a'.repeat(64)})`);
  return id;
}

function as(scope: TenantScope, statement: ReturnType<typeof sql>) {
  return withTenant(db, scope, async (tx) => rowsOf<{ id: string }>(await tx.execute(statement)));
}

beforeAll(async () => {
  db = await getTestDatabase();
  ({ a, b } = await createTwoTenants(db));
  [feedOfA, feedOfB] = await Promise.all([insertFeed(a), insertFeed(b)]);
});

describe('calendar_feeds row-level security', () => {
  it('shows a tenant only its own rows', async () => {
    const rows = await as(ownerScope(a), sql`select id from public.calendar_feeds`);
    expect(rows.map((r) => r.id)).toEqual([feedOfA]);
  });

  it("cannot update another tenant's row, but can its own", async () => {
    const other = await as(
      ownerScope(a),
      sql`update public.calendar_feeds set token_hash = 'x' where id = ${feedOfB} returning id`,
    );
    expect(other).toEqual([]);
    const own = await as(
      ownerScope(a),
      sql`update public.calendar_feeds set token_hash = ${'b'.repeat(64)} where id = ${feedOfA} returning id`,
    );
    expect(own.map((r) => r.id)).toEqual([feedOfA]);
  });

  it("cannot delete another tenant's row", async () => {
    const rows = await as(
      ownerScope(a),
      sql`delete from public.calendar_feeds where id = ${feedOfB} returning id`,
    );
    expect(rows).toEqual([]);
    const still = rowsOf<{ n: number }>(
      await db.unsafeDb.execute(
        sql`select count(*)::int as n from public.calendar_feeds where id = ${feedOfB}`,
      ),
    );
    expect(still[0]?.n).toBe(1);
  });

  it('cannot insert a row for another tenant, but can for itself', async () => {
    const error = await withTenant(db, ownerScope(a), (tx) =>
      tx.execute(sql`insert into public.calendar_feeds (user_id, member_id, token_hash)
        values (${b.tenantId}, ${a.tenantId}, 'x')`),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(mapBackendError(error).code).toBe('FORBIDDEN');
    await as(
      ownerScope(a),
      sql`delete from public.calendar_feeds where id = ${feedOfA} returning id`,
    ).then((rows) => expect(rows.map((r) => r.id)).toEqual([feedOfA]));
    await withTenant(db, ownerScope(a), (tx) =>
      tx.execute(sql`insert into public.calendar_feeds (user_id, member_id, token_hash)
        values (${a.tenantId}, ${a.tenantId}, 'x')`),
    );
  });
});
