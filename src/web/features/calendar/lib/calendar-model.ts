import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import {
  addDays,
  createZonedPartsReader,
  addMonths,
  formatDateKey,
  sameDate,
  startOfDay,
  startOfMonth,
  startOfWeek,
  zonedDate,
  zonedParts,
  zonedToUtc,
  type PlainDate,
} from '../../../lib/zoned-time.ts';

// What the calendar shows, as plain functions of (view, date, zone, events), so views render
// from memoized values and the rules are tested without a browser.

export const CALENDAR_VIEWS = ['month', 'week', 'day', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export interface VisibleRange {
  /** The days drawn, in order (42 for a month grid, 7 for a week, 1 for a day). */
  days: PlainDate[];
  /** First instant shown, inclusive. */
  start: Date;
  /** First instant not shown. */
  end: Date;
}

export function visibleRange(
  view: CalendarView,
  anchor: PlainDate,
  timeZone: string,
): VisibleRange {
  let first: PlainDate;
  let count: number;
  if (view === 'month') {
    first = startOfWeek(startOfMonth(anchor));
    count = 42;
  } else if (view === 'week') {
    first = startOfWeek(anchor);
    count = 7;
  } else if (view === 'day') {
    first = anchor;
    count = 1;
  } else {
    first = startOfMonth(anchor);
    const next = addMonths(first, 1);
    count = Math.round(
      (Date.UTC(next.year, next.month - 1, 1) - Date.UTC(first.year, first.month - 1, 1)) /
        86_400_000,
    );
  }
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  return {
    days,
    start: startOfDay(first, timeZone),
    end: startOfDay(addDays(first, count), timeZone),
  };
}

/** The date the previous/next button goes to. */
export function stepAnchor(view: CalendarView, anchor: PlainDate, direction: 1 | -1): PlainDate {
  if (view === 'month' || view === 'list') return addMonths(startOfMonth(anchor), direction);
  if (view === 'week') return addDays(anchor, 7 * direction);
  return addDays(anchor, direction);
}

export interface EventIndex {
  /** Events by day key ("2026-03-29"), each day in time order. */
  byDay: Map<string, CalendarEvent[]>;
  /** Events by day key and wall-clock hour ("2026-03-29T14"). */
  byHour: Map<string, CalendarEvent[]>;
}

/** Groups events by the day and hour they fall on in the business time zone. */
export function indexEvents(events: readonly CalendarEvent[], timeZone: string): EventIndex {
  const byDay = new Map<string, CalendarEvent[]>();
  const byHour = new Map<string, CalendarEvent[]>();
  const sorted = events
    .filter((event) => event.scheduled_for !== null)
    .sort((x, y) => x.scheduled_for!.localeCompare(y.scheduled_for!) || x.id.localeCompare(y.id));
  const read = createZonedPartsReader(timeZone);
  for (const event of sorted) {
    const p = read(new Date(event.scheduled_for!));
    const day = formatDateKey(p);
    const hour = `${day}T${String(p.hour).padStart(2, '0')}`;
    let list = byDay.get(day);
    if (!list) byDay.set(day, (list = []));
    list.push(event);
    let hourList = byHour.get(hour);
    if (!hourList) byHour.set(hour, (hourList = []));
    hourList.push(event);
  }
  return { byDay, byHour };
}

export const hourKey = (day: PlainDate, hour: number) =>
  `${formatDateKey(day)}T${String(hour).padStart(2, '0')}`;

/**
 * Where a moved event lands. To another day: the same wall-clock time on that day (so a 09:00
 * post stays at 09:00 across a DST change). To an hour slot: that hour, same minutes.
 */
export function movedTime(
  scheduledFor: string,
  target: { day: PlainDate; hour?: number | undefined },
  timeZone: string,
): Date {
  const p = zonedParts(new Date(scheduledFor), timeZone);
  return zonedToUtc({ ...target.day, hour: target.hour ?? p.hour, minute: p.minute }, timeZone);
}

/** The default time of a post created on a day with no hour chosen. */
export const DEFAULT_CREATE_HOUR = 9;

/** Where a week or day view opens when the range has no post and does not show today. */
export const WORKING_DAY_HOUR = 7;

/**
 * The hour row a week or day view opens scrolled to: the earliest hour of the day that holds a
 * post on any visible day (so no post of the range is above it), else the current hour when
 * today is shown, else the start of the working day. `fromPost` says which it is.
 */
export function openingHour(
  days: readonly PlainDate[],
  byHour: ReadonlyMap<string, readonly CalendarEvent[]>,
  now: { today: PlainDate; hour: number },
): { hour: number; fromPost: boolean } {
  for (let hour = 0; hour < 24; hour++) {
    if (days.some((day) => (byHour.get(hourKey(day, hour))?.length ?? 0) > 0)) {
      return { hour, fromPost: true };
    }
  }
  const showsToday = days.some((day) => formatDateKey(day) === formatDateKey(now.today));
  return { hour: showsToday ? now.hour : WORKING_DAY_HOUR, fromPost: false };
}

/**
 * Where "New post" starts the composer: on a day view of another day than today, that day at the
 * next hour's time; otherwise the composer's own start (the next full hour, which after 23:00 is
 * tomorrow).
 */
export function newPostStart(
  view: string,
  anchor: PlainDate,
  timeZone: string,
  now = new Date(),
): { date?: PlainDate; hour?: number } {
  if (view !== 'day' || sameDate(anchor, zonedDate(now, timeZone))) return {};
  return { date: anchor, hour: Math.min(23, zonedParts(now, timeZone).hour + 1) };
}
