import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import {
  createTenant,
  createTwoTenants,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';
import { refusedByDatabase } from '#server/test/rls.ts';

// Row-level security of the engine room (migration 0038): a business's members read its
// sessions and messages, its owner, managers and staff write them, a viewer only reads, and no
// one reaches another business's — nor files a message under another business's session (the
// (id, user_id) key).

let db: Database;
let a: TenantFixture;
let b: TenantFixture;
let sessionA: string;

beforeAll(async () => {
  db = await getTestDatabase();
  ({ a, b } = await createTwoTenants(db));
  sessionA = await withTenant(db, ownerScope(a), async (tx) => {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into public.engine_sessions (user_id, title)
        values (${a.tenantId}, 'Spring ideas') returning id`),
    );
    await tx.execute(sql`insert into public.engine_messages (session_id, user_id, role, content)
      values (${row!.id}, ${a.tenantId}, 'user', 'suggest times')`);
    return row!.id;
  });
});

const countIn = async (scope: ReturnType<typeof ownerScope>, tenantId: string) =>
  withTenant(db, scope, async (tx) => ({
    sessions: rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from public.engine_sessions where user_id = ${tenantId}`,
      ),
    )[0]!.n,
    messages: rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from public.engine_messages where user_id = ${tenantId}`,
      ),
    )[0]!.n,
  }));

describe('engine room row-level security', () => {
  it("lets the business's staff read and write its sessions", async () => {
    expect(await countIn(staffScope(a), a.tenantId)).toEqual({ sessions: 1, messages: 1 });
    const written = await withTenant(db, staffScope(a), async (tx) => [
      ...rowsOf(
        await tx.execute(
          sql`update public.engine_sessions set title = 'Spring week' where id = ${sessionA} returning id`,
        ),
      ),
      ...rowsOf(
        await tx.execute(sql`insert into public.engine_messages (session_id, user_id, role, content)
          values (${sessionA}, ${a.tenantId}, 'assistant', 'Mornings') returning id`),
      ),
    ]);
    expect(written).toHaveLength(2);
  });

  it('lets a viewer read but not write', async () => {
    const c = await createTenant(db, 'viewer-business');
    await db.unsafeDb.execute(
      sql`update public.user_roles set staff_role = 'viewer' where id = ${c.staffRoleId}`,
    );
    const session = await withTenant(db, ownerScope(c), async (tx) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`insert into public.engine_sessions (user_id, title)
          values (${c.tenantId}, 'Owner session') returning id`),
      ),
    );
    expect(await countIn(staffScope(c), c.tenantId)).toEqual({ sessions: 1, messages: 0 });
    expect(
      await refusedByDatabase(db, staffScope(c), async (tx) =>
        tx.execute(sql`insert into public.engine_sessions (user_id, title)
          values (${c.tenantId}, 'Viewer session')`),
      ),
    ).toBe(true);
    expect(
      await refusedByDatabase(db, staffScope(c), async (tx) =>
        tx.execute(sql`insert into public.engine_messages (session_id, user_id, role, content)
          values (${session[0]!.id}, ${c.tenantId}, 'user', 'hello')`),
      ),
    ).toBe(true);
    const renamed = await withTenant(db, staffScope(c), async (tx) =>
      rowsOf(
        await tx.execute(
          sql`update public.engine_sessions set title = 'Mine' where id = ${session[0]!.id} returning id`,
        ),
      ),
    );
    expect(renamed).toEqual([]);
  });

  it("hides another business's sessions and refuses changing them", async () => {
    expect(await countIn(ownerScope(b), a.tenantId)).toEqual({ sessions: 0, messages: 0 });
    const touched = await withTenant(db, ownerScope(b), async (tx) => [
      ...rowsOf(
        await tx.execute(
          sql`update public.engine_sessions set title = 'Taken' where id = ${sessionA} returning id`,
        ),
      ),
      ...rowsOf(
        await tx.execute(
          sql`delete from public.engine_messages where session_id = ${sessionA} returning id`,
        ),
      ),
    ]);
    expect(touched).toEqual([]);
  });

  it("refuses a message filed under another business's session", async () => {
    expect(
      await refusedByDatabase(db, ownerScope(b), async (tx) =>
        tx.execute(sql`insert into public.engine_messages (session_id, user_id, role, content)
          values (${sessionA}, ${b.tenantId}, 'user', 'forged')`),
      ),
    ).toBe(true);
  });
});
