import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  analyticsQuerySchema,
  ExportTable,
  topPostsQuerySchema,
} from '#shared/contracts/analytics.contract.ts';
import type { Platform } from '#shared/contracts/account.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import { loadScope } from './accounts.ts';
import * as repo from './analytics.repository.ts';
import { bestSlots } from './best-slots.ts';
import * as csv from './csv.ts';
import { demographicsIn } from './demographics.ts';
import { heatmapIn } from './heatmap.ts';
import { homeKpisIn } from './kpis.ts';
import { overviewIn } from './overview.ts';
import { analyticsSyncJob } from './sync.ts';
import { postDrillDownIn, topPostsIn } from './top-posts.ts';

// The analytics use cases (docs/decisions/092): every member of the business reads the figures
// (read:analytics); row-level security keeps them to the business's own accounts.

type Query = z.output<typeof analyticsQuerySchema>;
type PostsQuery = z.output<typeof topPostsQuerySchema>;

const read = (ctx: ServiceContext) => {
  requireAccess(ctx.actor, 'read:analytics');
  return tenantScope(ctx.actor);
};

export const overview = (ctx: ServiceContext, query: Query, now?: Date) =>
  overviewIn(ctx.deps, read(ctx), query, now);
export const topPosts = (ctx: ServiceContext, query: PostsQuery, now?: Date) =>
  topPostsIn(ctx.deps, read(ctx), query, now);
export const postDrillDown = (ctx: ServiceContext, id: string) =>
  postDrillDownIn(ctx.deps, read(ctx), id);
export const demographics = (ctx: ServiceContext, query: { account: string }) =>
  demographicsIn(ctx.deps, read(ctx), query);
export const bestTimes = (ctx: ServiceContext, query: { account: string }, now?: Date) =>
  heatmapIn(ctx.deps, read(ctx), query, now);
export const homeKpis = (ctx: ServiceContext, now?: Date) => homeKpisIn(ctx.deps, read(ctx), now);
export const suggestions = (ctx: ServiceContext, platform: Platform, now?: Date) =>
  bestSlots(ctx.deps, ctx.actor, platform, now);

/**
 * "Sync now": the accounts asked for are due at once and their syncs are queued. Any member may
 * ask (it refreshes what everyone reads and changes nothing of anyone's); the schedule is written
 * as the business, like the sync itself.
 */
export async function syncNow(ctx: ServiceContext, account: string, now = new Date()) {
  const scope = businessScope(read(ctx).tenantId);
  const accounts = await withTenant(ctx.deps.database, scope, async (tx) => {
    const loaded = await loadScope(tx, scope.tenantId, account);
    // A paused account (rate limit) stays paused: "Sync now" cannot be turned against the limit.
    const paused = new Set(
      rowsOf<{ connection_id: string }>(
        await tx.execute(sql`
          select connection_id from public.analytics_sync_states
           where user_id = ${scope.tenantId}
             and throttled_until > ${now.toISOString()}::timestamptz`),
      ).map((r) => r.connection_id),
    );
    const ready = loaded.selected.filter((a) => !paused.has(a.id));
    for (const a of ready) await repo.requestSync(tx, scope.tenantId, a.id, now);
    return ready;
  });
  for (const a of accounts) {
    await ctx.deps.jobs.send(
      analyticsSyncJob,
      { tenantId: scope.tenantId, connectionId: a.id, mode: 'full' },
      { singletonKey: a.id },
    );
  }
  return { queued: accounts.length };
}

/** One table of the page as CSV: the same figures the page shows for the same query. */
export async function exportCsv(
  ctx: ServiceContext,
  table: ExportTable,
  query: PostsQuery,
  now = new Date(),
): Promise<{ body: string; fileName: string }> {
  let body: string;
  // Named by the dates the figures cover (the tables of a period), else by the query.
  let named: { from?: string; to?: string; range?: string } = query;
  switch (table) {
    case 'summary':
    case 'series': {
      const o = await overview(ctx, query, now);
      body = table === 'summary' ? csv.summaryCsv(o) : csv.seriesCsv(o);
      named = o.range;
      break;
    }
    case 'posts': {
      const page = await topPosts(ctx, query, now);
      body = csv.postsCsv(page);
      named = page.range;
      break;
    }
    case 'demographics':
      body = csv.demographicsCsv(await demographics(ctx, query));
      named = {};
      break;
    case 'best-times':
      body = csv.bestTimesCsv(await bestTimes(ctx, query, now));
      named = {};
      break;
  }
  return { body, fileName: csv.csvFileName(table, named) };
}
