import {
  BACKFILL_DAYS,
  DEMOGRAPHIC_BREAKDOWNS,
  IG_ACCOUNT_DAY_TOTALS,
  IG_ACCOUNT_SERIES,
  IG_DEMOGRAPHICS,
  IG_FOLLOWS,
  MAX_SPAN_DAYS,
  MIN_FOLLOWERS_FOR_INSIGHTS,
} from '#shared/analytics/metrics.ts';
import { instantAt } from '../queue/wall-clock.ts';
import * as repo from './analytics.repository.ts';
import { IG_FOLLOWERS_METRIC } from './measures.ts';
import { datesOf, parseIso, shiftIso } from './range.ts';
import { syncPosts } from './sync-posts.ts';
import { call, inTenant, platformDay, type SyncContext } from './sync-context.ts';

// An Instagram account's insights run (docs/decisions/092, docs/product/meta-platform.md#insights).
// Reach comes as a daily series in 30-day windows; the other daily figures only as one day's
// total per call; follows and unfollows by follow_type; the follower total is the profile's
// followers_count read each day (and, on the first run, worked out backwards for the days that
// have follows and unfollows — stored as estimates). Below 100 followers Instagram gives no
// follower figures: the run says so and stores the rest.

export const BELOW_100 =
  'Not available below 100 followers: Instagram gives no follower figures (growth, demographics, ' +
  'online times) until the account has 100.';

const PLATFORM_ZONE = 'America/Los_Angeles';
const dayStartsAt = (day: string) => instantAt(parseIso(day), 0, PLATFORM_ZONE);

export async function syncInstagram(ctx: SyncContext, mode: 'full' | 'posts'): Promise<void> {
  if (mode === 'full') await syncAccount(ctx);
  await syncPosts(ctx, mode);
}

async function syncAccount(ctx: SyncContext): Promise<void> {
  const { client, account } = ctx;
  const ins = client.insights;
  const { host, externalId: id, token } = account;
  const now = ctx.now();
  const today = platformDay(now);
  const yesterday = shiftIso(today, -1);

  const profile = await call(ctx, () => ins.igProfile(host, id, token));
  const below = profile.followersCount < MIN_FOLLOWERS_FOR_INSIGHTS;
  if (below) ctx.unavailable = BELOW_100;
  const values: repo.DayValue[] = [
    { metric: IG_FOLLOWERS_METRIC, day: today, value: profile.followersCount },
  ];
  const store = async () => {
    const batch = values.splice(0, values.length);
    ctx.report.days += batch.length;
    await inTenant(ctx, (tx) =>
      repo.upsertDaily(tx, ctx.tenantId, ctx.connectionId, batch, ctx.now()),
    );
  };
  await store();

  // Reach, a daily series, in windows the API accepts.
  const seriesDays = ctx.backfill ? BACKFILL_DAYS.igSeries : ctx.revisionDays + 1;
  let earliest = today;
  for (let offset = 0; offset < seriesDays; offset += MAX_SPAN_DAYS.instagram) {
    const end = shiftIso(today, -offset);
    const start = shiftIso(today, -Math.min(seriesDays, offset + MAX_SPAN_DAYS.instagram));
    const series = await call(ctx, () =>
      ins.igAccountSeries(host, id, token, {
        metrics: IG_ACCOUNT_SERIES,
        since: dayStartsAt(start),
        until: dayStartsAt(end),
      }),
    );
    for (const v of series) {
      values.push(v);
      if (v.day < earliest) earliest = v.day;
    }
    await store();
  }

  // The other daily figures, one finished day per call: the trailing days again each run.
  const totalDays = ctx.backfill ? BACKFILL_DAYS.igDayTotals : ctx.revisionDays + 1;
  const days = datesOf(shiftIso(yesterday, -(totalDays - 1)), yesterday).reverse();
  const net = new Map<string, number>();
  for (const day of days) {
    const window = { since: dayStartsAt(day), until: dayStartsAt(shiftIso(day, 1)) };
    const totals = await call(ctx, () =>
      ins.igAccountTotals(host, id, token, { metrics: IG_ACCOUNT_DAY_TOTALS, ...window }),
    );
    for (const t of totals)
      if (t.value !== null) values.push({ metric: t.metric, day, value: t.value });
    if (!below) {
      const [follows] = await call(ctx, () =>
        ins.igAccountTotals(host, id, token, {
          metrics: IG_FOLLOWS,
          ...window,
          breakdown: 'follow_type',
        }),
      );
      const split = follows?.breakdown ?? null;
      if (split) {
        const gained = split['FOLLOWER'] ?? 0;
        const lost = split['NON_FOLLOWER'] ?? 0;
        values.push({ metric: 'follows_and_unfollows.FOLLOWER', day, value: gained });
        values.push({ metric: 'follows_and_unfollows.NON_FOLLOWER', day, value: lost });
        net.set(day, gained - lost);
      }
    }
    if (day < earliest) earliest = day;
    await store();
  }

  // Past follower totals: worked out backwards from today's, where follows are known. Today's
  // own changes are not known yet, so yesterday's total is taken as today's.
  if (ctx.backfill && net.size > 0) {
    let total = profile.followersCount;
    for (let day = yesterday; net.has(day); day = shiftIso(day, -1)) {
      values.push({ metric: IG_FOLLOWERS_METRIC, day, value: Math.max(0, total), estimated: true });
      total -= net.get(day)!;
    }
    await store();
  }

  if (!below && ctx.refreshDemographics) {
    for (const metric of IG_DEMOGRAPHICS) {
      for (const breakdown of DEMOGRAPHIC_BREAKDOWNS) {
        const list = await call(ctx, () =>
          ins.igDemographics(host, id, token, { metric, breakdown, timeframe: 'this_month' }),
        );
        await inTenant(ctx, (tx) =>
          repo.replaceBreakdown(
            tx,
            ctx.tenantId,
            ctx.connectionId,
            metric,
            breakdown,
            'this_month',
            list ?? [],
            ctx.now(),
          ),
        );
      }
    }
    ctx.demographicsRead = true;
  }

  if (!below) {
    const onlineDays = ctx.backfill ? BACKFILL_DAYS.igRecent : ctx.revisionDays + 1;
    const online = await call(ctx, () =>
      ins.igOnlineFollowers(host, id, token, {
        since: dayStartsAt(shiftIso(today, -onlineDays)),
        until: dayStartsAt(today),
      }),
    );
    await inTenant(ctx, (tx) =>
      repo.upsertOnlineHours(tx, ctx.tenantId, ctx.connectionId, online, ctx.now()),
    );
  }
  if (ctx.backfill) ctx.backfilledFrom = earliest;
}
