import type { z } from 'zod';
import {
  DEFAULT_EVENT_PAGE_SIZE,
  DEFAULT_UPCOMING_LIMIT,
  createEventInputSchema,
  listEventsQuerySchema,
  updateEventInputSchema,
  type CalendarEvent,
  type CreateEventInput,
  type EventStatus,
  type EventType,
  type PlatformPost,
  type UpdateEventInput,
} from '#shared/contracts/calendar.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { hasFeature, type Feature } from '#shared/plans.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant, withTenantStatement } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/http/errors.ts';
import { isUuid, requireUserId, scopeForTenant } from '../profile/user-id.ts';
import * as repo from './calendar.repository.ts';
import {
  dispatchAll,
  syncEventTargets,
  validateEventTargets,
  type Due,
} from '../publishing/targets.service.ts';
import { announceEvent } from '../publishing/live-status.ts';

// calendar_events use cases (seed §7). Each takes the business account's id explicitly, as the
// seed's service did; routes pass the signed-in actor's own. Reads of another account's events
// find nothing (row-level security), so they answer NOT_FOUND and never reveal that a row exists.

export interface ListEventsFilters {
  type?: EventType | undefined;
  status?: EventStatus | undefined;
  platforms?: readonly string[] | undefined;
  /** Connection ids: events with a delivery to any of these accounts (decision 076). */
  accountIds?: readonly string[] | undefined;
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
 * Seed §7 list, cached per business account (seed §9 service cache) under its normalised
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

/** Seed §7 AI content: the list filtered to type ai_generated (and cached the same way). */
export async function listAiContent(
  ctx: ServiceContext,
  userId: string,
  page: PageOptions = {},
): Promise<CalendarEvent[]> {
  requireAccess(ctx.actor, 'read:calendar');
  return listEvents(ctx, userId, { type: 'ai_generated', limit: page.limit, offset: page.offset });
}

/** Seed §7 upcoming: scheduled after now, soonest first, 10 by default. Not cached: "now" moves. */
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

/** Where an event went, platform by platform, and the reason when it did not get there. */
export async function listPlatformPosts(
  ctx: ServiceContext,
  userId: string,
  id: string,
): Promise<PlatformPost[]> {
  requireAccess(ctx.actor, 'read:calendar');
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  requireEventId(id);
  return withTenant(ctx.deps.database, scope, async (tx) => {
    if (!(await repo.findEvent(tx, userId, id))) notFound(id);
    return repo.listPlatformPosts(tx, userId, id);
  });
}

/** Seed §7 create; the event's user_id names the business account (seed §5 validates it). */
export async function createEvent(
  ctx: ServiceContext,
  event: CreateEventInput & { user_id: string },
): Promise<CalendarEvent> {
  requireAccess(ctx.actor, 'create:post');
  const { user_id: userId, ...fields } = event;
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  const input = parse(createEventInputSchema, fields);
  const now = new Date();
  const scheduledFor = toDate(input.scheduled_for);
  requirePublishable(input.type, input.status);
  requireFutureIfScheduled(input.status, scheduledFor, now);
  const created = await withTenant(ctx.deps.database, scope, async (tx) => {
    await requireFeature(tx, userId, input.type);
    const row = await repo.insertEvent(tx, {
      userId,
      title: input.title,
      content: input.content ?? null,
      platforms: input.platforms,
      type: input.type,
      status: input.status,
      scheduledFor,
      now,
    });
    // Open calendars of the business hear of it when this commits (decision 081).
    await announceEvent(tx, userId, row.id, row.status, now);
    return row;
  });
  ctx.deps.cache.invalidateTenant(userId);
  return created;
}

/** Seed §7 update: by id and user_id, setting updated_at. */
export async function updateEvent(
  ctx: ServiceContext,
  userId: string,
  id: string,
  changes: UpdateEventInput,
): Promise<CalendarEvent> {
  requireAccess(ctx.actor, 'update:post');
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  requireEventId(id);
  const input = parse(updateEventInputSchema, changes);
  const now = new Date();
  // An event that ends up scheduled has its targets checked against the platforms' rules first
  // (outside the transaction: the check may ask the platform for the account's quota).
  const before = await withTenant(ctx.deps.database, scope, (tx) => repo.findEvent(tx, userId, id));
  if (before && (input.status ?? before.status) === 'scheduled') {
    const content = input.content === undefined ? before.content : input.content;
    await validateEventTargets(ctx.deps, userId, id, content ?? '');
  }
  let due: Due[] = [];
  const updated = await withTenant(ctx.deps.database, scope, async (tx) => {
    const existing = (await repo.findEvent(tx, userId, id)) ?? notFound(id);
    requireChangeable(existing);
    requirePublishable(input.type ?? existing.type, input.status ?? existing.status);
    const scheduledFor =
      input.scheduled_for === undefined
        ? toDate(existing.scheduled_for)
        : toDate(input.scheduled_for);
    // Only a change that (re)schedules must look forward: editing the text of an event whose
    // time has just passed is not refused.
    const status = input.status ?? existing.status;
    if (input.status !== undefined || input.scheduled_for !== undefined) {
      requireFutureIfScheduled(status, scheduledFor, now);
    }
    await requireFeature(tx, userId, input.type ?? existing.type);
    const set: repo.EventChanges = {};
    if (input.title !== undefined) set.title = input.title;
    if (input.content !== undefined) set.content = input.content;
    if (input.platforms !== undefined) set.platforms = input.platforms;
    if (input.type !== undefined) set.type = input.type;
    if (input.status !== undefined) set.status = input.status;
    if (input.scheduled_for !== undefined) set.scheduledFor = scheduledFor;
    const result = await repo.updateEvent(tx, userId, id, set, now);
    // Targets follow the event in the same transaction; queued jobs of the old version go stale.
    if (result) due = await syncEventTargets(tx, userId, id, status, scheduledFor, now);
    if (result && (result.status !== existing.status || set.scheduledFor !== undefined)) {
      await announceEvent(tx, userId, id, result.status, now);
    }
    return result;
  });
  ctx.deps.cache.invalidateTenant(userId);
  await dispatchAll(ctx.deps, due);
  return updated ?? notFound(id);
}

export async function deleteEvent(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  requireAccess(ctx.actor, 'delete:post');
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  requireEventId(id);
  const deleted = await withTenant(ctx.deps.database, scope, async (tx) => {
    const removed = await repo.deleteEvent(tx, userId, id);
    if (removed) await announceEvent(tx, userId, id, null);
    return removed;
  });
  ctx.deps.cache.invalidateTenant(userId);
  if (!deleted) notFound(id);
}

/** Seed §4, §7: scheduling sets scheduled_for to the chosen time and status to scheduled. */
export async function scheduleEvent(
  ctx: ServiceContext,
  userId: string,
  id: string,
  scheduledFor: string | Date,
): Promise<CalendarEvent> {
  requireAccess(ctx.actor, 'schedule:post');
  requireUserId(userId);
  const scope = scopeForTenant(ctx.actor, userId);
  requireEventId(id);
  const now = new Date();
  const when = toDate(scheduledFor);
  requireFutureIfScheduled('scheduled', when, now);
  const before = await withTenant(ctx.deps.database, scope, (tx) => repo.findEvent(tx, userId, id));
  if (before) await validateEventTargets(ctx.deps, userId, id, before.content ?? '');
  let due: Due[] = [];
  const scheduled = await withTenant(ctx.deps.database, scope, async (tx) => {
    const existing = (await repo.findEvent(tx, userId, id)) ?? notFound(id);
    requireChangeable(existing);
    requirePublishable(existing.type, 'scheduled');
    await requireFeature(tx, userId, existing.type);
    const result = await repo.updateEvent(
      tx,
      userId,
      id,
      { scheduledFor: when, status: 'scheduled' },
      now,
    );
    if (result) due = await syncEventTargets(tx, userId, id, 'scheduled', when, now);
    if (result) await announceEvent(tx, userId, id, result.status, now);
    return result;
  });
  ctx.deps.cache.invalidateTenant(userId);
  await dispatchAll(ctx.deps, due);
  return scheduled ?? notFound(id);
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

function featureFor(type: EventType): Feature {
  return type === 'ai_generated' ? 'ai-content' : 'calendar';
}

/** Seed §6: calendar and AI content need a plan other than free, and an active subscription. */
async function requireFeature(tx: Tx, userId: string, type: EventType): Promise<void> {
  const feature = featureFor(type);
  const plan = await repo.findPlan(tx, userId);
  if (plan && plan.status === 'active' && hasFeature(plan.plan, plan.addons, feature)) return;
  throw AppError.from('FEATURE_NOT_AVAILABLE', {
    technicalMessage: `${feature} is not in ${userId}'s plan (${plan ? `${plan.plan}, ${plan.status}` : 'no subscription'})`,
    details: { feature },
  });
}

/** PRODUCT.md §3: a note is a calendar note, never published, so it is never scheduled. */
function requirePublishable(type: EventType, status: EventStatus): void {
  if (type === 'note' && status === 'scheduled') {
    throw fieldError('status', 'A note is never published; save it as a draft');
  }
}

/**
 * An event on its way out or already out is what the platforms show: changing it here would
 * make the calendar disagree with them, so it is refused (it can still be deleted).
 */
function requireChangeable(existing: CalendarEvent): void {
  if (existing.status === 'publishing' || existing.status === 'published') {
    throw AppError.from('WORKFLOW_STATE_INVALID', {
      technicalMessage: `Calendar event ${existing.id} is ${existing.status} and cannot be changed`,
      details: { status: existing.status },
    });
  }
}

function requireFutureIfScheduled(status: EventStatus, scheduledFor: Date | null, now: Date): void {
  if (status !== 'scheduled') return;
  if (!scheduledFor) throw fieldError('scheduled_for', 'Choose when to publish');
  if (scheduledFor.getTime() <= now.getTime()) {
    throw fieldError('scheduled_for', 'Choose a time in the future');
  }
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return requireDate(value, 'scheduled_for');
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
