// The insights the product reads from Meta, one valid set per object and media type, and the
// metrics Meta has retired (docs/decisions/092, docs/product/meta-platform.md#insights). Every
// request the insights client makes is built from these sets and checked against the retired
// list before it leaves, so a metric Meta removes can never fail a whole call: it is taken out of
// the set here, once, and nowhere else names it.

/** API versions whose metric sets are below: every version the app can be configured with. */
export const INSIGHTS_VERSIONS = ['v22.0', 'v23.0', 'v24.0', 'v25.0'] as const;

/**
 * Removed by Meta; asking for any of them answers "(#100) … must be one of the following values"
 * (Instagram) or "(#100) The value must be a valid insights metric" (Pages) and fails the call.
 */
export const RETIRED_METRICS = [
  // Instagram, account and media.
  'impressions',
  'plays',
  'clips_replays_count',
  'ig_reels_aggregated_all_plays_count',
  'video_views',
  'email_contacts',
  'get_directions_clicks',
  'phone_call_clicks',
  'text_message_clicks',
  'website_clicks',
  'profile_views',
  'audience_gender_age',
  'audience_locale',
  'audience_country',
  'audience_city',
  // Facebook Pages and posts (14 March 2024, 15 November 2025, v26).
  'page_engaged_users',
  'page_consumptions',
  'page_consumptions_unique',
  'page_impressions',
  'page_impressions_unique',
  'page_impressions_paid',
  'page_impressions_paid_unique',
  'page_impressions_organic',
  'page_impressions_viral_unique',
  'page_impressions_nonviral_unique',
  'page_posts_impressions',
  'page_posts_impressions_unique',
  'page_fans',
  'page_fans_locale',
  'page_fans_city',
  'page_fans_country',
  'page_fans_gender_age',
  'page_fan_adds',
  'page_fan_adds_unique',
  'page_fan_removes',
  'page_fan_removes_unique',
  'page_fans_online',
  'page_fans_online_per_day',
  'page_video_views_unique',
  'post_impressions',
  'post_impressions_unique',
  'post_impressions_paid',
  'post_impressions_organic',
  'post_impressions_fan',
  'post_engaged_users',
  'total_video_impressions',
] as const;

const RETIRED = new Set<string>(RETIRED_METRICS);

export function isRetiredMetric(name: string): boolean {
  return RETIRED.has(name);
}

/** Instagram account insights, daily values read as a series (`metric_type=time_series`). */
export const IG_ACCOUNT_SERIES = ['reach'] as const;
/** New followers per day; only the last 30 days, not below 100 followers. */
export const IG_FOLLOWER_COUNT = ['follower_count'] as const;
/** Instagram account insights read one day at a time as `metric_type=total_value`. */
export const IG_ACCOUNT_DAY_TOTALS = [
  'views',
  'accounts_engaged',
  'total_interactions',
  'likes',
  'comments',
  'shares',
  'saves',
  'replies',
  'profile_links_taps',
] as const;
/** Follows and unfollows, by `breakdown=follow_type` (FOLLOWER, NON_FOLLOWER). */
export const IG_FOLLOWS = ['follows_and_unfollows'] as const;
export const IG_DEMOGRAPHICS = ['follower_demographics', 'engaged_audience_demographics'] as const;
export const DEMOGRAPHIC_BREAKDOWNS = ['age', 'gender', 'city', 'country'] as const;
export type DemographicBreakdown = (typeof DEMOGRAPHIC_BREAKDOWNS)[number];
/** Followers online by hour, per day of the last 30 days. */
export const IG_ONLINE_FOLLOWERS = ['online_followers'] as const;

/** Instagram media insights by media product type (lifetime values). */
export const IG_MEDIA_METRICS = {
  FEED: [
    'reach',
    'views',
    'likes',
    'comments',
    'saved',
    'shares',
    'total_interactions',
    'profile_visits',
    'follows',
  ],
  REELS: [
    'reach',
    'views',
    'likes',
    'comments',
    'saved',
    'shares',
    'total_interactions',
    'ig_reels_avg_watch_time',
  ],
  STORY: ['reach', 'views', 'shares', 'total_interactions', 'replies', 'follows', 'profile_visits'],
} as const;
export type IgProductType = keyof typeof IG_MEDIA_METRICS;

/** Facebook Page insights, `period=day`, at most 90 days per since/until request. */
export const PAGE_DAILY_METRICS = [
  'page_media_view',
  'page_total_media_view_unique',
  'page_post_engagements',
  'page_views_total',
  'page_daily_follows_unique',
  'page_daily_unfollows_unique',
  'page_follows',
] as const;
/** Where a Page's followers are: a map of city or country to followers. */
export const PAGE_DEMOGRAPHICS = ['page_follows_city', 'page_follows_country'] as const;
/** Facebook post insights (lifetime). */
export const PAGE_POST_METRICS = [
  'post_total_media_view_unique',
  'post_media_view',
  'post_reactions_by_type_total',
  'post_clicks',
] as const;

/** Days of history each source can be asked for at connect (docs/decisions/092). */
export const BACKFILL_DAYS = {
  /** Page insights: up to two years exist; the analytics page looks back at most a year. */
  page: 365,
  /** Instagram reach as a series, in 30-day windows. */
  igSeries: 90,
  /** Instagram day totals: one call per day, so a month. */
  igDayTotals: 30,
  /** Instagram follower_count and online_followers: the API keeps 30 days. */
  igRecent: 30,
} as const;

/** Longest since/until span per request. */
export const MAX_SPAN_DAYS = { page: 90, instagram: 30 } as const;

/** Meta may revise this many trailing days; each daily run reads them again. */
export const REVISION_DAYS = 2;

/** Below this many followers Instagram returns no follower insights. */
export const MIN_FOLLOWERS_FOR_INSIGHTS = 100;

/** When a post's lifetime values are sampled, in hours after publishing (then weekly to 90 days). */
export const POST_SAMPLE_HOURS = [1, 24, 24 * 7, 24 * 28] as const;
export const POST_SAMPLE_WEEKLY_UNTIL_DAYS = 90;

/** Every metric name a request may carry, for the guard and its test. */
export function assertCurrentMetrics(names: readonly string[]): void {
  const retired = names.filter(isRetiredMetric);
  if (retired.length > 0) {
    throw new Error(`Retired insights metric requested: ${retired.join(', ')}`);
  }
}
