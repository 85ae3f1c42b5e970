import type { Platform } from '#shared/contracts/account.contract.ts';
import type { CalendarEvent, EventStatus, EventType } from '#shared/contracts/calendar.contract.ts';
import type { SavePostInput } from '#shared/contracts/posts.contract.ts';
import { choosableStatuses } from './post-rules.ts';
import {
  formatDateKey,
  formatTimeKey,
  parseDateKey,
  parseTimeKey,
  zonedParts,
  zonedToUtc,
  type PlainDate,
} from '../../../lib/zoned-time.ts';

// The calendar's quick dialog: notes, campaigns and drafts planned without accounts. Its values,
// the same checks and messages as the server (src/shared/contracts/posts.contract.ts and
// savePost), and the body of its save through /api/posts (docs/decisions/087). Scheduling needs
// accounts: a post continues in the composer (composerStart).

export interface EventFormValues {
  type: EventType;
  title: string;
  content: string;
  platforms: Platform[];
  status: 'draft' | 'scheduled' | 'cancelled';
  /** "2026-03-29", in the business time zone. */
  date: string;
  /** "09:00", in the business time zone. */
  time: string;
}

export type EventFormField = 'title' | 'content' | 'platforms' | 'status' | 'when';
export type EventFormErrors = Partial<Record<EventFormField, string>>;

export function newEventValues(day: PlainDate, hour: number, minute = 0): EventFormValues {
  return {
    type: 'post',
    title: '',
    content: '',
    platforms: [],
    status: 'draft',
    date: formatDateKey(day),
    time: formatTimeKey(hour, minute),
  };
}

export function valuesOf(event: CalendarEvent, timeZone: string): EventFormValues {
  const p = event.scheduled_for ? zonedParts(new Date(event.scheduled_for), timeZone) : null;
  return {
    type: event.type,
    title: event.title,
    content: event.content ?? '',
    platforms: event.platforms.filter((x): x is Platform => x === 'facebook' || x === 'instagram'),
    status: event.status === 'scheduled' || event.status === 'cancelled' ? event.status : 'draft',
    date: p ? formatDateKey(p) : '',
    time: p ? formatTimeKey(p.hour, p.minute) : '',
  };
}

/** The instant the form's date and time name in the zone, or null if they are not valid. */
export function instantOf(values: Pick<EventFormValues, 'date' | 'time'>, timeZone: string) {
  const date = parseDateKey(values.date);
  const time = parseTimeKey(values.time);
  if (!date || !time) return null;
  return zonedToUtc({ ...date, ...time }, timeZone);
}

/**
 * When the chosen wall-clock time does not exist that day (clocks go forward), the time it
 * becomes, e.g. "02:30"; null otherwise.
 */
export function shiftedTime(values: Pick<EventFormValues, 'date' | 'time'>, timeZone: string) {
  const instant = instantOf(values, timeZone);
  if (!instant) return null;
  const p = zonedParts(instant, timeZone);
  const shown = formatTimeKey(p.hour, p.minute);
  return shown === values.time ? null : shown;
}

/**
 * The statuses the quick dialog offers: a draft, or cancelled for an event that exists. One
 * already scheduled (a campaign, which the composer does not edit) may stay so; the server checks
 * it again with its accounts.
 */
export function quickStatuses(
  type: EventType,
  current: EventStatus | null,
): Array<EventFormValues['status']> {
  if (current === null) return ['draft'];
  return choosableStatuses(type).filter((s) => s !== 'scheduled' || current === 'scheduled');
}

export function validateEventForm(
  values: EventFormValues,
  timeZone: string,
  now: Date = new Date(),
): EventFormErrors {
  const errors: EventFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = 'Title is required';
  else if (title.length > 200) errors.title = 'Title is too long';
  if (values.content.length > 10_000) errors.content = 'Content is too long';
  if (!choosableStatuses(values.type).includes(values.status)) {
    errors.status = 'A note is never published; save it as a draft';
  }
  const instant = instantOf(values, timeZone);
  if (!instant) errors.when = 'Please enter a valid date and time';
  else if (values.status === 'scheduled' && instant.getTime() <= now.getTime()) {
    errors.when = 'Choose a time in the future';
  }
  return errors;
}

const INTENTS = { draft: 'draft', scheduled: 'schedule', cancelled: 'cancel' } as const;

/**
 * The quick dialog's save: the post's fields and what to do with it. No accounts are sent, so a
 * saved event keeps those it has; a note is planned for no platform.
 */
export function quickSaveBody(values: EventFormValues, timeZone: string): SavePostInput {
  return {
    post: {
      title: values.title.trim(),
      content: values.content.trim() ? values.content : null,
      platforms: values.type === 'note' ? [] : values.platforms,
      type: values.type,
      scheduled_for: instantOf(values, timeZone)?.toISOString() ?? null,
    },
    intent: INTENTS[values.status],
  };
}

/** The server's field names → the form's. */
export function formErrorsFromServer(fields: Record<string, string>): EventFormErrors {
  const errors: EventFormErrors = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key.split('.')[0];
    if (field === 'scheduled_for') errors.when = message;
    else if (
      field === 'title' ||
      field === 'content' ||
      field === 'platforms' ||
      field === 'status'
    ) {
      errors[field] = message;
    }
  }
  return errors;
}
