import {
  BACKFILL_DAYS,
  MAX_SPAN_DAYS,
  PAGE_DAILY_METRICS,
  PAGE_DEMOGRAPHICS,
} from '#shared/analytics/metrics.ts';
import { instantAt } from '../queue/wall-clock.ts';
import * as repo from './analytics.repository.ts';
import { parseIso, shiftIso } from './range.ts';
import { syncPosts } from './sync-posts.ts';
import { call, inTenant, platformDay, type SyncContext } from './sync-context.ts';

// A Facebook Page's insights run (docs/decisions/092, docs/product/meta-platform.md#insights):
// the Page's daily metrics in windows of at most 90 days — a year back on the first run, the
// trailing days on a daily run — and where its followers are (city, country) once a week.

const PLATFORM_ZONE = 'America/Los_Angeles';
const dayStartsAt = (day: string) => instantAt(parseIso(day), 0, PLATFORM_ZONE);

export async function syncFacebook(ctx: SyncContext, mode: 'full' | 'posts'): Promise<void> {
  if (mode === 'full') await syncPage(ctx);
  await syncPosts(ctx, mode);
}

async function syncPage(ctx: SyncContext): Promise<void> {
  const { client, account } = ctx;
  const today = platformDay(ctx.now());
  const days = ctx.backfill ? BACKFILL_DAYS.page : ctx.revisionDays + 1;
  let earliest = today;
  for (let offset = 0; offset < days; offset += MAX_SPAN_DAYS.page) {
    const end = shiftIso(today, -offset);
    const start = shiftIso(today, -Math.min(days, offset + MAX_SPAN_DAYS.page));
    const values = await call(ctx, () =>
      client.insights.pageDaily(account.externalId, account.token, {
        metrics: PAGE_DAILY_METRICS,
        since: dayStartsAt(start),
        until: dayStartsAt(end),
      }),
    );
    for (const v of values) if (v.day < earliest) earliest = v.day;
    ctx.report.days += values.length;
    await inTenant(ctx, (tx) =>
      repo.upsertDaily(tx, ctx.tenantId, ctx.connectionId, values, ctx.now()),
    );
  }

  if (ctx.refreshDemographics) {
    for (const metric of PAGE_DEMOGRAPHICS) {
      const list = await call(ctx, () =>
        client.insights.pageDemographics(account.externalId, account.token, metric),
      );
      const breakdown = metric === 'page_follows_city' ? 'city' : 'country';
      await inTenant(ctx, (tx) =>
        repo.replaceBreakdown(
          tx,
          ctx.tenantId,
          ctx.connectionId,
          metric,
          breakdown,
          'day',
          list ?? [],
          ctx.now(),
        ),
      );
    }
    ctx.demographicsRead = true;
  }
  if (ctx.backfill) ctx.backfilledFrom = earliest;
}
