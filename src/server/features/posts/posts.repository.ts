import { and, eq, sql } from 'drizzle-orm';
import type { PostStatus, PostType } from '#shared/contracts/posts.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { calendarEvents } from './posts.tables.ts';

// calendar_events rows, the post itself. Every statement names the tenant as well as leaving it
// to row-level security, so the planner can use the (user_id, …) indexes.

export type EventRow = typeof calendarEvents.$inferSelect;

export async function findEventRow(
  tx: Tx,
  userId: string,
  id: string,
): Promise<EventRow | undefined> {
  const [row] = await tx
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.id, id)));
  return row;
}

export interface NewEventValues {
  userId: string;
  title: string;
  content: string | null;
  platforms: string[];
  type: PostType;
  status: PostStatus;
  scheduledFor: Date | null;
}

/** docs/product/services.md#calendar-events create: created_at and updated_at set to now. */
export async function insertEvent(tx: Tx, values: NewEventValues, now: Date): Promise<EventRow> {
  const [row] = await tx
    .insert(calendarEvents)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export type EventChanges = Partial<
  Pick<EventRow, 'title' | 'content' | 'platforms' | 'type' | 'status' | 'scheduledFor'>
>;

/**
 * docs/product/services.md#calendar-events update: by id and user_id, setting updated_at. With
 * `expectStatus`, only while the event still has that status: a claim of the worker that moved
 * it meanwhile makes this find nothing, and the caller refuses the whole save.
 */
export async function updateEventRow(
  tx: Tx,
  userId: string,
  id: string,
  changes: EventChanges,
  now: Date,
  expectStatus?: PostStatus,
): Promise<EventRow | undefined> {
  const [row] = await tx
    .update(calendarEvents)
    .set({ ...changes, updatedAt: now })
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.id, id),
        expectStatus === undefined ? undefined : eq(calendarEvents.status, expectStatus),
      ),
    )
    .returning();
  return row;
}

/** The event's status only, when it differs (the status follows its deliveries). */
export async function setEventStatus(
  tx: Tx,
  userId: string,
  id: string,
  status: PostStatus,
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

/** Deletes the event; its deliveries and media usages go with it (foreign keys cascade). */
export async function deleteEventRow(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
    .returning({ id: calendarEvents.id });
  return rows.length > 0;
}
