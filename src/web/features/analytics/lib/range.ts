import { ANALYTICS_LIMITS } from './constants.ts';
import { daysBetween, parseDateKey, zonedDate, type PlainDate } from '../../../lib/zoned-time.ts';

// A custom range checked before it is asked for (the server checks it again, decision 092):
// both dates, the first not after the last, none in the future of the business's day, at most
// a year long.

export function customRangeError(
  from: string,
  to: string,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  const start = parseDateKey(from);
  const end = parseDateKey(to);
  if (!start || !end) return 'Enter both dates.';
  if (daysBetween(start, end) < 0) return 'The start date must be on or before the end date.';
  const today: PlainDate = zonedDate(now, timeZone);
  if (daysBetween(end, today) < 0) return 'The end date cannot be in the future.';
  if (daysBetween(start, end) + 1 > ANALYTICS_LIMITS.maxRangeDays) {
    return `Choose at most ${ANALYTICS_LIMITS.maxRangeDays} days.`;
  }
  return null;
}
