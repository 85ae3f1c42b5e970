import { sql } from 'drizzle-orm';
import {
  ANALYTICS_LIMITS,
  type BestTimeHeatmap,
  type HeatCell,
  type MetricSource,
} from '#shared/contracts/analytics.contract.ts';
import { rowsOf } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { idsOf, loadScope } from './accounts.ts';
import { engagementRate, ENGAGEMENT_RATE_DEFINITION } from './measures.ts';

// Best time to post (docs/decisions/092): a day × hour map in the business's time zone from two
// sources, kept apart. When the followers are online: Instagram's online_followers, whose hour
// keys are Pacific time like its days, moved into the business's zone and averaged per weekday
// and hour over the days stored (the last 30). How our posts did: the engagement rate of the
// posts published in each weekday and hour over the last year, with the number of posts behind
// each cell; a cell with fewer than three posts shows no rate.

/** The zone Meta's days and online_followers hours are counted in. */
export const PLATFORM_ZONE = 'America/Los_Angeles';
const POSTS_LOOKBACK_DAYS = 365;
/** What the rate of our posts per slot is made of, per platform. */
const POST_RATE_SOURCES: MetricSource[] = [
  { platform: 'instagram', metric: 'total_interactions ÷ reach', period: 'lifetime' },
  {
    platform: 'facebook',
    metric: 'post_reactions_by_type_total + comments + shares ÷ post_total_media_view_unique',
    period: 'lifetime',
  },
];

function grid(fill: (day: number, hour: number) => HeatCell): HeatCell[] {
  const out: HeatCell[] = [];
  for (let day = 0; day < 7; day++) for (let hour = 0; hour < 24; hour++) out.push(fill(day, hour));
  return out;
}

export async function heatmapIn(
  deps: AppDeps,
  scope: TenantScope,
  query: { account: string; platform?: 'instagram' | 'facebook' },
  now = new Date(),
): Promise<BestTimeHeatmap> {
  return withTenant(deps.database, scope, async (tx) => {
    const loaded = await loadScope(tx, scope.tenantId, query.account);
    if (query.platform) {
      loaded.selected = loaded.selected.filter((a) => a.platform === query.platform);
    }
    const tz = loaded.timeZone;
    const instagram = loaded.selected.filter((a) => a.platform === 'instagram');
    const online = instagram.length
      ? rowsOf<{ dow: number; hour: number; value: number; days: number; fetched_at: string }>(
          await tx.execute(sql`
            with local as (
              select connection_id, day, value, fetched_at,
                     ((day + make_interval(hours => hour::int))::timestamp
                       at time zone ${PLATFORM_ZONE}) at time zone ${tz} as at
                from public.analytics_online_hours
               where connection_id = any(${idsOf(instagram)}) and user_id = ${scope.tenantId}
            ), per_account as (
              select connection_id, extract(dow from at)::int as dow,
                     extract(hour from at)::int as hour, avg(value) as value,
                     count(distinct day)::int as days, max(fetched_at) as fetched_at
                from local group by 1, 2, 3
            )
            select dow, hour, sum(value)::float8 as value, max(days)::int as days,
                   max(fetched_at)::text as fetched_at
              from per_account group by 1, 2`),
        )
      : [];
    const onlineAt = new Map(online.map((r) => [`${r.dow}-${r.hour}`, r]));
    const onlineDays = online.reduce((m, r) => Math.max(m, r.days), 0);
    const onlineFetched = online.reduce<string | null>((m, r) => {
      const iso = new Date(r.fetched_at).toISOString();
      return m === null || iso > m ? iso : m;
    }, null);

    const since = new Date(now.getTime() - POSTS_LOOKBACK_DAYS * 86_400_000);
    const posts = loaded.selected.length
      ? rowsOf<{
          dow: number;
          hour: number;
          posts: number;
          interactions: number | null;
          reach: number | null;
          fetched_at: string | null;
        }>(
          await tx.execute(sql`
            select extract(dow from published_at at time zone ${tz})::int as dow,
                   extract(hour from published_at at time zone ${tz})::int as hour,
                   count(*)::int as posts,
                   sum(interactions)::float8 as interactions, sum(reach)::float8 as reach,
                   max(fetched_at)::text as fetched_at
              from public.analytics_posts
             where connection_id = any(${idsOf(loaded.selected)}) and user_id = ${scope.tenantId}
               and published_at >= ${since.toISOString()}::timestamptz
               and reach > 0 and interactions is not null
             group by 1, 2`),
        )
      : [];
    const postsAt = new Map(posts.map((r) => [`${r.dow}-${r.hour}`, r]));
    const totalPosts = posts.reduce((s, r) => s + r.posts, 0);
    const min = ANALYTICS_LIMITS.minPostsPerSlot;
    const postsFetched = posts.reduce<string | null>((m, r) => {
      if (!r.fetched_at) return m;
      const iso = new Date(r.fetched_at).toISOString();
      return m === null || iso > m ? iso : m;
    }, null);
    const enoughSlots = posts.filter((r) => r.posts >= min).length;

    return {
      timeZone: tz,
      online: {
        cells: grid((day, hour) => {
          const r = onlineAt.get(`${day}-${hour}`);
          return { day, hour, value: r ? Math.round(r.value) : null, count: r?.days ?? 0 };
        }),
        provenance: {
          sources: [{ platform: 'instagram', metric: 'online_followers', period: 'lifetime' }],
          fetchedAt: onlineFetched,
          estimate: null,
          note:
            'The average number of followers online in each hour, over the days Instagram keeps ' +
            '(the last 30), moved from Pacific time into your time zone.',
        },
        days: onlineDays,
        unavailableReason:
          instagram.length === 0
            ? 'Only Instagram reports when followers are online; Facebook retired page_fans_online.'
            : online.length === 0
              ? 'Instagram gives no online followers yet (it needs 100 followers and a day of data).'
              : null,
      },
      posts: {
        cells: grid((day, hour) => {
          const r = postsAt.get(`${day}-${hour}`);
          const count = r?.posts ?? 0;
          const value =
            r && count >= min ? engagementRate(Number(r.interactions), Number(r.reach)) : null;
          return { day, hour, value, count };
        }),
        provenance: {
          sources: POST_RATE_SOURCES.filter((s) =>
            loaded.selected.some((a) => a.platform === s.platform),
          ),
          fetchedAt: postsFetched,
          estimate: null,
          note: ENGAGEMENT_RATE_DEFINITION,
        },
        totalPosts,
        minPostsPerSlot: min,
        note:
          enoughSlots === 0
            ? `Too few posts to tell yet: an hour needs at least ${min} posts with figures.`
            : null,
      },
    };
  });
}

export function heatmapFor(
  deps: AppDeps,
  tenantId: string,
  query: { account: string },
  now?: Date,
) {
  return heatmapIn(deps, businessScope(tenantId), query, now);
}

/**
 * The three best slots of a heat-map for suggestions (the composer, AI content): the best rates
 * of our own posts where enough posts stand behind them, else the hours most followers are
 * online, one per day; null when there is no data yet.
 */
export function suggestedSlots(
  map: BestTimeHeatmap,
  platformName: string,
): { slots: Array<{ day: number; hour: number }>; note: string } | null {
  const rated = map.posts.cells
    .filter((c) => c.value !== null)
    .sort((a, b) => b.value! - a.value! || b.count - a.count);
  if (rated.length >= 3) {
    return {
      slots: rated.slice(0, 3),
      note: `From how your ${map.posts.totalPosts} ${platformName} posts did by the hour they went out (engagement rate).`,
    };
  }
  const online = map.online.cells
    .filter((c) => c.value !== null)
    .sort((a, b) => b.value! - a.value!);
  const picked: typeof online = [];
  for (const cell of online) {
    if (picked.some((p) => p.day === cell.day)) continue;
    picked.push(cell);
    if (picked.length === 3) break;
  }
  if (picked.length === 0) return null;
  return {
    slots: picked,
    note: `When your ${platformName} followers are most often online (online_followers, last 30 days).`,
  };
}
