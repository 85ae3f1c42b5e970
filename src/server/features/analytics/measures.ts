import type { Aggregation, Measure, MetricSource } from '#shared/contracts/analytics.contract.ts';

// What each figure of the analytics page is made of, per platform (docs/decisions/092): the
// stored metric (the platform's own name, or `metric.VALUE` for one value of a breakdown) and how
// a period's days make one figure. Defined here once; the overview, the home page, the CSV and
// the e-mail report all read it.

export type Platform = 'instagram' | 'facebook';

/** A measure's daily metric on one platform, or where it comes from instead. */
export interface DailyDefinition {
  kind: 'daily';
  metric: string;
  source: MetricSource;
}
/** Made from the posts published in the period (their lifetime values). */
export interface PostsDefinition {
  kind: 'posts';
  source: MetricSource | null;
}
export interface MissingDefinition {
  kind: 'none';
  reason: string;
}
export type MeasureDefinition = DailyDefinition | PostsDefinition | MissingDefinition;

export interface MeasureSpec {
  key: Measure;
  label: string;
  unit: 'count' | 'percent';
  aggregation: Aggregation;
  /** Shown as a time series too. */
  series: boolean;
  note: string | null;
  platforms: Record<Platform, MeasureDefinition>;
}

const ig = (metric: string, period = 'day'): DailyDefinition => ({
  kind: 'daily',
  metric,
  source: { platform: 'instagram', metric: metric.split('.')[0]!, period },
});
const fb = (metric: string, period = 'day'): DailyDefinition => ({
  kind: 'daily',
  metric,
  source: { platform: 'facebook', metric, period },
});

/** Our daily snapshot of the profile's followers_count (backfilled days are estimates). */
export const IG_FOLLOWERS_METRIC = 'followers_count';

export const ENGAGEMENT_RATE_DEFINITION =
  'Engagement rate = interactions ÷ accounts reached, for the posts published in the period, ' +
  'each post counted with its lifetime figures (likes, comments, shares and saves ÷ reach).';

export const REVISION_NOTE =
  'Meta may revise the last two days for up to 48 hours; they are read again each day.';

export const REACH_NOTE =
  'Reach counts unique accounts per day; the same account on two days counts on both, so days ' +
  'cannot be added up. The figure is the average day.';

export const MEASURE_SPECS: readonly MeasureSpec[] = [
  {
    key: 'followers',
    label: 'Followers',
    unit: 'count',
    aggregation: 'last',
    series: true,
    note: 'Followers on the last day of the period.',
    platforms: {
      instagram: ig(IG_FOLLOWERS_METRIC, 'profile field, read daily'),
      facebook: fb('page_follows'),
    },
  },
  {
    key: 'follows',
    label: 'New follows',
    unit: 'count',
    aggregation: 'sum',
    series: true,
    note: null,
    platforms: {
      instagram: ig('follows_and_unfollows.FOLLOWER'),
      facebook: fb('page_daily_follows_unique'),
    },
  },
  {
    key: 'unfollows',
    label: 'Unfollows',
    unit: 'count',
    aggregation: 'sum',
    series: true,
    note: null,
    platforms: {
      instagram: ig('follows_and_unfollows.NON_FOLLOWER'),
      facebook: fb('page_daily_unfollows_unique'),
    },
  },
  {
    key: 'reach',
    label: 'Reach (daily average)',
    unit: 'count',
    aggregation: 'daily_average',
    series: true,
    note: REACH_NOTE,
    platforms: { instagram: ig('reach'), facebook: fb('page_total_media_view_unique') },
  },
  {
    key: 'views',
    label: 'Views',
    unit: 'count',
    aggregation: 'sum',
    series: true,
    note: null,
    platforms: { instagram: ig('views'), facebook: fb('page_media_view') },
  },
  {
    key: 'interactions',
    label: 'Interactions',
    unit: 'count',
    aggregation: 'sum',
    series: true,
    note: null,
    platforms: { instagram: ig('total_interactions'), facebook: fb('page_post_engagements') },
  },
  {
    key: 'engagement_rate',
    label: 'Engagement rate',
    unit: 'percent',
    aggregation: 'ratio',
    series: false,
    note: ENGAGEMENT_RATE_DEFINITION,
    platforms: {
      instagram: {
        kind: 'posts',
        source: { platform: 'instagram', metric: 'total_interactions ÷ reach', period: 'lifetime' },
      },
      facebook: {
        kind: 'posts',
        source: {
          platform: 'facebook',
          metric: 'post_reactions_by_type_total + comments + shares ÷ post_total_media_view_unique',
          period: 'lifetime',
        },
      },
    },
  },
  {
    key: 'link_taps',
    label: 'Link taps',
    unit: 'count',
    aggregation: 'sum',
    series: true,
    note: null,
    platforms: {
      instagram: ig('profile_links_taps'),
      facebook: { kind: 'none', reason: 'Facebook Pages do not report taps on profile links.' },
    },
  },
  {
    key: 'profile_visits',
    label: 'Profile visits',
    unit: 'count',
    aggregation: 'sum',
    series: true,
    note: null,
    platforms: {
      instagram: {
        kind: 'posts',
        source: { platform: 'instagram', metric: 'profile_visits', period: 'lifetime (per post)' },
      },
      facebook: fb('page_views_total'),
    },
  },
  {
    key: 'posts_published',
    label: 'Posts published',
    unit: 'count',
    aggregation: 'count',
    series: true,
    note: 'Every post of the account, published here or elsewhere.',
    platforms: {
      instagram: { kind: 'posts', source: null },
      facebook: { kind: 'posts', source: null },
    },
  },
];

/** Daily metric names stored for a platform (what the overview reads). */
export function dailyMetricsOf(platforms: readonly Platform[]): string[] {
  const out = new Set<string>();
  for (const spec of MEASURE_SPECS) {
    for (const p of platforms) {
      const def = spec.platforms[p];
      if (def.kind === 'daily') out.add(def.metric);
    }
  }
  return [...out];
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** (value − previous) ÷ previous × 100, one decimal; null without both or when previous is 0. */
export function changePct(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return round1(((value - previous) / Math.abs(previous)) * 100);
}

/** interactions ÷ reach × 100, one decimal; null without reach. */
export function engagementRate(interactions: number | null, reach: number | null): number | null {
  if (interactions === null || reach === null || reach <= 0) return null;
  return round1((interactions / reach) * 100);
}
