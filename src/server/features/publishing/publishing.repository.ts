import {
  and,
  asc,
  getTableColumns,
  inArray,
  isNotNull,
  lte,
  type InferSelectModel,
  type Table,
} from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.ts';
import { withTenantStatement, type TenantScope } from '#server/platform/db/tenant.ts';
import {
  calendarEvents,
  platformPosts,
  type DeliveryChanges,
  type DeliveryRow,
  type PostStatus as DeliveryStatus,
} from '../posts/index.ts';
import { mediaItems } from '../media/media.tables.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';

// The publishing worker's statements on deliveries (platform_posts rows, owned by the posts
// feature, docs/decisions/087): the sweeper's overdue list, and the claim and settle of a publish
// or a reconcile, each one message to the database (docs/decisions/083).

type Db = Database['unsafeDb'];

/** A delivery ("post" in the worker's words: one account's copy of a post). */
export type PostRow = DeliveryRow;
export type PostStatus = DeliveryStatus;
export type PostChanges = DeliveryChanges;

/** The event row as Drizzle reads it (what a claim returns beside the delivery). */
export { findEventRow } from '../posts/index.ts';

/**
 * Installation-wide, for the sweeper: posts whose next step is overdue (a job that never ran, or
 * ran in a process that died). Bypasses row-level security; each post is then handled in its
 * own tenant's scope.
 */
export async function unsafeOverduePosts(db: Db, before: Date, limit: number) {
  return db
    .select({
      id: platformPosts.id,
      userId: platformPosts.userId,
      status: platformPosts.status,
      version: platformPosts.version,
    })
    .from(platformPosts)
    .where(
      and(
        inArray(platformPosts.status, ['scheduled', 'unconfirmed', 'publishing']),
        isNotNull(platformPosts.nextAttemptAt),
        lte(platformPosts.nextAttemptAt, before),
      ),
    )
    .orderBy(asc(platformPosts.nextAttemptAt))
    .limit(limit);
}

// ------------------------------------------------------------- the worker's one-message steps

// The publishing worker's claim and settle each go to the database as one message: the tenant's
// settings and one statement that changes the delivery, brings its event's status in line
// (app.event_status_for, the SQL form of eventStatusFor) and returns what the next step needs.
// Nine and six round trips became one each (docs/decisions/083). Reconcile claims and the
// sweeper takes over a silent worker's post with the same statements.

/** A row of `table` from its to_jsonb form: column names as keys, timestamps as text. */
export function rowFromJson<T extends Table>(
  table: T,
  json: Record<string, unknown>,
): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name] ?? null;
    row[key] = value !== null && column.dataType === 'date' ? new Date(value as string) : value;
  }
  return row as InferSelectModel<T>;
}

/**
 * The statement's tail after `changed` (the delivery as changed, zero or one row): the event's
 * status from its deliveries, with this one's new status, and the event updated when it differs.
 * Data-modifying WITH items run whether or not the query reads them.
 */
const EVENT_FOLLOWS = (now: string) => `,
  siblings AS (
    SELECT o.status FROM public.platform_posts o, changed c
     WHERE o.user_id = c.user_id AND o.calendar_event_id = c.calendar_event_id AND o.id <> c.id
    UNION ALL
    SELECT c.status FROM changed c
  ),
  event_status AS (SELECT app.event_status_for(array_agg(status)) AS status FROM siblings),
  event_update AS (
    UPDATE public.calendar_events e SET status = es.status, updated_at = ${now}::timestamptz
      FROM changed c, event_status es
     WHERE e.user_id = c.user_id AND e.id = c.calendar_event_id
       AND es.status IS NOT NULL AND e.status <> es.status
    RETURNING e.id
  )`;

/** The event's status as stored, for a statement that leaves the event alone. */
const EVENT_STATUS_NOW = `(SELECT e.status FROM public.calendar_events e
    WHERE e.user_id = c.user_id AND e.id = c.calendar_event_id)`;

/** The event's status once the statement is done: the new one, or the one it kept. */
const EVENT_STATUS_AFTER = `coalesce((SELECT status FROM event_status), ${EVENT_STATUS_NOW})`;

type EventRow = typeof calendarEvents.$inferSelect;
type ConnectionRow = typeof platformConnections.$inferSelect;
type MediaItemRow = typeof mediaItems.$inferSelect;

export interface ClaimedDelivery {
  row: PostRow;
  event: EventRow | undefined;
  connection: ConnectionRow | undefined;
  media: MediaItemRow[];
  eventStatus: EventRow['status'] | null;
}

type ClaimPayload = { postId: string; userId: string; version: number };

/**
 * The claim of a publish: a post still scheduled, at the job's version and due by `now`, becomes
 * publishing until `leaseEnd`. A container still processing keeps the attempt it belongs to.
 * Returns the post, its event, its account and its media, or null when there is nothing to do.
 */
export function claimForPublish(
  database: Database,
  scope: TenantScope,
  post: ClaimPayload,
  now: Date,
  leaseEnd: Date,
): Promise<ClaimedDelivery | null> {
  return claimDelivery(database, scope, post, 'publish', now, leaseEnd);
}

/**
 * The claim of a reconcile, the same as a publish's (two reconcilers never decide one post), from
 * unconfirmed: it keeps the attempt it checks, and the event stays as it is (unconfirmed) while
 * the platform is asked, rather than reading publishing at every check.
 */
export function claimForReconcile(
  database: Database,
  scope: TenantScope,
  post: ClaimPayload,
  now: Date,
  leaseEnd: Date,
): Promise<ClaimedDelivery | null> {
  return claimDelivery(database, scope, post, 'reconcile', now, leaseEnd);
}

async function claimDelivery(
  database: Database,
  scope: TenantScope,
  post: ClaimPayload,
  step: 'publish' | 'reconcile',
  now: Date,
  leaseEnd: Date,
): Promise<ClaimedDelivery | null> {
  const publish = step === 'publish';
  const startAttempt = publish
    ? `attempt_started_at = CASE WHEN p.container_id IS NULL THEN $4::timestamptz
                                       ELSE p.attempt_started_at END,`
    : '';
  const [found] = await withTenantStatement<{
    post: Record<string, unknown>;
    event: Record<string, unknown> | null;
    connection: Record<string, unknown> | null;
    media: Record<string, unknown>[];
    event_status: EventRow['status'] | null;
  }>(database, scope, {
    sql: `WITH changed AS (
      UPDATE public.platform_posts p
         SET status = 'publishing', ${startAttempt}
             next_attempt_at = $5::timestamptz,
             updated_at = $4::timestamptz
       WHERE p.user_id = $1 AND p.id = $2 AND p.version = $3 AND p.status = $6
         AND (p.next_attempt_at IS NULL OR p.next_attempt_at <= $4::timestamptz)
      RETURNING p.*
    )${publish ? EVENT_FOLLOWS('$4') : ''}
    SELECT to_jsonb(c) AS post,
           (SELECT to_jsonb(e) FROM public.calendar_events e
             WHERE e.user_id = c.user_id AND e.id = c.calendar_event_id) AS event,
           (SELECT to_jsonb(k) FROM public.platform_connections k
             WHERE k.user_id = c.user_id AND k.id = c.connection_id) AS connection,
           (SELECT coalesce(jsonb_agg(to_jsonb(m)), '[]'::jsonb) FROM public.media_items m
             WHERE m.id = ANY (c.media_ids)) AS media,
           ${publish ? EVENT_STATUS_AFTER : EVENT_STATUS_NOW} AS event_status
      FROM changed c`,
    params: [
      post.userId,
      post.postId,
      post.version,
      now,
      leaseEnd,
      publish ? 'scheduled' : 'unconfirmed',
    ],
  });
  if (!found) return null;
  return {
    row: rowFromJson(platformPosts, found.post),
    event: found.event ? rowFromJson(calendarEvents, found.event) : undefined,
    connection: found.connection ? rowFromJson(platformConnections, found.connection) : undefined,
    media: found.media.map((m) => rowFromJson(mediaItems, m)),
    eventStatus: found.event_status,
  };
}

export interface SettledDelivery {
  row: PostRow;
  /** The event's title, for the owner's e-mail; null when the event is gone. */
  title: string | null;
  eventStatus: EventRow['status'] | null;
}

/**
 * The end of an attempt: writes the post's new state only while the attempt still owns it
 * (publishing, same version), and the event's. Null when it no longer does. With
 * `leaseEndedBy`, only a claim that has run out by then: the sweeper's takeover of a post whose
 * worker went silent, which must leave a claim renewed meanwhile alone (docs/decisions/089).
 */
export async function settleDelivery(
  database: Database,
  scope: TenantScope,
  post: Pick<PostRow, 'id' | 'userId' | 'version'>,
  changes: PostChanges & { status: PostStatus },
  now: Date,
  options: { leaseEndedBy?: Date } = {},
): Promise<SettledDelivery | null> {
  const columns = getTableColumns(platformPosts);
  const params: unknown[] = [post.userId, post.id, post.version, now];
  // As drizzle's update: a change left undefined leaves its column alone.
  const assignments = Object.entries(changes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const column = columns[key as keyof typeof columns];
      params.push(value);
      return `"${column.name}" = $${params.length}`;
    });
  let leaseEnded = '';
  if (options.leaseEndedBy) {
    params.push(options.leaseEndedBy);
    leaseEnded = `AND p.next_attempt_at <= $${params.length}::timestamptz`;
  }
  const [found] = await withTenantStatement<{
    post: Record<string, unknown>;
    title: string | null;
    event_status: EventRow['status'] | null;
  }>(database, scope, {
    sql: `WITH changed AS (
      UPDATE public.platform_posts p
         SET ${assignments.join(', ')}, updated_at = $4::timestamptz
       WHERE p.user_id = $1 AND p.id = $2 AND p.version = $3 AND p.status = 'publishing'
         ${leaseEnded}
      RETURNING p.*
    )${EVENT_FOLLOWS('$4')}
    SELECT to_jsonb(c) AS post,
           (SELECT e.title FROM public.calendar_events e
             WHERE e.user_id = c.user_id AND e.id = c.calendar_event_id) AS title,
           ${EVENT_STATUS_AFTER} AS event_status
      FROM changed c`,
    params,
  });
  if (!found) return null;
  return {
    row: rowFromJson(platformPosts, found.post),
    title: found.title,
    eventStatus: found.event_status,
  };
}

/** Remembers the Instagram container of an attempt, so a later step can ask about it. */
export async function saveContainerId(
  database: Database,
  scope: TenantScope,
  post: Pick<PostRow, 'id' | 'userId'>,
  containerId: string,
  now: Date,
): Promise<void> {
  await withTenantStatement(database, scope, {
    sql: `UPDATE public.platform_posts SET container_id = $3, updated_at = $4::timestamptz
           WHERE user_id = $1 AND id = $2`,
    params: [post.userId, post.id, containerId, now],
  });
}

/**
 * Of `externalIds` (posts found on an account), those another delivery to the same account
 * already has on record: reconcile must not take a post that is someone else's.
 */
export async function externalIdsTaken(
  database: Database,
  scope: TenantScope,
  post: Pick<PostRow, 'id' | 'userId' | 'connectionId'>,
  externalIds: readonly string[],
): Promise<Set<string>> {
  if (externalIds.length === 0 || !post.connectionId) return new Set();
  const rows = await withTenantStatement<{ external_id: string }>(database, scope, {
    sql: `SELECT external_id FROM public.platform_posts
           WHERE user_id = $1 AND connection_id = $2 AND id <> $3
             AND external_id = ANY($4::text[])`,
    params: [post.userId, post.connectionId, post.id, externalIds],
  });
  return new Set(rows.map((r) => r.external_id));
}
