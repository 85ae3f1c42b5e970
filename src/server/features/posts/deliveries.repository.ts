import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { PostStatus } from '#shared/contracts/posts.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { mediaUsages } from '../media/media.tables.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { platformPosts } from './posts.tables.ts';

// platform_posts rows: one delivery of a post to one account (docs/decisions/080). A save
// replaces or moves them inside its transaction; the publishing worker claims and settles them
// with its own one-message statements (publishing/publishing.repository.ts).

export type DeliveryRow = typeof platformPosts.$inferSelect;
export type NewDelivery = typeof platformPosts.$inferInsert;
export type DeliveryChanges = Partial<
  Pick<
    DeliveryRow,
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

/**
 * A delivery the worker holds (claimed, or sent with an unknown outcome) or has finished: a save
 * never rewrites or removes these.
 */
export const IN_FLIGHT_OR_OUT: readonly PostStatus[] = ['publishing', 'unconfirmed', 'published'];

/** A post's deliveries with their account's name, in the order they were chosen. */
export async function listDeliveries(tx: Tx, userId: string, eventId: string) {
  return tx
    .select({ post: platformPosts, accountName: platformConnections.name })
    .from(platformPosts)
    .leftJoin(platformConnections, eq(platformConnections.id, platformPosts.connectionId))
    .where(and(eq(platformPosts.userId, userId), eq(platformPosts.calendarEventId, eventId)))
    .orderBy(asc(platformPosts.createdAt), asc(platformPosts.id));
}
export type ListedDelivery = Awaited<ReturnType<typeof listDeliveries>>[number];

export async function statusesOfEvent(tx: Tx, userId: string, eventId: string) {
  const rows = await tx
    .select({ status: platformPosts.status })
    .from(platformPosts)
    .where(and(eq(platformPosts.userId, userId), eq(platformPosts.calendarEventId, eventId)));
  return rows.map((r) => r.status);
}

export async function insertDeliveries(tx: Tx, rows: NewDelivery[]): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(platformPosts).values(rows).returning();
}

/**
 * Changes a delivery a save moves with its post, only at the version it read and while the
 * worker does not hold it: a claim that got there first makes this find nothing (undefined), and
 * one that comes after finds a newer version and does nothing (docs/decisions/080).
 */
export async function moveDelivery(
  tx: Tx,
  delivery: Pick<DeliveryRow, 'id' | 'userId' | 'version'>,
  changes: DeliveryChanges,
  now: Date,
): Promise<DeliveryRow | undefined> {
  const [row] = await tx
    .update(platformPosts)
    .set({ ...changes, updatedAt: now })
    .where(
      and(
        eq(platformPosts.userId, delivery.userId),
        eq(platformPosts.id, delivery.id),
        eq(platformPosts.version, delivery.version),
        notInArray(platformPosts.status, [...IN_FLIGHT_OR_OUT]),
      ),
    )
    .returning();
  return row;
}

/**
 * Removes deliveries a save replaces, unless the worker took one meanwhile; returns how many went
 * (the caller refuses the save when that is fewer than asked). A job queued for a removed row
 * finds nothing and does nothing.
 */
export async function removeDeliveries(tx: Tx, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx
    .delete(platformPosts)
    .where(
      and(
        eq(platformPosts.userId, userId),
        inArray(platformPosts.id, ids),
        notInArray(platformPosts.status, [...IN_FLIGHT_OR_OUT]),
      ),
    )
    .returning({ id: platformPosts.id });
  return rows.length;
}

/** The media a post uses, in order: the library protects them while the post is pending. */
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
