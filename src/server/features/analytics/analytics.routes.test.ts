import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AnalyticsOverview,
  BestTimeHeatmap,
  HomeKpis,
  PostDrillDown,
  TopPostsPage,
} from '#shared/contracts/analytics.contract.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { expectOk } from '../inbox/inbox.test-helpers.ts';
import {
  analyticsOwner,
  dayOf,
  seedDaily,
  seedPost,
  type AnalyticsOwner,
} from './analytics.test-helpers.ts';

// /api/analytics through the real app and database (docs/decisions/092): figures computed from
// stored rows and compared with the previous period, top posts sorted and paged with their
// drill-down, the CSV equal to what the page shows, "Sync now", and bad input refused with a 4xx.

let t: TestApp;
let a: AnalyticsOwner;
let b: AnalyticsOwner;
let topId: string;

const days = (from: number, to: number, value: number) => {
  const out: Record<string, number> = {};
  for (let d = from; d <= to; d++) out[dayOf(d)] = value;
  return out;
};

beforeAll(async () => {
  t = await getTestApp();
  a = await analyticsOwner(t);
  b = await analyticsOwner(t);
  // This week (the 7 days to yesterday) and the week before.
  await seedDaily(t, a.tenantId, a.ig, 'views', { ...days(-7, -1, 100), ...days(-14, -8, 50) });
  await seedDaily(t, a.tenantId, a.page, 'page_media_view', days(-7, -1, 20));
  await seedDaily(t, a.tenantId, a.ig, 'reach', { ...days(-7, -2, 300), [dayOf(-1)]: 600 });
  await seedDaily(t, a.tenantId, a.ig, 'followers_count', { [dayOf(-1)]: 1500, [dayOf(-8)]: 1200 });
  await seedDaily(t, a.tenantId, a.ig, 'followers_count', { [dayOf(-9)]: 1190 }, true);
  const top = await seedPost(t, a.tenantId, a.ig, {
    daysAgo: 3,
    reach: 1000,
    interactions: 80,
    likes: 60,
    caption: '=HYPERLINK("x") croissants, "fresh"',
    calendarTitle: 'Croissant Friday',
    samples: [
      { hours: 1, reach: 100, interactions: 10 },
      { hours: 24, reach: 800, interactions: 70 },
    ],
  });
  topId = top.id;
  await seedPost(t, a.tenantId, a.ig, { daysAgo: 4, reach: 400, interactions: 10 });
  await seedPost(t, a.tenantId, a.page, { daysAgo: 2, reach: 600, interactions: 30 });
  await seedPost(t, a.tenantId, a.ig, { daysAgo: 10, reach: 100, interactions: 5 });
  await seedPost(t, b.tenantId, b.ig, { daysAgo: 3, reach: 5, interactions: 1 });
});

const get = (who: AnalyticsOwner, url: string) => who.user.client.request(url);
const card = (o: AnalyticsOverview, key: string) => o.cards.find((c) => c.key === key)!;

describe('overview', () => {
  it('computes every card from stored rows and compares it with the previous period', async () => {
    const o: AnalyticsOverview = await expectOk(
      await get(a, `/api/analytics/overview?account=${a.ig.id}&range=7`),
    );
    expect(o.range).toMatchObject({ from: dayOf(-7), to: dayOf(-1), days: 7 });
    expect(card(o, 'views')).toMatchObject({ value: 700, previous: 350, changePct: 100 });
    // The average day, never the sum: (6 × 300 + 600) ÷ 7.
    expect(card(o, 'reach')).toMatchObject({ value: 343, previous: null, changePct: null });
    expect(card(o, 'followers')).toMatchObject({ value: 1500, previous: 1200, changePct: 25 });
    // Two posts this week: (80 + 10) ÷ (1000 + 400); one the week before: 5 ÷ 100.
    expect(card(o, 'engagement_rate')).toMatchObject({ value: 6.4, previous: 5, changePct: 28 });
    expect(card(o, 'posts_published')).toMatchObject({ value: 2, previous: 1 });
    expect(card(o, 'interactions')).toMatchObject({ value: null, previous: null });
    expect(card(o, 'views').provenance.sources).toEqual([
      { platform: 'instagram', metric: 'views', period: 'day' },
    ]);
    expect(o.revisionNote).toMatch(/48 hours/);
    expect(o.series.find((s) => s.key === 'views')!.points).toHaveLength(7);
    expect(o.accounts.map((x) => x.id).sort()).toEqual([a.ig.id, a.page.id].sort());
  });

  it('adds the accounts up for "all", each by its own platform metric', async () => {
    const o: AnalyticsOverview = await expectOk(await get(a, '/api/analytics/overview?range=7'));
    expect(card(o, 'views')).toMatchObject({ value: 840, previous: 350, changePct: 140 });
    expect(card(o, 'posts_published').value).toBe(3);
  });

  it('refuses reversed, future and over-long ranges and unknown or foreign accounts', async () => {
    const reversed = await get(a, `/api/analytics/overview?from=${dayOf(-1)}&to=${dayOf(-5)}`);
    expectError(reversed, 400, 'VALIDATION_ERROR');
    expect(reversed.json.metadata.fieldErrors.to).toMatch(/on or after/);
    expectError(
      await get(a, `/api/analytics/overview?from=${dayOf(-3)}&to=${dayOf(2)}`),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await get(a, `/api/analytics/overview?from=${dayOf(-500)}&to=${dayOf(-1)}`),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await get(a, '/api/analytics/overview?from=2026-13-45&to=2026-13-46'),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await get(a, '/api/analytics/overview?range=12'), 400, 'VALIDATION_ERROR');
    expectError(await get(a, '/api/analytics/overview?account=nope'), 400, 'VALIDATION_ERROR');
    expectError(
      await get(a, `/api/analytics/overview?account=${crypto.randomUUID()}`),
      404,
      'NOT_FOUND',
    );
    expectError(await get(a, `/api/analytics/overview?account=${b.ig.id}`), 404, 'NOT_FOUND');
    expect((await t.app.request('/api/analytics/overview')).status).toBe(401);
  });
});

describe('top posts', () => {
  it('sorts by a column either way, pages, and names the calendar post', async () => {
    const page: TopPostsPage = await expectOk(
      await get(a, '/api/analytics/posts?range=7&sort=reach&dir=desc'),
    );
    expect(page.total).toBe(3);
    expect(page.items.map((p) => p.reach)).toEqual([1000, 600, 400]);
    expect(page.items[0]).toMatchObject({
      engagementRate: 8,
      calendarPost: { title: 'Croissant Friday' },
    });
    const asc: TopPostsPage = await expectOk(
      await get(a, '/api/analytics/posts?range=7&sort=engagement_rate&dir=asc'),
    );
    expect(asc.items.map((p) => p.engagementRate)).toEqual([2.5, 5, 8]);
    const empty: TopPostsPage = await expectOk(await get(a, '/api/analytics/posts?range=7&page=2'));
    expect(empty).toMatchObject({ items: [], total: 0, page: 2 });
    expectError(await get(a, '/api/analytics/posts?sort=caption'), 400, 'VALIDATION_ERROR');
  });

  it('drills into one post over time, and not into another business’s', async () => {
    const drill: PostDrillDown = await expectOk(await get(a, `/api/analytics/posts/${topId}`));
    expect(drill.samples.map((s) => [s.ageHours, s.reach])).toEqual([
      [1, 100],
      [24, 800],
    ]);
    expect(drill.sources.map((s) => s.metric)).toContain('total_interactions');
    expectError(await get(b, `/api/analytics/posts/${topId}`), 404, 'NOT_FOUND');
  });
});

describe('CSV', () => {
  it('holds exactly the numbers the page shows, with formulas neutralised', async () => {
    const page: TopPostsPage = await expectOk(
      await get(a, '/api/analytics/posts?range=7&sort=reach&dir=desc'),
    );
    const res = await get(a, '/api/analytics/export/posts?range=7&sort=reach&dir=desc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.csv"/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(page.items.length + 1);
    for (const [i, post] of page.items.entries()) {
      expect(lines[i + 1]).toContain(String(post.reach));
      expect(lines[i + 1]).toContain(post.externalId);
    }
    expect(res.text).toContain(`"'=HYPERLINK(""x"") croissants, ""fresh"""`);

    const o: AnalyticsOverview = await expectOk(await get(a, '/api/analytics/overview?range=7'));
    const summary = await get(a, '/api/analytics/export/summary?range=7');
    for (const c of o.cards.filter((x) => x.value !== null)) {
      expect(summary.text).toContain(String(c.value));
    }
    const series = await get(a, '/api/analytics/export/series?range=7');
    expect(series.text.trim().split(/\r\n/)).toHaveLength(8);
    expectError(await get(a, '/api/analytics/export/secrets?range=7'), 400, 'VALIDATION_ERROR');
  });
});

describe('sync now, home figures, best times', () => {
  it('queues every account, any member may ask, and a paused account stays paused', async () => {
    const viewer = await addMember(t, a.user, 'viewer');
    const res = await viewer.client.request('/api/analytics/sync', {
      method: 'POST',
      json: { account: 'all' },
    });
    expect(res.status, res.text).toBe(202);
    expect(res.json.data).toEqual({ queued: 2 });
    await t.runtime.deps.database.unsafeDb.execute(sql`
      update public.analytics_sync_states set throttled_until = now() + interval '10 minutes'
       where connection_id = ${a.page.id}`);
    const again = await a.user.client.request('/api/analytics/sync', { method: 'POST', json: {} });
    expect(again.json.data).toEqual({ queued: 1 });
    expectError(
      await a.user.client.request('/api/analytics/sync', {
        method: 'POST',
        json: { account: b.page.id },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('gives the home page its figures from the same stored data', async () => {
    const k: HomeKpis = await expectOk(await get(a, '/api/analytics/kpis'));
    expect(k.hasAccounts).toBe(true);
    expect(k.followers.value).toBe(1500);
    expect(k.reach7d.value).toBe(343);
    expect(typeof k.postsScheduled).toBe('number');
  });

  it('builds a 7 × 24 heat-map with the posts behind each cell', async () => {
    const map: BestTimeHeatmap = await expectOk(await get(a, '/api/analytics/best-times'));
    expect(map.online.cells).toHaveLength(168);
    expect(map.posts.totalPosts).toBe(4);
    expect(map.posts.cells.reduce((s, c) => s + c.count, 0)).toBe(4);
    expect(map.posts.note).toMatch(/Too few posts/);
    expect(map.online.unavailableReason).toMatch(/no online followers/);
  });
});
