import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AnalyticsAccount,
  AnalyticsOverview,
  analyticsQuerySchema,
  MetricCard,
  MetricSeries,
  MetricSource,
  Provenance,
  ResolvedRange,
} from '#shared/contracts/analytics.contract.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { instantAt } from '../queue/wall-clock.ts';
import { idsOf, loadScope, syncStatesOf } from './accounts.ts';
import {
  changePct,
  dailyMetricsOf,
  engagementRate,
  ENGAGEMENT_RATE_DEFINITION,
  MEASURE_SPECS,
  REVISION_NOTE,
  type MeasureSpec,
} from './measures.ts';
import { datesOf, parseIso, resolveRange, shiftIso } from './range.ts';

// The analytics page's figures (docs/decisions/092): every card and series computed from the
// stored daily insights and posts, for this period and the previous one of the same length.
// Two statements: the daily rows of the covered accounts and metrics from the previous period's
// first day to this period's last (the primary key's range), and the posts published in that
// span grouped by account and day.

type Query = z.output<typeof analyticsQuerySchema>;

export const ESTIMATE_FOLLOWERS =
  'Totals before the first daily reading are worked out backwards from the daily new-follower ' +
  'counts (follower_count), so they are estimates.';
const ACROSS_ACCOUNTS_REACH =
  'Added across accounts: someone reached by two accounts counts twice.';

interface DailyRow {
  connection_id: string;
  metric: string;
  day: string;
  value: number;
  estimated: boolean;
  fetched_at: Date | string;
  /** fetched_at as Unix ms, worked out once. */
  fetched_ms: number | null;
}

interface PostDayRow {
  connection_id: string;
  day: string;
  posts: number;
  interactions: number | null;
  reach: number | null;
  visits: number | null;
  fetched_at: Date | string | null;
  fetched_ms: number | null;
}

export interface StoredFigures {
  range: ResolvedRange;
  /** By `account|metric|day`. */
  daily: Map<string, DailyRow>;
  /** By `account|day`. */
  postDays: Map<string, PostDayRow>;
}

const dailyKey = (account: string, metric: string, day: string) => `${account}|${metric}|${day}`;
const postKey = (account: string, day: string) => `${account}|${day}`;

/** The instant the business's day `date` starts. */
export function dayStart(date: string, timeZone: string): Date {
  return instantAt(parseIso(date), 0, timeZone);
}

export async function readFigures(
  tx: Tx,
  tenantId: string,
  accounts: readonly AnalyticsAccount[],
  range: ResolvedRange,
): Promise<StoredFigures> {
  if (accounts.length === 0) return { range, daily: new Map(), postDays: new Map() };
  const metrics = dailyMetricsOf([...new Set(accounts.map((a) => a.platform))]);
  const daily = rowsOf<DailyRow>(
    await tx.execute(sql`
      select connection_id, metric, day::text as day, value, estimated, fetched_at
        from public.analytics_daily
       where connection_id = any(${idsOf(accounts)})
         and metric = any(${`{${metrics.join(',')}}`}::text[])
         and day between ${range.previousFrom}::date and ${range.to}::date
         and user_id = ${tenantId}`),
  );
  const starts = dayStart(range.previousFrom, range.timeZone);
  const ends = dayStart(shiftIso(range.to, 1), range.timeZone);
  const postDays = rowsOf<PostDayRow>(
    await tx.execute(sql`
      select connection_id,
             (published_at at time zone ${range.timeZone})::date::text as day,
             count(*)::int as posts,
             sum(interactions) filter (where reach > 0 and interactions is not null)
               as interactions,
             sum(reach) filter (where reach > 0 and interactions is not null) as reach,
             sum((metrics->>'profile_visits')::float8) as visits,
             max(fetched_at) as fetched_at
        from public.analytics_posts
       where connection_id = any(${idsOf(accounts)})
         and published_at >= ${starts.toISOString()}::timestamptz
         and published_at < ${ends.toISOString()}::timestamptz
         and user_id = ${tenantId}
       group by 1, 2`),
  );
  return {
    range,
    daily: new Map(
      daily.map((r) => [
        dailyKey(r.connection_id, r.metric, r.day),
        { ...r, value: Number(r.value), fetched_ms: msOf(r.fetched_at) },
      ]),
    ),
    postDays: new Map(
      postDays.map((r) => [
        postKey(r.connection_id, r.day),
        { ...r, fetched_ms: msOf(r.fetched_at) },
      ]),
    ),
  };
}

const msOf = (v: Date | string | null): number | null =>
  v === null ? null : typeof v === 'string' ? Date.parse(v) : v.getTime();
const later = (a: number | null, b: number | null) => (a === null || (b !== null && b > a) ? b : a);

interface Figure {
  value: number | null;
  /** Unix ms of the newest row behind the figure. */
  fetchedAt: number | null;
  estimated: boolean;
}

/** One account's figure for one measure over [from, to]. */
function accountFigure(
  spec: MeasureSpec,
  account: AnalyticsAccount,
  figures: StoredFigures,
  dates: readonly string[],
): Figure & { interactions?: number; reach?: number } {
  const def = spec.platforms[account.platform];
  const out: Figure & { interactions?: number; reach?: number } = {
    value: null,
    fetchedAt: null,
    estimated: false,
  };
  if (def.kind === 'none') return out;
  if (def.kind === 'posts') {
    const days = dates
      .map((d) => figures.postDays.get(postKey(account.id, d)))
      .filter((r): r is PostDayRow => r !== undefined);
    let posts = 0;
    let interactions = 0;
    let reach = 0;
    let visits: number | null = null;
    for (const r of days) {
      posts += r.posts;
      interactions += Number(r.interactions ?? 0);
      reach += Number(r.reach ?? 0);
      if (r.visits !== null) visits = (visits ?? 0) + Number(r.visits);
      out.fetchedAt = later(out.fetchedAt, r.fetched_ms);
    }
    if (spec.key === 'posts_published') out.value = posts;
    else if (spec.key === 'profile_visits') out.value = visits;
    else if (spec.key === 'engagement_rate') {
      out.interactions = interactions;
      out.reach = reach;
      out.value = engagementRate(interactions, reach);
    }
    return out;
  }
  const rows = dates
    .map((d) => figures.daily.get(dailyKey(account.id, def.metric, d)))
    .filter((r): r is DailyRow => r !== undefined);
  if (rows.length === 0) return out;
  for (const r of rows) out.fetchedAt = later(out.fetchedAt, r.fetched_ms);
  if (spec.aggregation === 'last') {
    const last = rows.reduce((a, b) => (b.day > a.day ? b : a));
    out.value = Number(last.value);
    out.estimated = last.estimated;
  } else if (spec.aggregation === 'daily_average') {
    out.value = Math.round(rows.reduce((s, r) => s + Number(r.value), 0) / rows.length);
  } else {
    out.value = rows.reduce((s, r) => s + Number(r.value), 0);
  }
  return out;
}

function combined(
  spec: MeasureSpec,
  accounts: readonly AnalyticsAccount[],
  figures: StoredFigures,
  dates: readonly string[],
): Figure {
  const parts = accounts.map((a) => accountFigure(spec, a, figures, dates));
  let fetchedAt: number | null = null;
  let estimated = false;
  for (const p of parts) {
    fetchedAt = later(fetchedAt, p.fetchedAt);
    estimated ||= p.estimated;
  }
  if (spec.aggregation === 'ratio') {
    const withData = parts.filter((p) => p.reach !== undefined && p.reach > 0);
    const interactions = withData.reduce((s, p) => s + (p.interactions ?? 0), 0);
    const reach = withData.reduce((s, p) => s + (p.reach ?? 0), 0);
    return { value: engagementRate(interactions, reach), fetchedAt, estimated };
  }
  const values = parts.map((p) => p.value).filter((v): v is number => v !== null);
  return {
    value: values.length === 0 ? null : values.reduce((s, v) => s + v, 0),
    fetchedAt,
    estimated,
  };
}

function provenanceOf(
  spec: MeasureSpec,
  accounts: readonly AnalyticsAccount[],
  figure: Figure,
): Provenance {
  const sources: MetricSource[] = [];
  const reasons: string[] = [];
  for (const platform of new Set(accounts.map((a) => a.platform))) {
    const def = spec.platforms[platform];
    if (def.kind === 'none') reasons.push(def.reason);
    else if (def.source) sources.push(def.source);
  }
  const notes = [spec.key === 'engagement_rate' ? null : spec.note, ...reasons];
  if (spec.key === 'engagement_rate') notes.unshift(ENGAGEMENT_RATE_DEFINITION);
  if (spec.key === 'reach' && accounts.length > 1) notes.push(ACROSS_ACCOUNTS_REACH);
  return {
    sources,
    fetchedAt: figure.fetchedAt === null ? null : new Date(figure.fetchedAt).toISOString(),
    estimate: figure.estimated ? ESTIMATE_FOLLOWERS : null,
    note: notes.filter(Boolean).join(' ') || null,
  };
}

export function cardsOf(
  accounts: readonly AnalyticsAccount[],
  figures: StoredFigures,
): MetricCard[] {
  const { range } = figures;
  const current = datesOf(range.from, range.to);
  const previous = datesOf(range.previousFrom, range.previousTo);
  return MEASURE_SPECS.map((spec) => {
    const now = combined(spec, accounts, figures, current);
    const before = combined(spec, accounts, figures, previous);
    return {
      key: spec.key,
      label: spec.label,
      unit: spec.unit,
      aggregation: spec.aggregation,
      value: now.value,
      previous: before.value,
      changePct: changePct(now.value, before.value),
      provenance: provenanceOf(spec, accounts, now),
    };
  });
}

export function seriesOf(
  accounts: readonly AnalyticsAccount[],
  figures: StoredFigures,
): MetricSeries[] {
  const { range } = figures;
  const dates = datesOf(range.from, range.to);
  return MEASURE_SPECS.filter((s) => s.series).map((spec) => {
    // A series point is the day's own figure: for a daily average that is the day's value.
    const daySpec: MeasureSpec =
      spec.aggregation === 'daily_average' ? { ...spec, aggregation: 'sum' } : spec;
    const points = dates.map((date) => ({
      date,
      value: combined(daySpec, accounts, figures, [date]).value,
    }));
    const whole = combined(spec, accounts, figures, dates);
    return {
      key: spec.key,
      label: spec.key === 'reach' ? 'Reach' : spec.label,
      unit: spec.unit,
      points,
      provenance: provenanceOf(spec, accounts, whole),
    };
  });
}

export async function overviewIn(
  deps: AppDeps,
  scope: TenantScope,
  query: Query,
  now = new Date(),
): Promise<AnalyticsOverview> {
  return withTenant(deps.database, scope, async (tx) => {
    const loaded = await loadScope(tx, scope.tenantId, query.account);
    const range = resolveRange(query, loaded.timeZone, now);
    const figures = await readFigures(tx, scope.tenantId, loaded.selected, range);
    return {
      range,
      accounts: loaded.accounts,
      account: loaded.account,
      cards: cardsOf(loaded.selected, figures),
      series: seriesOf(loaded.selected, figures),
      engagementRateDefinition: ENGAGEMENT_RATE_DEFINITION,
      revisionNote: REVISION_NOTE,
      sync: await syncStatesOf(tx, scope.tenantId, loaded.selected),
    };
  });
}

/** The overview as the business sees it (the e-mail report, the home page). */
export function overviewFor(deps: AppDeps, tenantId: string, query: Query, now = new Date()) {
  return overviewIn(deps, businessScope(tenantId), query, now);
}
