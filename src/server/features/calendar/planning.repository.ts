import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '#server/platform/db/client.ts';
import { calendarEvents, deliveryOfPost, platformPosts, type EventRow } from '../posts/index.ts';
import { findMediaRows } from '../media/media.repository.ts';

// The planning reads of the calendar (docs/decisions/078): posts planned for one account, drafts
// without a date, and the first medium of the posts of a range. As in calendar.repository.ts,
// every query names the tenant as well as leaving it to row-level security.

const eventColumns = {
  id: calendarEvents.id,
  userId: calendarEvents.userId,
  title: calendarEvents.title,
  content: calendarEvents.content,
  platforms: calendarEvents.platforms,
  type: calendarEvents.type,
  status: calendarEvents.status,
  scheduledFor: calendarEvents.scheduledFor,
  createdAt: calendarEvents.createdAt,
  updatedAt: calendarEvents.updatedAt,
};

export type PlanningEventRow = Pick<EventRow, keyof typeof eventColumns>;

/** Statuses of a post that is still planned: it may move, and nothing of it has gone out. */
const PLANNED = ['draft', 'scheduled'] as const;

/**
 * The posts planned for account `connectionId` that its profile grid would show (not stories),
 * with a date, latest first: the event and its delivery to that account.
 */
export async function listPlannedForAccount(
  tx: Tx,
  userId: string,
  connectionId: string,
  limit: number,
): Promise<Array<PlanningEventRow & { format: 'feed' | 'reel' | 'story'; mediaIds: string[] }>> {
  return tx
    .select({ ...eventColumns, format: platformPosts.format, mediaIds: platformPosts.mediaIds })
    .from(platformPosts)
    .innerJoin(calendarEvents, deliveryOfPost)
    .where(
      and(
        eq(platformPosts.userId, userId),
        eq(platformPosts.connectionId, connectionId),
        ne(platformPosts.format, 'story'),
        inArray(platformPosts.status, [...PLANNED]),
        inArray(calendarEvents.status, [...PLANNED]),
        isNotNull(calendarEvents.scheduledFor),
      ),
    )
    .orderBy(desc(calendarEvents.scheduledFor), desc(calendarEvents.id))
    .limit(limit);
}

/** Posts (not notes or campaigns) saved as drafts with no date, most recently changed first. */
export async function listUndatedDrafts(
  tx: Tx,
  userId: string,
  limit: number,
): Promise<PlanningEventRow[]> {
  return tx
    .select(eventColumns)
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, userId),
        eq(calendarEvents.status, 'draft'),
        isNull(calendarEvents.scheduledFor),
        inArray(calendarEvents.type, ['post', 'ai_generated']),
      ),
    )
    .orderBy(desc(calendarEvents.updatedAt), desc(calendarEvents.id))
    .limit(limit);
}

export interface EventMedia {
  eventId: string;
  /** Deliveries the event has (the accounts it goes to). */
  accounts: number;
  /** The media of its first delivery that has any, in publishing order. */
  mediaIds: string[];
}

/** Each event's accounts and the media of its first delivery with media (the composer's order). */
export async function mediaOfEvents(
  tx: Tx,
  userId: string,
  eventIds: readonly string[],
): Promise<Map<string, EventMedia>> {
  const found = new Map<string, EventMedia>();
  if (eventIds.length === 0) return found;
  const rows = await tx
    .select({ eventId: platformPosts.calendarEventId, mediaIds: platformPosts.mediaIds })
    .from(platformPosts)
    .where(
      and(eq(platformPosts.userId, userId), inArray(platformPosts.calendarEventId, [...eventIds])),
    )
    .orderBy(asc(platformPosts.createdAt), asc(platformPosts.id));
  for (const row of rows) {
    const entry = found.get(row.eventId) ?? { eventId: row.eventId, accounts: 0, mediaIds: [] };
    entry.accounts += 1;
    if (entry.mediaIds.length === 0) entry.mediaIds = row.mediaIds;
    found.set(row.eventId, entry);
  }
  return found;
}

/**
 * The media of the first delivery with media of each event scheduled in [start, end), at most
 * `limit` events: one row per event (DISTINCT ON the event).
 */
export async function mediaOfRange(
  tx: Tx,
  userId: string,
  start: Date,
  end: Date,
  limit: number,
): Promise<Map<string, EventMedia>> {
  const rows = await tx
    .selectDistinctOn([platformPosts.calendarEventId], {
      eventId: platformPosts.calendarEventId,
      mediaIds: platformPosts.mediaIds,
    })
    .from(platformPosts)
    .innerJoin(calendarEvents, deliveryOfPost)
    .where(
      and(
        eq(platformPosts.userId, userId),
        eq(calendarEvents.userId, userId),
        gte(calendarEvents.scheduledFor, start),
        lt(calendarEvents.scheduledFor, end),
        sql`cardinality(${platformPosts.mediaIds}) > 0`,
      ),
    )
    .orderBy(
      asc(platformPosts.calendarEventId),
      asc(platformPosts.createdAt),
      asc(platformPosts.id),
    )
    .limit(limit);
  return new Map(
    rows.map((row) => [row.eventId, { eventId: row.eventId, accounts: 0, mediaIds: row.mediaIds }]),
  );
}

/** Kind and small copy of the library items named (another business's are not found). */
export async function mediaFacts(
  tx: Tx,
  ids: readonly string[],
): Promise<Map<string, { kind: 'image' | 'video'; hasThumbnail: boolean }>> {
  const rows = await findMediaRows(tx, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { kind: r.kind, hasThumbnail: r.thumbnailKey !== null }]));
}
