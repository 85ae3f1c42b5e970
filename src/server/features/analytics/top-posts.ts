import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ANALYTICS_LIMITS,
  type MetricSource,
  type PostDrillDown,
  type PostSort,
  type TopPost,
  type TopPostsPage,
  type topPostsQuerySchema,
} from '#shared/contracts/analytics.contract.ts';
import { IG_MEDIA_METRICS, PAGE_POST_METRICS } from '#shared/analytics/metrics.ts';
import { AppError } from '#shared/errors/index.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { idsOf, loadScope } from './accounts.ts';
import { dayStart } from './overview.ts';
import { resolveRange, shiftIso } from './range.ts';

// Top posts (docs/decisions/092): the posts of the covered accounts published in the period —
// ours and those published elsewhere — with their latest lifetime values, sorted by a column of a
// fixed list and paged; and one post's values over time since it was published, with the
// calendar post it came from.

type Query = z.output<typeof topPostsQuerySchema>;

const SORT_COLUMNS: Record<PostSort, SQL> = {
  published_at: sql`p.published_at`,
  reach: sql`p.reach`,
  views: sql`p.views`,
  interactions: sql`p.interactions`,
  engagement_rate: sql`engagement_rate`,
  likes: sql`p.likes`,
  comments: sql`p.comments`,
  shares: sql`p.shares`,
  saves: sql`p.saves`,
};

interface PostRow {
  id: string;
  connection_id: string;
  platform: 'instagram' | 'facebook';
  external_id: string;
  product_type: string;
  caption: string | null;
  permalink: string | null;
  thumbnail_url: string | null;
  published_at: Date | string;
  reach: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  interactions: number | null;
  engagement_rate: number | null;
  fetched_at: Date | string | null;
  event_id: string | null;
  event_title: string | null;
  total?: number;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

function toPost(r: PostRow): TopPost {
  return {
    id: r.id,
    accountId: r.connection_id,
    platform: r.platform,
    externalId: r.external_id,
    productType: r.product_type,
    caption: r.caption,
    permalink: r.permalink,
    thumbnailUrl: r.thumbnail_url,
    publishedAt: new Date(r.published_at).toISOString(),
    reach: num(r.reach),
    views: num(r.views),
    likes: num(r.likes),
    comments: num(r.comments),
    shares: num(r.shares),
    saves: num(r.saves),
    interactions: num(r.interactions),
    engagementRate: num(r.engagement_rate),
    fetchedAt: r.fetched_at === null ? null : new Date(r.fetched_at).toISOString(),
    calendarPost: r.event_id ? { id: r.event_id, title: r.event_title ?? '' } : null,
  };
}

const POST_COLUMNS = sql`
  p.id, p.connection_id, p.platform, p.external_id, p.product_type, p.caption, p.permalink,
  p.thumbnail_url, p.published_at, p.reach, p.views, p.likes, p.comments, p.shares, p.saves,
  p.interactions, p.fetched_at,
  case when p.reach > 0 and p.interactions is not null
       then round((p.interactions / p.reach * 100)::numeric, 1)::float8 end as engagement_rate,
  e.id as event_id, e.title as event_title`;
const POST_JOINS = sql`
  left join public.platform_posts pp on pp.id = p.platform_post_id and pp.user_id = p.user_id
  left join public.calendar_events e
         on e.id = pp.calendar_event_id and e.user_id = pp.user_id`;

export async function topPostsIn(
  deps: AppDeps,
  scope: TenantScope,
  query: Query,
  now = new Date(),
): Promise<TopPostsPage> {
  return withTenant(deps.database, scope, async (tx) => {
    const loaded = await loadScope(tx, scope.tenantId, query.account);
    const range = resolveRange(query, loaded.timeZone, now);
    const pageSize = ANALYTICS_LIMITS.pageSize;
    const empty = { range, items: [], total: 0, page: query.page, pageSize };
    if (loaded.selected.length === 0) return { ...empty, sort: query.sort, dir: query.dir };
    const starts = dayStart(range.from, range.timeZone);
    const ends = dayStart(shiftIso(range.to, 1), range.timeZone);
    const direction = query.dir === 'asc' ? sql`asc` : sql`desc`;
    const rows = rowsOf<PostRow>(
      await tx.execute(sql`
        select ${POST_COLUMNS}, count(*) over () as total
          from public.analytics_posts p ${POST_JOINS}
         where p.user_id = ${scope.tenantId}
           and p.connection_id = any(${idsOf(loaded.selected)})
           and p.published_at >= ${starts.toISOString()}::timestamptz
           and p.published_at < ${ends.toISOString()}::timestamptz
         order by ${SORT_COLUMNS[query.sort]} ${direction} nulls last, p.published_at desc, p.id
         limit ${pageSize} offset ${(query.page - 1) * pageSize}`),
    );
    return {
      range,
      items: rows.map(toPost),
      total: Number(rows[0]?.total ?? 0),
      page: query.page,
      pageSize,
      sort: query.sort,
      dir: query.dir,
    };
  });
}

export function topPostsFor(deps: AppDeps, tenantId: string, query: Query, now = new Date()) {
  return topPostsIn(deps, businessScope(tenantId), query, now);
}

/** The platform metrics behind a post's columns. */
export function postSources(
  platform: 'instagram' | 'facebook',
  productType: string,
): MetricSource[] {
  if (platform === 'facebook') {
    return [
      ...PAGE_POST_METRICS.map((metric) => ({ platform, metric, period: 'lifetime' })),
      { platform, metric: 'comments.summary', period: 'lifetime' },
      { platform, metric: 'shares', period: 'lifetime' },
    ];
  }
  const set =
    IG_MEDIA_METRICS[productType as keyof typeof IG_MEDIA_METRICS] ?? IG_MEDIA_METRICS.FEED;
  return set.map((metric) => ({ platform, metric, period: 'lifetime' }));
}

async function findPost(tx: Tx, tenantId: string, id: string) {
  const rows = rowsOf<PostRow>(
    await tx.execute(sql`
      select ${POST_COLUMNS}
        from public.analytics_posts p ${POST_JOINS}
        join public.platform_connections c
          on c.id = p.connection_id and c.user_id = p.user_id and c.status = 'connected'
       where p.id = ${id} and p.user_id = ${tenantId}`),
  );
  return rows[0] ?? null;
}

export async function postDrillDownIn(
  deps: AppDeps,
  scope: TenantScope,
  id: string,
): Promise<PostDrillDown> {
  return withTenant(deps.database, scope, async (tx) => {
    const row = await findPost(tx, scope.tenantId, id);
    if (!row) {
      throw AppError.from('NOT_FOUND', { technicalMessage: `No analytics post ${id}` });
    }
    const samples = rowsOf<{
      sampled_at: Date | string;
      age_hours: number;
      reach: number | null;
      views: number | null;
      likes: number | null;
      comments: number | null;
      shares: number | null;
      saves: number | null;
      interactions: number | null;
    }>(
      await tx.execute(sql`
        select sampled_at, age_hours, reach, views, likes, comments, shares, saves, interactions
          from public.analytics_post_samples
         where post_id = ${id} and user_id = ${scope.tenantId}
         order by sampled_at`),
    );
    return {
      post: toPost(row),
      samples: samples.map((s) => ({
        sampledAt: new Date(s.sampled_at).toISOString(),
        ageHours: s.age_hours,
        reach: num(s.reach),
        views: num(s.views),
        likes: num(s.likes),
        comments: num(s.comments),
        shares: num(s.shares),
        saves: num(s.saves),
        interactions: num(s.interactions),
      })),
      sources: postSources(row.platform, row.product_type),
    };
  });
}
