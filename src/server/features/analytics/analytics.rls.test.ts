import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { refusedByDatabase } from '#server/test/rls.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { addMember } from '#server/test/team.ts';
import {
  analyticsOwner,
  dayOf,
  seedDaily,
  seedPost,
  type AnalyticsOwner,
} from './analytics.test-helpers.ts';

// Row-level security of the stored insights (db/migrations/0031_analytics_rls.sql,
// docs/decisions/092): another business reads, changes and deletes none of a business's rows and
// cannot write rows naming its accounts or posts; a viewer reads them and writes none; staff and
// the business itself (the sync) write.

const TABLES = [
  'analytics_daily',
  'analytics_posts',
  'analytics_post_samples',
  'analytics_breakdowns',
  'analytics_online_hours',
  'analytics_sync_states',
] as const;

let t: TestApp;
let a: AnalyticsOwner;
let b: AnalyticsOwner;
let postId: string;
let viewer: TenantScope;
let staff: TenantScope;

beforeAll(async () => {
  t = await getTestApp();
  a = await analyticsOwner(t);
  b = await analyticsOwner(t);
  await seedDaily(t, a.tenantId, a.ig, 'reach', { [dayOf(-1)]: 10 });
  postId = (
    await seedPost(t, a.tenantId, a.ig, {
      daysAgo: 1,
      reach: 10,
      interactions: 1,
      samples: [{ hours: 1, reach: 5, interactions: 1 }],
    })
  ).id;
  const db = t.runtime.deps.database.unsafeDb;
  await db.execute(sql`
    insert into public.analytics_breakdowns
      (user_id, connection_id, metric, breakdown, key, value, period)
    values (${a.tenantId}, ${a.ig.id}, 'follower_demographics', 'age', '25-34', 40, 'this_month')`);
  await db.execute(sql`
    insert into public.analytics_online_hours (user_id, connection_id, day, hour, value)
    values (${a.tenantId}, ${a.ig.id}, ${dayOf(-1)}::date, 9, 12)`);
  await db.execute(sql`
    insert into public.analytics_sync_states (connection_id, user_id)
    values (${a.ig.id}, ${a.tenantId})`);
  viewer = { userId: (await addMember(t, a.user, 'viewer')).userId, tenantId: a.tenantId };
  staff = { userId: (await addMember(t, a.user, 'staff')).userId, tenantId: a.tenantId };
});

const db = () => t.runtime.deps.database;
const ownerOf = (x: AnalyticsOwner): TenantScope => ({ userId: x.tenantId, tenantId: x.tenantId });

async function counts(scope: TenantScope) {
  return withTenant(db(), scope, async (tx) => {
    const out: Record<string, number> = {};
    for (const table of TABLES) {
      const [row] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${a.tenantId}`,
        ),
      );
      out[table] = row!.n;
    }
    return out;
  });
}

const refused = (scope: TenantScope, write: Parameters<typeof withTenant>[2]) =>
  refusedByDatabase(db(), scope, write);

async function changed(scope: TenantScope): Promise<number> {
  return withTenant(db(), scope, async (tx) => {
    let n = 0;
    for (const table of TABLES) {
      const column =
        table === 'analytics_sync_states' ? sql`last_calls = 7` : sql`user_id = user_id`;
      n += rowsOf(
        await tx.execute(
          sql`update ${sql.identifier(table)} set ${column} where user_id = ${a.tenantId} returning 1`,
        ),
      ).length;
      n += rowsOf(
        await tx.execute(
          sql`delete from ${sql.identifier(table)} where user_id = ${a.tenantId} returning 1`,
        ),
      ).length;
    }
    throw Object.assign(new Error('rollback'), { n });
  }).catch((e: { n?: number }) => {
    if (typeof e.n === 'number') return e.n;
    throw e;
  });
}

const daily = (userId: string, connectionId: string) => (tx: Tx) =>
  tx.execute(sql`
    insert into public.analytics_daily (user_id, connection_id, metric, day, value)
    values (${userId}, ${connectionId}, 'views', ${dayOf(-30)}::date, 1)`);
const sample = (userId: string) => (tx: Tx) =>
  tx.execute(sql`
    insert into public.analytics_post_samples (user_id, post_id, sampled_at, age_hours)
    values (${userId}, ${postId}, now(), 2)`);

describe('another business', () => {
  it('reads none of the rows', async () => {
    const mine = await counts(ownerOf(a));
    for (const table of TABLES) expect(mine[table], table).toBeGreaterThan(0);
    expect(Object.values(await counts(ownerOf(b))).every((n) => n === 0)).toBe(true);
  });

  it('changes and deletes none of them', async () => {
    expect(await changed(ownerOf(b))).toBe(0);
    expect((await counts(ownerOf(a)))['analytics_daily']).toBe(1);
  });

  it('cannot write in the business’s name nor name its account or post from its own rows', async () => {
    expect(await refused(ownerOf(b), daily(a.tenantId, a.ig.id))).toBe(true);
    expect(await refused(ownerOf(b), daily(b.tenantId, a.ig.id))).toBe(true);
    expect(await refused(ownerOf(b), sample(a.tenantId))).toBe(true);
    expect(await refused(ownerOf(b), sample(b.tenantId))).toBe(true);
    expect(await refused(ownerOf(b), daily(b.tenantId, b.ig.id))).toBe(false);
  });
});

describe('members of the business', () => {
  it('a viewer reads every row and writes none', async () => {
    expect(await counts(viewer)).toEqual(await counts(ownerOf(a)));
    expect(await changed(viewer)).toBe(0);
    expect(await refused(viewer, daily(a.tenantId, a.ig.id))).toBe(true);
    expect(await refused(viewer, sample(a.tenantId))).toBe(true);
  });

  it('staff and the business write', async () => {
    expect(await changed(staff)).toBeGreaterThan(0);
    expect(await refused(staff, sample(a.tenantId))).toBe(false);
  });
});
