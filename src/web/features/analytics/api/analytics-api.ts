import type {
  AccountSyncState,
  AnalyticsOverview,
  AnalyticsReport,
  BestTimeHeatmap,
  Demographics,
  HomeKpis,
  PostDrillDown,
  ReportInput,
  TopPostsPage,
} from '#shared/contracts/analytics.contract.ts';
import { api } from '../../../lib/api-client.ts';
import type { AnalyticsParams, PostsParams } from '../lib/query-state.ts';
import { analyticsPaths as paths } from './paths.ts';

// The calls of /api/analytics, one per route (docs/decisions/092).

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const analyticsApi = {
  overview: (params: AnalyticsParams, signal?: AbortSignal) =>
    api.get<AnalyticsOverview>(paths.overview, { query: { ...params }, ...withSignal(signal) }),
  posts: (params: PostsParams, signal?: AbortSignal) =>
    api.get<TopPostsPage>(paths.posts, { query: { ...params }, ...withSignal(signal) }),
  post: (id: string, signal?: AbortSignal) =>
    api.get<PostDrillDown>(paths.post(id), withSignal(signal)),
  demographics: (account: string, signal?: AbortSignal) =>
    api.get<Demographics>(paths.demographics, { query: { account }, ...withSignal(signal) }),
  bestTimes: (account: string, signal?: AbortSignal) =>
    api.get<BestTimeHeatmap>(paths.bestTimes, { query: { account }, ...withSignal(signal) }),
  syncStates: (signal?: AbortSignal) => api.get<AccountSyncState[]>(paths.sync, withSignal(signal)),
  syncNow: (account: string) => api.post<{ queued: number }>(paths.sync, { account }),
  reports: (signal?: AbortSignal) => api.get<AnalyticsReport[]>(paths.reports, withSignal(signal)),
  createReport: (input: ReportInput) => api.post<AnalyticsReport>(paths.reports, input),
  updateReport: (id: string, input: Partial<ReportInput>) =>
    api.patch<AnalyticsReport>(paths.report(id), input),
  deleteReport: (id: string) => api.delete<unknown>(paths.report(id)),
  sendReport: (id: string) => api.post<unknown>(paths.sendReport(id)),
  kpis: (signal?: AbortSignal) => api.get<HomeKpis>(paths.kpis, withSignal(signal)),
};
