import type { ReportCadence } from '#shared/contracts/analytics.contract.ts';
import {
  addLocalDays,
  instantAt,
  localDateOf,
  weekdayOf,
  type LocalDate,
} from '../queue/wall-clock.ts';
import { isoOf } from './range.ts';

// When a scheduled analytics report goes and which days it covers (docs/decisions/092), in the
// business's time zone: weekly reports on Monday at 08:00 with the 7 days that ended the day
// before, monthly reports on the 1st at 08:00 with the previous calendar month.

export const REPORT_LOCAL_MINUTE = 8 * 60;

export interface ReportPeriod {
  /** First day, YYYY-MM-DD in the business's time zone. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

/** The days a report sent on `sendDate` covers. */
export function reportPeriod(cadence: ReportCadence, sendDate: LocalDate): ReportPeriod {
  if (cadence === 'weekly') {
    return { from: isoOf(addLocalDays(sendDate, -7)), to: isoOf(addLocalDays(sendDate, -1)) };
  }
  const first = { year: sendDate.year, month: sendDate.month, day: 1 };
  const lastOfPrevious = addLocalDays(first, -1);
  return { from: isoOf({ ...lastOfPrevious, day: 1 }), to: isoOf(lastOfPrevious) };
}

/** The sending day of the schedule on or before `date`: its Monday, or the 1st of its month. */
function boundaryOnOrBefore(cadence: ReportCadence, date: LocalDate): LocalDate {
  if (cadence === 'monthly') return { year: date.year, month: date.month, day: 1 };
  return addLocalDays(date, -((weekdayOf(date) + 6) % 7));
}

function followingBoundary(cadence: ReportCadence, boundary: LocalDate): LocalDate {
  if (cadence === 'weekly') return addLocalDays(boundary, 7);
  return boundary.month === 12
    ? { year: boundary.year + 1, month: 1, day: 1 }
    : { year: boundary.year, month: boundary.month + 1, day: 1 };
}

function precedingBoundary(cadence: ReportCadence, boundary: LocalDate): LocalDate {
  if (cadence === 'weekly') return addLocalDays(boundary, -7);
  return boundary.month === 1
    ? { year: boundary.year - 1, month: 12, day: 1 }
    : { year: boundary.year, month: boundary.month - 1, day: 1 };
}

const sendingInstant = (date: LocalDate, timeZone: string) =>
  instantAt(date, REPORT_LOCAL_MINUTE, timeZone);

/** The sending day of the latest scheduled send at or before `now`. */
export function latestSendDate(cadence: ReportCadence, timeZone: string, now: Date): LocalDate {
  const boundary = boundaryOnOrBefore(cadence, localDateOf(now, timeZone));
  return sendingInstant(boundary, timeZone).getTime() > now.getTime()
    ? precedingBoundary(cadence, boundary)
    : boundary;
}

/** The first scheduled send after `now`: next Monday (or 1st) at 08:00, today's if still to come. */
export function nextSendAt(cadence: ReportCadence, timeZone: string, now: Date): Date {
  return sendingInstant(
    followingBoundary(cadence, latestSendDate(cadence, timeZone, now)),
    timeZone,
  );
}

/** The period of the latest scheduled send at or before `now`: what a due report sends. */
export function scheduledPeriod(cadence: ReportCadence, timeZone: string, now: Date): ReportPeriod {
  return reportPeriod(cadence, latestSendDate(cadence, timeZone, now));
}

/** What "Send now" sends: the period of a report sent today. */
export function currentPeriod(cadence: ReportCadence, timeZone: string, now: Date): ReportPeriod {
  return reportPeriod(cadence, localDateOf(now, timeZone));
}
