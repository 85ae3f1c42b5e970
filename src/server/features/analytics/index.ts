// Analytics (docs/decisions/092): its routes and background work for other features to start,
// and the figures other features show (the home page, AI content's best times).
export { createAnalyticsRoutes } from './analytics.routes.ts';
export { registerAnalyticsJobs } from './analytics.jobs.ts';
export { analyticsSlots } from './best-slots.ts';
