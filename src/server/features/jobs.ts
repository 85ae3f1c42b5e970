import type { AppDeps } from '#server/platform/deps.ts';
import { pruneRateLimits } from '#server/platform/security/rate-limit.ts';
import { startTrialExpiry } from './subscription/trial-expiry.ts';
import { registerAccountJobs } from './account/account.jobs.ts';
import { registerMediaJobs } from './media/media.jobs.ts';
import { registerPlatformJobs } from './platforms/platforms.jobs.ts';
import { registerPublishingJobs } from './publishing/publishing.jobs.ts';

const DAY_MS = 86_400_000;

/** Job handlers and periodic chores, started in every process that runs workers. */
export async function registerJobHandlers(deps: AppDeps): Promise<void> {
  // Rate-limit windows older than a day can never matter again.
  const timer = setInterval(() => {
    pruneRateLimits(deps.database, new Date(Date.now() - DAY_MS)).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'rate limit pruning failed'),
    );
  }, 3_600_000);
  timer.unref();

  const sweep = setInterval(() => {
    deps.mailer
      .sweep()
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'outbox sweep failed'));
  }, 60_000);
  sweep.unref();

  registerAccountJobs(deps);

  await startTrialExpiry(deps);

  await registerMediaJobs(deps);

  await registerPlatformJobs(deps);

  await registerPublishingJobs(deps);
}
