import type {
  AccountQueue,
  PostingSlot,
  QueueEntry,
  QueuedPost,
} from '#shared/contracts/queue.contract.ts';
import { formatLongDay } from '../../../lib/date-format.ts';
import {
  addDays,
  formatDateKey,
  sameDate,
  zonedDate,
  type PlainDate,
} from '../../../lib/zoned-time.ts';
import type { CalendarView } from './calendar-model.ts';

// What the queue view shows (docs/decisions/077), as plain functions: an account's time line
// grouped by day in the business time zone, each queued time with its post, and the new order a
// drag or a move button asks for.

/**
 * The calendar page's views: the calendar's own, the posting queue (?view=queue) and the
 * Instagram grid (?view=grid, docs/decisions/078).
 */
export type PageView = CalendarView | 'queue' | 'grid';

/** One row of the view: a posting time and what holds it. */
export interface QueueRow {
  entry: QueueEntry;
  /** The queued post at this time, when it is one. */
  queued: QueuedPost | null;
}

export interface QueueDay {
  key: string;
  label: string;
  rows: QueueRow[];
}

export function dayLabel(date: PlainDate, today: PlainDate): string {
  if (sameDate(date, today)) return 'Today';
  if (sameDate(date, addDays(today, 1))) return 'Tomorrow';
  return formatLongDay(date);
}

/** The account's time line by day, each posting time with its queued post. */
export function queueDays(account: AccountQueue, timeZone: string, now: Date): QueueDay[] {
  const today = zonedDate(now, timeZone);
  const posts = new Map(account.posts.map((p) => [p.post.id, p]));
  const days: QueueDay[] = [];
  for (const entry of account.timeline) {
    const date = zonedDate(new Date(entry.at), timeZone);
    const key = formatDateKey(date);
    let day = days.at(-1);
    if (day?.key !== key) {
      day = { key, label: dayLabel(date, today), rows: [] };
      days.push(day);
    }
    const queued =
      entry.kind === 'queued' && entry.post_id ? (posts.get(entry.post_id) ?? null) : null;
    day.rows.push({ entry, queued });
  }
  return days;
}

/** The posts a person may move (not going out within minutes), in order. */
export function movableIds(account: AccountQueue): string[] {
  return account.posts.filter((p) => !p.pinned).map((p) => p.post.id);
}

/** The order with `id` put at position `to` (clamped); null when nothing changes. */
export function moveTo(order: readonly string[], id: string, to: number): string[] | null {
  const from = order.indexOf(id);
  if (from < 0) return null;
  const target = Math.max(0, Math.min(order.length - 1, to));
  if (target === from) return null;
  const next = order.filter((x) => x !== id);
  next.splice(target, 0, id);
  return next;
}

/** Weekdays as the editor lists them: Monday first (ISO 8601), Sunday last. */
export const WEEKDAYS_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

export function weekdayName(weekday: number): string {
  return WEEKDAY_NAMES[weekday] ?? '';
}

/** Posting times of one weekday, in time order. */
export function timesOf(slots: readonly PostingSlot[], weekday: number): string[] {
  return slots
    .filter((s) => s.weekday === weekday)
    .map((s) => s.time)
    .sort();
}

/** "09:00" on the reader's clock habit ("9:00 AM" where that is the custom). */
export function formatSlotTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2026, 0, 5, h, m)));
}
