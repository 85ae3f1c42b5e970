import { z } from 'zod';

// Analytics (docs/decisions/092): figures for the connected accounts, read from what the insights
// sync stored — never computed from anything else, never made up. Every figure carries where it
// came from (the platform's metric, its period, when it was fetched). The browser and the server
// share these shapes; the server checks every input again.

export const ANALYTICS_PRESETS = ['7', '28', '90'] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number];

export const ANALYTICS_LIMITS = {
  /** Longest custom range, in days. */
  maxRangeDays: 366,
  /** Top posts per page. */
  pageSize: 20,
  /** Posts behind a best-time cell below which its rate is not shown. */
  minPostsPerSlot: 3,
  /** Addresses per scheduled report. */
  reportRecipients: 10,
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');

/**
 * `account`: one connected account's id, or "all". Either a preset `range` (7, 28 or 90 days up
 * to yesterday, or today included when the sync has it) or `from` and `to` (inclusive dates in
 * the business's time zone).
 */
export const analyticsQuerySchema = z.strictObject({
  account: z.union([z.literal('all'), z.uuid()]).default('all'),
  range: z.enum(ANALYTICS_PRESETS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const POST_SORTS = [
  'published_at',
  'reach',
  'views',
  'interactions',
  'engagement_rate',
  'likes',
  'comments',
  'shares',
  'saves',
] as const;
export type PostSort = (typeof POST_SORTS)[number];

export const topPostsQuerySchema = analyticsQuerySchema.extend({
  sort: z.enum(POST_SORTS).default('interactions'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TopPostsQuery = z.input<typeof topPostsQuerySchema>;

/** What one stored figure came from. */
export interface MetricSource {
  platform: 'instagram' | 'facebook';
  /** The platform's metric name exactly as requested, e.g. "reach" or "page_media_view". */
  metric: string;
  /** The platform's period: "day", "lifetime", "this_month"… */
  period: string;
}

export interface Provenance {
  sources: MetricSource[];
  /** When the newest value behind the figure was fetched; null when nothing is stored. */
  fetchedAt: string | null;
  /** Set when the figure is an estimate, saying how it was made. */
  estimate: string | null;
  /** Why the figure is shown the way it is (e.g. reach cannot be added up over days). */
  note: string | null;
}

export const MEASURES = [
  'followers',
  'follows',
  'unfollows',
  'reach',
  'views',
  'interactions',
  'engagement_rate',
  'link_taps',
  'profile_visits',
  'posts_published',
] as const;
export type Measure = (typeof MEASURES)[number];

/** How a measure's daily values make the period's figure. */
export type Aggregation = 'sum' | 'last' | 'daily_average' | 'ratio' | 'count';

export interface MetricCard {
  key: Measure;
  label: string;
  unit: 'count' | 'percent';
  aggregation: Aggregation;
  /** This period's figure; null when nothing is stored for it. */
  value: number | null;
  /** The previous period of the same length; null when nothing is stored for it. */
  previous: number | null;
  /** (value − previous) ÷ previous × 100, one decimal; null without both or when previous is 0. */
  changePct: number | null;
  provenance: Provenance;
}

export interface SeriesPoint {
  /** YYYY-MM-DD in the business's time zone. */
  date: string;
  value: number | null;
}

export interface MetricSeries {
  key: Measure;
  label: string;
  unit: 'count' | 'percent';
  points: SeriesPoint[];
  provenance: Provenance;
}

export interface AnalyticsAccount {
  id: string;
  platform: 'instagram' | 'facebook';
  name: string;
  username: string | null;
  pictureUrl: string | null;
  simulated: boolean;
}

export interface ResolvedRange {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
  timeZone: string;
}

export interface AnalyticsOverview {
  range: ResolvedRange;
  accounts: AnalyticsAccount[];
  /** The account asked for, or "all". */
  account: string;
  cards: MetricCard[];
  series: MetricSeries[];
  /** The one definition of engagement rate, shown in its tooltip. */
  engagementRateDefinition: string;
  /** "Meta may revise the last two days…" */
  revisionNote: string;
  sync: AccountSyncState[];
}

export interface AccountSyncState {
  accountId: string;
  status: 'never' | 'backfilling' | 'ok' | 'failed' | 'unavailable';
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  /** Why the last refresh failed, in words; the previous data stays. */
  lastError: string | null;
  /** e.g. "Not available below 100 followers". */
  unavailableReason: string | null;
  nextSyncAt: string | null;
  backfilledFrom: string | null;
}

export interface TopPost {
  id: string;
  accountId: string;
  platform: 'instagram' | 'facebook';
  externalId: string;
  /** FEED, REELS, STORY, or the Facebook post's kind. */
  productType: string;
  caption: string | null;
  permalink: string | null;
  thumbnailUrl: string | null;
  publishedAt: string;
  reach: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  interactions: number | null;
  /** interactions ÷ reach × 100, one decimal; null without reach. */
  engagementRate: number | null;
  fetchedAt: string | null;
  /** The calendar post it was published from, when it was ours. */
  calendarPost: { id: string; title: string } | null;
}

export interface TopPostsPage {
  range: ResolvedRange;
  items: TopPost[];
  total: number;
  page: number;
  pageSize: number;
  sort: PostSort;
  dir: 'asc' | 'desc';
}

export interface PostSample {
  sampledAt: string;
  /** Hours after publishing. */
  ageHours: number;
  reach: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  interactions: number | null;
}

export interface PostDrillDown {
  post: TopPost;
  samples: PostSample[];
  /** The metric names behind each column, for this post's platform and type. */
  sources: MetricSource[];
}

export interface DemographicValue {
  key: string;
  value: number;
}

export interface DemographicSet {
  accountId: string;
  /** follower_demographics, engaged_audience_demographics, page_follows_city… */
  metric: string;
  audience: 'followers' | 'engaged';
  breakdown: 'age' | 'gender' | 'city' | 'country';
  /** The platform's period in words, e.g. "Last 30 days (this_month)". */
  periodLabel: string;
  fetchedAt: string | null;
  values: DemographicValue[];
  /** Set instead of values when the platform has none (e.g. fewer than 100 followers). */
  unavailableReason: string | null;
}

export interface Demographics {
  account: string;
  sets: DemographicSet[];
}

export interface HeatCell {
  /** 0 = Sunday … 6 = Saturday, in the business's time zone. */
  day: number;
  hour: number;
  value: number | null;
  /** Posts behind the cell (own posts); days behind it (online followers). */
  count: number;
}

export interface BestTimeHeatmap {
  timeZone: string;
  online: {
    cells: HeatCell[];
    provenance: Provenance;
    /** Days of online_followers data behind the averages. */
    days: number;
    unavailableReason: string | null;
  };
  posts: {
    cells: HeatCell[];
    provenance: Provenance;
    totalPosts: number;
    minPostsPerSlot: number;
    /** Set when there are too few posts to say anything. */
    note: string | null;
  };
}

export interface HomeKpis {
  followers: MetricCard;
  reach7d: MetricCard;
  engagementRate: MetricCard;
  postsScheduled: number;
  hasAccounts: boolean;
}

export const REPORT_CADENCES = ['weekly', 'monthly'] as const;
export type ReportCadence = (typeof REPORT_CADENCES)[number];

export const reportInputSchema = z.strictObject({
  cadence: z.enum(REPORT_CADENCES),
  account: z.union([z.literal('all'), z.uuid()]).default('all'),
  recipients: z
    .array(z.email('Enter a valid email address').max(254))
    .min(1, 'Add at least one address')
    .max(ANALYTICS_LIMITS.reportRecipients, 'At most 10 addresses'),
  enabled: z.boolean().default(true),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** A change to a report: only the fields sent change (no defaults). */
export const reportPatchSchema = z.strictObject({
  cadence: z.enum(REPORT_CADENCES).optional(),
  account: z.union([z.literal('all'), z.uuid()]).optional(),
  recipients: reportInputSchema.shape.recipients.optional(),
  enabled: z.boolean().optional(),
});

export interface AnalyticsReport {
  id: string;
  cadence: ReportCadence;
  account: string;
  recipients: string[];
  enabled: boolean;
  lastSentAt: string | null;
  nextSendAt: string;
  lastError: string | null;
}

/** Tables the CSV export offers; each is exactly what the page shows for the same query. */
export const EXPORT_TABLES = ['summary', 'series', 'posts', 'demographics', 'best-times'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];
