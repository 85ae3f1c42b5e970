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

// Row-level security of the e-mail marketing add-on (db/migrations/0047_audience_crm_email_rls.sql):
// every member of a business reads its campaign e-mails, their recipients and its suppression
// list, and no one reaches another business's; a viewer writes none of them; a suppression is
// never changed, and only one added by hand is removed, by the owner or a manager.

let db: Database;
let a: TenantFixture;
let b: TenantFixture;
let managerA: TenantScope;
let viewerA: TenantScope;
let campaignA: string;
let recipientA: string;

const TABLES = ['email_campaigns', 'email_recipients', 'email_suppressions'] as const;

const one = async (tx: Tx, query: ReturnType<typeof sql>) =>
  rowsOf<{ id: string }>(await tx.execute(query))[0]!.id;

async function memberScope(tenant: TenantFixture, role: 'manager' | 'viewer') {
  const userId = await createUser(db, { label: role });
  await db.unsafeDb
    .insert(userRoles)
    .values({ userId, role: 'tenant_staff', tenantId: tenant.tenantId, staffRole: role });
  return { userId, tenantId: tenant.tenantId };
}

const campaignSql = (tenantId: string) =>
  sql`insert into public.email_campaigns (user_id, name) values (${tenantId}, 'Spring') returning id`;
const recipientSql = (tenantId: string, campaignId: string) =>
  sql`insert into public.email_recipients (user_id, campaign_id, email, message_id)
    values (${tenantId}, ${campaignId}, ${`${crypto.randomUUID()}@example.com`}, '<m@x>') returning id`;
const suppressionSql = (tenantId: string, email: string, reason: string) =>
  sql`insert into public.email_suppressions (user_id, email, reason)
    values (${tenantId}, ${email}, ${reason}) returning email as id`;

beforeAll(async () => {
  db = await getTestDatabase();
  ({ a, b } = await createTwoTenants(db));
  managerA = await memberScope(a, 'manager');
  viewerA = await memberScope(a, 'viewer');
  const seed = (tenant: TenantFixture) =>
    withTenant(db, ownerScope(tenant), async (tx) => {
      const campaign = await one(tx, campaignSql(tenant.tenantId));
      const recipient = await one(tx, recipientSql(tenant.tenantId, campaign));
      await one(tx, suppressionSql(tenant.tenantId, 'gone@example.com', 'unsubscribed'));
      await one(tx, suppressionSql(tenant.tenantId, 'manual@example.com', 'manual'));
      return { campaign, recipient };
    });
  ({ campaign: campaignA, recipient: recipientA } = await seed(a));
  await seed(b);
});

const visible = (scope: TenantScope, table: (typeof TABLES)[number]) =>
  withTenant(db, scope, async (tx) =>
    rowsOf<{ n: number }>(
      await tx.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${a.tenantId}`,
      ),
    ),
  ).then((rows) => rows[0]!.n);

const touched = (scope: TenantScope, statement: ReturnType<typeof sql>) =>
  withTenant(db, scope, async (tx) => rowsOf(await tx.execute(statement)));

describe('e-mail marketing row-level security', () => {
  it('lets every member of the business read all three tables', async () => {
    for (const scope of [ownerScope(a), staffScope(a), managerA, viewerA]) {
      expect(await visible(scope, 'email_campaigns')).toBe(1);
      expect(await visible(scope, 'email_recipients')).toBe(1);
      expect(await visible(scope, 'email_suppressions')).toBe(2);
    }
  });

  it("hides another business's rows, and changes or removes none of them", async () => {
    for (const table of TABLES) expect(await visible(ownerScope(b), table), table).toBe(0);
    expect(
      await touched(
        ownerScope(b),
        sql`update public.email_campaigns set name = 'Mine' where id = ${campaignA} returning id`,
      ),
    ).toEqual([]);
    expect(
      await touched(
        ownerScope(b),
        sql`update public.email_recipients set status = 'sent' where id = ${recipientA} returning id`,
      ),
    ).toEqual([]);
    expect(
      await touched(
        ownerScope(b),
        sql`delete from public.email_suppressions where user_id = ${a.tenantId} returning email`,
      ),
    ).toEqual([]);
    expect(
      await touched(
        ownerScope(b),
        sql`delete from public.email_campaigns where id = ${campaignA} returning id`,
      ),
    ).toEqual([]);
    expect(await visible(ownerScope(a), 'email_campaigns')).toBe(1);
    expect(await visible(ownerScope(a), 'email_suppressions')).toBe(2);
  });

  it("refuses writing a row into another business's", async () => {
    expect(
      await refusedByDatabase(db, ownerScope(b), (tx) => tx.execute(campaignSql(a.tenantId))),
    ).toBe(true);
    expect(
      await refusedByDatabase(db, ownerScope(b), (tx) =>
        tx.execute(recipientSql(a.tenantId, campaignA)),
      ),
    ).toBe(true);
    // Its own row on the other business's campaign: the (campaign, business) key refuses it.
    expect(
      await refusedByDatabase(db, ownerScope(b), (tx) =>
        tx.execute(recipientSql(b.tenantId, campaignA)),
      ),
    ).toBe(true);
    expect(
      await refusedByDatabase(db, ownerScope(b), (tx) =>
        tx.execute(suppressionSql(a.tenantId, 'x@example.com', 'manual')),
      ),
    ).toBe(true);
  });

  it('lets a viewer write none of them', async () => {
    expect(await refusedByDatabase(db, viewerA, (tx) => tx.execute(campaignSql(a.tenantId)))).toBe(
      true,
    );
    expect(
      await refusedByDatabase(db, viewerA, (tx) => tx.execute(recipientSql(a.tenantId, campaignA))),
    ).toBe(true);
    expect(
      await refusedByDatabase(db, viewerA, (tx) =>
        tx.execute(suppressionSql(a.tenantId, 'v@example.com', 'manual')),
      ),
    ).toBe(true);
    expect(
      await touched(
        viewerA,
        sql`update public.email_campaigns set name = 'Viewer' where id = ${campaignA} returning id`,
      ),
    ).toEqual([]);
    expect(
      await touched(
        viewerA,
        sql`delete from public.email_recipients where id = ${recipientA} returning id`,
      ),
    ).toEqual([]);
    expect(
      await touched(
        viewerA,
        sql`delete from public.email_suppressions where user_id = ${a.tenantId} returning email`,
      ),
    ).toEqual([]);
  });

  it('never changes a suppression, and removes only one added by hand, by the owner or a manager', async () => {
    for (const scope of [ownerScope(a), managerA, staffScope(a)]) {
      expect(
        await touched(
          scope,
          sql`update public.email_suppressions set reason = 'manual' where user_id = ${a.tenantId} returning email`,
        ),
      ).toEqual([]);
    }
    expect(
      await touched(
        staffScope(a),
        sql`delete from public.email_suppressions where user_id = ${a.tenantId} returning email`,
      ),
    ).toEqual([]);
    expect(
      await touched(
        ownerScope(a),
        sql`delete from public.email_suppressions where user_id = ${a.tenantId} and reason <> 'manual' returning email`,
      ),
    ).toEqual([]);
    expect(
      await touched(
        managerA,
        sql`delete from public.email_suppressions where user_id = ${a.tenantId} returning email`,
      ),
    ).toEqual([{ email: 'manual@example.com' }]);
    expect(await visible(ownerScope(a), 'email_suppressions')).toBe(1);
  });
});
