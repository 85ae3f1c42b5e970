// The simulated accounts' insights histories (docs/product/meta-platform.md#insights): every value
// is drawn from a small PRNG seeded with the account (or medium) id and the day, so the same
// account and day give the same value in every run. Days are Pacific calendar days, reported with
// `end_time` at the next Pacific midnight; the last two days are still growing (the 48-hour
// revision). Nothing here reads or writes the simulator's state.

const PACIFIC = 'America/Los_Angeles';
const DAY_MS = 86_400_000;

// ------------------------------------------------------------------------------ randomness

/** FNV-1a over the parts, then a mulberry32 round: a number in [0, 1) per distinct key. */
export function rand(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  let t = (h + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}

/** A number between `low` and `high` for the key. */
export const between = (low: number, high: number, ...parts: (string | number)[]) =>
  low + (high - low) * rand(...parts);

/** `length` decimal digits for the key. */
export function digitsOf(length: number, ...parts: (string | number)[]): string {
  let out = '';
  for (let i = 0; out.length < length; i += 1) {
    out += String(Math.floor(rand(...parts, 'digits', i) * 1e8)).padStart(8, '0');
  }
  return out.slice(0, length);
}

// ------------------------------------------------------------------------------------ days

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: PACIFIC,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC,
  hour: 'numeric',
  hourCycle: 'h23',
});

/** The Pacific calendar day of an instant, `YYYY-MM-DD`. */
export const pacificDay = (ms: number) => dayFormat.format(new Date(ms));

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The instant a Pacific day starts: 07:00 UTC in summer (PDT), 08:00 UTC in winter (PST). */
export function dayStartMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  for (const hour of [7, 8]) {
    const at = Date.UTC(y, m - 1, d, hour);
    if (Number(hourFormat.format(new Date(at))) === 0) return at;
  }
  return Date.UTC(y, m - 1, d, 8);
}

/** A day's `end_time`: the next Pacific midnight. */
export const dayEndMs = (day: string) => dayStartMs(addDays(day, 1));

/** The hour (0–23) of an instant on the Pacific clock. */
export const pacificHour = (ms: number) => Number(hourFormat.format(new Date(ms)));

/** Days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = first; day <= last && out.length < 1000; day = addDays(day, 1)) out.push(day);
  return out;
}

/**
 * How much of a day's final value is reported at `nowMs`: null while the day is not over, then
 * 0.6 in the first 24 hours, 0.85 in the next 24, and the final value after 48 hours.
 */
export function revision(day: string, nowMs: number): number | null {
  const age = nowMs - dayEndMs(day);
  if (age < 0) return null;
  if (age < DAY_MS) return 0.6;
  if (age < 2 * DAY_MS) return 0.85;
  return 1;
}

// ------------------------------------------------------------------------- daily accounts

export interface Audience {
  id: string;
  followers: number;
}

const WEEKLY = [0.8, 0.96, 1.02, 1.06, 1.08, 1.0, 0.84] as const;

/** The day's rhythm: weekends dip, and about one day in 25 is a viral outlier (×2.5–4). */
function dayFactor(id: string, day: string): number {
  const viral = rand(id, day, 'viral') < 0.04 ? between(2.5, 4, id, day, 'viral-size') : 1;
  return WEEKLY[weekday(day)]! * between(0.85, 1.15, id, day, 'noise') * viral;
}

export interface IgDay {
  reach: number;
  views: number;
  accounts_engaged: number;
  total_interactions: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  replies: number;
  profile_links_taps: number;
  follows: number;
  unfollows: number;
}

/** An Instagram account's final values for one day. */
export function igDay({ id, followers }: Audience, day: string): IgDay {
  const k = (name: string) => [id, day, name] as const;
  const rate = Math.min(
    0.4,
    Math.max(0.05, between(0.09, 0.17, ...k('rate')) * dayFactor(id, day)),
  );
  const reach = Math.round(followers * rate);
  const likes = Math.round(reach * between(0.05, 0.1, ...k('likes')));
  const comments = Math.round(likes * between(0.04, 0.1, ...k('comments')));
  const shares = Math.round(likes * between(0.03, 0.08, ...k('shares')));
  const saves = Math.round(likes * between(0.05, 0.12, ...k('saves')));
  const total = likes + comments + shares + saves;
  const follows = Math.round(
    followers * between(0.002, 0.005, ...k('follows')) * Math.min(2.5, dayFactor(id, day)),
  );
  return {
    reach,
    views: Math.round(reach * between(1.4, 2.2, ...k('views'))),
    accounts_engaged: Math.round(total * between(0.7, 0.85, ...k('engaged'))),
    total_interactions: total,
    likes,
    comments,
    shares,
    saves,
    replies: Math.round(reach * between(0.002, 0.006, ...k('replies'))),
    profile_links_taps: Math.round(reach * between(0.003, 0.01, ...k('taps'))),
    follows,
    unfollows: Math.round(follows * between(0.2, 0.5, ...k('unfollows'))),
  };
}

export interface PageDay {
  page_media_view: number;
  page_total_media_view_unique: number;
  page_post_engagements: number;
  page_views_total: number;
  page_daily_follows_unique: number;
  page_daily_unfollows_unique: number;
}

/** A Facebook Page's final values for one day (page_follows is the running total, below). */
export function pageDay({ id, followers }: Audience, day: string): PageDay {
  const k = (name: string) => [id, day, name] as const;
  const rate = Math.min(0.4, Math.max(0.05, between(0.08, 0.2, ...k('rate')) * dayFactor(id, day)));
  const unique = Math.round(followers * rate);
  const follows = Math.round(
    followers * between(0.001, 0.004, ...k('follows')) * Math.min(2.5, dayFactor(id, day)),
  );
  return {
    page_media_view: Math.round(unique * between(1.3, 2.2, ...k('views'))),
    page_total_media_view_unique: unique,
    page_post_engagements: Math.round(unique * between(0.03, 0.08, ...k('engagements'))),
    page_views_total: Math.round(unique * between(0.02, 0.06, ...k('visits'))),
    page_daily_follows_unique: follows,
    page_daily_unfollows_unique: Math.round(follows * between(0.2, 0.5, ...k('unfollows'))),
  };
}

/**
 * Follower totals at the end of each of `days`, ending at the account's current `followers` on
 * `today`: each earlier total is the later one less that later day's follows and plus its
 * unfollows, so the history grows towards today.
 */
export function followerTotals(
  audience: Audience,
  days: readonly string[],
  today: string,
  net: (day: string) => number,
): Map<string, number> {
  const out = new Map<string, number>();
  if (days.length === 0) return out;
  const first = days.reduce((a, b) => (a < b ? a : b));
  let total = audience.followers;
  for (let day = today; day >= first; day = addDays(day, -1)) {
    out.set(day, Math.max(0, total));
    total -= net(day);
  }
  return out;
}

// -------------------------------------------------------------------------- online hours

/** Followers online in each Pacific hour of a day: low at night, peaks at lunch and evening,
 *  later and flatter at weekends. */
export function onlineHours({ id, followers }: Audience, day: string): Record<string, number> {
  const weekend = [0, 6].includes(weekday(day));
  const base = followers * between(0.25, 0.45, id, day, 'online');
  const out: Record<string, number> = {};
  for (let h = 0; h < 24; h += 1) {
    const shift = weekend ? h - 1.5 : h;
    const bump = (centre: number, width: number, height: number) =>
      height * Math.exp(-((shift - centre) ** 2) / (2 * width ** 2));
    const shape =
      0.08 +
      bump(8, 1.5, weekend ? 0.2 : 0.45) +
      bump(12.5, 1.8, weekend ? 0.55 : 0.7) +
      bump(20, 2.2, weekend ? 0.8 : 1);
    out[String(h)] = Math.round(base * Math.min(1, shape) * between(0.9, 1.1, id, day, 'hour', h));
  }
  return out;
}
