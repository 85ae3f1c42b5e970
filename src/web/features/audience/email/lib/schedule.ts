import {
  addDays,
  formatDateKey,
  formatTimeKey,
  parseDateKey,
  parseTimeKey,
  zonedDate,
  zonedParts,
  zonedToUtc,
} from '../../../../lib/zoned-time.ts';

// A send time as the schedule dialog holds it: a date and a time in the business time zone.

export interface ScheduleValues {
  /** "2026-03-29", in the business time zone. */
  date: string;
  /** "09:00", in the business time zone. */
  time: string;
}

/** Tomorrow at 09:00 in the zone: a sensible time to send news. */
export function defaultSchedule(timeZone: string, now = new Date()): ScheduleValues {
  return { date: formatDateKey(addDays(zonedDate(now, timeZone), 1)), time: '09:00' };
}

/** The values of a time already chosen. */
export function scheduleOf(instant: Date, timeZone: string): ScheduleValues {
  const p = zonedParts(instant, timeZone);
  return { date: formatDateKey(p), time: formatTimeKey(p.hour, p.minute) };
}

/** The instant to send at, or why it cannot be. */
export function sendAtOf(
  values: ScheduleValues,
  timeZone: string,
  now = new Date(),
): { ok: true; sendAt: string } | { ok: false; error: string } {
  const date = parseDateKey(values.date);
  const time = parseTimeKey(values.time);
  if (!date || !time) return { ok: false, error: 'Choose a date and time' };
  const instant = zonedToUtc({ ...date, ...time }, timeZone);
  if (instant.getTime() <= now.getTime()) {
    return { ok: false, error: 'Choose a time in the future' };
  }
  return { ok: true, sendAt: instant.toISOString() };
}
