import type { PlainDate } from './zoned-time.ts';

// Dates and times as people read them, always in the business time zone. Plain dates are
// formatted at UTC noon so no zone can move them to another day.

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, options);
    cache.set(key, f);
  }
  return f;
}

const plain = (date: PlainDate) => new Date(Date.UTC(date.year, date.month - 1, date.day, 12));

export function formatMonthTitle(date: PlainDate): string {
  return formatter('month-title', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    plain(date),
  );
}

/** "Sunday 29 March" */
export function formatLongDay(date: PlainDate): string {
  return formatter('long-day', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(plain(date));
}

/** "Sun 29" */
export function formatShortDay(date: PlainDate): string {
  return formatter('short-day', { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    plain(date),
  );
}

export function formatWeekdayShort(date: PlainDate): string {
  return formatter('weekday', { weekday: 'short', timeZone: 'UTC' }).format(plain(date));
}

/** "29 Mar – 4 Apr 2026" */
export function formatDayRange(first: PlainDate, last: PlainDate): string {
  const f = formatter('range', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return f.formatRange(plain(first), plain(last));
}

export function formatFullDay(date: PlainDate): string {
  return formatter('full-day', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(plain(date));
}

/** "14:30" in the zone, in the reader's 12/24-hour habit. */
export function formatTime(instant: Date, timeZone: string): string {
  return formatter(`time:${timeZone}`, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    instant,
  );
}

export function formatHour(hour: number): string {
  return formatter('hour', { hour: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, 0, 1, hour)),
  );
}

/** "Sun 29 Mar" of an instant, in the zone. */
export function formatShortDate(instant: Date, timeZone: string): string {
  return formatter(`short-date:${timeZone}`, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone,
  }).format(instant);
}

/** "Sun 29 Mar, 14:30" in the zone. */
export function formatDateTime(instant: Date, timeZone: string): string {
  return formatter(`datetime:${timeZone}`, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(instant);
}
