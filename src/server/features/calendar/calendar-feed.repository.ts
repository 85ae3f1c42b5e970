import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '#server/platform/db/client.ts';
import { businessProfiles } from '../settings/settings.tables.ts';
import { calendarFeeds } from './calendar-feed.tables.ts';
import { calendarEvents } from '../posts/index.ts';

// SQL for calendar_feeds and the feed's read of calendar_events. Always run through withTenant:
// the tenant is named in WHERE as well as by row-level security.

export interface FeedRow {
  tokenHash: string;
  createdAt: Date;
}

export async function findFeed(tx: Tx, userId: string, memberId: string): Promise<FeedRow | null> {
  const [row] = await tx
    .select({ tokenHash: calendarFeeds.tokenHash, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.memberId, memberId)))
    .limit(1);
  return row ?? null;
}

/** One link per person and business: a new one replaces the old hash, so the old link dies. */
export async function replaceFeed(
  tx: Tx,
  userId: string,
  memberId: string,
  tokenHash: string,
  now: Date,
): Promise<FeedRow> {
  const [row] = await tx
    .insert(calendarFeeds)
    .values({ userId, memberId, tokenHash, createdAt: now })
    .onConflictDoUpdate({
      target: [calendarFeeds.userId, calendarFeeds.memberId],
      set: { tokenHash, createdAt: now },
    })
    .returning({ tokenHash: calendarFeeds.tokenHash, createdAt: calendarFeeds.createdAt });
  return row!;
}

export async function deleteFeed(tx: Tx, userId: string, memberId: string): Promise<boolean> {
  const rows = await tx
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.memberId, memberId)))
    .returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

export interface FeedEventRow {
  id: string;
  title: string;
  content: string | null;
  platforms: string[];
  type: string;
  status: string;
  scheduledFor: Date;
  updatedAt: Date;
}

/** Dated events between `from` and `to`, soonest first; drafts of posts are not in the feed. */
export async function listFeedEvents(
  tx: Tx,
  userId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<FeedEventRow[]> {
  const rows = await tx
    .select({
      id: calendarEvents.id,
      title: calendarEvents.title,
      content: calendarEvents.content,
      platforms: calendarEvents.platforms,
      type: calendarEvents.type,
      status: calendarEvents.status,
      scheduledFor: calendarEvents.scheduledFor,
      updatedAt: calendarEvents.updatedAt,
    })
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, userId),
        isNotNull(calendarEvents.scheduledFor),
        gte(calendarEvents.scheduledFor, from),
        lte(calendarEvents.scheduledFor, to),
        sql`not (${calendarEvents.status} = 'draft' and ${calendarEvents.type} <> 'note')`,
      ),
    )
    .orderBy(asc(calendarEvents.scheduledFor), asc(calendarEvents.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, scheduledFor: row.scheduledFor! }));
}

export async function findBusinessName(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: businessProfiles.businessName })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId))
    .limit(1);
  return row?.name ?? null;
}
