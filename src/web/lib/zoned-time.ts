// Wall-clock time in a named time zone ↔ UTC instants, with Intl only (no date library).
//
// Days are plain calendar dates ("2026-03-29"), free of any zone; an instant is a Date. Going
// from a wall-clock time to an instant must choose when the time does not exist (the spring-
// forward gap) or exists twice (the autumn overlap): we do as RFC 5545 and Temporal's
// "compatible" do — a time in a gap moves forward by the gap's length, a time in an overlap
// takes the earlier of its two instants.

export interface PlainDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

export interface WallTime extends PlainDate {
  hour: number;
  minute: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA zone name. */
export function isValidTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time (to the second) an instant shows in a zone. */
export function zonedParts(instant: Date, timeZone: string): WallTime & { second: number } {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  return {
    year: values['year']!,
    month: values['month']!,
    day: values['day']!,
    // Some engines still write midnight as 24 with h23.
    hour: values['hour']! % 24,
    minute: values['minute']!,
    second: values['second']!,
  };
}

/** The zone's offset from UTC at an instant, in minutes (e.g. +60 for BST, -240 for EDT). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - seconds) / MINUTE);
}

function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
}

/** The instant of a wall-clock time in a zone (gap: moved forward; overlap: the earlier). */
export function zonedToUtc(wall: WallTime, timeZone: string): Date {
  const local = wallAsUtc(wall);
  // Offsets a day either side bracket any single transition near this time.
  const before = offsetMinutes(new Date(local - DAY), timeZone);
  const after = offsetMinutes(new Date(local + DAY), timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset * MINUTE)
    .filter((t) => wallAsUtc(zonedParts(new Date(t), timeZone)) === local)
    .sort((x, y) => x - y);
  if (candidates.length > 0) return new Date(candidates[0]!);
  // In the gap: read the time with the offset in force before it, which lands after the gap.
  return new Date(local - before * MINUTE);
}

/**
 * zonedParts for many instants at once (a month of posts): the zone's offset is read with Intl
 * twice per UTC day and reused for every instant of that day, unless the day holds a change of
 * offset, where each instant is read on its own. Two changes never fall within one day in any
 * zone, so equal offsets at a day's two ends mean one offset all day.
 */
export function createZonedPartsReader(timeZone: string): (instant: Date) => WallTime {
  const days = new Map<number, number | null>();
  return (instant) => {
    const t = instant.getTime();
    const day = Math.floor(t / DAY);
    let offset = days.get(day);
    if (offset === undefined) {
      const first = offsetMinutes(new Date(day * DAY), timeZone);
      const last = offsetMinutes(new Date(day * DAY + DAY - 1000), timeZone);
      offset = first === last ? first : null;
      days.set(day, offset);
    }
    if (offset === null) {
      const { second: _second, ...wall } = zonedParts(instant, timeZone);
      return wall;
    }
    const wall = new Date(Math.floor(t / 1000) * 1000 + offset * MINUTE);
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
    };
  };
}

/** The calendar date an instant falls on in a zone. */
export function zonedDate(instant: Date, timeZone: string): PlainDate {
  const { year, month, day } = zonedParts(instant, timeZone);
  return { year, month, day };
}

/** First instant of a date in a zone (midnight, or the first time after a gap at midnight). */
export function startOfDay(date: PlainDate, timeZone: string): Date {
  return zonedToUtc({ ...date, hour: 0, minute: 0 }, timeZone);
}

/** How long a date lasts in a zone: 23, 24 or 25 hours (in minutes), around DST changes. */
export function dayLengthMinutes(date: PlainDate, timeZone: string): number {
  return (
    (startOfDay(addDays(date, 1), timeZone).getTime() - startOfDay(date, timeZone).getTime()) /
    MINUTE
  );
}

// --- Plain dates -----------------------------------------------------------------------------

function fromUtcDay(ms: number): PlainDate {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function toUtcDay(date: PlainDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

export function addDays(date: PlainDate, days: number): PlainDate {
  return fromUtcDay(toUtcDay(date) + days * DAY);
}

export function addMonths(date: PlainDate, months: number): PlainDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, last) };
}

/** 0 = Monday … 6 = Sunday (weeks start on Monday, ISO 8601). */
export function weekdayIndex(date: PlainDate): number {
  return (new Date(toUtcDay(date)).getUTCDay() + 6) % 7;
}

export function startOfWeek(date: PlainDate): PlainDate {
  return addDays(date, -weekdayIndex(date));
}

export function startOfMonth(date: PlainDate): PlainDate {
  return { year: date.year, month: date.month, day: 1 };
}

export function daysBetween(from: PlainDate, to: PlainDate): number {
  return Math.round((toUtcDay(to) - toUtcDay(from)) / DAY);
}

export function compareDates(a: PlainDate, b: PlainDate): number {
  return toUtcDay(a) - toUtcDay(b);
}

export function sameDate(a: PlainDate, b: PlainDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "2026-03-29": also a stable key for maps of days. */
export function formatDateKey(date: PlainDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

export function parseDateKey(key: string): PlainDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return sameDate(fromUtcDay(toUtcDay(date)), date) ? date : null;
}

/** "09:05" */
export function formatTimeKey(hour: number, minute: number): string {
  return `${pad(hour)}:${pad(minute)}`;
}

export function parseTimeKey(value: string): { hour: number; minute: number } | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

/** A zone's short name at an instant, e.g. "GMT", "BST", "EST" or "GMT+2". */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
