import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '#server/platform/db/client.ts';
import { calendarEvents, platformPosts } from '../calendar/calendar.tables.ts';
import { mediaUsages } from '../media/media.tables.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';

type Db = Database['unsafeDb'];

export type PostRow = typeof platformPosts.$inferSelect;
export type PostStatus = PostRow['status'];
export type PostChanges = Partial<
  Pick<
    PostRow,
    | 'status'
    | 'attempts'
    | 'externalId'
    | 'permalink'
    | 'lastError'
    | 'errorCode'
    | 'nextAttemptAt'
    | 'attemptStartedAt'
    | 'containerId'
    | 'publishedAt'
    | 'scheduledFor'
    | 'version'
  >
>;

export async function findPost(tx: Tx, userId: string, id: string): Promise<PostRow | undefined> {
  const [row] = await tx
    .select()
    .from(platformPosts)
    .where(and(eq(platformPosts.userId, userId), eq(platformPosts.id, id)));
  return row;
}

export async function listPostsOfEvent(tx: Tx, userId: string, eventId: string) {
  return tx
    .select({ post: platformPosts, accountName: platformConnections.name })
    .from(platformPosts)
    .leftJoin(platformConnections, eq(platformConnections.id, platformPosts.connectionId))
    .where(and(eq(platformPosts.userId, userId), eq(platformPosts.calendarEventId, eventId)))
    .orderBy(asc(platformPosts.createdAt), asc(platformPosts.id));
}

/**
 * The claim: only a post that is still `from`, at the version the job carries, moves on. Two
 * deliveries of the same job race here and exactly one wins; the loser gets nothing back.
 * `dueBy`: only when its next step (for a post being published, the end of the claim on it) is
 * due by then.
 */
export async function claimPost(
  tx: Tx,
  userId: string,
  id: string,
  version: number,
  from: PostStatus,
  changes: PostChanges & { status: PostStatus },
  now: Date,
  dueBy?: Date,
): Promise<PostRow | undefined> {
  const [row] = await tx
    .update(platformPosts)
    .set({ ...changes, updatedAt: now })
    .where(
      and(
        eq(platformPosts.userId, userId),
        eq(platformPosts.id, id),
        eq(platformPosts.version, version),
        eq(platformPosts.status, from),
        dueBy ? lte(platformPosts.nextAttemptAt, dueBy) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function updatePost(
  tx: Tx,
  userId: string,
  id: string,
  changes: PostChanges,
  now: Date,
): Promise<PostRow | undefined> {
  const [row] = await tx
    .update(platformPosts)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(platformPosts.userId, userId), eq(platformPosts.id, id)))
    .returning();
  return row;
}

export async function insertPosts(tx: Tx, rows: (typeof platformPosts.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx.insert(platformPosts).values(rows).returning();
}

export async function deletePosts(tx: Tx, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .delete(platformPosts)
    .where(and(eq(platformPosts.userId, userId), inArray(platformPosts.id, ids)));
}

export async function findEventRow(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, id)));
  return row;
}

export async function setEventStatus(
  tx: Tx,
  userId: string,
  id: string,
  status: (typeof calendarEvents.$inferSelect)['status'],
  now: Date,
): Promise<void> {
  await tx
    .update(calendarEvents)
    .set({ status, updatedAt: now })
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.id, id),
        sql`${calendarEvents.status} <> ${status}`,
      ),
    );
}

export async function statusesOfEvent(tx: Tx, userId: string, eventId: string) {
  const rows = await tx
    .select({ status: platformPosts.status })
    .from(platformPosts)
    .where(and(eq(platformPosts.userId, userId), eq(platformPosts.calendarEventId, eventId)));
  return rows.map((r) => r.status);
}

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
      attemptStartedAt: platformPosts.attemptStartedAt,
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

export async function updateEventSchedule(
  tx: Tx,
  userId: string,
  id: string,
  status: (typeof calendarEvents.$inferSelect)['status'],
  scheduledFor: Date | null,
  now: Date,
): Promise<void> {
  await tx
    .update(calendarEvents)
    .set({ status, scheduledFor, updatedAt: now })
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, id)));
}

/** The event's platforms column follows its targets, so the calendar's filters keep working. */
export async function setEventPlatforms(
  tx: Tx,
  userId: string,
  id: string,
  connections: readonly { id: string; platform: string }[],
  targets: readonly { connectionId: string }[],
  now: Date,
): Promise<void> {
  const platforms = [
    ...new Set(
      targets
        .map((t) => connections.find((c) => c.id === t.connectionId)?.platform)
        .filter((p): p is string => Boolean(p)),
    ),
  ].sort();
  if (platforms.length === 0) return;
  await tx
    .update(calendarEvents)
    .set({ platforms, updatedAt: now })
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, id)));
}

/** The media an event uses, in order: the library protects them while the post is pending. */
export async function replaceMediaUsages(
  tx: Tx,
  userId: string,
  eventId: string,
  mediaIds: readonly string[],
): Promise<void> {
  await tx
    .delete(mediaUsages)
    .where(and(eq(mediaUsages.userId, userId), eq(mediaUsages.calendarEventId, eventId)));
  if (mediaIds.length === 0) return;
  await tx.insert(mediaUsages).values(
    mediaIds.map((mediaId, position) => ({
      userId,
      mediaId,
      calendarEventId: eventId,
      position,
    })),
  );
}
