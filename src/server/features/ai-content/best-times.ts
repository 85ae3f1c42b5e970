import type { BestTime, BestTimes } from '#shared/contracts/ai-content.contract.ts';
import type { Platform } from '#shared/contracts/account.contract.ts';

// Best times to post, in the business's time zone: from analytics once it has data (how the
// business's own posts did by hour, else when its followers are online; docs/decisions/092), then
// from the hours its published posts went out on this platform, then from the posting hours in
// its settings, otherwise a stated default.

const DEFAULT_SLOTS: Record<Platform, Array<{ day: number; time: string }>> = {
  // Weekday late mornings and lunchtime: the usual starting point before any data of one's own.
  instagram: [
    { day: 2, time: '11:00' },
    { day: 3, time: '11:00' },
    { day: 5, time: '10:00' },
  ],
  facebook: [
    { day: 3, time: '09:00' },
    { day: 4, time: '13:00' },
    { day: 5, time: '11:00' },
  ],
};

const PLATFORM_NAMES: Record<Platform, string> = { instagram: 'Instagram', facebook: 'Facebook' };
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

interface LocalParts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

function localParts(date: Date, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
  };
}

/** The instant at which the wall clock in `timeZone` shows this date and time. */
export function zonedTimeToUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  let guess = wanted;
  // Two rounds settle the offset, including across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    const p = localParts(new Date(guess), timeZone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** The next moment after `after` (plus a little room to schedule) with this weekday and time. */
export function nextOccurrence(day: number, time: string, timeZone: string, after: Date): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const earliest = after.getTime() + 15 * 60_000;
  for (let k = 0; k <= 8; k++) {
    const p = localParts(new Date(after.getTime() + k * 86_400_000), timeZone);
    if (p.weekday !== day) continue;
    const at = zonedTimeToUtc(p.year, p.month, p.day, hour, minute, timeZone);
    if (at.getTime() > earliest) return at;
  }
  // Not reached: a week always contains the weekday; kept for the type checker.
  return new Date(earliest + 7 * 86_400_000);
}

export interface BestTimeInputs {
  platform: Platform;
  timeZone: string;
  /** When the business's published posts on this platform went out. */
  publishedAt: Date[];
  postingHours: Array<{ day: number; start: string; end: string }>;
  now: Date;
  /** The analytics heat-map's best slots, when it has data. */
  analytics?: { slots: Array<{ day: number; hour: number }>; note: string } | null;
}

function safeTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

export function bestTimesFor(input: BestTimeInputs): BestTimes {
  const timeZone = safeTimeZone(input.timeZone);
  const platform = PLATFORM_NAMES[input.platform];
  let source: BestTimes['source'];
  let note: string;
  let slots: Array<{ day: number; time: string }>;

  if (input.analytics && input.analytics.slots.length > 0) {
    slots = input.analytics.slots.map((s) => ({
      day: s.day,
      time: `${String(s.hour).padStart(2, '0')}:00`,
    }));
    source = 'analytics';
    note = input.analytics.note;
  } else if (input.publishedAt.length > 0) {
    const counts = new Map<string, { day: number; hour: number; count: number }>();
    for (const at of input.publishedAt) {
      const p = localParts(at, timeZone);
      const key = `${p.weekday}-${p.hour}`;
      const entry = counts.get(key) ?? { day: p.weekday, hour: p.hour, count: 0 };
      entry.count += 1;
      counts.set(key, entry);
    }
    slots = [...counts.values()]
      .sort((a, b) => b.count - a.count || a.day - b.day || a.hour - b.hour)
      .slice(0, 3)
      .map((s) => ({ day: s.day, time: `${String(s.hour).padStart(2, '0')}:00` }));
    source = 'history';
    const n = input.publishedAt.length;
    note = `From when your ${n} published ${platform} post${n === 1 ? '' : 's'} went out.`;
  } else if (input.postingHours.length > 0) {
    const seen = new Set<string>();
    slots = [];
    for (const h of [...input.postingHours].sort((a, b) => a.day - b.day)) {
      const key = `${h.day}-${h.start}`;
      if (seen.has(key)) continue;
      seen.add(key);
      slots.push({ day: h.day, time: h.start });
      if (slots.length === 3) break;
    }
    source = 'posting_hours';
    note = 'From the posting hours in your settings.';
  } else {
    slots = DEFAULT_SLOTS[input.platform];
    source = 'default';
    note = `Times that usually work on ${platform}. Once you have published posts, suggestions follow your own history.`;
  }

  const withNext: BestTime[] = slots
    .map((s) => ({
      day: s.day,
      time: s.time,
      next_at: nextOccurrence(s.day, s.time, timeZone, input.now).toISOString(),
    }))
    .sort((a, b) => a.next_at.localeCompare(b.next_at));
  return { source, time_zone: timeZone, note, slots: withNext };
}
