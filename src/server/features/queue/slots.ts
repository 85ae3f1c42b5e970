import {
  DEFAULT_SLOT_TIMES,
  MAX_SLOTS_PER_DAY,
  type PostingSlot,
  type SlotSource,
} from '#shared/contracts/queue.contract.ts';
import { addLocalDays, instantAt, localDateOf, weekdayOf } from './wall-clock.ts';

// Posting times and where a post goes (docs/decisions/077), without the database: an account's
// weekly times as instants in the business time zone (wall-clock, across changes of offset), and
// the next free ones — not held by another post of the account, and, on Instagram, within the
// account's 24-hour publishing quota.

const MINUTE = 60_000;
const DAY = 86_400_000;
const WEEK_MINUTES = 7 * 1440;

/** A weekly posting time as stored: weekday (0 = Sunday) and minutes after midnight. */
export interface WeeklySlot {
  weekday: number;
  minuteOfDay: number;
}

export function minuteOfTime(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function timeOfMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

export function sortSlots<T extends WeeklySlot>(slots: readonly T[]): T[] {
  return [...slots].sort((a, b) => a.weekday - b.weekday || a.minuteOfDay - b.minuteOfDay);
}

export function toWire(slots: readonly WeeklySlot[]): PostingSlot[] {
  return sortSlots(slots).map((s) => ({ weekday: s.weekday, time: timeOfMinute(s.minuteOfDay) }));
}

export function fromWire(slots: readonly PostingSlot[]): WeeklySlot[] {
  return sortSlots(slots.map((s) => ({ weekday: s.weekday, minuteOfDay: minuteOfTime(s.time) })));
}

/**
 * An account's posting times before it has its own: the start of each of the business's posting
 * hours (settings), or DEFAULT_SLOT_TIMES every day when it has none.
 */
export function defaultSlots(postingHours: ReadonlyArray<{ day: number; start: string }>): {
  source: SlotSource;
  slots: WeeklySlot[];
} {
  const seen = new Set<string>();
  const perDay = new Map<number, number>();
  const slots: WeeklySlot[] = [];
  for (const h of postingHours) {
    const slot = { weekday: h.day, minuteOfDay: minuteOfTime(h.start) };
    const key = `${slot.weekday}-${slot.minuteOfDay}`;
    const count = perDay.get(slot.weekday) ?? 0;
    if (seen.has(key) || count >= MAX_SLOTS_PER_DAY) continue;
    seen.add(key);
    perDay.set(slot.weekday, count + 1);
    slots.push(slot);
  }
  if (slots.length > 0) return { source: 'posting_hours', slots: sortSlots(slots) };
  const every: WeeklySlot[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    for (const time of DEFAULT_SLOT_TIMES) every.push({ weekday, minuteOfDay: minuteOfTime(time) });
  }
  return { source: 'default', slots: every };
}

/**
 * Every posting time in [from, until), in order, as instants: each weekly time on each date of
 * its weekday, read in the zone (a time the clocks skip moves forward by the gap, one they show
 * twice is the earlier: docs/decisions/071). Two times that land on the same instant count once.
 */
export function slotInstants(
  slots: readonly WeeklySlot[],
  timeZone: string,
  from: Date,
  until: Date,
): Date[] {
  if (slots.length === 0 || until <= from) return [];
  const byDay = new Map<number, number[]>();
  for (const s of slots) byDay.set(s.weekday, [...(byDay.get(s.weekday) ?? []), s.minuteOfDay]);
  const first = addLocalDays(localDateOf(from, timeZone), -1);
  const days = Math.ceil((until.getTime() - from.getTime()) / DAY) + 2;
  const found = new Set<number>();
  for (let i = 0; i <= days; i++) {
    const date = addLocalDays(first, i);
    for (const minute of byDay.get(weekdayOf(date)) ?? []) {
      const at = instantAt(date, minute, timeZone).getTime();
      if (at >= from.getTime() && at < until.getTime()) found.add(at);
    }
  }
  return [...found].sort((a, b) => a - b).map((t) => new Date(t));
}

/**
 * The same from `from` up to `until`, a week at a time, for callers that usually need only the
 * first few.
 */
export function* slotsFrom(
  slots: readonly WeeklySlot[],
  timeZone: string,
  from: Date,
  until: Date,
): Generator<Date> {
  let start = from;
  while (start < until) {
    const end = new Date(Math.min(until.getTime(), start.getTime() + 7 * DAY));
    yield* slotInstants(slots, timeZone, start, end);
    start = end;
  }
}

/** What holds an account's times: its other posts, and what counts toward its quota. */
export interface Occupancy {
  /** Minutes (since the epoch) at which a post of the account is already due. */
  taken: Set<number>;
  /** When the account's posts went or go out, for Instagram's rolling 24 hours (ms). */
  quotaTimes: number[];
  /** The account's 24-hour publishing quota; null: none (Facebook) or not known. */
  quotaTotal: number | null;
}

export const minuteKey = (at: Date | number) =>
  Math.floor((typeof at === 'number' ? at : at.getTime()) / MINUTE);

/**
 * Whether one more post at `at` keeps every publish within the quota: Instagram refuses a publish
 * once `total` went out in the 24 hours before it (docs/product/meta-platform.md
 * #instagram-publishing-quota), so every post from `at` to a day later must still see fewer.
 */
export function quotaAllows(at: number, times: readonly number[], total: number | null): boolean {
  if (total === null) return true;
  const all = [...times, at];
  for (const x of all) {
    if (x < at || x >= at + DAY) continue;
    const inWindow = all.filter((y) => y > x - DAY && y <= x).length;
    if (inWindow > total) return false;
  }
  return true;
}

/**
 * The first `count` free times among `candidates` (in order), each after the one before: not
 * taken by another post of the account and within its quota. null when there are not enough.
 * The occupancy is not changed.
 */
export function placeInOrder(
  count: number,
  candidates: Iterable<Date>,
  occupancy: Occupancy,
): Date[] | null {
  const taken = new Set(occupancy.taken);
  const times = [...occupancy.quotaTimes];
  const placed: Date[] = [];
  if (count === 0) return [];
  for (const at of candidates) {
    if (taken.has(minuteKey(at))) continue;
    if (!quotaAllows(at.getTime(), times, occupancy.quotaTotal)) continue;
    placed.push(at);
    if (placed.length === count) break;
    taken.add(minuteKey(at));
    times.push(at.getTime());
  }
  return placed.length === count ? placed : null;
}

/**
 * The most posts the weekly times put in any 24 hours (wall-clock): what an Instagram account's
 * quota must allow for its queue to be published in full.
 */
export function busiestDay(slots: readonly WeeklySlot[]): number {
  const minutes = slots.map((s) => s.weekday * 1440 + s.minuteOfDay);
  let most = 0;
  for (const m of minutes) {
    const n = minutes.filter((x) => (x - m + WEEK_MINUTES) % WEEK_MINUTES < 1440).length;
    most = Math.max(most, n);
  }
  return most;
}
