import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import { registerReportJobs } from './reports.jobs.ts';
import { analyticsSyncJob, runAnalyticsSync, scheduleDueAnalytics } from './sync.ts';

// Analytics' background work (docs/decisions/092): the insights sync of each account — queued by
// a minute's schedule for accounts that are due (a newly connected account within a minute, then
// daily), that have a post whose next sample is due, or that just published a post of ours —
// and the scheduled e-mail reports.

const SCHEDULE_EVERY_MS = 60_000;

export async function registerAnalyticsJobs(deps: AppDeps, chores: Chores): Promise<void> {
  await deps.jobs.work(analyticsSyncJob, async ({ tenantId, connectionId, mode }) => {
    await runAnalyticsSync(deps, tenantId, connectionId, { mode });
  });
  chores.every(
    'analytics sync not scheduled',
    SCHEDULE_EVERY_MS,
    () => scheduleDueAnalytics(deps),
    {
      firstAfterMs: 5_000,
    },
  );
  // The scheduled e-mail reports (weekly, monthly).
  await registerReportJobs(deps, chores);
}
