import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { PostFieldChanges } from '#shared/contracts/posts.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { deletePostFor, eventOf, savePostFor, type WriteIntent } from '../posts/index.ts';

// The calendar_events service of docs/product/services.md#calendar-events as its tests call it:
// the calendar's reads, and create, update, delete and schedule as the posts feature's use cases
// answer them (docs/decisions/087). Each takes the business account's id, checked first
// (docs/product/validation.md#user-id: "Invalid user ID provided").

export * from './calendar.service.ts';

type Status = 'draft' | 'scheduled' | 'cancelled';
const INTENTS: Record<Status, WriteIntent> = {
  draft: 'draft',
  scheduled: 'schedule',
  cancelled: 'cancel',
};

/** Create: a new event, a draft unless it is scheduled (which needs an account). */
export async function createEvent(
  ctx: ServiceContext,
  event: PostFieldChanges & { user_id: string; status?: 'draft' | 'scheduled' },
): Promise<CalendarEvent> {
  const { user_id: userId, status = 'draft', ...post } = event;
  return eventOf(await savePostFor(ctx, userId, { post, intent: INTENTS[status] }));
}

/** Update: the fields given; a status says what to do with it, without one it keeps its own. */
export async function updateEvent(
  ctx: ServiceContext,
  userId: string,
  id: string,
  changes: PostFieldChanges & { status?: Status },
): Promise<CalendarEvent> {
  const { status, ...post } = changes;
  const intent = status ? INTENTS[status] : 'keep';
  return eventOf(await savePostFor(ctx, userId, { postId: id, post, intent }));
}

/** Schedule: scheduled_for set to the time and the status to scheduled, once it can be. */
export async function scheduleEvent(
  ctx: ServiceContext,
  userId: string,
  id: string,
  scheduledFor: Date | string,
): Promise<CalendarEvent> {
  const post = { scheduled_for: new Date(scheduledFor).toISOString() };
  return eventOf(await savePostFor(ctx, userId, { postId: id, post, intent: 'schedule' }));
}

export const deleteEvent = deletePostFor;
