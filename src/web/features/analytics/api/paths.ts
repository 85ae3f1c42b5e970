import type { ExportTable } from '#shared/contracts/analytics.contract.ts';

// The API paths of analytics (docs/decisions/092; the routes of analytics.contract.ts), each
// written once. Plain strings, like lib/api-paths.ts.

const enc = encodeURIComponent;

export const analyticsPaths = {
  overview: '/api/analytics/overview',
  posts: '/api/analytics/posts',
  post: (id: string) => `/api/analytics/posts/${enc(id)}`,
  postExport: (id: string) => `/api/analytics/posts/${enc(id)}/export`,
  demographics: '/api/analytics/demographics',
  bestTimes: '/api/analytics/best-times',
  sync: '/api/analytics/sync',
  export: (table: ExportTable) => `/api/analytics/export/${table}`,
  reports: '/api/analytics/reports',
  report: (id: string) => `/api/analytics/reports/${enc(id)}`,
  sendReport: (id: string) => `/api/analytics/reports/${enc(id)}/send`,
  kpis: '/api/analytics/kpis',
  bestSlots: '/api/analytics/best-slots',
} as const;
