// Wall-clock times in the business time zone ↔ instants, with Intl only, by the rules of
// docs/decisions/071 (the calendar's, src/web/lib/zoned-time.ts): a time the clocks skip (spring
// forward) moves forward by the gap; a time they show twice (autumn) is the earlier instant.
// The queue's posting times are wall-clock times (docs/decisions/077): 09:00 stays 09:00 across
// a change of offset.

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface LocalDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone when the runtime knows it, else UTC (docs/decisions/071). */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

interface Parts extends LocalDate {
  hour: number;
  minute: number;
  second: number;
}

function partsOf(instant: number, timeZone: string): Parts {
  const v: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') v[p.type] = Number(p.value);
  }
  return {
    year: v['year']!,
    month: v['month']!,
    day: v['day']!,
    hour: v['hour']! % 24,
    minute: v['minute']!,
    second: v['second']!,
  };
}

function offsetMinutes(instant: number, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE);
}

/** The calendar date an instant falls on in the zone. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const { year, month, day } = partsOf(instant.getTime(), timeZone);
  return { year, month, day };
}

/** The date `days` after `date`. */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** The instant the zone's clocks show `minuteOfDay` on `date` (gap: later; overlap: earlier). */
export function instantAt(date: LocalDate, minuteOfDay: number, timeZone: string): Date {
  const local = Date.UTC(date.year, date.month - 1, date.day) + Math.floor(minuteOfDay) * MINUTE;
  const before = offsetMinutes(local - DAY, timeZone);
  const after = offsetMinutes(local + DAY, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset * MINUTE)
    .filter((t) => {
      const p = partsOf(t, timeZone);
      return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === local;
    })
    .sort((x, y) => x - y);
  if (candidates.length > 0) return new Date(candidates[0]!);
  // In the gap: read with the offset in force before it, which lands after the gap.
  return new Date(local - before * MINUTE);
}
