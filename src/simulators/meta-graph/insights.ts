import {
  MIN_FOLLOWERS_FOR_INSIGHTS,
  PAGE_DAILY_METRICS,
  PAGE_DEMOGRAPHICS,
} from '#shared/analytics/metrics.ts';
import { fail, invalidParam, unknownObject, type GraphArea, type SimContext } from './context.ts';
import type { GraphErrorSpec } from './faults.ts';
import { audience, type AudienceBreakdown } from './insights-audience.ts';
import {
  addDays,
  between,
  dayEndMs,
  dayStartMs,
  daysBetween,
  followerTotals,
  igDay,
  onlineHours,
  pacificDay,
  pageDay,
  revision,
  type Audience,
  type IgDay,
} from './insights-history.ts';
import type { History } from './insights-media.ts';
import {
  describe,
  IG_ACCOUNT_ENUM,
  metricEnumError,
  PAGE_METRIC_ERROR,
} from './insights-catalogue.ts';
import { insightsObjects, type PostLookup } from './insights-objects.ts';
import type { SimIgAccount, SimPage } from './state.ts';

// Insights (docs/product/meta-platform.md#insights): an Instagram account's (both hosts) and a
// Page's, with the rules Meta applies — the metric enum and its (#100) errors, total_value-only
// metrics, breakdowns per metric, the 30- and 90-day spans, nothing below 100 followers, the
// 48-hour revision — over the generated histories of insights-history.ts. Media and post
// insights and the history posts' nodes are insights-objects.ts's.

const UNKNOWN_ERROR: GraphErrorSpec = {
  status: 500,
  code: 1,
  message: 'An unknown error has occurred.',
  isTransient: false,
};

const DEMOGRAPHICS = new Set(['follower_demographics', 'engaged_audience_demographics']);
const SERIES = new Set(['reach', 'follower_count', 'online_followers']);
const FOLLOWER_ONLY = new Set([
  'follower_count',
  'follows_and_unfollows',
  'follower_demographics',
  'engaged_audience_demographics',
  'online_followers',
]);
const BREAKDOWNS: Record<string, readonly string[]> = {
  reach: ['media_product_type', 'follow_type'],
  views: ['follower_type', 'follow_type', 'media_product_type'],
  likes: ['media_product_type'],
  comments: ['media_product_type'],
  saves: ['media_product_type'],
  shares: ['media_product_type'],
  total_interactions: ['media_product_type'],
  profile_links_taps: ['contact_button_type'],
  follows_and_unfollows: ['follow_type'],
  follower_demographics: ['age', 'gender', 'city', 'country'],
  engaged_audience_demographics: ['age', 'gender', 'city', 'country'],
};
const SPLITS: Record<string, readonly string[]> = {
  media_product_type: ['FEED', 'REELS', 'STORY'],
  follow_type: ['FOLLOWER', 'NON_FOLLOWER'],
  follower_type: ['FOLLOWER', 'NON_FOLLOWER'],
  contact_button_type: ['CALL', 'DIRECTION', 'EMAIL', 'TEXT', 'BOOK_NOW'],
};

/** since/until in unix seconds or as a date (a date is the Pacific midnight it starts). */
function parseTime(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? dayStartMs(raw) : Date.parse(raw);
  if (!Number.isFinite(ms)) fail(invalidParam(`(#100) The parameter ${name} is not a valid time`));
  return ms;
}

const IG_SCOPE = 'instagram_manage_insights';
const IG_LOGIN_SCOPE = 'instagram_business_manage_insights';

export function insightsRoutes(ctx: SimContext, history: History, posts: PostLookup) {
  const { state, nowMs, authenticate, requireScope, canActOnIg, canActOnPage, isoTime } = ctx;
  const objects = insightsObjects(ctx, history, posts);

  /** The window asked for: since/until (milliseconds), their span checked against `maxDays`. */
  function windowOf(params: Record<string, string>, maxDays: number, defaultDays: number) {
    const until = parseTime(params.until, 'until') ?? nowMs();
    const since = parseTime(params.since, 'since') ?? until - defaultDays * 86_400_000;
    if (since > until) fail(invalidParam('(#100) The since parameter must be before until'));
    // One hour of slack: a span of whole Pacific days may cross a daylight-saving change.
    if (until - since > maxDays * 86_400_000 + 3_600_000) {
      fail(invalidParam(`There cannot be more than ${maxDays} days between since and until`));
    }
    return { since, until };
  }

  /** The days whose end_time is in (since, until] and already past, with their revision. */
  function daysIn(since: number, until: number, oldest?: number) {
    const last = Math.min(until, nowMs());
    return daysBetween(pacificDay(since - 86_400_000), pacificDay(last))
      .map((day) => ({ day, end: dayEndMs(day), share: revision(day, nowMs()) }))
      .filter((d) => d.end > since && d.end <= last && d.share !== null)
      .filter((d) => oldest === undefined || d.end > oldest) as {
      day: string;
      end: number;
      share: number;
    }[];
  }

  function paging(
    base: string,
    path: string,
    params: Record<string, string>,
    w: { since: number; until: number },
  ) {
    const link = (shift: number) => {
      const url = new URL(`${base}${path}`);
      for (const [k, v] of Object.entries(params)) {
        if (k !== 'access_token' && k !== 'appsecret_proof') url.searchParams.set(k, v);
      }
      url.searchParams.set('since', String(Math.floor((w.since + shift) / 1000)));
      url.searchParams.set('until', String(Math.floor((w.until + shift) / 1000)));
      return url.toString();
    };
    const span = w.until - w.since;
    return { previous: link(-span), next: link(span) };
  }

  const split = (value: number, keys: readonly string[], ...seed: (string | number)[]) => {
    const weights = keys.map((k) => between(0.4, 1.6, ...seed, k) / (keys.indexOf(k) + 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    let left = value;
    return keys.map((k, i) => {
      const part = i === keys.length - 1 ? left : Math.round((value * weights[i]!) / sum);
      left -= part;
      return { dimension_values: [k], value: Math.max(0, part) };
    });
  };

  // ------------------------------------------------------------------ Instagram account

  function igAccountInsights(ig: SimIgAccount, params: Record<string, string>, base: string) {
    const metrics = (params.metric ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    if (metrics.length === 0) fail(invalidParam('(#100) The parameter metric is required'));
    const enumValues: readonly string[] = IG_ACCOUNT_ENUM;
    metrics.forEach((m, i) => {
      if (!enumValues.includes(m)) fail(metricEnumError(i, IG_ACCOUNT_ENUM));
    });
    const total = params.metric_type === 'total_value';
    metrics.forEach((m, i) => {
      if (!SERIES.has(m) && !total) fail(metricEnumError(i, IG_ACCOUNT_ENUM));
    });
    const breakdowns = (params.breakdown ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean);
    for (const m of metrics) {
      if (breakdowns.length === 0) continue;
      const supported = BREAKDOWNS[m] ?? [];
      if (!total || breakdowns.some((b) => !supported.includes(b))) fail(UNKNOWN_ERROR);
      if (DEMOGRAPHICS.has(m) && breakdowns.length !== 1) fail(UNKNOWN_ERROR);
    }
    const a: Audience = { id: ig.id, followers: ig.followers };
    const w = windowOf(params, 30, 1);
    const data: Record<string, unknown>[] = [];
    const entry = (name: string, period: string, body: Record<string, unknown>) =>
      data.push({
        name,
        period,
        ...body,
        ...describe(name),
        id: `${ig.id}/insights/${name}/${period}`,
      });
    const recent = nowMs() - 30 * 86_400_000;
    const dayValue = (m: keyof IgDay, d: { day: string; share: number }) =>
      Math.round(igDay(a, d.day)[m] * d.share);

    for (const m of metrics) {
      if (FOLLOWER_ONLY.has(m) && ig.followers < MIN_FOLLOWERS_FOR_INSIGHTS) continue;
      if (DEMOGRAPHICS.has(m)) {
        const d = demographics(ig, a, m, params, breakdowns[0]);
        if (d) entry(m, 'lifetime', d);
        continue;
      }
      if (m === 'online_followers') {
        if (params.period !== 'lifetime')
          fail(invalidParam('(#100) online_followers supports only period=lifetime'));
        const values = daysIn(w.since, w.until, recent).map((d) => ({
          value: onlineHours(a, d.day),
          end_time: isoTime(d.end),
        }));
        entry(m, 'lifetime', { values });
        continue;
      }
      if (params.period !== 'day')
        fail(invalidParam(`(#100) The period parameter must be day for ${m}`));
      const days = daysIn(w.since, w.until, m === 'follower_count' ? recent : undefined);
      const key = (m === 'follower_count' ? 'follows' : m) as keyof IgDay;
      if (!total) {
        entry(m, 'day', {
          values: days.map((d) => ({ value: dayValue(key, d), end_time: isoTime(d.end) })),
        });
        continue;
      }
      if (m === 'follows_and_unfollows') {
        const follows = days.reduce((s, d) => s + dayValue('follows', d), 0);
        const unfollows = days.reduce((s, d) => s + dayValue('unfollows', d), 0);
        const results = [
          { dimension_values: ['FOLLOWER'], value: follows },
          { dimension_values: ['NON_FOLLOWER'], value: unfollows },
        ];
        entry(m, 'day', {
          total_value: {
            value: follows + unfollows,
            ...(breakdowns.length
              ? { breakdowns: [{ dimension_keys: ['follow_type'], results }] }
              : {}),
          },
        });
        continue;
      }
      const value = days.reduce((s, d) => s + dayValue(key, d), 0);
      const parts = breakdowns.map((b) => ({
        dimension_keys: [b],
        results: split(value, SPLITS[b] ?? [], ig.id, m, b, w.since),
      }));
      entry(m, 'day', { total_value: { value, ...(parts.length ? { breakdowns: parts } : {}) } });
    }
    return { data, paging: paging(base, `/${ig.id}/insights`, params, w) };
  }

  function demographics(
    ig: SimIgAccount,
    a: Audience,
    metric: string,
    params: Record<string, string>,
    breakdown: string | undefined,
  ) {
    if (params.period !== 'lifetime')
      fail(invalidParam(`(#100) ${metric} supports only period=lifetime`));
    const timeframe = params.timeframe ?? '';
    if (!['this_week', 'this_month'].includes(timeframe)) {
      fail(invalidParam('(#100) The timeframe parameter must be one of this_week, this_month'));
    }
    if (!breakdown)
      fail(invalidParam(`(#100) ${metric} requires a breakdown: age, gender, city or country`));
    if (metric === 'follower_demographics' && (params.since || params.until)) {
      fail(invalidParam('(#100) since and until are not supported for follower_demographics'));
    }
    let people = ig.followers;
    if (metric === 'engaged_audience_demographics') {
      const today = pacificDay(nowMs());
      const span = timeframe === 'this_week' ? 7 : 30;
      people = Math.round(
        daysBetween(addDays(today, -span), addDays(today, -1)).reduce(
          (s, day) => s + igDay(a, day).accounts_engaged,
          0,
        ) * 0.6,
      );
      if (people < MIN_FOLLOWERS_FOR_INSIGHTS) return null;
    }
    const frame = timeframe.toUpperCase();
    const results = audience(`${ig.id}:${metric}`, people, breakdown as AudienceBreakdown)
      .slice(0, 45)
      .map(([key, value]) => ({ dimension_values: [frame, key], value }));
    return { total_value: { breakdowns: [{ dimension_keys: ['timeframe', breakdown], results }] } };
  }

  // ------------------------------------------------------------------------------ Pages

  function pageInsights(p: SimPage, params: Record<string, string>, base: string) {
    const metrics = (params.metric ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
    if (metrics.length === 0) fail(invalidParam('(#100) The parameter metric is required'));
    const valid: readonly string[] = [...PAGE_DAILY_METRICS, ...PAGE_DEMOGRAPHICS];
    if (metrics.some((m) => !valid.includes(m))) fail(PAGE_METRIC_ERROR);
    if (params.period && params.period !== 'day') fail(invalidParam('(#100) Invalid period'));
    const w = windowOf(params, 90, 2);
    const a: Audience = { id: p.id, followers: p.followers };
    const days = daysIn(w.since, w.until);
    const today = pacificDay(nowMs());
    const net = (day: string) => {
      const v = pageDay(a, day);
      return v.page_daily_follows_unique - v.page_daily_unfollows_unique;
    };
    const totals = followerTotals(
      a,
      days.map((d) => d.day),
      today,
      net,
    );
    type Entry = { name: string; period: string; values: { value: unknown; end_time: string }[] };
    const data = metrics.flatMap((m): Entry[] => {
      if (m === 'page_follows_city' || m === 'page_follows_country') {
        if (p.followers < MIN_FOLLOWERS_FOR_INSIGHTS) return [];
        const by = m === 'page_follows_city' ? 'city' : 'country';
        const map = Object.fromEntries(
          audience(`${p.id}:${m}`, p.followers, by, true).slice(0, 45),
        );
        return [
          {
            name: m,
            period: 'day',
            values: days.map((d) => ({ value: map, end_time: isoTime(d.end) })),
          },
        ];
      }
      const values = days.map((d) => ({
        value:
          m === 'page_follows'
            ? (totals.get(d.day) ?? p.followers)
            : Math.round(pageDay(a, d.day)[m as keyof ReturnType<typeof pageDay>] * d.share),
        end_time: isoTime(d.end),
      }));
      return [{ name: m, period: 'day', values }];
    });
    return {
      data: data.map((x) => ({ ...x, ...describe(x.name), id: `${p.id}/insights/${x.name}/day` })),
      paging: paging(base, `/${p.id}/insights`, params, w),
    };
  }

  // ------------------------------------------------------------------------------ areas

  const accountArea =
    (login: boolean): GraphArea =>
    (request) => {
      const { c, params, segments, base } = request;
      const [first, second] = segments;
      if (second !== 'insights' || c.req.method !== 'GET') return undefined;
      const ig = login && first === 'me' ? undefined : state.igAccounts.get(first!);
      if (ig) {
        const token = authenticate(c, params, login ? ['IG_USER'] : ['USER', 'PAGE']);
        if (!canActOnIg(token, ig.id)) fail(unknownObject(ig.id));
        requireScope(token, login ? IG_LOGIN_SCOPE : IG_SCOPE);
        return c.json(igAccountInsights(ig, params, base));
      }
      if (login && first === 'me') {
        const token = authenticate(c, params, ['IG_USER']);
        requireScope(token, IG_LOGIN_SCOPE);
        return c.json(igAccountInsights(state.igAccounts.get(token.subjectId)!, params, base));
      }
      const page = login ? undefined : state.pages.get(first!);
      if (page) {
        const token = authenticate(c, params, ['USER', 'PAGE']);
        if (!canActOnPage(token, page.id)) fail(unknownObject(page.id));
        if (token.kind !== 'PAGE') {
          fail(
            invalidParam(
              'A Page access token is required for this call for the new Pages experience.',
            ),
          );
        }
        requireScope(token, 'read_insights');
        return c.json(pageInsights(page, params, base));
      }
      return undefined;
    };

  const graph: GraphArea = async (request) =>
    (await accountArea(false)(request)) ?? objects.graph(request);
  const igGraph: GraphArea = async (request) =>
    (await accountArea(true)(request)) ?? objects.igGraph(request);
  return { graph, igGraph };
}
