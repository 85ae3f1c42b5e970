import { describe, expect, it } from 'vitest';
import {
  assertCurrentMetrics,
  IG_ACCOUNT_DAY_TOTALS,
  IG_MEDIA_METRICS,
  PAGE_DAILY_METRICS,
  PAGE_POST_METRICS,
  RETIRED_METRICS,
} from '#shared/analytics/metrics.ts';
import { SEED } from '#simulators/meta-graph/state.ts';
import { createMetaClient } from './client.ts';
import { inboxContract } from './inbox-client.test-helpers.ts';
import { dayOfEndTime } from './insights-normalise.ts';

// The analytics calls of the Graph API client (docs/decisions/092,
// docs/product/meta-platform.md#insights) against the simulator over real HTTP: every method, the
// day convention (end_time at the next Pacific midnight), and that no retired metric is ever sent.

const c = inboxContract();
const DAY = 86_400_000;
const SUMMER = Date.parse('2026-07-15T18:00:00Z');

/** Moves the simulated clock to `ms` (after the tokens were issued). */
const setNow = (ms: number) => {
  c.sim().state.clockOffsetMs = ms - Date.now();
};
const pacificMidnight = (day: string, summer = true) =>
  new Date(`${day}T0${summer ? 7 : 8}:00:00Z`);
const withHistory = () =>
  c.target.control!.call('/reset', { config: { insightsHistoryDays: 120 } });

describe('day convention', () => {
  it('reads end_time one second back, in Pacific time, summer and winter', () => {
    expect(dayOfEndTime('2026-07-16T07:00:00+0000')).toBe('2026-07-15');
    expect(dayOfEndTime('2026-01-16T08:00:00+0000')).toBe('2026-01-15');
    expect(dayOfEndTime('2026-11-01T07:00:00+0000')).toBe('2026-10-31');
    expect(dayOfEndTime('2026-11-02T08:00:00+0000')).toBe('2026-11-01');
  });

  it('gives consecutive days across the end of daylight saving time', async () => {
    const token = await c.pageToken();
    setNow(Date.parse('2026-11-10T18:00:00Z'));
    const values = await c.client.insights.igAccountSeries('facebook', SEED.igAccountId, token, {
      metrics: ['reach'],
      since: pacificMidnight('2026-10-25'),
      until: pacificMidnight('2026-11-10', false),
    });
    const days = values.map((v) => v.day);
    expect(days[0]).toBe('2026-10-25');
    expect(days.at(-1)).toBe('2026-11-09');
    expect(new Set(days).size).toBe(days.length);
    expect(days).toHaveLength(16);
  });
});

describe('Instagram account', () => {
  it('reads reach and follower_count as daily series', async () => {
    const token = await c.pageToken();
    setNow(SUMMER);
    const values = await c.client.insights.igAccountSeries('facebook', SEED.igAccountId, token, {
      metrics: ['reach', 'follower_count'],
      since: pacificMidnight('2026-06-16'),
      until: pacificMidnight('2026-07-15'),
    });
    const reach = values.filter((v) => v.metric === 'reach');
    const follows = values.filter((v) => v.metric === 'follower_count');
    expect(reach).toHaveLength(29);
    expect(reach[0]!.day).toBe('2026-06-16');
    expect(reach.at(-1)!.day).toBe('2026-07-14');
    expect(follows.length).toBeGreaterThan(25);
    expect(reach.every((v) => v.value > 0)).toBe(true);
  });

  it('reads day totals, follows by type, and nothing below 100 followers', async () => {
    const token = await c.pageToken();
    setNow(SUMMER);
    const window = { since: pacificMidnight('2026-07-13'), until: pacificMidnight('2026-07-14') };
    const ins = c.client.insights;
    const totals = await ins.igAccountTotals('facebook', SEED.igAccountId, token, {
      metrics: IG_ACCOUNT_DAY_TOTALS,
      ...window,
    });
    expect(totals.map((t) => t.metric)).toEqual([...IG_ACCOUNT_DAY_TOTALS]);
    expect(totals.find((t) => t.metric === 'views')!.value).toBeGreaterThan(0);
    const [follows] = await ins.igAccountTotals('facebook', SEED.igAccountId, token, {
      metrics: ['follows_and_unfollows'],
      ...window,
      breakdown: 'follow_type',
    });
    expect(Object.keys(follows!.breakdown!)).toEqual(['FOLLOWER', 'NON_FOLLOWER']);

    c.sim().state.igAccounts.get(SEED.igAccountId)!.followers = 60;
    const [none] = await ins.igAccountTotals('facebook', SEED.igAccountId, token, {
      metrics: ['follows_and_unfollows'],
      ...window,
      breakdown: 'follow_type',
    });
    expect(none).toEqual({ metric: 'follows_and_unfollows', value: null, breakdown: null });
    const demographics = await ins.igDemographics('facebook', SEED.igAccountId, token, {
      metric: 'follower_demographics',
      breakdown: 'age',
      timeframe: 'this_month',
    });
    expect(demographics).toBeNull();
  });

  it('reads demographics, online followers and the profile', async () => {
    const token = await c.igLoginToken();
    const id = SEED.igLoginAccountId;
    setNow(SUMMER);
    const ins = c.client.insights;
    const countries = await ins.igDemographics('instagram', id, token, {
      metric: 'follower_demographics',
      breakdown: 'country',
      timeframe: 'this_week',
    });
    expect(countries!.length).toBeLessThanOrEqual(45);
    expect(countries![0]!.key).toMatch(/^[A-Z]{2}$/);
    expect(countries![0]!.value).toBeGreaterThanOrEqual(countries![1]!.value);
    const online = await ins.igOnlineFollowers('instagram', id, token, {
      since: pacificMidnight('2026-07-08'),
      until: pacificMidnight('2026-07-15'),
    });
    expect(online.map((d) => d.day)).toEqual([
      '2026-07-08',
      '2026-07-09',
      '2026-07-10',
      '2026-07-11',
      '2026-07-12',
      '2026-07-13',
      '2026-07-14',
    ]);
    expect(Object.keys(online[0]!.hours).map(Number)).toEqual([...Array(24).keys()]);
    expect(await ins.igProfile('instagram', id, token)).toEqual({
      followersCount: 430,
      mediaCount: 0,
    });
  });

  it('lists media back to since and reads their insights by product type', async () => {
    await withHistory();
    const token = await c.pageToken();
    const ins = c.client.insights;
    const since = new Date(Date.now() - 30 * DAY);
    const media = await ins.igMedia('facebook', SEED.igAccountId, token, { since, limit: 10 });
    expect(media.length).toBeGreaterThan(8);
    expect(media.every((m) => Date.parse(m.timestamp) >= since.getTime())).toBe(true);
    const first = media[0]!;
    expect(first).toMatchObject({ caption: expect.any(String), permalink: expect.any(String) });
    expect(first.thumbnailUrl).toMatch(/\/cdn\/history\/\d+/);
    for (const m of media.slice(0, 4)) {
      const values = await ins.igMediaInsights('facebook', m.id, token, m.productType);
      expect(Object.keys(values).sort()).toEqual([...IG_MEDIA_METRICS[m.productType]].sort());
    }
    const profile = await ins.igProfile('facebook', SEED.igAccountId, token);
    expect(profile.mediaCount).toBeGreaterThan(50);
  });

  it('surfaces the API refusal as a MetaApiError', async () => {
    const token = await c.pageToken();
    const error = await c.failure(
      c.client.insights.igAccountSeries('facebook', SEED.igAccountId, token, {
        metrics: ['views'],
        since: new Date(Date.now() - 3 * DAY),
        until: new Date(),
      }),
    );
    expect(error.details).toMatchObject({ code: 100, kind: 'invalid_parameter' });
  });
});

describe('Facebook Page', () => {
  it('reads daily values for 90 days, and refuses 91 before sending', async () => {
    const token = await c.pageToken();
    setNow(SUMMER);
    const ins = c.client.insights;
    const values = await ins.pageDaily(SEED.pageId, token, {
      metrics: PAGE_DAILY_METRICS,
      since: pacificMidnight('2026-04-16'),
      until: pacificMidnight('2026-07-15'),
    });
    const follows = values.filter((v) => v.metric === 'page_follows');
    expect(follows).toHaveLength(90);
    expect(follows.at(-1)).toMatchObject({ day: '2026-07-14' });
    expect(new Set(values.map((v) => v.metric))).toEqual(new Set(PAGE_DAILY_METRICS));
    await expect(
      ins.pageDaily(SEED.pageId, token, {
        metrics: PAGE_DAILY_METRICS,
        since: pacificMidnight('2026-04-15'),
        until: pacificMidnight('2026-07-15'),
      }),
    ).rejects.toThrow(/90 days/);
    const cities = await ins.pageDemographics(SEED.pageId, token, 'page_follows_city');
    expect(cities![0]!.key).toMatch(/^.+, .+$/);
    const countries = await ins.pageDemographics(SEED.pageId, token, 'page_follows_country');
    expect(countries![0]!.value).toBeGreaterThan(0);
  });

  it('lists posts and reads their insights with comments and shares', async () => {
    await withHistory();
    const token = await c.pageToken();
    const ins = c.client.insights;
    const posts = await ins.pagePosts(SEED.pageId, token, {
      since: new Date(Date.now() - 60 * DAY),
      limit: 10,
      maxPages: 3,
    });
    expect(posts.length).toBeGreaterThan(10);
    expect(posts.length).toBeLessThanOrEqual(30);
    expect(['photo', 'status']).toContain(posts[0]!.kind);
    const values = await ins.pagePostInsights(posts[0]!.id, token);
    expect(Object.keys(values).sort()).toEqual([...PAGE_POST_METRICS, 'comments', 'shares'].sort());
    expect(values.post_reactions_by_type_total).toEqual(expect.any(Number));
  });
});

describe('retired metrics', () => {
  it('never sends one, and refuses one before any request', async () => {
    await withHistory();
    const token = await c.pageToken();
    const igToken = await c.igLoginToken();
    const urls: string[] = [];
    const client = createMetaClient(c.target.config, {
      sleep: async () => {},
      fetch: (url, init) => {
        urls.push(url);
        return fetch(url, init);
      },
    });
    const ins = client.insights;
    const since = new Date(Date.now() - 7 * DAY);
    const until = new Date();
    const ig = SEED.igAccountId;
    await ins.igAccountSeries('facebook', ig, token, {
      metrics: ['reach', 'follower_count'],
      since,
      until,
    });
    await ins.igAccountTotals('facebook', ig, token, {
      metrics: IG_ACCOUNT_DAY_TOTALS,
      since,
      until,
    });
    await ins.igDemographics('facebook', ig, token, {
      metric: 'engaged_audience_demographics',
      breakdown: 'gender',
      timeframe: 'this_month',
    });
    await ins.igOnlineFollowers('instagram', SEED.igLoginAccountId, igToken, { since, until });
    await ins.igProfile('facebook', ig, token);
    const [medium] = await ins.igMedia('facebook', ig, token, { limit: 5, maxPages: 1 });
    await ins.igMediaInsights('facebook', medium!.id, token, medium!.productType);
    await ins.pageDaily(SEED.pageId, token, { metrics: PAGE_DAILY_METRICS, since, until });
    await ins.pageDemographics(SEED.pageId, token, 'page_follows_country');
    const [post] = await ins.pagePosts(SEED.pageId, token, { limit: 5, maxPages: 1 });
    await ins.pagePostInsights(post!.id, token);

    const sent = urls
      .map((u) => new URL(u).searchParams.get('metric'))
      .filter((m): m is string => m !== null)
      .flatMap((m) => m.split(','));
    expect(sent.length).toBeGreaterThan(20);
    const retired = new Set<string>(RETIRED_METRICS);
    expect(sent.filter((m) => retired.has(m))).toEqual([]);

    const before = urls.length;
    for (const name of RETIRED_METRICS) {
      expect(() => assertCurrentMetrics(['reach', name])).toThrow(name);
    }
    await expect(
      ins.igAccountSeries('facebook', ig, token, { metrics: ['impressions'], since, until }),
    ).rejects.toThrow(/Retired insights metric/);
    await expect(
      ins.igAccountTotals('facebook', ig, token, { metrics: ['profile_views'], since, until }),
    ).rejects.toThrow(/Retired insights metric/);
    await expect(
      ins.pageDaily(SEED.pageId, token, { metrics: ['page_impressions_unique'], since, until }),
    ).rejects.toThrow(/Retired insights metric/);
    expect(urls.length).toBe(before);
  });
});
