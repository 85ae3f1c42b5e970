import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database, type Tx } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { userRoles } from '#server/features/profile/profile.tables.ts';
import { getTestDatabase } from '#server/test/db.ts';
import {
  createTwoTenants,
  createUser,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';
import { refusedByDatabase } from '#server/test/rls.ts';

// Row-level security of the CRM add-on (db/migrations/0047_audience_crm_email_rls.sql): every
// member of a business reads its notes and activity and no one reaches another business's; a
// note is written in one's own name, changed by its author only and removed by its author, the
// owner or a manager; a viewer writes neither; an activity, once written, is changed or removed
// by no member.

let db: Database;
let a: TenantFixture;
let b: TenantFixture;
let contactA: string;
let contactB: string;
let managerA: TenantScope;
let viewerA: TenantScope;

const TABLES = ['audience_notes', 'audience_activities'] as const;

const one = async (tx: Tx, query: ReturnType<typeof sql>) =>
  rowsOf<{ id: string }>(await tx.execute(query))[0]!.id;

async function memberScope(tenant: TenantFixture, role: 'manager' | 'viewer') {
  const userId = await createUser(db, { label: role });
  await db.unsafeDb
    .insert(userRoles)
    .values({ userId, role: 'tenant_staff', tenantId: tenant.tenantId, staffRole: role });
  return { userId, tenantId: tenant.tenantId };
}

async function addContact(tenant: TenantFixture) {
  return withTenant(db, ownerScope(tenant), (tx) =>
    one(
      tx,
      sql`insert into public.audience_contacts (user_id, name) values (${tenant.tenantId}, 'Pat') returning id`,
    ),
  );
}

/** A note on A's contact in `userId`'s name. */
const noteSql = (userId: string, body = 'Likes rye') =>
  sql`insert into public.audience_notes (user_id, contact_id, author_id, body)
    values (${a.tenantId}, ${contactA}, ${userId}, ${body}) returning id`;
const activitySql = (userId: string) =>
  sql`insert into public.audience_activities (user_id, contact_id, actor_id, kind, data)
    values (${a.tenantId}, ${contactA}, ${userId}, 'stage', '{"from":"new","to":"lead"}'::jsonb)
    returning id`;

const writeNote = (scope: TenantScope, body?: string) =>
  withTenant(db, scope, (tx) => one(tx, noteSql(scope.userId, body)));
const writeActivity = (scope: TenantScope) =>
  withTenant(db, scope, (tx) => one(tx, activitySql(scope.userId)));
const refused = (scope: TenantScope, statement: ReturnType<typeof sql>) =>
  refusedByDatabase(db, scope, (tx) => tx.execute(statement));

/** Rows an update and a delete of `id` in `table` reached, as `scope`. */
const touch = (scope: TenantScope, table: string, id: string, set = sql`user_id = user_id`) =>
  withTenant(db, scope, async (tx) => [
    ...rowsOf(
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${set} where id = ${id} returning id`,
      ),
    ),
    ...rowsOf(
      await tx.execute(sql`delete from ${sql.identifier(table)} where id = ${id} returning id`),
    ),
  ]);

const visible = (scope: TenantScope, table: string, id: string) =>
  withTenant(db, scope, async (tx) =>
    rowsOf(await tx.execute(sql`select id from ${sql.identifier(table)} where id = ${id}`)),
  ).then((rows) => rows.length);

beforeAll(async () => {
  db = await getTestDatabase();
  ({ a, b } = await createTwoTenants(db));
  contactA = await addContact(a);
  contactB = await addContact(b);
  managerA = await memberScope(a, 'manager');
  viewerA = await memberScope(a, 'viewer');
});

describe('CRM row-level security', () => {
  it("lets every member read the business's notes and activity, and no other business", async () => {
    const ids = { audience_notes: await writeNote(ownerScope(a)), audience_activities: '' };
    ids.audience_activities = await writeActivity(ownerScope(a));
    for (const table of TABLES) {
      for (const scope of [ownerScope(a), staffScope(a), managerA, viewerA]) {
        expect(await visible(scope, table, ids[table]), table).toBe(1);
      }
      expect(await visible(ownerScope(b), table, ids[table]), table).toBe(0);
      expect(await touch(ownerScope(b), table, ids[table]), table).toEqual([]);
      expect(await visible(ownerScope(a), table, ids[table]), table).toBe(1);
    }
  });

  it("refuses writing into another business's, or naming its contact", async () => {
    expect(await refused(ownerScope(b), noteSql(b.tenantId))).toBe(true);
    expect(await refused(ownerScope(b), activitySql(b.tenantId))).toBe(true);
    // B's own rows may not point at A's contact.
    for (const statement of [
      sql`insert into public.audience_notes (user_id, contact_id, author_id, body)
        values (${b.tenantId}, ${contactA}, ${b.tenantId}, 'Borrowed')`,
      sql`insert into public.audience_activities (user_id, contact_id, kind)
        values (${b.tenantId}, ${contactA}, 'merge')`,
    ]) {
      expect(await refused(ownerScope(b), statement)).toBe(true);
    }
    expect(contactB).toBeTruthy();
  });

  it('keeps a note to its author: others cannot write in their name or change it', async () => {
    const ownerNote = await writeNote(ownerScope(a), 'From the owner');
    expect(await refused(staffScope(a), noteSql(a.tenantId, 'Forged'))).toBe(true);
    expect(await refused(viewerA, noteSql(viewerA.userId))).toBe(true);
    // Staff neither change nor remove the owner's note; even the owner does not rewrite staff's.
    expect(
      await touch(staffScope(a), 'audience_notes', ownerNote, sql`body = 'Rewritten'`),
    ).toEqual([]);
    const staffNote = await writeNote(staffScope(a), 'From staff');
    const rewritten = await withTenant(db, ownerScope(a), async (tx) =>
      rowsOf(
        await tx.execute(
          sql`update public.audience_notes set body = 'Rewritten' where id = ${staffNote} returning id`,
        ),
      ),
    );
    expect(rewritten).toEqual([]);
    // Its author changes it; a manager removes it.
    const changed = await withTenant(db, staffScope(a), async (tx) =>
      rowsOf(
        await tx.execute(
          sql`update public.audience_notes set body = 'Edited' where id = ${staffNote} returning id`,
        ),
      ),
    );
    expect(changed).toHaveLength(1);
    const removed = await withTenant(db, managerA, async (tx) =>
      rowsOf(
        await tx.execute(
          sql`delete from public.audience_notes where id = ${staffNote} returning id`,
        ),
      ),
    );
    expect(removed).toHaveLength(1);
    expect(await visible(ownerScope(a), 'audience_notes', ownerNote)).toBe(1);
  });

  it('keeps an activity as written: no member changes or removes it, a viewer adds none', async () => {
    const activity = await writeActivity(staffScope(a));
    for (const scope of [ownerScope(a), managerA, staffScope(a), viewerA]) {
      expect(await touch(scope, 'audience_activities', activity, sql`kind = 'tags'`)).toEqual([]);
    }
    expect(await refused(viewerA, activitySql(viewerA.userId))).toBe(true);
    const [row] = await withTenant(db, ownerScope(a), async (tx) =>
      rowsOf<{ kind: string }>(
        await tx.execute(sql`select kind from public.audience_activities where id = ${activity}`),
      ),
    );
    expect(row).toEqual({ kind: 'stage' });
  });
});
