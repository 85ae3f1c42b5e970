import { and, asc, eq, gt } from 'drizzle-orm';
import type { CalendarEvent, EventStatus, EventType } from '#shared/contracts/calendar.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { calendarEvents, toEventDto } from '../posts/index.ts';

// The calendar's reads of calendar_events (the posts feature owns the table and every write,
// docs/decisions/087). Every query names the tenant in its WHERE clause as well as leaving it to
// row-level security: the policy's `user_id = (select app.current_tenant_id())` alone does not
// let the planner pick calendar_events(user_id, scheduled_for).

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

export interface EventFilters {
  type?: EventType | undefined;
  status?: EventStatus | undefined;
  platforms?: readonly string[] | undefined;
  /** Connection ids (lower-case uuids): events with a delivery to any of these accounts. */
  accountIds?: readonly string[] | undefined;
  /** A campaign's id: the posts launched from it (campaign_posts.event_id). */
  campaignId?: string | undefined;
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
 * docs/product/services.md#calendar-events list: the tenant's events, filtered, soonest first (id
 * breaks ties so pages are stable), as one statement with placeholders, for withTenantStatement
 * (one round trip). Written by hand because this is the hottest read and building it through the
 * query builder cost a sixth of the request's CPU. Its rows are already in the API's shape
 * (CalendarEvent).
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
  if (filters.campaignId) {
    add(
      (p) =>
        `exists (select 1 from "campaign_posts" where "campaign_posts"."event_id" = "calendar_events"."id" and "campaign_posts"."user_id" = $1 and "campaign_posts"."campaign_id" = ${p}::uuid)`,
      filters.campaignId,
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

/** docs/product/services.md#calendar-events upcoming: scheduled after `now`, soonest first. */
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
