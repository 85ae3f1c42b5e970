import { and, asc, eq, gt } from 'drizzle-orm';
import type {
  CalendarEvent,
  EventStatus,
  EventType,
  PlatformPost,
} from '#shared/contracts/calendar.contract.ts';
import type { AddonId, PlanId, SubscriptionStatus } from '#shared/plans.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { calendarEvents, platformPosts } from './calendar.tables.ts';

// SQL for calendar_events. Every query names the tenant in its WHERE clause as well as leaving
// it to row-level security: the policy's `user_id = (select app.current_tenant_id())` alone does
// not let the planner pick calendar_events(user_id, scheduled_for).

const columns = {
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

type EventRow = typeof calendarEvents.$inferSelect;

export function toEventDto(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    content: row.content,
    platforms: row.platforms,
    type: row.type,
    status: row.status,
    scheduled_for: row.scheduledFor?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface EventFilters {
  type?: EventType | undefined;
  status?: EventStatus | undefined;
  platforms?: readonly string[] | undefined;
  /** Connection ids (lower-case uuids): events with a delivery to any of these accounts. */
  accountIds?: readonly string[] | undefined;
  startDate?: Date | undefined;
  endDate?: Date | undefined;
  limit: number;
  offset: number;
}

/**
 * A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, "Z"), formatted by the
 * database: parsing 150 timestamps into Date objects and formatting them again was the largest
 * single cost of a list request in Node.
 */
const isoColumn = (column: string) =>
  `to_char("${column}" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "${column}"`;

const LIST_COLUMNS = `select "id", "user_id", "title", "content", "platforms", "type", "status", ${[
  'scheduled_for',
  'created_at',
  'updated_at',
]
  .map(isoColumn)
  .join(', ')} from "calendar_events"`;

/**
 * Seed §7 list: the tenant's events, filtered, soonest first (id breaks ties so pages are
 * stable), as one statement with placeholders, for withTenantStatement (one round trip). Written
 * by hand because this is the hottest read and building it through the query builder cost a
 * sixth of the request's CPU. Its rows are already in the API's shape (CalendarEvent).
 */
export function listEventsStatement(
  userId: string,
  filters: EventFilters,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [userId];
  const where = ['"calendar_events"."user_id" = $1'];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (filters.type) add((p) => `"calendar_events"."type" = ${p}`, filters.type);
  if (filters.status) add((p) => `"calendar_events"."status" = ${p}`, filters.status);
  if (filters.platforms && filters.platforms.length > 0) {
    add((p) => `"calendar_events"."platforms" && ${p}`, [...filters.platforms]);
  }
  if (filters.accountIds && filters.accountIds.length > 0) {
    // An event goes to an account through its platform_posts rows (decision 076). The tenant is
    // named here too, for the same reason as above; $1 is the tenant.
    add(
      (p) =>
        `exists (select 1 from "platform_posts" where "platform_posts"."calendar_event_id" = "calendar_events"."id" and "platform_posts"."user_id" = $1 and "platform_posts"."connection_id" = any(${p}::uuid[]))`,
      [...filters.accountIds],
    );
  }
  if (filters.startDate) add((p) => `"calendar_events"."scheduled_for" >= ${p}`, filters.startDate);
  if (filters.endDate) add((p) => `"calendar_events"."scheduled_for" <= ${p}`, filters.endDate);
  let sql = `${LIST_COLUMNS} where ${where.join(' and ')} order by "calendar_events"."scheduled_for" asc, "calendar_events"."id" asc`;
  params.push(filters.limit);
  sql += ` limit $${params.length}`;
  if (filters.offset > 0) {
    params.push(filters.offset);
    sql += ` offset $${params.length}`;
  }
  return { sql, params };
}

/**
 * The same list as one JSON array, written by the database (json_agg over the ordered, limited
 * rows, the way PostgREST answers): the request then passes one text value through instead of
 * parsing 50 rows of 10 columns and serialising them again (docs/decisions/014). The column
 * names are the API's, so the text is CalendarEvent[] as it stands.
 */
export function listEventsJsonStatement(
  userId: string,
  filters: EventFilters,
): { sql: string; params: unknown[] } {
  const rows = listEventsStatement(userId, filters);
  return {
    sql: `select coalesce(json_agg("e"), '[]'::json)::text as "json" from (${rows.sql}) "e"`,
    params: rows.params,
  };
}

/** Seed §7 upcoming: scheduled after `now`, soonest first. */
export async function listUpcomingEvents(
  tx: Tx,
  userId: string,
  now: Date,
  limit: number,
): Promise<CalendarEvent[]> {
  const rows = await tx
    .select(columns)
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), gt(calendarEvents.scheduledFor, now)))
    .orderBy(asc(calendarEvents.scheduledFor), asc(calendarEvents.id))
    .limit(limit);
  return rows.map(toEventDto);
}

export async function findEvent(tx: Tx, userId: string, id: string): Promise<CalendarEvent | null> {
  const [row] = await tx
    .select(columns)
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
    .limit(1);
  return row ? toEventDto(row) : null;
}

export interface NewEventValues {
  userId: string;
  title: string;
  content: string | null;
  platforms: string[];
  type: EventType;
  status: EventStatus;
  scheduledFor: Date | null;
  now: Date;
}

export async function insertEvent(tx: Tx, values: NewEventValues): Promise<CalendarEvent> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(calendarEvents)
    .values({ ...rest, createdAt: now, updatedAt: now })
    .returning(columns);
  return toEventDto(row!);
}

export interface EventChanges {
  title?: string;
  content?: string | null;
  platforms?: string[];
  type?: EventType;
  status?: EventStatus;
  scheduledFor?: Date | null;
}

/** Seed §7 update: by id and user_id, setting updated_at. Null when no such event is visible. */
export async function updateEvent(
  tx: Tx,
  userId: string,
  id: string,
  changes: EventChanges,
  now: Date,
): Promise<CalendarEvent | null> {
  const [row] = await tx
    .update(calendarEvents)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
    .returning(columns);
  return row ? toEventDto(row) : null;
}

export async function deleteEvent(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
    .returning({ id: calendarEvents.id });
  return rows.length > 0;
}

export interface PlanOfTenant {
  plan: PlanId;
  status: SubscriptionStatus;
  addons: AddonId[];
}

/** The tenant's plan, for feature gating inside the same transaction as the write it guards. */
export async function findPlan(tx: Tx, userId: string): Promise<PlanOfTenant | null> {
  const [row] = await tx
    .select({ plan: subscription.plan, status: subscription.status, addons: subscription.addons })
    .from(subscription)
    .where(eq(subscription.userId, userId))
    .limit(1);
  return row ? { plan: row.plan, status: row.status, addons: row.addons as AddonId[] } : null;
}

/** An event's deliveries, one per platform, for "why did it fail". */
export async function listPlatformPosts(
  tx: Tx,
  userId: string,
  eventId: string,
): Promise<PlatformPost[]> {
  const rows = await tx
    .select({
      id: platformPosts.id,
      platform: platformPosts.platform,
      status: platformPosts.status,
      permalink: platformPosts.permalink,
      attempts: platformPosts.attempts,
      lastError: platformPosts.lastError,
      updatedAt: platformPosts.updatedAt,
    })
    .from(platformPosts)
    .where(and(eq(platformPosts.userId, userId), eq(platformPosts.calendarEventId, eventId)))
    .orderBy(asc(platformPosts.platform), asc(platformPosts.id));
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform,
    status: row.status,
    permalink: row.permalink,
    attempts: row.attempts,
    last_error: row.lastError,
    updated_at: row.updatedAt.toISOString(),
  }));
}
