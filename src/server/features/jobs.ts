import type { AppDeps } from '#server/platform/deps.ts';
import { Chores } from '#server/platform/jobs/chores.ts';
import { pruneRateLimits } from '#server/platform/security/rate-limit.ts';
import { startTrialExpiry } from './subscription/trial-expiry.ts';
import { registerAccountJobs } from './account/account.jobs.ts';
import { registerMediaJobs } from './media/media.jobs.ts';
import { registerPlatformJobs } from './platforms/platforms.jobs.ts';
import { registerPublishingJobs } from './publishing/publishing.jobs.ts';
import { registerInboxJobs } from './inbox/inbox.jobs.ts';
import { registerInboxDigest, registerModeration } from './inbox/index.ts';
import { registerAnalyticsJobs } from './analytics/index.ts';
import { registerEmailMarketingJobs } from './email-marketing/index.ts';

const DAY_MS = 86_400_000;

/**
 * Job handlers and periodic chores, started in every process that runs workers. The chores
 * returned stop with the process's workers.
 */
export async function registerJobHandlers(deps: AppDeps): Promise<Chores> {
  const chores = new Chores(deps.logger);
  // Rate-limit windows older than a day can never matter again.
  chores.every('rate limit pruning failed', 3_600_000, () =>
    pruneRateLimits(deps.database, new Date(Date.now() - DAY_MS)),
  );
  chores.every('outbox sweep failed', 60_000, () => deps.mailer.sweep());

  registerAccountJobs(deps, chores);

  await startTrialExpiry(deps, chores);

  await registerMediaJobs(deps, chores);

  await registerPlatformJobs(deps, chores);

  await registerPublishingJobs(deps, chores);

  await registerInboxJobs(deps, chores);
  // Moderation checks every comment the ingest stores; the digest goes out once a day.
  registerModeration();
  await registerInboxDigest(deps, chores);

  await registerAnalyticsJobs(deps, chores);

  await registerEmailMarketingJobs(deps, chores);

  return chores;
}
