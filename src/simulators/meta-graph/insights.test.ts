import { describe, expect, it } from 'vitest';
import { RETIRED_METRICS } from '#shared/analytics/metrics.ts';
import { ACCOUNT_ENUM, DAY, sec, setup, SUMMER, WINTER } from './insights.test-helpers.ts';
import { SEED } from './state.ts';

// The simulated insights (docs/product/meta-platform.md#insights): generated histories, Meta's
// rules and errors, the 48-hour revision. History media and their insights are in
// insights-media.test.ts.

const ig = `/${SEED.igAccountId}/insights`;
const pageInsights = `/${SEED.pageId}/insights`;

describe('Instagram account insights', () => {
  it('answers the same values for the same account and days in every run', async () => {
    const a = setup();
    const b = setup();
    const params = {
      metric: 'reach',
      period: 'day',
      since: sec(SUMMER - 20 * DAY),
      until: sec(SUMMER),
    };
    const first = await a.get(ig, params);
    const second = await b.get(ig, params);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual(second.body.data);
    const values = first.body.data[0].values as { value: number; end_time: string }[];
    expect(values.length).toBe(20);
    for (const v of values.slice(0, -2)) {
      expect(v.value).toBeGreaterThanOrEqual(1280 * 0.05);
      expect(v.value).toBeLessThanOrEqual(1280 * 0.4);
      expect(v.end_time).toMatch(/T07:00:00\+0000$/);
    }
    expect(first.body.data[0]).toMatchObject({
      name: 'reach',
      period: 'day',
      title: 'Accounts reached',
      id: `${SEED.igAccountId}/insights/reach/day`,
    });
    expect(first.body.paging.previous).toContain('since=');
    expect(first.headers.get('x-app-usage')).toContain('call_count');
  });

  it('dates winter days at 08:00 UTC', async () => {
    const s = setup(WINTER);
    const { body } = await s.get(ig, {
      metric: 'reach',
      period: 'day',
      since: sec(WINTER - 5 * DAY),
      until: sec(WINTER),
    });
    expect(body.data[0].values[0].end_time).toMatch(/T08:00:00\+0000$/);
  });

  it('refuses a retired or unknown metric with the enum, naming the first bad index', async () => {
    const s = setup();
    for (const retired of ['impressions', 'profile_views', 'audience_city']) {
      const { status, body } = await s.get(ig, { metric: `reach,${retired}`, period: 'day' });
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        message: `(#100) metric[1] must be one of the following values: ${ACCOUNT_ENUM}`,
        type: 'OAuthException',
        code: 100,
      });
      expect(body.error.fbtrace_id).toEqual(expect.any(String));
    }
  });

  it('refuses views without metric_type=total_value', async () => {
    const s = setup();
    const { status, body } = await s.get(ig, { metric: 'views', period: 'day' });
    expect(status).toBe(400);
    expect(body.error.message).toBe(
      `(#100) metric[0] must be one of the following values: ${ACCOUNT_ENUM}`,
    );
    const ok = await s.get(ig, {
      metric: 'views,likes',
      period: 'day',
      metric_type: 'total_value',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((d) => d.name)).toEqual(['views', 'likes']);
    expect(ok.body.data[0].total_value.value).toBeGreaterThan(0);
  });

  it('answers an unknown error for a breakdown the metric does not have', async () => {
    const s = setup();
    const { status, body } = await s.get(ig, {
      metric: 'accounts_engaged',
      period: 'day',
      metric_type: 'total_value',
      breakdown: 'media_product_type',
    });
    expect(status).toBe(500);
    expect(body.error).toMatchObject({
      message: 'An unknown error has occurred.',
      code: 1,
      is_transient: false,
    });
    const split = await s.get(ig, {
      metric: 'follows_and_unfollows',
      period: 'day',
      metric_type: 'total_value',
      breakdown: 'follow_type',
      since: sec(SUMMER - 7 * DAY),
      until: sec(SUMMER),
    });
    const results = split.body.data[0].total_value.breakdowns[0].results;
    expect(results.map((r) => r.dimension_values[0])).toEqual(['FOLLOWER', 'NON_FOLLOWER']);
    expect(results[0].value).toBeGreaterThan(results[1].value);
  });

  it('keeps since and until at most 30 days apart', async () => {
    const s = setup();
    const { status, body } = await s.get(ig, {
      metric: 'reach',
      period: 'day',
      since: sec(SUMMER - 31 * DAY),
      until: sec(SUMMER),
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: 100,
      message: 'There cannot be more than 30 days between since and until',
    });
  });

  it('answers empty data for follower metrics below 100 followers', async () => {
    const s = setup();
    s.sim.state.igAccounts.get(SEED.igAccountId)!.followers = 80;
    for (const params of [
      { metric: 'follower_count', period: 'day' },
      { metric: 'follows_and_unfollows', period: 'day', metric_type: 'total_value' },
      { metric: 'online_followers', period: 'lifetime' },
      {
        metric: 'follower_demographics',
        period: 'lifetime',
        metric_type: 'total_value',
        timeframe: 'this_month',
        breakdown: 'age',
      },
    ]) {
      const { status, body } = await s.get(ig, params);
      expect(status).toBe(200);
      expect(body.data).toEqual([]);
    }
    const reach = await s.get(ig, { metric: 'reach', period: 'day' });
    expect(reach.body.data).toHaveLength(1);
  });

  it('revises the last two days upwards, then keeps them', async () => {
    const s = setup();
    const day = {
      metric: 'reach',
      period: 'day',
      since: sec(SUMMER - 3 * DAY),
      until: sec(SUMMER + 10 * DAY),
    };
    const read = async () => {
      const { body } = await s.get(ig, day);
      return new Map<string, number>(body.data[0].values.map((v) => [v.end_time, v.value]));
    };
    const before = await read();
    const lastEnd = [...before.keys()].at(-1)!;
    expect(Date.parse(lastEnd.replace('+0000', 'Z'))).toBeGreaterThan(SUMMER - DAY);
    s.setNow(SUMMER + 2 * DAY);
    const later = await read();
    expect(later.get(lastEnd)!).toBeGreaterThan(before.get(lastEnd)!);
    s.setNow(SUMMER + 3 * DAY);
    expect((await read()).get(lastEnd)).toBe(later.get(lastEnd));
  });

  it('answers online followers per day, by Pacific hour, for the last 30 days', async () => {
    const s = setup();
    const { body } = await s.get(ig, {
      metric: 'online_followers',
      period: 'lifetime',
      since: sec(SUMMER - 30 * DAY),
      until: sec(SUMMER),
    });
    const values = body.data[0].values as { value: Record<string, number>; end_time: string }[];
    expect(values.length).toBeGreaterThanOrEqual(28);
    expect(Object.keys(values[0]!.value)).toEqual(Array.from({ length: 24 }, (_, h) => String(h)));
    const hours = values[0]!.value;
    expect(hours['20']!).toBeGreaterThan(hours['4']!);
    expect(values[0]!.value).not.toEqual(values[1]!.value);
  });

  it('answers demographics by one breakdown, the top 45, keyed by timeframe', async () => {
    const s = setup();
    const base = {
      metric: 'follower_demographics',
      period: 'lifetime',
      metric_type: 'total_value',
      timeframe: 'this_month',
    };
    const country = await s.get(ig, { ...base, breakdown: 'country' });
    const breakdown = country.body.data[0].total_value.breakdowns[0];
    expect(breakdown.dimension_keys).toEqual(['timeframe', 'country']);
    expect(breakdown.results).toHaveLength(45);
    expect(breakdown.results[0].dimension_values[0]).toBe('THIS_MONTH');
    expect(breakdown.results[0].dimension_values[1]).toMatch(/^[A-Z]{2}$/);
    const age = await s.get(ig, { ...base, breakdown: 'age' });
    const ages = age.body.data[0].total_value.breakdowns[0].results.map(
      (r) => r.dimension_values[1],
    );
    expect(ages.sort()).toEqual(['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+']);
    const gender = await s.get(ig, { ...base, breakdown: 'gender' });
    expect(
      gender.body.data[0].total_value.breakdowns[0].results
        .map((r) => r.dimension_values[1])
        .sort(),
    ).toEqual(['F', 'M', 'U']);
    const city = await s.get(ig, {
      ...base,
      metric: 'engaged_audience_demographics',
      timeframe: 'this_month',
      breakdown: 'city',
    });
    expect(city.body.data[0].total_value.breakdowns[0].results[0].dimension_values[1]).toMatch(
      /^.+, .+$/,
    );
    // Fewer than 100 engaged accounts in a week: nothing.
    const week = await s.get(ig, {
      ...base,
      metric: 'engaged_audience_demographics',
      timeframe: 'this_week',
      breakdown: 'city',
    });
    expect(week.body.data).toEqual([]);
    const withDates = await s.get(ig, {
      ...base,
      breakdown: 'age',
      since: sec(SUMMER - DAY),
      until: sec(SUMMER),
    });
    expect(withDates.status).toBe(400);
    const twoBreakdowns = await s.get(ig, { ...base, breakdown: 'age,gender' });
    expect(twoBreakdowns.status).toBe(500);
  });

  it('answers on graph.instagram.com with an Instagram Login token', async () => {
    const s = setup();
    const token = s.token('IG_USER', SEED.igLoginAccountId);
    const { status, body } = await s.get(
      `/${SEED.igLoginAccountId}/insights`,
      { metric: 'reach', period: 'day', access_token: token },
      'ig',
    );
    expect(status).toBe(200);
    expect(body.data[0].values.length).toBeGreaterThan(0);
  });
});

describe('Page insights', () => {
  it('answers daily values, the follows total ending at the Page followers', async () => {
    const s = setup();
    const { status, body } = await s.get(pageInsights, {
      metric: 'page_total_media_view_unique,page_media_view,page_follows',
      period: 'day',
      since: sec(SUMMER - 90 * DAY),
      until: sec(SUMMER),
    });
    expect(status).toBe(200);
    const [unique, views, follows] = body.data;
    expect(unique.values).toHaveLength(90);
    expect(views.values[50]!.value).toBeGreaterThan(unique.values[50]!.value);
    expect(follows.values.at(-1)!.value).toBeLessThanOrEqual(2150);
    expect(follows.values.at(-1)!.value).toBeGreaterThan(2100);
    expect(follows.values[0].value).toBeLessThan(follows.values.at(-1)!.value);
  });

  it('refuses more than 90 days and retired metrics', async () => {
    const s = setup();
    const long = await s.get(pageInsights, {
      metric: 'page_follows',
      period: 'day',
      since: sec(SUMMER - 91 * DAY),
      until: sec(SUMMER),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe(100);
    for (const retired of RETIRED_METRICS.filter((m) => m.startsWith('page_'))) {
      const { status, body } = await s.get(pageInsights, {
        metric: `page_follows,${retired}`,
        period: 'day',
      });
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        code: 100,
        message: '(#100) The value must be a valid insights metric',
      });
    }
  });

  it('answers where followers are as a map', async () => {
    const s = setup();
    const { body } = await s.get(pageInsights, {
      metric: 'page_follows_city,page_follows_country',
      period: 'day',
    });
    const [city, country] = body.data;
    const cities = city.values.at(-1)!.value as Record<string, number>;
    expect(Object.keys(cities).length).toBeLessThanOrEqual(45);
    expect(Object.keys(cities)[0]).toMatch(/^.+, .+$/);
    expect(Object.keys(country.values.at(-1)!.value)[0]).toMatch(/^[A-Z]{2}$/);
  });
});
