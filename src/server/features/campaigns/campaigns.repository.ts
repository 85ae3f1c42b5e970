import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PlannedPost } from '#shared/contracts/campaign-plan.contract.ts';
import { CAMPAIGN_PAGE_SIZE, type CampaignStatus } from '#shared/contracts/campaigns.contract.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import { mediaItems } from '../media/media.tables.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { calendarEvents } from '../posts/index.ts';
import { campaignPosts, campaigns } from './campaigns.tables.ts';

// The campaigns' rows (docs/product/screens.md#campaigns). Every statement names the business as
// well as leaving it to row-level security, so a row of another business is never read or written
// even by a connection that row-level security does not restrict.

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignInsert = typeof campaigns.$inferInsert;
export type CampaignPostRow = typeof campaignPosts.$inferSelect;

/** A planned post with what became of it: its calendar post's status and its account. */
export interface CampaignPostView extends CampaignPostRow {
  eventStatus: string | null;
  account: { platform: string; name: string; username: string | null } | null;
}

/** The counts a campaign's progress and shown status are made from. */
export interface CampaignCounts {
  posts: number;
  published: number;
  scheduled: number;
  failed: number;
  /** Launched posts still to publish (scheduled, publishing, unconfirmed). */
  ahead: number;
  missingMedia: number;
}

export type CampaignSummaryRow = CampaignRow & { counts: CampaignCounts };

/** Statuses of a calendar post that is still to be published. */
export const AHEAD_STATUSES = ['scheduled', 'publishing', 'unconfirmed'] as const;

export async function insertCampaign(tx: Tx, values: CampaignInsert): Promise<CampaignRow> {
  const [row] = await tx.insert(campaigns).values(values).returning();
  return row!;
}

export async function findCampaign(
  tx: Tx,
  userId: string,
  id: string,
): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), eq(campaigns.id, id)));
  return row;
}

/**
 * The versioned write: changes the campaign only if it is still at `version` (and, with
 * `draftOnly`, still a draft), and moves it to the next version. Two saves made on the same
 * version cannot both pass: the second waits for the first's row lock, then finds the version
 * moved on. Undefined when nothing matched (the caller tells which condition failed).
 */
export async function updateCampaignAt(
  tx: Tx,
  userId: string,
  id: string,
  version: number,
  changes: Partial<CampaignInsert>,
  options: { draftOnly?: boolean; statuses?: readonly CampaignStatus[] } = {},
): Promise<CampaignRow | undefined> {
  const conditions: SQL[] = [
    eq(campaigns.userId, userId),
    eq(campaigns.id, id),
    eq(campaigns.version, version),
  ];
  if (options.draftOnly) conditions.push(eq(campaigns.status, 'draft'));
  if (options.statuses) conditions.push(inArray(campaigns.status, [...options.statuses]));
  const [row] = await tx
    .update(campaigns)
    .set({ ...changes, version: sql`${campaigns.version} + 1`, updatedAt: new Date() })
    .where(and(...conditions))
    .returning();
  return row;
}

/** The plan's posts of campaigns of the business, in plan order, with their calendar posts. */
export async function listCampaignPosts(
  tx: Tx,
  userId: string,
  campaignIds: readonly string[],
): Promise<CampaignPostView[]> {
  if (campaignIds.length === 0) return [];
  const rows = await tx
    .select({
      post: campaignPosts,
      eventStatus: calendarEvents.status,
      platform: platformConnections.platform,
      name: platformConnections.name,
      username: platformConnections.username,
    })
    .from(campaignPosts)
    .leftJoin(
      calendarEvents,
      and(eq(calendarEvents.id, campaignPosts.eventId), eq(calendarEvents.userId, userId)),
    )
    .leftJoin(
      platformConnections,
      and(
        eq(platformConnections.id, campaignPosts.connectionId),
        eq(platformConnections.userId, userId),
      ),
    )
    .where(
      and(eq(campaignPosts.userId, userId), inArray(campaignPosts.campaignId, [...campaignIds])),
    )
    .orderBy(asc(campaignPosts.position), asc(campaignPosts.scheduledFor));
  return rows.map((r) => ({
    ...r.post,
    eventStatus: r.eventStatus,
    account:
      r.platform && r.name !== null
        ? { platform: r.platform, name: r.name, username: r.username }
        : null,
  }));
}

const n = (value: SQL) => sql<number>`coalesce(${value}, 0)::int`;
const ahead = sql.raw(AHEAD_STATUSES.map((s) => `'${s}'`).join(', '));

/** Per campaign: its posts, published, scheduled, failed, still ahead, missing media. */
const countsQuery = (tx: Tx, userId: string) =>
  tx
    .select({
      campaignId: campaignPosts.campaignId,
      posts: n(sql`count(*)`).as('posts'),
      published: n(sql`count(*) filter (where ${calendarEvents.status} = 'published')`).as(
        'published',
      ),
      scheduled: n(sql`count(*) filter (where ${calendarEvents.status} in (${ahead}))`).as(
        'scheduled',
      ),
      failed: n(sql`count(*) filter (where ${calendarEvents.status} = 'failed')`).as('failed'),
      missingMedia: n(
        sql`count(*) filter (where cardinality(${campaignPosts.mediaIds}) < coalesce((${campaignPosts.media} ->> 'count')::int, 0))`,
      ).as('missing_media'),
    })
    .from(campaignPosts)
    .leftJoin(
      calendarEvents,
      and(eq(calendarEvents.id, campaignPosts.eventId), eq(calendarEvents.userId, userId)),
    )
    .where(eq(campaignPosts.userId, userId))
    .groupBy(campaignPosts.campaignId)
    .as('counts');

/**
 * The status shown, in SQL (see lifecycle.ts shownStatus, the same rule): a scheduled campaign
 * is active once a post is published and completed once none is left to publish.
 */
function shownStatusSql(counts: ReturnType<typeof countsQuery>): SQL<string> {
  return sql<string>`case when ${campaigns.status} = 'scheduled' then case
    when coalesce(${counts.posts}, 0) > 0 and coalesce(${counts.scheduled}, 0) = 0 then 'completed'
    when coalesce(${counts.published}, 0) > 0 then 'active'
    else 'scheduled' end else ${campaigns.status} end`;
}

export interface CampaignListFilter {
  status?: CampaignStatus | undefined;
  q?: string | undefined;
  page: number;
}

/** A page of the business's campaigns, most recently changed first, with their counts. */
export async function listCampaignRows(
  tx: Tx,
  userId: string,
  filter: CampaignListFilter,
): Promise<{ rows: CampaignSummaryRow[]; total: number }> {
  const counts = countsQuery(tx, userId);
  const shown = shownStatusSql(counts);
  const conditions: SQL[] = [eq(campaigns.userId, userId)];
  if (filter.status) conditions.push(sql`${shown} = ${filter.status}`);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conditions.push(or(ilike(campaigns.name, pattern), ilike(campaigns.goal, pattern))!);
  }
  const where = and(...conditions);
  const [totalRow] = await tx
    .select({ total: count() })
    .from(campaigns)
    .leftJoin(counts, eq(counts.campaignId, campaigns.id))
    .where(where);
  const rows = await tx
    .select({
      campaign: campaigns,
      posts: counts.posts,
      published: counts.published,
      scheduled: counts.scheduled,
      failed: counts.failed,
      missingMedia: counts.missingMedia,
    })
    .from(campaigns)
    .leftJoin(counts, eq(counts.campaignId, campaigns.id))
    .where(where)
    .orderBy(desc(campaigns.updatedAt), desc(campaigns.id))
    .limit(CAMPAIGN_PAGE_SIZE)
    .offset((filter.page - 1) * CAMPAIGN_PAGE_SIZE);
  return {
    total: totalRow?.total ?? 0,
    rows: rows.map((r) => ({
      ...r.campaign,
      counts: {
        posts: r.posts ?? 0,
        published: r.published ?? 0,
        scheduled: r.scheduled ?? 0,
        failed: r.failed ?? 0,
        ahead: r.scheduled ?? 0,
        missingMedia: r.missingMedia ?? 0,
      },
    })),
  };
}

/** A planned post as stored. */
export type PlanPostValues = PlannedPost & { position: number; eventId?: string | null };

function postValues(userId: string, campaignId: string, post: PlanPostValues) {
  return {
    campaignId,
    userId,
    key: post.key,
    position: post.position,
    scheduledFor: new Date(post.scheduledFor),
    connectionId: post.connectionId,
    format: post.format,
    caption: post.caption,
    hashtags: post.hashtags,
    firstComment: post.firstComment,
    media: post.media,
    mediaIds: post.mediaIds,
    eventId: post.eventId ?? null,
  };
}

/** Replaces every planned post of a campaign. */
export async function replacePlanPosts(
  tx: Tx,
  userId: string,
  campaignId: string,
  posts: readonly PlanPostValues[],
): Promise<void> {
  await tx
    .delete(campaignPosts)
    .where(and(eq(campaignPosts.userId, userId), eq(campaignPosts.campaignId, campaignId)));
  if (posts.length === 0) return;
  await tx.insert(campaignPosts).values(posts.map((p) => postValues(userId, campaignId, p)));
}

export async function insertPlanPost(
  tx: Tx,
  userId: string,
  campaignId: string,
  post: PlanPostValues,
): Promise<void> {
  await tx.insert(campaignPosts).values(postValues(userId, campaignId, post));
}

/** Writes one planned post's fields by its key; false when the campaign has no such post. */
export async function updatePlanPost(
  tx: Tx,
  userId: string,
  campaignId: string,
  post: PlanPostValues,
): Promise<boolean> {
  const { campaignId: _c, userId: _u, key, ...values } = postValues(userId, campaignId, post);
  const rows = await tx
    .update(campaignPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(campaignPosts.userId, userId),
        eq(campaignPosts.campaignId, campaignId),
        eq(campaignPosts.key, key),
      ),
    )
    .returning({ id: campaignPosts.id });
  return rows.length > 0;
}

export async function deletePlanPost(
  tx: Tx,
  userId: string,
  campaignId: string,
  key: string,
): Promise<boolean> {
  const rows = await tx
    .delete(campaignPosts)
    .where(
      and(
        eq(campaignPosts.userId, userId),
        eq(campaignPosts.campaignId, campaignId),
        eq(campaignPosts.key, key),
      ),
    )
    .returning({ id: campaignPosts.id });
  return rows.length > 0;
}

/** Links a planned post to the calendar post made from it. */
export async function setPostEvent(
  tx: Tx,
  userId: string,
  campaignId: string,
  key: string,
  eventId: string,
): Promise<void> {
  await tx
    .update(campaignPosts)
    .set({ eventId, updatedAt: new Date() })
    .where(
      and(
        eq(campaignPosts.userId, userId),
        eq(campaignPosts.campaignId, campaignId),
        eq(campaignPosts.key, key),
      ),
    );
}

/** The ids among `ids` that are connections of the business. */
export async function ownConnectionIds(
  tx: Tx,
  userId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: platformConnections.id })
    .from(platformConnections)
    .where(and(eq(platformConnections.userId, userId), inArray(platformConnections.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** The library items among `ids` that are the business's, with their file names. */
export async function ownMedia(
  tx: Tx,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: mediaItems.id, name: mediaItems.name })
    .from(mediaItems)
    .where(and(eq(mediaItems.userId, userId), inArray(mediaItems.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The status shown for a stored one (lifecycle.ts explains it; shownStatusSql is the same rule
 * for the list's filter).
 */
export function shownStatus(
  stored: CampaignStatus,
  counts: Pick<CampaignCounts, 'posts' | 'published' | 'ahead'>,
): CampaignStatus {
  if (stored !== 'scheduled') return stored;
  if (counts.posts > 0 && counts.ahead === 0) return 'completed';
  if (counts.published > 0) return 'active';
  return 'scheduled';
}

export interface EventPerformance {
  reach: number | null;
  interactions: number | null;
  fetchedAt: Date | null;
}

/**
 * The stored insights of the launched posts (docs/decisions/092), by calendar post: a post's
 * deliveries summed (a post to two accounts has two).
 */
export async function performanceOf(
  tx: Tx,
  userId: string,
  eventIds: readonly string[],
): Promise<Map<string, EventPerformance>> {
  if (eventIds.length === 0) return new Map();
  const rows = rowsOf<{
    event_id: string;
    reach: number | null;
    interactions: number | null;
    fetched_at: string | Date | null;
  }>(
    await tx.execute(sql`
      select pp.calendar_event_id as event_id, sum(ap.reach) as reach,
             sum(ap.interactions) as interactions, max(ap.fetched_at) as fetched_at
        from public.platform_posts pp
        join public.analytics_posts ap on ap.platform_post_id = pp.id and ap.user_id = pp.user_id
       where pp.user_id = ${userId}
         and pp.calendar_event_id = any(${`{${eventIds.join(',')}}`}::uuid[])
       group by pp.calendar_event_id`),
  );
  return new Map(
    rows.map((r) => [
      r.event_id,
      {
        reach: r.reach === null ? null : Number(r.reach),
        interactions: r.interactions === null ? null : Number(r.interactions),
        fetchedAt: r.fetched_at === null ? null : new Date(r.fetched_at),
      },
    ]),
  );
}
