import type { Cadence } from '#shared/contracts/campaign-plan.contract.ts';
import { DEFAULT_SLOT_TIMES } from '#shared/contracts/queue.contract.ts';
import { minuteOfTime, timeOfMinute } from '../queue/slots.ts';
import {
  addLocalDays,
  instantAt,
  knownTimeZone,
  weekdayOf,
  type LocalDate,
} from '../queue/wall-clock.ts';

// When a campaign posts (docs/product/screens.md#campaigns: dates, platforms and cadence): the
// cadence turned into the concrete times of the campaign, per account, in the business's time
// zone. Times are wall-clock times as the queue's are (docs/decisions/077, 071): 09:00 stays
// 09:00 across a change of offset. The same brief, zone and `now` always give the same times.

const MINUTE = 60_000;
/** A planned post goes no sooner than this after "now". */
export const PLAN_LEAD_MINUTES = 15;
const MAX_TIMES = 6;
/** Weekdays of a cadence when the business has said nothing about when it posts. */
const DEFAULT_WEEKDAYS = [1, 2, 3, 4, 5];

export interface PostingHour {
  day: number;
  start: string;
  end: string;
}

/** One time of the campaign for one account. */
export interface PlannedSlot {
  connectionId: string;
  at: Date;
  /** The same instant, written with the business's offset (2026-03-30T09:00:00+01:00). */
  scheduledFor: string;
  /** The campaign week it falls in, from 0 (weeks start on the campaign's first day). */
  week: number;
}

export interface SlotInput {
  cadence: Cadence;
  startsOn: string;
  endsOn: string;
  connectionIds: readonly string[];
  timeZone: string;
  /** The business's posting hours: the times of a cadence that leaves them to the default. */
  postingHours?: readonly PostingHour[];
  now: Date;
}

export interface SlotPlan {
  slots: PlannedSlot[];
  notices: string[];
}

function sortedUnique<T>(items: Iterable<T>, compare: (a: T, b: T) => number): T[] {
  return [...new Set(items)].sort(compare);
}

/**
 * A cadence to start the wizard with: the weekdays of the business's posting hours and the start
 * of each (the best times from analytics when they fall inside them), else the best times, else
 * weekdays at DEFAULT_SLOT_TIMES. Three posts a week, or fewer when there are fewer times.
 */
export function defaultCadence(
  postingHours: readonly PostingHour[],
  bestSlots: ReadonlyArray<{ day: number; time: string }> = [],
): Cadence {
  let weekdays: number[];
  let times: string[];
  if (postingHours.length > 0) {
    weekdays = sortedUnique(
      postingHours.map((h) => h.day),
      (a, b) => a - b,
    );
    const inside = bestSlots.filter((s) =>
      postingHours.some(
        (h) =>
          h.day === s.day &&
          minuteOfTime(s.time) >= minuteOfTime(h.start) &&
          minuteOfTime(s.time) < minuteOfTime(h.end),
      ),
    );
    times = sortedUnique(
      (inside.length > 0 ? inside.map((s) => s.time) : postingHours.map((h) => h.start)).map(
        normalTime,
      ),
      (a, b) => a.localeCompare(b),
    );
  } else if (bestSlots.length > 0) {
    weekdays = sortedUnique(
      bestSlots.map((s) => s.day),
      (a, b) => a - b,
    );
    times = sortedUnique(
      bestSlots.map((s) => normalTime(s.time)),
      (a, b) => a.localeCompare(b),
    );
  } else {
    weekdays = DEFAULT_WEEKDAYS;
    times = [...DEFAULT_SLOT_TIMES];
  }
  times = times.slice(0, MAX_TIMES);
  return { postsPerWeek: Math.min(3, weekdays.length * times.length), weekdays, times };
}

function normalTime(time: string): string {
  return timeOfMinute(minuteOfTime(time));
}

/**
 * The times of each weekday: the cadence's own, or — when it leaves them to the default (no
 * times) — the start of that day's posting hours, else of any posting hours, else
 * DEFAULT_SLOT_TIMES.
 */
export function timesByWeekday(
  cadence: Cadence,
  postingHours: readonly PostingHour[] = [],
): Map<number, number[]> {
  const byDay = new Map<number, number[]>();
  const minutes = (times: readonly string[]) =>
    sortedUnique(times.map(minuteOfTime), (a, b) => a - b).slice(0, MAX_TIMES);
  for (const day of new Set(cadence.weekdays)) {
    if (cadence.times.length > 0) {
      byDay.set(day, minutes(cadence.times));
      continue;
    }
    const ofDay = postingHours.filter((h) => h.day === day).map((h) => h.start);
    const any = postingHours.map((h) => h.start);
    byDay.set(
      day,
      minutes(ofDay.length > 0 ? ofDay : any.length > 0 ? any : [...DEFAULT_SLOT_TIMES]),
    );
  }
  return byDay;
}

export function parseLocalDate(iso: string): LocalDate {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function dayNumber(date: LocalDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000);
}

/** Days from `startsOn` to `endsOn`, both counted. */
export function campaignDays(startsOn: string, endsOn: string): number {
  return dayNumber(parseLocalDate(endsOn)) - dayNumber(parseLocalDate(startsOn)) + 1;
}

/** The instant as the business's clock shows it, with its offset: 2026-03-30T09:00:00+01:00. */
export function isoWithOffset(at: Date, timeZone: string): string {
  const zone = knownTimeZone(timeZone);
  const parts: Record<string, string> = {};
  for (const p of new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at)) {
    parts[p.type] = p.value;
  }
  const hour = String(Number(parts['hour']) % 24).padStart(2, '0');
  const local = Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(hour),
    Number(parts['minute']),
    Number(parts['second']),
  );
  const offset = Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / MINUTE);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const zoneText = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${parts['year']}-${parts['month']}-${parts['day']}T${hour}:${parts['minute']}:${parts['second']}${zoneText}`;
}

/** `count` of `items`, spread evenly from the first. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

/**
 * Every time of the campaign: for each account, `postsPerWeek` posts in each week from
 * `startsOn` (a shorter last week gets its share), spread over the weekdays and times, between
 * the first and the last day inclusive, and never sooner than PLAN_LEAD_MINUTES after `now`.
 * In time order, accounts in the brief's order at the same time.
 */
export function planSlots(input: SlotInput): SlotPlan {
  const timeZone = knownTimeZone(input.timeZone);
  const { cadence } = input;
  const notices: string[] = [];
  const byDay = timesByWeekday(cadence, input.postingHours);
  const capacity = [...byDay.values()].reduce((sum, times) => sum + times.length, 0);
  if (capacity < cadence.postsPerWeek) {
    notices.push(
      `The weekdays and times chosen hold ${capacity} post${capacity === 1 ? '' : 's'} a week, not ${cadence.postsPerWeek}: ${capacity} a week are planned.`,
    );
  }
  const start = parseLocalDate(input.startsOn);
  const days = campaignDays(input.startsOn, input.endsOn);
  const earliest = input.now.getTime() + PLAN_LEAD_MINUTES * MINUTE;
  const times: Array<{ at: number; week: number }> = [];
  let skippedPast = false;
  for (let week = 0; week * 7 < days; week++) {
    const daysInWeek = Math.min(7, days - week * 7);
    const wanted =
      daysInWeek === 7
        ? cadence.postsPerWeek
        : Math.max(1, Math.round((cadence.postsPerWeek * daysInWeek) / 7));
    const candidates = new Set<number>();
    const future = new Set<number>();
    for (let d = 0; d < daysInWeek; d++) {
      const date = addLocalDays(start, week * 7 + d);
      for (const minute of byDay.get(weekdayOf(date)) ?? []) {
        const at = instantAt(date, minute, timeZone).getTime();
        candidates.add(at);
        if (at >= earliest) future.add(at);
      }
    }
    if (future.size < candidates.size) skippedPast = true;
    const open = [...future].sort((a, b) => a - b);
    for (const at of spread(open, wanted)) times.push({ at, week });
  }
  if (skippedPast) {
    notices.push(
      `Times sooner than ${PLAN_LEAD_MINUTES} minutes from now are left out: the plan starts with the next one.`,
    );
  }
  const slots: PlannedSlot[] = [];
  for (const { at, week } of times) {
    for (const connectionId of input.connectionIds) {
      const instant = new Date(at);
      slots.push({
        connectionId,
        at: instant,
        scheduledFor: isoWithOffset(instant, timeZone),
        week,
      });
    }
  }
  return { slots, notices };
}
