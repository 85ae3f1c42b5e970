import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '#server/platform/db/client.ts';

// The SQL of the insights sync (docs/decisions/092). Every function but the `unsafe` ones runs
// inside withTenant as the business, so row-level security applies. Daily values and post values
// are written with ON CONFLICT on the platform's keys: a day read again (Meta revises the last
// two) replaces its value, and a post found again updates its row.

type Db = Database['unsafeDb'];

export interface DayValue {
  metric: string;
  day: string;
  value: number;
  estimated?: boolean;
}

/** Writes daily values; a value read from the platform replaces an estimate, never the reverse. */
export async function upsertDaily(
  tx: Tx,
  tenantId: string,
  connectionId: string,
  values: readonly DayValue[],
  fetchedAt: Date,
): Promise<void> {
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    const rows = sql.join(
      chunk.map(
        (v) =>
          sql`(${tenantId}::uuid, ${connectionId}::uuid, ${v.metric}, ${v.day}::date, ${v.value}::float8, ${v.estimated ?? false}, ${fetchedAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      insert into public.analytics_daily
        (user_id, connection_id, metric, day, value, estimated, fetched_at)
      values ${rows}
      on conflict (connection_id, metric, day) do update
        set value = excluded.value, estimated = excluded.estimated, fetched_at = excluded.fetched_at
        where analytics_daily.estimated or not excluded.estimated`);
  }
}

export async function dailyValues(
  tx: Tx,
  connectionId: string,
  metric: string,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = rowsOf<{ day: string; value: number }>(
    await tx.execute(sql`
      select day::text as day, value from public.analytics_daily
       where connection_id = ${connectionId} and metric = ${metric}
         and day between ${from}::date and ${to}::date`),
  );
  return new Map(rows.map((r) => [r.day, Number(r.value)]));
}

export interface PostUpsert {
  platform: 'instagram' | 'facebook';
  externalId: string;
  productType: string;
  caption: string | null;
  permalink: string | null;
  thumbnailUrl: string | null;
  publishedAt: Date;
  nextSampleAt: Date | null;
}

/** Adds the posts not yet known and refreshes what may change on the others; returns new ids. */
export async function upsertPosts(
  tx: Tx,
  tenantId: string,
  connectionId: string,
  posts: readonly PostUpsert[],
): Promise<number> {
  let added = 0;
  for (const p of posts) {
    const rows = rowsOf<{ inserted: boolean }>(
      await tx.execute(sql`
        insert into public.analytics_posts
          (user_id, connection_id, platform, external_id, product_type, caption, permalink,
           thumbnail_url, published_at, next_sample_at, platform_post_id)
        values (${tenantId}, ${connectionId}, ${p.platform}, ${p.externalId}, ${p.productType},
                ${p.caption}, ${p.permalink}, ${p.thumbnailUrl},
                ${p.publishedAt.toISOString()}::timestamptz,
                ${p.nextSampleAt?.toISOString() ?? null}::timestamptz,
                (select pp.id from public.platform_posts pp
                  where pp.user_id = ${tenantId} and pp.connection_id = ${connectionId}
                    and pp.external_id = ${p.externalId}
                  order by pp.published_at desc nulls last limit 1))
        on conflict (connection_id, external_id) do update
          set caption = excluded.caption, permalink = excluded.permalink,
              thumbnail_url = coalesce(excluded.thumbnail_url, analytics_posts.thumbnail_url),
              platform_post_id = coalesce(analytics_posts.platform_post_id,
                                          excluded.platform_post_id)
        returning (xmax = 0) as inserted`),
    );
    if (rows[0]?.inserted) added += 1;
  }
  return added;
}

export interface DuePost {
  id: string;
  externalId: string;
  productType: string;
  publishedAt: Date;
}

export async function duePosts(
  tx: Tx,
  connectionId: string,
  now: Date,
  limit: number,
): Promise<DuePost[]> {
  const rows = rowsOf<{
    id: string;
    external_id: string;
    product_type: string;
    published_at: Date | string;
  }>(
    await tx.execute(sql`
      select id, external_id, product_type, published_at from public.analytics_posts
       where connection_id = ${connectionId} and next_sample_at <= ${now.toISOString()}::timestamptz
       order by next_sample_at limit ${limit}`),
  );
  return rows.map((r) => ({
    id: r.id,
    externalId: r.external_id,
    productType: r.product_type,
    publishedAt: new Date(r.published_at),
  }));
}

export interface PostValues {
  reach: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  interactions: number | null;
  metrics: Record<string, number>;
}

/** Stores a post's latest lifetime values and one sample of them. */
export async function recordSample(
  tx: Tx,
  tenantId: string,
  post: DuePost,
  values: PostValues,
  sampledAt: Date,
  nextSampleAt: Date | null,
): Promise<void> {
  const ageHours = Math.max(
    0,
    Math.round((sampledAt.getTime() - post.publishedAt.getTime()) / 3_600_000),
  );
  await tx.execute(sql`
    update public.analytics_posts
       set reach = ${values.reach}, views = ${values.views}, likes = ${values.likes},
           comments = ${values.comments}, shares = ${values.shares}, saves = ${values.saves},
           interactions = ${values.interactions}, metrics = ${JSON.stringify(values.metrics)}::jsonb,
           fetched_at = ${sampledAt.toISOString()}::timestamptz,
           next_sample_at = ${nextSampleAt?.toISOString() ?? null}::timestamptz,
           last_error = null
     where id = ${post.id}`);
  await tx.execute(sql`
    insert into public.analytics_post_samples
      (user_id, post_id, sampled_at, age_hours, reach, views, likes, comments, shares, saves,
       interactions, metrics)
    values (${tenantId}, ${post.id}, ${sampledAt.toISOString()}::timestamptz, ${ageHours},
            ${values.reach}, ${values.views}, ${values.likes}, ${values.comments}, ${values.shares},
            ${values.saves}, ${values.interactions}, ${JSON.stringify(values.metrics)}::jsonb)
    on conflict (post_id, sampled_at) do nothing`);
}

/** A post whose insights could not be read keeps its values; it is tried again later. */
export async function postSampleFailed(tx: Tx, postId: string, error: string, retryAt: Date) {
  await tx.execute(sql`
    update public.analytics_posts
       set last_error = ${error.slice(0, 500)}, next_sample_at = ${retryAt.toISOString()}::timestamptz
     where id = ${postId}`);
}

/** Replaces one metric and breakdown's values with the latest read. */
export async function replaceBreakdown(
  tx: Tx,
  tenantId: string,
  connectionId: string,
  metric: string,
  breakdown: string,
  period: string,
  values: ReadonlyArray<{ key: string; value: number }>,
  fetchedAt: Date,
): Promise<void> {
  await tx.execute(sql`
    delete from public.analytics_breakdowns
     where connection_id = ${connectionId} and metric = ${metric} and breakdown = ${breakdown}`);
  if (values.length === 0) return;
  const rows = sql.join(
    values.map(
      (v) =>
        sql`(${tenantId}::uuid, ${connectionId}::uuid, ${metric}, ${breakdown}, ${v.key}, ${v.value}::float8, ${period}, ${fetchedAt.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into public.analytics_breakdowns
      (user_id, connection_id, metric, breakdown, key, value, period, fetched_at)
    values ${rows}
    on conflict (connection_id, metric, breakdown, key) do update
      set value = excluded.value, period = excluded.period, fetched_at = excluded.fetched_at`);
}

export async function upsertOnlineHours(
  tx: Tx,
  tenantId: string,
  connectionId: string,
  days: ReadonlyArray<{ day: string; hours: Record<number, number> }>,
  fetchedAt: Date,
): Promise<void> {
  const values = days.flatMap((d) =>
    Object.entries(d.hours)
      .filter(([h]) => Number(h) >= 0 && Number(h) <= 23)
      .map(
        ([h, v]) =>
          sql`(${tenantId}::uuid, ${connectionId}::uuid, ${d.day}::date, ${Number(h)}::smallint, ${Number(v)}::float8, ${fetchedAt.toISOString()}::timestamptz)`,
      ),
  );
  if (values.length === 0) return;
  await tx.execute(sql`
    insert into public.analytics_online_hours (user_id, connection_id, day, hour, value, fetched_at)
    values ${sql.join(values, sql`, `)}
    on conflict (connection_id, day, hour) do update
      set value = excluded.value, fetched_at = excluded.fetched_at`);
}

export interface SyncStateRow {
  status: string;
  backfilledFrom: string | null;
  demographicsAt: Date | null;
  throttledUntil: Date | null;
  lastSuccessAt: Date | null;
}

export async function ensureSyncState(
  tx: Tx,
  tenantId: string,
  connectionId: string,
): Promise<SyncStateRow> {
  await tx.execute(sql`
    insert into public.analytics_sync_states (connection_id, user_id)
    values (${connectionId}, ${tenantId}) on conflict (connection_id) do nothing`);
  const rows = rowsOf<{
    status: string;
    backfilled_from: string | null;
    demographics_at: Date | string | null;
    throttled_until: Date | string | null;
    last_success_at: Date | string | null;
  }>(
    await tx.execute(sql`
      select status, backfilled_from::text as backfilled_from, demographics_at, throttled_until,
             last_success_at
        from public.analytics_sync_states where connection_id = ${connectionId}
       for update`),
  );
  const r = rows[0]!;
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    status: r.status,
    backfilledFrom: r.backfilled_from,
    demographicsAt: date(r.demographics_at),
    throttledUntil: date(r.throttled_until),
    lastSuccessAt: date(r.last_success_at),
  };
}

export interface SyncOutcome {
  status: 'backfilling' | 'ok' | 'failed' | 'unavailable';
  attemptAt: Date;
  success: boolean;
  error: string | null;
  unavailableReason: string | null;
  nextSyncAt: Date;
  backfilledFrom?: string | null;
  demographicsAt?: Date | null;
  throttledUntil: Date | null;
  calls: number;
}

export async function finishSync(tx: Tx, connectionId: string, o: SyncOutcome): Promise<void> {
  await tx.execute(sql`
    update public.analytics_sync_states
       set status = ${o.status},
           last_attempt_at = ${o.attemptAt.toISOString()}::timestamptz,
           last_success_at = case when ${o.success} then ${o.attemptAt.toISOString()}::timestamptz
                                  else last_success_at end,
           last_error = ${o.error?.slice(0, 500) ?? null},
           unavailable_reason = ${o.unavailableReason},
           next_sync_at = ${o.nextSyncAt.toISOString()}::timestamptz,
           backfilled_from = coalesce(${o.backfilledFrom ?? null}::date, backfilled_from),
           demographics_at = coalesce(${o.demographicsAt?.toISOString() ?? null}::timestamptz,
                                      demographics_at),
           throttled_until = ${o.throttledUntil?.toISOString() ?? null}::timestamptz,
           last_calls = ${o.calls},
           updated_at = now()
     where connection_id = ${connectionId}`);
}

/** A first run has started: the page says the history is being fetched. */
export async function markBackfilling(tx: Tx, connectionId: string, at: Date): Promise<void> {
  await tx.execute(sql`
    update public.analytics_sync_states
       set status = 'backfilling', last_attempt_at = ${at.toISOString()}::timestamptz,
           updated_at = now()
     where connection_id = ${connectionId} and backfilled_from is null`);
}

/** Asks for a sync as soon as possible ("Sync now"). */
export async function requestSync(tx: Tx, tenantId: string, connectionId: string, now: Date) {
  await tx.execute(sql`
    insert into public.analytics_sync_states (connection_id, user_id, next_sync_at)
    values (${connectionId}, ${tenantId}, ${now.toISOString()}::timestamptz)
    on conflict (connection_id) do update set next_sync_at = excluded.next_sync_at`);
}

/**
 * Installation-wide, for the schedule: connected accounts whose sync is due (or never ran), and
 * those with a post whose next sample is due or a post of ours (not a story: stories are not
 * listed with the feed) published since the last run and not yet found.
 */
export async function unsafeDueAccounts(db: Db, now: Date) {
  const at = now.toISOString();
  return rowsOf<{ id: string; user_id: string; mode: 'full' | 'posts' }>(
    await db.execute(sql`
      select c.id, c.user_id,
             case when s.connection_id is null or s.next_sync_at <= ${at}::timestamptz
                  then 'full' else 'posts' end as mode
        from public.platform_connections c
        left join public.analytics_sync_states s on s.connection_id = c.id
       where c.status = 'connected'
         and (s.connection_id is null
              or s.next_sync_at <= ${at}::timestamptz
              or (s.throttled_until is null or s.throttled_until <= ${at}::timestamptz)
                 and (exists (select 1 from public.analytics_posts p
                               where p.connection_id = c.id
                                 and p.next_sample_at <= ${at}::timestamptz)
                      or exists (select 1 from public.platform_posts pp
                                  where pp.connection_id = c.id and pp.status = 'published'
                                    and pp.external_id is not null and pp.format <> 'story'
                                    and (s.last_attempt_at is null
                                         or pp.published_at > s.last_attempt_at)
                                    and pp.published_at > ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz
                                    and not exists (select 1 from public.analytics_posts p2
                                                     where p2.connection_id = c.id
                                                       and p2.external_id = pp.external_id))))`),
  );
}
