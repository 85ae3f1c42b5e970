import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database, type Tx } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import {
  createTwoTenants,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';
import { refusedByDatabase } from '#server/test/rls.ts';

// Row-level security of the audience (migration 0041): a business's members read its contacts,
// identities, segments and deletion records, its owner, managers and staff change them, and no
// one reaches another business's; an identity cannot name another business's contact (the
// (id, user_id) key); a deletion, once recorded, is changed or removed by no one of the business.

let db: Database;
let a: TenantFixture;
let b: TenantFixture;
let contactA: string;
let contactB: string;
let identityA: string;
let segmentA: string;
let deletionA: string;

const TABLES = [
  'audience_contacts',
  'audience_identities',
  'audience_segments',
  'audience_deletions',
] as const;

const one = async (tx: Tx, query: ReturnType<typeof sql>) =>
  rowsOf<{ id: string }>(await tx.execute(query))[0]!.id;

beforeAll(async () => {
  db = await getTestDatabase();
  ({ a, b } = await createTwoTenants(db));
  const seed = async (tenant: TenantFixture) =>
    withTenant(db, ownerScope(tenant), async (tx) => {
      const contact = await one(
        tx,
        sql`insert into public.audience_contacts (user_id, name) values (${tenant.tenantId}, 'Pat') returning id`,
      );
      const identity = await one(
        tx,
        sql`insert into public.audience_identities (user_id, contact_id, platform, external_id)
          values (${tenant.tenantId}, ${contact}, 'instagram', ${crypto.randomUUID()}) returning id`,
      );
      const segment = await one(
        tx,
        sql`insert into public.audience_segments (user_id, name, rule)
          values (${tenant.tenantId}, 'All', '{"op":"and","children":[]}'::jsonb) returning id`,
      );
      const deletion = await one(
        tx,
        sql`insert into public.audience_deletions (user_id, deleted_by, identities)
          values (${tenant.tenantId}, ${tenant.tenantId}, 1) returning id`,
      );
      return { contact, identity, segment, deletion };
    });
  const seededA = await seed(a);
  contactA = seededA.contact;
  identityA = seededA.identity;
  segmentA = seededA.segment;
  deletionA = seededA.deletion;
  contactB = (await seed(b)).contact;
});

const idOf = (table: (typeof TABLES)[number]) =>
  ({
    audience_contacts: contactA,
    audience_identities: identityA,
    audience_segments: segmentA,
    audience_deletions: deletionA,
  })[table];

const visible = (scope: TenantScope, table: (typeof TABLES)[number]) =>
  withTenant(db, scope, async (tx) =>
    rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${a.tenantId}`,
      ),
    ),
  ).then((rows) => rows[0]!.n);

describe('audience row-level security', () => {
  it("lets the business's staff read all four tables", async () => {
    for (const table of TABLES) expect(await visible(staffScope(a), table), table).toBe(1);
  });

  it("hides every table's rows from another business, and changes none of them", async () => {
    for (const table of TABLES) {
      expect(await visible(ownerScope(b), table), table).toBe(0);
      const touched = await withTenant(db, ownerScope(b), async (tx) => [
        ...rowsOf(
          await tx.execute(
            sql`update ${sql.identifier(table)} set user_id = user_id where id = ${idOf(table)} returning id`,
          ),
        ),
        ...rowsOf(
          await tx.execute(
            sql`delete from ${sql.identifier(table)} where id = ${idOf(table)} returning id`,
          ),
        ),
      ]);
      expect(touched, table).toEqual([]);
      expect(await visible(ownerScope(a), table), table).toBe(1);
    }
  });

  it("refuses writing a row into another business's", async () => {
    const inserts = {
      audience_contacts: sql`insert into public.audience_contacts (user_id, name) values (${a.tenantId}, 'Sneaky')`,
      audience_identities: sql`insert into public.audience_identities (user_id, contact_id, platform, external_id)
        values (${a.tenantId}, ${contactA}, 'facebook', 'sneaky')`,
      audience_segments: sql`insert into public.audience_segments (user_id, name, rule)
        values (${a.tenantId}, 'Sneaky', '{}'::jsonb)`,
      audience_deletions: sql`insert into public.audience_deletions (user_id, identities)
        values (${a.tenantId}, 0)`,
    };
    for (const table of TABLES) {
      expect(
        await refusedByDatabase(db, ownerScope(b), (tx) => tx.execute(inserts[table])),
        table,
      ).toBe(true);
    }
  });

  it("refuses an identity naming another business's contact", async () => {
    expect(
      await refusedByDatabase(db, ownerScope(b), (tx) =>
        tx.execute(sql`insert into public.audience_identities (user_id, contact_id, platform, external_id)
          values (${b.tenantId}, ${contactA}, 'instagram', 'borrowed')`),
      ),
    ).toBe(true);
    expect(
      await refusedByDatabase(db, ownerScope(a), (tx) =>
        tx.execute(
          sql`update public.audience_identities set contact_id = ${contactB} where id = ${identityA}`,
        ),
      ),
    ).toBe(true);
  });

  it('keeps a recorded deletion from being changed or removed by its own business', async () => {
    const touched = await withTenant(db, ownerScope(a), async (tx) => [
      ...rowsOf(
        await tx.execute(
          sql`update public.audience_deletions set identities = 9 where id = ${deletionA} returning id`,
        ),
      ),
      ...rowsOf(
        await tx.execute(
          sql`delete from public.audience_deletions where id = ${deletionA} returning id`,
        ),
      ),
    ]);
    expect(touched).toEqual([]);
    const [row] = await withTenant(db, ownerScope(a), async (tx) =>
      rowsOf<{ identities: number }>(
        await tx.execute(
          sql`select identities from public.audience_deletions where id = ${deletionA}`,
        ),
      ),
    );
    expect(row).toEqual({ identities: 1 });
  });
});
