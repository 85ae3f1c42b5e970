import type {
  AnalyticsPreset,
  ExportTable,
  PostSort,
} from '#shared/contracts/analytics.contract.ts';

// The contract's lists and limits (analytics.contract.ts), written again here: importing a value
// from the contract runs its zod schemas, and zod (26 KiB) would load with the page for four
// lists. constants.test.ts keeps them equal to the contract's.

export const ANALYTICS_PRESETS: readonly AnalyticsPreset[] = ['7', '28', '90'];

export const POST_SORTS: readonly PostSort[] = [
  'published_at',
  'reach',
  'views',
  'interactions',
  'engagement_rate',
  'likes',
  'comments',
  'shares',
  'saves',
];

export const EXPORT_TABLES: readonly ExportTable[] = [
  'summary',
  'series',
  'posts',
  'demographics',
  'best-times',
];

export const ANALYTICS_LIMITS = {
  maxRangeDays: 366,
  pageSize: 20,
  minPostsPerSlot: 3,
  reportRecipients: 10,
} as const;
