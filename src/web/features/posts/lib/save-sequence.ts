import type { Platform } from '#shared/contracts/account.contract.ts';
import type {
  CalendarEvent,
  CreateEventInput,
  UpdateEventInput,
} from '#shared/contracts/calendar.contract.ts';
import type { PublishingState, SetTargetsInput } from '#shared/contracts/publishing.contract.ts';
import { ERROR_CATALOGUE } from '#shared/errors/index.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import type { ComposerProblem } from './composer-checks.ts';
import type { ComposerValues, SaveIntent } from './composer-model.ts';
import { pendingTargetRefs, problemsFromFieldErrors, type TargetRef } from './composer-refusals.ts';
import { eventFields, targetsInput } from './composer-request.ts';

// Saving from the composer, in the order that never leaves a scheduled post with targets that
// were not checked (docs/decisions/085): the event is saved as a draft first, then its targets,
// and only then is it scheduled or sent, each of which checks every target again on the server.
// A failure in the last step leaves a draft with everything typed in it, never a half-changed
// scheduled post.

export interface ComposerApi {
  createEvent(input: CreateEventInput): Promise<CalendarEvent>;
  updateEvent(id: string, input: UpdateEventInput): Promise<CalendarEvent>;
  setTargets(id: string, input: SetTargetsInput): Promise<PublishingState>;
  scheduleEvent(id: string, scheduledFor: string): Promise<CalendarEvent>;
  publishNow(id: string): Promise<PublishingState>;
}

export interface SaveRequest {
  /** null: a post not saved yet. */
  eventId: string | null;
  values: ComposerValues;
  platforms: Platform[];
  /** Names of the chosen accounts, in the order of values.targets. */
  accounts: readonly TargetRef[];
  intent: SaveIntent;
  timeZone: string;
}

export type SaveStep = 'event' | 'targets' | 'schedule' | 'publish';

export type SaveOutcome =
  | { ok: true; eventId: string; event: CalendarEvent; state: PublishingState }
  | {
      ok: false;
      /** The event's id when it exists by now (created in this attempt or before). */
      eventId: string | null;
      step: SaveStep;
      error: unknown;
      /** The server's reasons, by field and account. */
      problems: ComposerProblem[];
      /** The catalogue's message for the toast. */
      message: string;
      /** True when the event and its targets were saved as a draft before the step failed. */
      savedAsDraft: boolean;
    };

const SCHEDULE_FAILED = ERROR_CATALOGUE.CONTENT_SCHEDULE_ERROR.userMessage;
const DRAFT_FAILED = ERROR_CATALOGUE.CONTENT_DRAFT_SAVE_ERROR.userMessage;

export async function saveComposer(api: ComposerApi, request: SaveRequest): Promise<SaveOutcome> {
  const { values, intent } = request;
  const message = intent === 'draft' ? DRAFT_FAILED : SCHEDULE_FAILED;
  const fields = eventFields(values, request.platforms, request.timeZone);
  let eventId = request.eventId;
  let step: SaveStep = 'event';
  let order: readonly TargetRef[] = request.accounts;
  try {
    // 1. The event, as a draft: a scheduled post is taken off the schedule (its queued jobs go
    //    stale) until the targets below are stored and checked again.
    let event = eventId
      ? await api.updateEvent(eventId, { ...fields, status: 'draft' })
      : await api.createEvent({ ...fields, type: 'post', status: 'draft' });
    eventId = event.id;
    // 2. The targets: each account with its format, the media in order, the first comment.
    step = 'targets';
    let state = await api.setTargets(eventId, targetsInput(values));
    order = pendingTargetRefs(state, request.accounts);
    // 3. Scheduled or sent: both check every target again, with the accounts' quota.
    if (intent === 'schedule') {
      step = 'schedule';
      event = await api.scheduleEvent(eventId, fields.scheduled_for!);
      state = { ...state, event_status: event.status, scheduled_for: event.scheduled_for };
    } else if (intent === 'publish') {
      step = 'publish';
      state = await api.publishNow(eventId);
      event = { ...event, status: state.event_status, scheduled_for: state.scheduled_for };
    }
    return { ok: true, eventId, event, state };
  } catch (error) {
    return {
      ok: false,
      eventId,
      step,
      error,
      problems: problemsFromFieldErrors(fieldErrorsOf(error), order, values.mediaIds),
      message,
      savedAsDraft: step === 'schedule' || step === 'publish',
    };
  }
}
