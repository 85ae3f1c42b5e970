// Reading insights answers (docs/product/meta-platform.md#insights): a daily value's `end_time` is
// the Pacific midnight that ends its day (T07:00:00+0000 in summer, T08:00:00+0000 in winter), so
// the day is the Pacific calendar date one second before it.

export interface DailyValue {
  metric: string;
  /** The Pacific (America/Los_Angeles) calendar date, YYYY-MM-DD. */
  day: string;
  value: number;
}

export interface AccountTotal {
  metric: string;
  /** null when the answer has no entry for the metric (e.g. below 100 followers). */
  value: number | null;
  /** Breakdown value → count, when a breakdown was asked for and answered. */
  breakdown: Record<string, number> | null;
}

export interface IgMediaSummary {
  id: string;
  caption: string | null;
  mediaType: string;
  productType: 'FEED' | 'REELS' | 'STORY';
  permalink: string | null;
  thumbnailUrl: string | null;
  /** ISO 8601. */
  timestamp: string;
}

export interface PagePostSummary {
  id: string;
  message: string | null;
  /** ISO 8601. */
  createdTime: string;
  permalink: string | null;
  pictureUrl: string | null;
  /** photo, video, link, status (or Meta's status_type when it is another). */
  kind: string;
}

export type DemographicList = Array<{ key: string; value: number }>;

export interface RawMedia {
  id: string;
  caption?: string;
  media_type?: string;
  media_product_type?: string;
  permalink?: string;
  thumbnail_url?: string;
  media_url?: string;
  timestamp?: string;
}

export interface RawPost {
  id: string;
  message?: string;
  created_time?: string;
  permalink_url?: string;
  full_picture?: string;
  status_type?: string;
}

/** A post's `status_type` as the product's kind of post. */
export const POST_KINDS: Record<string, string> = {
  added_photos: 'photo',
  added_video: 'video',
  shared_story: 'link',
  mobile_status_update: 'status',
};

export interface RawInsight {
  name: string;
  period?: string;
  values?: { value: unknown; end_time?: string }[];
  total_value?: {
    value?: number;
    breakdowns?: {
      dimension_keys: string[];
      results: { dimension_values: string[]; value: number }[];
    }[];
  };
}

export interface InsightsAnswer {
  data: RawInsight[];
  paging?: { previous?: string; next?: string };
}

const pacificDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Graph times (`2026-07-16T07:00:00+0000`) as milliseconds. */
export function graphTime(value: string): number {
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}

/** The day a value with this `end_time` counts for. */
export function dayOfEndTime(endTime: string): string {
  return pacificDate.format(new Date(graphTime(endTime) - 1000));
}

/** Every numeric daily value of the answer, one per metric and day. */
export function dailyValues(answer: InsightsAnswer): DailyValue[] {
  const out: DailyValue[] = [];
  for (const entry of answer.data ?? []) {
    for (const v of entry.values ?? []) {
      if (typeof v.value !== 'number' || !v.end_time) continue;
      out.push({ metric: entry.name, day: dayOfEndTime(v.end_time), value: v.value });
    }
  }
  return out;
}

/** A map of key to count (`{"PT": 40, …}`) as a list, largest first. */
export function keyedList(map: unknown): Array<{ key: string; value: number }> {
  if (!map || typeof map !== 'object') return [];
  return Object.entries(map as Record<string, unknown>)
    .filter((e): e is [string, number] => typeof e[1] === 'number')
    .map(([key, value]) => ({ key, value }))
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
}

/** A lifetime value: a number, or a map of numbers (reactions by type) summed. */
export function lifetimeNumber(entry: RawInsight): number | null {
  const raw = entry.values?.[0]?.value ?? entry.total_value?.value;
  if (typeof raw === 'number') return raw;
  if (raw && typeof raw === 'object') {
    return Object.values(raw as Record<string, unknown>).reduce<number>(
      (sum, v) => sum + (typeof v === 'number' ? v : 0),
      0,
    );
  }
  return null;
}

/** A Graph time as ISO 8601 (UTC); '' when missing. */
export const iso = (value: string | undefined) =>
  value ? new Date(graphTime(value)).toISOString() : '';

/**
 * Throws before sending when since–until is longer than the API accepts, with one hour of slack
 * for a daylight-saving change inside the window.
 */
export function checkSpan(since: Date, until: Date, maxDays: number): void {
  const span = until.getTime() - since.getTime();
  if (span < 0) throw new Error('Insights window: since is after until');
  if (span > maxDays * 86_400_000 + 3_600_000) {
    throw new Error(`Insights window longer than ${maxDays} days`);
  }
}

/** since/until as the unix seconds the API takes. */
export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);
