import type { z } from 'zod';
import {
  DEFAULT_EVENT_PAGE_SIZE,
  DEFAULT_UPCOMING_LIMIT,
  listEventsQuerySchema,
  type CalendarEvent,
  type EventStatus,
  type EventType,
} from '#shared/contracts/calendar.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { withTenant, withTenantStatement } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { isUuid, requireUserId, scopeForTenant } from '../profile/user-id.ts';
import * as repo from './calendar.repository.ts';

// The calendar's reads of calendar_events (docs/product/services.md#calendar-events: list,
// upcoming, single, AI content) and its feed. Every change of a post — create, update, schedule,
// move, delete — is the posts feature's (docs/decisions/087). Each read takes the business
// account's id explicitly, as the product's service does; routes pass the signed-in actor's own.
// Reads of another account's events find nothing (row-level security), so they answer NOT_FOUND
// and never reveal that a row exists.

export interface ListEventsFilters {
  type?: EventType | undefined;
  status?: EventStatus | undefined;
  platforms?: readonly string[] | undefined;
  /** Connection ids: events with a delivery to any of these accounts (decision 076). */
  accountIds?: readonly string[] | undefined;
  /** A campaign's id: the posts launched from it (docs/decisions/095). */
  campaignId?: string | undefined;
  startDate?: string | Date | undefined;
  endDate?: string | Date | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface PageOptions {
  limit?: number | undefined;
  offset?: number | undefined;
}

/**
 * docs/product/services.md#calendar-events list, cached per business account
 * (docs/product/constants.md#service-cache) under its normalised
 * filters; every write of that account drops its entries.
 */
export async function listEvents(
  ctx: ServiceContext,
  userId: string,
  filters: ListEventsFilters = {},
): Promise<CalendarEvent[]> {
  return JSON.parse(await listEventsJson(ctx, userId, filters)) as CalendarEvent[];
}

/**
 * The same list as the JSON text of CalendarEvent[], as the database wrote it (decision 014):
 * the route sends it as it is, and the cache keeps the text.
 */
export async function listEventsJson(
  ctx: ServiceContext,
  userId: string,
  filters: ListEventsFilters = {},
): Promise<string> {
  requireAccess(ctx.actor, 'read:calendar');
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  const normalized = normalizeFilters(filters);
  return ctx.deps.cache.getOrLoad(userId, listCacheKey(normalized), async () => {
    const [row] = await withTenantStatement<{ json: string }>(
      ctx.deps.database,
      scope,
      repo.listEventsJsonStatement(userId, normalized),
    );
    return row?.json ?? '[]';
  });
}

/** docs/product/services.md#calendar-events AI content: the list filtered to type ai_generated. */
export async function listAiContent(
  ctx: ServiceContext,
  userId: string,
  page: PageOptions = {},
): Promise<CalendarEvent[]> {
  requireAccess(ctx.actor, 'read:calendar');
  return listEvents(ctx, userId, { type: 'ai_generated', limit: page.limit, offset: page.offset });
}

/**
 * docs/product/services.md#calendar-events upcoming: scheduled after now, soonest first, 10 by
 * default. Not cached: "now" moves.
 */
export async function listUpcomingEvents(
  ctx: ServiceContext,
  userId: string,
  limit: number = DEFAULT_UPCOMING_LIMIT,
): Promise<CalendarEvent[]> {
  requireAccess(ctx.actor, 'read:calendar');
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  return withTenant(ctx.deps.database, scope, (tx) =>
    repo.listUpcomingEvents(tx, userId, new Date(), limit),
  );
}

export async function getEvent(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<CalendarEvent> {
  requireAccess(ctx.actor, 'read:calendar');
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  requireEventId(id);
  const event = await withTenant(ctx.deps.database, scope, (tx) => repo.findEvent(tx, userId, id));
  return event ?? notFound(id);
}

// ---------------------------------------------------------------------------------------------

function normalizeFilters(filters: ListEventsFilters): repo.EventFilters {
  const platforms = filters.platforms ? [...new Set(filters.platforms)].sort() : undefined;
  const accountIds = filters.accountIds ? normalizeAccountIds(filters.accountIds) : undefined;
  return {
    type: filters.type,
    status: filters.status,
    platforms: platforms && platforms.length > 0 ? platforms : undefined,
    accountIds: accountIds && accountIds.length > 0 ? accountIds : undefined,
    campaignId: filters.campaignId?.toLowerCase(),
    startDate:
      filters.startDate === undefined ? undefined : requireDate(filters.startDate, 'startDate'),
    endDate: filters.endDate === undefined ? undefined : requireDate(filters.endDate, 'endDate'),
    limit: filters.limit ?? DEFAULT_EVENT_PAGE_SIZE,
    offset: filters.offset ?? 0,
  };
}

/** Equal filters give equal keys, whatever their order or date spelling. */
function listCacheKey(f: repo.EventFilters): string {
  return `calendar-events:list:${JSON.stringify([
    f.type ?? null,
    f.status ?? null,
    f.platforms ?? null,
    f.accountIds ?? null,
    f.campaignId ?? null,
    f.startDate?.toISOString() ?? null,
    f.endDate?.toISOString() ?? null,
    f.limit,
    f.offset,
  ])}`;
}

/** The route contract's check of the account filter (at most MAX_ACCOUNT_FILTER uuids). */
const accountFilterSchema = listEventsQuerySchema.pick({ accountIds: true });

/**
 * Connection ids checked as the route checks them, for callers that do not come through it;
 * lower-cased, without repeats and sorted, so equal filters share a cache key.
 */
function normalizeAccountIds(ids: readonly string[]): string[] {
  const { accountIds = [] } = parse(accountFilterSchema, { accountIds: [...ids] });
  return [...new Set(accountIds.map((id) => id.toLowerCase()))].sort();
}

function requireDate(value: string | Date, field: string): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw fieldError(field, 'Please enter a valid date and time');
  return date;
}

function fieldError(field: string, message: string): AppError {
  return validationError({ [field]: message }, `${field}: ${message}`);
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

/** An id that cannot name a row finds nothing, like one of another account's events. */
function requireEventId(id: string): void {
  if (!isUuid(id)) notFound(id);
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible calendar event ${id}` });
}
