import type { AnalyticsParams, PostsParams } from '../lib/query-state.ts';

// Analytics' one key factory; keys carry the user id so one person's figures are never shown to
// the next one (src/web/README.md). Everything a sync can change sits under `figures(userId)`.

export const analyticsKeys = {
  all: ['analytics'] as const,
  figures: (userId: string) => ['analytics', userId, 'figures'] as const,
  overview: (userId: string, params: AnalyticsParams) =>
    ['analytics', userId, 'figures', 'overview', params] as const,
  posts: (userId: string, params: PostsParams) =>
    ['analytics', userId, 'figures', 'posts', params] as const,
  post: (userId: string, id: string) => ['analytics', userId, 'figures', 'post', id] as const,
  demographics: (userId: string, account: string) =>
    ['analytics', userId, 'figures', 'demographics', account] as const,
  bestTimes: (userId: string, account: string) =>
    ['analytics', userId, 'figures', 'best-times', account] as const,
  kpis: (userId: string) => ['analytics', userId, 'figures', 'kpis'] as const,
  reports: (userId: string) => ['analytics', userId, 'reports'] as const,
};
