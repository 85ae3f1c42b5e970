import type { z } from 'zod';
import {
  ANALYTICS_LIMITS,
  type analyticsQuerySchema,
  type ResolvedRange,
} from '#shared/contracts/analytics.contract.ts';
import { validationError } from '#server/platform/validation.ts';
import { addLocalDays, localDateOf, type LocalDate } from '../queue/wall-clock.ts';

// The period a figure covers and the previous period of the same length it is compared with
// (docs/decisions/092). A preset of N days ends yesterday in the business's time zone — the last
// day the platform has finished counting — and starts N − 1 days earlier. A custom range is two
// inclusive dates; reversed, future or longer than a year is refused with the field named.

export type AnalyticsQueryInput = z.output<typeof analyticsQuerySchema>;

export const isoOf = (d: LocalDate) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

export function parseIso(date: string): LocalDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

const DAY_MS = 86_400_000;
const serial = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;

/** Days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return serial(parseIso(b)) - serial(parseIso(a));
}

export function shiftIso(date: string, days: number): string {
  return isoOf(addLocalDays(parseIso(date), days));
}

/** Every date from `from` to `to`, inclusive. */
export function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shiftIso(d, 1)) out.push(d);
  return out;
}

function validDate(date: string): boolean {
  const d = parseIso(date);
  const back = new Date(Date.UTC(d.year, d.month - 1, d.day));
  return back.getUTCFullYear() === d.year && back.getUTCMonth() + 1 === d.month;
}

export function resolveRange(
  query: AnalyticsQueryInput,
  timeZone: string,
  now: Date,
): ResolvedRange {
  const today = isoOf(localDateOf(now, timeZone));
  let from: string;
  let to: string;
  if (query.from || query.to) {
    if (!query.from) throw validationError({ from: 'Choose the first day of the range' });
    if (!query.to) throw validationError({ to: 'Choose the last day of the range' });
    if (!validDate(query.from)) throw validationError({ from: 'Not a date' });
    if (!validDate(query.to)) throw validationError({ to: 'Not a date' });
    if (query.from > query.to) {
      throw validationError({ to: 'The last day must be on or after the first day' });
    }
    if (query.to > today) throw validationError({ to: 'The range cannot end in the future' });
    if (daysBetween(query.from, query.to) + 1 > ANALYTICS_LIMITS.maxRangeDays) {
      throw validationError({ from: 'The range can be at most a year' });
    }
    from = query.from;
    to = query.to;
  } else {
    const days = Number(query.range ?? '28');
    to = shiftIso(today, -1);
    from = shiftIso(to, -(days - 1));
  }
  const days = daysBetween(from, to) + 1;
  const previousTo = shiftIso(from, -1);
  return { from, to, days, previousFrom: shiftIso(previousTo, -(days - 1)), previousTo, timeZone };
}
