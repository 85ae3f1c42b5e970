import { and, asc, eq, gte, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '#server/platform/db/client.ts';
import type { Post } from '#shared/contracts/posts.contract.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import {
  calendarEvents,
  deliveryOfPost,
  platformPosts,
  toDeliveryDto,
  toEventDto,
} from '../posts/index.ts';
import { postingQueues, postingSlots, queuedPosts } from './queue.tables.ts';
import type { WeeklySlot } from './slots.ts';

// The posting queue's rows (docs/decisions/077). Every statement names the business as well as
// leaving it to row-level security, so the (user_id, …) indexes serve it.

export type QueueRow = typeof postingQueues.$inferSelect;

export async function listQueueRows(tx: Tx, userId: string): Promise<QueueRow[]> {
  return tx.select().from(postingQueues).where(eq(postingQueues.userId, userId));
}

/**
 * The account's queue row, locked until the transaction ends, made first (with `slots`, the
 * defaults it had until then) when the account has none: one operation on a queue at a time.
 */
export async function lockQueue(
  tx: Tx,
  userId: string,
  connectionId: string,
  slots: readonly WeeklySlot[],
  now: Date,
): Promise<QueueRow> {
  const inserted = await tx
    .insert(postingQueues)
    .values({ connectionId, userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted.length > 0) await insertSlots(tx, userId, connectionId, slots);
  const [row] = await tx
    .select()
    .from(postingQueues)
    .where(and(eq(postingQueues.userId, userId), eq(postingQueues.connectionId, connectionId)))
    .for('update');
  return row!;
}

export async function setPaused(
  tx: Tx,
  userId: string,
  connectionId: string,
  pausedAt: Date | null,
  now: Date,
): Promise<void> {
  await tx
    .update(postingQueues)
    .set({ pausedAt, updatedAt: now })
    .where(and(eq(postingQueues.userId, userId), eq(postingQueues.connectionId, connectionId)));
}

export async function listSlots(tx: Tx, userId: string) {
  return tx
    .select({
      connectionId: postingSlots.connectionId,
      weekday: postingSlots.weekday,
      minuteOfDay: postingSlots.minuteOfDay,
    })
    .from(postingSlots)
    .where(eq(postingSlots.userId, userId))
    .orderBy(asc(postingSlots.weekday), asc(postingSlots.minuteOfDay));
}

async function insertSlots(
  tx: Tx,
  userId: string,
  connectionId: string,
  slots: readonly WeeklySlot[],
): Promise<void> {
  if (slots.length === 0) return;
  await tx
    .insert(postingSlots)
    .values(slots.map((s) => ({ userId, connectionId, ...s })))
    .onConflictDoNothing();
}

export async function replaceSlots(
  tx: Tx,
  userId: string,
  connectionId: string,
  slots: readonly WeeklySlot[],
  now: Date,
): Promise<void> {
  await tx
    .delete(postingSlots)
    .where(and(eq(postingSlots.userId, userId), eq(postingSlots.connectionId, connectionId)));
  await insertSlots(tx, userId, connectionId, slots);
  await tx
    .update(postingQueues)
    .set({ updatedAt: now })
    .where(and(eq(postingQueues.userId, userId), eq(postingQueues.connectionId, connectionId)));
}

/** A post the queue placed that is still where it put it. */
export interface Member {
  eventId: string;
  connectionId: string;
  slotAt: Date;
  status: string;
  title: string;
}

/**
 * The queued posts still in their queue, in order: at the time the queue gave them, scheduled (a
 * paused queue's: drafts), going to that one account only. The caller keeps those whose status
 * matches their queue's state (queue-state.ts).
 */
export async function listMembers(
  tx: Tx,
  userId: string,
  connectionId?: string,
): Promise<Member[]> {
  const onlyThatAccount = sql`(
    select array_agg(${platformPosts.connectionId}) from ${platformPosts}
     where ${platformPosts.userId} = ${queuedPosts.userId}
       and ${platformPosts.calendarEventId} = ${queuedPosts.calendarEventId}
  ) = array[${queuedPosts.connectionId}]`;
  return tx
    .select({
      eventId: queuedPosts.calendarEventId,
      connectionId: queuedPosts.connectionId,
      slotAt: queuedPosts.slotAt,
      status: calendarEvents.status,
      title: calendarEvents.title,
    })
    .from(queuedPosts)
    .innerJoin(
      calendarEvents,
      and(
        eq(calendarEvents.id, queuedPosts.calendarEventId),
        eq(calendarEvents.userId, queuedPosts.userId),
      ),
    )
    .where(
      and(
        eq(queuedPosts.userId, userId),
        connectionId === undefined ? undefined : eq(queuedPosts.connectionId, connectionId),
        eq(calendarEvents.scheduledFor, queuedPosts.slotAt),
        inArray(calendarEvents.status, ['scheduled', 'draft']),
        onlyThatAccount,
      ),
    )
    .orderBy(asc(queuedPosts.slotAt), asc(queuedPosts.createdAt), asc(queuedPosts.calendarEventId));
}

/** Marks (or moves) posts as placed by the account's queue at the times given. */
export async function upsertEntries(
  tx: Tx,
  userId: string,
  connectionId: string,
  entries: ReadonlyArray<{ eventId: string; slotAt: Date }>,
  now: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await tx
    .insert(queuedPosts)
    .values(
      entries.map((e) => ({
        calendarEventId: e.eventId,
        userId,
        connectionId,
        slotAt: e.slotAt,
        createdAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: queuedPosts.calendarEventId,
      set: { connectionId, slotAt: sql`excluded.slot_at` },
    });
}

/** Forgets the account's entries other than `keep`: posts that left its queue. */
export async function pruneEntries(
  tx: Tx,
  userId: string,
  connectionId: string,
  keep: readonly string[],
): Promise<void> {
  await tx
    .delete(queuedPosts)
    .where(
      and(
        eq(queuedPosts.userId, userId),
        eq(queuedPosts.connectionId, connectionId),
        keep.length > 0 ? notInArray(queuedPosts.calendarEventId, [...keep]) : undefined,
      ),
    );
}

/** A post of the account that holds a time, or counts toward its 24-hour quota. */
export interface BusyPost {
  eventId: string;
  title: string;
  status: string;
  at: Date;
}

/**
 * The account's posts due (scheduled, or on their way) from `from` until `until`, and those
 * published since a day before `from` (at their publishing time): what holds a posting time,
 * and what counts toward Instagram's rolling 24 hours.
 */
export async function listBusy(
  tx: Tx,
  userId: string,
  connectionId: string,
  from: Date,
  until: Date,
): Promise<BusyPost[]> {
  const dayBefore = new Date(from.getTime() - 86_400_000);
  const rows = await tx
    .select({
      eventId: platformPosts.calendarEventId,
      title: calendarEvents.title,
      status: platformPosts.status,
      scheduledFor: platformPosts.scheduledFor,
      publishedAt: platformPosts.publishedAt,
    })
    .from(platformPosts)
    .innerJoin(calendarEvents, deliveryOfPost)
    .where(
      and(
        eq(platformPosts.userId, userId),
        eq(platformPosts.connectionId, connectionId),
        or(
          and(
            inArray(platformPosts.status, ['scheduled', 'publishing', 'unconfirmed']),
            gte(platformPosts.scheduledFor, dayBefore),
            lt(platformPosts.scheduledFor, until),
          ),
          and(eq(platformPosts.status, 'published'), gte(platformPosts.publishedAt, dayBefore)),
        ),
      ),
    );
  return rows.map((r) => ({
    eventId: r.eventId,
    title: r.title,
    status: r.status,
    at: (r.status === 'published' ? r.publishedAt : r.scheduledFor) ?? from,
  }));
}

/** The posts with their deliveries (in the order chosen), by id. */
export async function loadPosts(
  tx: Tx,
  userId: string,
  eventIds: readonly string[],
): Promise<Map<string, Post>> {
  const posts = new Map<string, Post>();
  if (eventIds.length === 0) return posts;
  const events = await tx
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), inArray(calendarEvents.id, [...eventIds])));
  for (const e of events) posts.set(e.id, { ...toEventDto(e), deliveries: [] });
  const deliveries = await tx
    .select({ post: platformPosts, accountName: platformConnections.name })
    .from(platformPosts)
    .leftJoin(platformConnections, eq(platformConnections.id, platformPosts.connectionId))
    .where(
      and(eq(platformPosts.userId, userId), inArray(platformPosts.calendarEventId, [...eventIds])),
    )
    .orderBy(asc(platformPosts.createdAt), asc(platformPosts.id));
  for (const d of deliveries) {
    posts.get(d.post.calendarEventId)?.deliveries.push(toDeliveryDto(d.post, d.accountName));
  }
  return posts;
}
