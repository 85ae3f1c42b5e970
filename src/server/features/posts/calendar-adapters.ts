import type { z } from 'zod';
import {
  createEventInputSchema,
  updateEventInputSchema,
  type CalendarEvent,
  type CreateEventInput,
  type UpdateEventInput,
} from '#shared/contracts/calendar.contract.ts';
import type { PostFieldChanges } from '#shared/contracts/posts.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/http/errors.ts';
import { isUuid, requireUserId, scopeForTenant } from '../profile/user-id.ts';
import { deletePostFor } from './delete-post.ts';
import { eventOf } from './posts.dto.ts';
import { asEarlierRefusal } from './post-refusal.ts';
import { reschedulePostFor } from './reschedule-post.ts';
import { savePostFor, type WriteIntent } from './save-post.ts';

// The calendar's own mutations (docs/product/services.md#calendar-events: create, update, delete,
// schedule) at their routes (POST, PATCH, DELETE /api/calendar-events…, POST …/schedule), kept
// for the web until it saves through /api/posts (docs/decisions/087): thin adapters over the
// posts use case, with the same inputs, the same answer (the event) and the same refusals. Each
// takes the business account's id explicitly and checks it first (docs/product/validation.md#user-id),
// as the product's service does. A post scheduled here needs an account like any other, so
// creating one as scheduled is refused: "Choose at least one account to publish to".

export async function createEvent(
  ctx: ServiceContext,
  event: CreateEventInput & { user_id: string },
): Promise<CalendarEvent> {
  requireAccess(ctx.actor, 'create:post');
  const { user_id: userId, ...fields } = event;
  requireUserId(userId);
  scopeForTenant(ctx.actor, userId);
  const input = parse(createEventInputSchema, fields);
  const post = await earlier(
    savePostFor(ctx, userId, {
      post: {
        title: input.title,
        content: input.content ?? null,
        platforms: input.platforms,
        type: input.type,
        scheduled_for: input.scheduled_for ?? null,
      },
      intent: input.status === 'scheduled' ? 'schedule' : 'draft',
    }),
  );
  return eventOf(post);
}

/**
 * Changes an event. A change of its time alone is a move (reschedulePost); a status says what to
 * do with it, and without one it keeps the status it has.
 */
export async function updateEvent(
  ctx: ServiceContext,
  userId: string,
  id: string,
  changes: UpdateEventInput,
): Promise<CalendarEvent> {
  requireAccess(ctx.actor, 'update:post');
  requireUserId(userId);
  scopeForTenant(ctx.actor, userId);
  requireEventId(id);
  const input = parse(updateEventInputSchema, changes);
  const given = Object.entries(input).filter(([, value]) => value !== undefined);
  if (given.length === 1 && input.scheduled_for) {
    return eventOf(await earlier(reschedulePostFor(ctx, userId, id, input.scheduled_for)));
  }
  const intents: Record<NonNullable<typeof input.status>, WriteIntent> = {
    draft: 'draft',
    scheduled: 'schedule',
    cancelled: 'cancel',
  };
  const post: PostFieldChanges = {};
  if (input.title !== undefined) post.title = input.title;
  if (input.content !== undefined) post.content = input.content;
  if (input.platforms !== undefined) post.platforms = input.platforms;
  if (input.type !== undefined) post.type = input.type;
  if (input.scheduled_for !== undefined) post.scheduled_for = input.scheduled_for;
  const intent = input.status ? intents[input.status] : 'keep';
  return eventOf(await earlier(savePostFor(ctx, userId, { postId: id, post, intent })));
}

export async function deleteEvent(ctx: ServiceContext, userId: string, id: string): Promise<void> {
  requireAccess(ctx.actor, 'delete:post');
  requireUserId(userId);
  await deletePostFor(ctx, userId, id);
}

/**
 * docs/product/services.md#calendar-events schedule: scheduled_for set to the chosen time and the
 * status to scheduled (docs/product/entities.md#calendar-event-states), once every account
 * passes its checks.
 */
export async function scheduleEvent(
  ctx: ServiceContext,
  userId: string,
  id: string,
  scheduledFor: string | Date,
): Promise<CalendarEvent> {
  requireAccess(ctx.actor, 'schedule:post');
  requireUserId(userId);
  scopeForTenant(ctx.actor, userId);
  requireEventId(id);
  const when = scheduledFor instanceof Date ? scheduledFor : new Date(scheduledFor);
  if (Number.isNaN(when.getTime())) {
    throw validationError({ scheduled_for: 'Please enter a valid date and time' });
  }
  const post = await earlier(
    savePostFor(ctx, userId, {
      postId: id,
      post: { scheduled_for: when.toISOString() },
      intent: 'schedule',
    }),
  );
  return eventOf(post);
}

/** Refusals as these endpoints gave them before (post-refusal.ts). */
function earlier<T>(promise: Promise<T>): Promise<T> {
  return promise.catch((error: unknown) => {
    throw asEarlierRefusal(error);
  });
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return parsed.data;
}

/** An id that cannot name a row finds nothing, like one of another account's events. */
function requireEventId(id: string): void {
  if (!isUuid(id)) {
    throw AppError.from('NOT_FOUND', { technicalMessage: `No visible calendar event ${id}` });
  }
}
