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
import { refusedByDatabase } from '#server/test/rls.ts';

// Row-level security of campaigns (migration 0036): a business's members read its campaigns and
// plans, its owner, managers and staff change them, and no one reaches another business's — nor
// files a planned post under another business's campaign (the (id, user_id) key).

let db: Database;
let a: TenantFixture;
let b: TenantFixture;
let campaignA: string;

const MEDIA = JSON.stringify({
  kind: 'image',
  count: 1,
  aspectRatio: '4:5',
  minSeconds: null,
  maxSeconds: null,
  description: 'The shop window at opening time',
});

beforeAll(async () => {
  db = await getTestDatabase();
  ({ a, b } = await createTwoTenants(db));
  campaignA = await withTenant(db, ownerScope(a), async (tx) => {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into public.campaigns (user_id, name, goal)
        values (${a.tenantId}, 'Spring opening', 'More visits in April') returning id`),
    );
    await tx.execute(sql`insert into public.campaign_posts
        (campaign_id, user_id, key, position, scheduled_for, format, media)
      values (${row!.id}, ${a.tenantId}, 'p-0', 0, now() + interval '2 days', 'post', ${MEDIA}::jsonb)`);
    return row!.id;
  });
});

const count = async (scope: ReturnType<typeof ownerScope>, table: 'campaigns' | 'campaign_posts') =>
  withTenant(db, scope, async (tx) =>
    rowsOf<{ n: number }>(
      await tx.execute(
        table === 'campaigns'
          ? sql`select count(*)::int as n from public.campaigns where user_id = ${a.tenantId}`
          : sql`select count(*)::int as n from public.campaign_posts where user_id = ${a.tenantId}`,
      ),
    ),
  );

describe('campaigns row-level security', () => {
  it("lets the business's staff read and change its campaigns", async () => {
    expect((await count(staffScope(a), 'campaigns'))[0]!.n).toBe(1);
    expect((await count(staffScope(a), 'campaign_posts'))[0]!.n).toBe(1);
    const renamed = await withTenant(db, staffScope(a), async (tx) =>
      rowsOf(
        await tx.execute(
          sql`update public.campaigns set name = 'Spring opening week' where id = ${campaignA} returning id`,
        ),
      ),
    );
    expect(renamed).toHaveLength(1);
  });

  it("hides another business's campaigns and plans, and refuses changing them", async () => {
    expect((await count(ownerScope(b), 'campaigns'))[0]!.n).toBe(0);
    expect((await count(ownerScope(b), 'campaign_posts'))[0]!.n).toBe(0);
    const touched = await withTenant(db, ownerScope(b), async (tx) => [
      ...rowsOf(
        await tx.execute(
          sql`update public.campaigns set name = 'Taken' where id = ${campaignA} returning id`,
        ),
      ),
      ...rowsOf(
        await tx.execute(
          sql`delete from public.campaign_posts where campaign_id = ${campaignA} returning id`,
        ),
      ),
    ]);
    expect(touched).toEqual([]);
  });

  it('refuses a campaign written for another business', async () => {
    expect(
      await refusedByDatabase(db, ownerScope(b), async (tx) =>
        tx.execute(
          sql`insert into public.campaigns (user_id, name) values (${a.tenantId}, 'Forged')`,
        ),
      ),
    ).toBe(true);
  });

  it("refuses a planned post filed under another business's campaign", async () => {
    expect(
      await refusedByDatabase(db, ownerScope(b), async (tx) =>
        tx.execute(sql`insert into public.campaign_posts
            (campaign_id, user_id, key, position, scheduled_for, format, media)
          values (${campaignA}, ${b.tenantId}, 'p-x', 0, now(), 'post', ${MEDIA}::jsonb)`),
      ),
    ).toBe(true);
  });
});
