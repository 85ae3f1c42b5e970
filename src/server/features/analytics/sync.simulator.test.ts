import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview, Demographics } from '#shared/contracts/analytics.contract.ts';
import { RETIRED_METRICS } from '#shared/analytics/metrics.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { simulatedWorld, simulatorControl, simulatorOf } from '#server/test/meta-simulator.ts';
import { expectOk } from '../inbox/inbox.test-helpers.ts';
import { connectAll, type Connected } from '../publishing/publishing.test-helpers.ts';
import { BELOW_100 } from './sync-instagram.ts';
import { runAnalyticsSync } from './sync.ts';

// The insights sync against the Graph API simulator (docs/decisions/092): a business connects
// its accounts through the real OAuth flow; the first run backfills, a daily run reads the
// trailing days again and takes Meta's revision, no request ever names a retired metric, an
// account below 100 followers is "not available", and a rate limit pauses the account and keeps
// what was stored.

let t: TestApp;
let user: SignedInUser;
let ig: Connected;
let page: Connected;
const urls: string[] = [];

beforeAll(async () => {
  t = await getTestApp();
  const sim = simulatorOf(t);
  // Every request the client sends to the simulator, to look for retired metric names.
  const fetch = sim.app.fetch.bind(sim.app);
  sim.app.fetch = ((request: Request, ...rest: unknown[]) => {
    urls.push(request.url);
    return (fetch as (...a: unknown[]) => unknown)(request, ...rest);
  }) as typeof sim.app.fetch;
  // Four months of past posts, as in demo mode.
  sim.state.config.insightsHistoryDays = 120;
  clockOffsetMs = sim.state.clockOffsetMs;
  user = await createSignedInUser(t);
  const accounts = await connectAll(t, user);
  const world = simulatedWorld(t, user.userId);
  ig = accounts.find((a) => a.external_id === world.igAccountId)!;
  page = accounts.find((a) => a.external_id === world.pageId)!;
});

let clockOffsetMs = 0;
// Other test files share the simulator: its clock and history go back as they were.
afterAll(() => {
  const sim = simulatorOf(t);
  sim.state.config.insightsHistoryDays = 0;
  sim.state.clockOffsetMs = clockOffsetMs;
});

const db = () => t.runtime.deps.database.unsafeDb;
/** The simulated app's calls of the last hour start from none (other tests share it). */
const freshHour = () => {
  simulatorOf(t).state.calls.length = 0;
};
const count = async (table: string, where: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`),
  )[0]!.n;
const dailyOf = async (connectionId: string, metric: string) =>
  rowsOf<{ day: string; value: number; estimated: boolean }>(
    await db().execute(sql`
      select day::text as day, value, estimated from public.analytics_daily
       where connection_id = ${connectionId} and metric = ${metric} order by day`),
  );
const syncState = async (connectionId: string) =>
  rowsOf<Record<string, unknown>>(
    await db().execute(
      sql`select * from public.analytics_sync_states where connection_id = ${connectionId}`,
    ),
  )[0]!;

describe('the insights sync', () => {
  it('backfills an Instagram account: series, day totals, followers, audience, online, posts', async () => {
    freshHour();
    const report = await runAnalyticsSync(t.runtime.deps, user.userId, ig.id);
    expect(report.error).toBeNull();
    expect(report.status).toBe('ok');
    const reach = await dailyOf(ig.id, 'reach');
    expect(reach.length).toBeGreaterThanOrEqual(85);
    expect((await dailyOf(ig.id, 'views')).length).toBe(30);
    expect((await dailyOf(ig.id, 'follows_and_unfollows.FOLLOWER')).length).toBe(30);
    const followers = await dailyOf(ig.id, 'followers_count');
    expect(followers.filter((f) => f.estimated).length).toBe(30);
    expect(followers.filter((f) => !f.estimated)).toHaveLength(1);
    expect(await count('analytics_breakdowns', sql`connection_id = ${ig.id}`)).toBeGreaterThan(10);
    expect(await count('analytics_online_hours', sql`connection_id = ${ig.id}`)).toBeGreaterThan(
      24 * 20,
    );
    expect(report.postsFound).toBeGreaterThan(10);
    // Each post found is read at once.
    expect(report.samples).toBe(report.postsFound);
    const state = await syncState(ig.id);
    expect(state['status']).toBe('ok');
    expect(state['backfilled_from']).not.toBeNull();
    expect(state['last_calls']).toBe(report.calls);
    // About 13 calls a day once backfilled; the backfill itself, by the numbers above.
    // Besides one call per post sample: about 75 calls for the backfill.
    expect(report.calls - report.samples).toBeLessThan(80);

    // What the page shows comes from what was stored.
    const o: AnalyticsOverview = await expectOk(
      await user.client.request(`/api/analytics/overview?account=${ig.id}&range=28`),
    );
    for (const key of ['followers', 'reach', 'views', 'interactions', 'engagement_rate']) {
      expect(o.cards.find((c) => c.key === key)!.value, key).not.toBeNull();
    }
    const d: Demographics = await expectOk(
      await user.client.request(`/api/analytics/demographics?account=${ig.id}`),
    );
    expect(
      d.sets.find((s) => s.breakdown === 'age' && s.audience === 'followers')!.values.length,
    ).toBeGreaterThan(3);
  });

  it('backfills a Page a year back in 90-day windows', async () => {
    freshHour();
    const report = await runAnalyticsSync(t.runtime.deps, user.userId, page.id);
    expect(report.error).toBeNull();
    const views = await dailyOf(page.id, 'page_media_view');
    expect(views.length).toBeGreaterThanOrEqual(360);
    expect((await dailyOf(page.id, 'page_follows')).length).toBe(views.length);
    expect(await count('analytics_breakdowns', sql`connection_id = ${page.id}`)).toBeGreaterThan(0);
  });

  it('reads the trailing days again on the next daily run and takes the revision', async () => {
    const before = await dailyOf(ig.id, 'views');
    const last = before.at(-1)!;
    await simulatorControl(t, '/clock', { advanceSeconds: 2 * 86_400 });
    const later = new Date(Date.now() + 2 * 86_400_000);
    freshHour();
    await db().execute(sql`
      update public.analytics_sync_states set next_sync_at = now() where connection_id = ${ig.id}`);
    const report = await runAnalyticsSync(t.runtime.deps, user.userId, ig.id, {
      now: () => later,
    });
    expect(report.error).toBeNull();
    // The trailing days only, not a backfill; the posts sampled follow what is published.
    expect(report.calls - report.samples).toBeLessThan(30);
    const after = new Map((await dailyOf(ig.id, 'views')).map((r) => [r.day, r.value]));
    // The day that was the newest is final now, and larger than its first reading.
    expect(after.get(last.day)!).toBeGreaterThan(last.value);
    expect(after.size).toBeGreaterThan(before.length);
  });

  it('never sends a retired metric name', () => {
    const named = urls.flatMap((u) => {
      const metric = new URL(u).searchParams.get('metric');
      return metric ? metric.split(',') : [];
    });
    expect(named.length).toBeGreaterThan(20);
    const retired = new Set<string>(RETIRED_METRICS);
    expect(named.filter((m) => retired.has(m))).toEqual([]);
  });

  it('says "not available below 100 followers" and still stores the rest', async () => {
    const small = await createSignedInUser(t);
    const accounts = await connectAll(t, small);
    const world = simulatedWorld(t, small.userId);
    simulatorOf(t).state.igAccounts.get(world.igAccountId)!.followers = 42;
    const account = accounts.find((a) => a.external_id === world.igAccountId)!;
    freshHour();
    const report = await runAnalyticsSync(t.runtime.deps, small.userId, account.id);
    expect(report).toMatchObject({ status: 'unavailable', error: null });
    const state = await syncState(account.id);
    expect(state['unavailable_reason']).toBe(BELOW_100);
    // Demographics were skipped, so the next run asks again (not a week later).
    expect(state['demographics_at']).toBeNull();
    expect((await dailyOf(account.id, 'reach')).length).toBeGreaterThan(0);
    expect(await dailyOf(account.id, 'follows_and_unfollows.FOLLOWER')).toEqual([]);
  });

  it('pauses a throttled account, keeps its data, and says when it tries again', async () => {
    const stored = (await dailyOf(page.id, 'page_media_view')).length;
    freshHour();
    await simulatorControl(t, '/faults', { fault: 'throttle_4', path: '/insights', times: null });
    try {
      await db().execute(sql`
        update public.analytics_sync_states set next_sync_at = now()
         where connection_id = ${page.id}`);
      const report = await runAnalyticsSync(t.runtime.deps, user.userId, page.id);
      expect(report.status).toBe('throttled');
      const state = await syncState(page.id);
      expect(state['throttled_until']).not.toBeNull();
      expect(String(state['last_error'])).toMatch(/slow down/);
      expect(state['last_success_at']).not.toBeNull();
      expect((await dailyOf(page.id, 'page_media_view')).length).toBe(stored);
      // Paused: the next run makes no call at all.
      const again = await runAnalyticsSync(t.runtime.deps, user.userId, page.id);
      expect(again).toMatchObject({ status: 'throttled', calls: 0 });
    } finally {
      await simulatorOf(t).control.request('/faults', { method: 'DELETE' });
    }
  });

  it('stops a run when the usage headers near the limit, keeping what it read', async () => {
    const other = await createSignedInUser(t);
    const accounts = await connectAll(t, other);
    const world = simulatedWorld(t, other.userId);
    const account = accounts.find((a) => a.external_id === world.igAccountId)!;
    const sim = simulatorOf(t);
    // 85 % of the app's hourly allowance already spent.
    const allowance = sim.state.config.callsPerHour * Math.max(1, sim.state.people.size);
    sim.state.calls.length = 0;
    sim.state.calls.push(...Array.from({ length: Math.ceil(allowance * 0.85) }, () => sim.now()));
    const report = await runAnalyticsSync(t.runtime.deps, other.userId, account.id);
    expect(report).toMatchObject({ status: 'throttled', calls: 1 });
    const state = await syncState(account.id);
    expect(state['throttled_until']).not.toBeNull();
    expect(String(state['last_error'])).toMatch(/Paused to stay within/);
    // The one call made (the profile) was stored.
    expect((await dailyOf(account.id, 'followers_count')).length).toBe(1);
    freshHour();
  });
});
