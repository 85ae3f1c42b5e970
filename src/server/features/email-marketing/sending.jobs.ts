import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { runSender } from './sender.ts';
import { senderSettingsOf } from './sender-settings.ts';
import { unsafeBusinessesToSend } from './sending.repository.ts';

// The sending job (docs/decisions/100): one per business (singletonKey = the business), queued
// when an e-mail is sent now and, every SWEEP_EVERY_MS, for every business with a scheduled
// e-mail that has fallen due or one still being sent — which is also how sending resumes after a
// crash. The job runs the business's sender; a second job of a business whose sender holds its
// lease ends at once, so two sends of one business never go out side by side.

export const emailSendingJob: JobDefinition<{ tenantId: string }> = {
  id: 'email-marketing.send-emails',
  version: 1,
  payload: z.object({ tenantId: z.uuid() }),
  retryLimit: 3,
  retryDelay: 15,
  // One waiting job per business; one running does not hold back the next (a job of a process
  // that died would otherwise stay 'active' until pg-boss expires it).
  policy: 'short',
  // Businesses send side by side, each at its own rate.
  concurrency: 4,
  pollingIntervalSeconds: 1,
};

export const SWEEP_EVERY_MS = 15_000;

/** Queues the business's sender now; never throws (it runs after a commit). */
export function queueSending(deps: AppDeps, tenantId: string): void {
  deps.jobs
    .send(emailSendingJob, { tenantId }, { singletonKey: tenantId })
    .catch((error: unknown) =>
      deps.logger.warn({ err: error, tenantId }, 'e-mail sending not queued'),
    );
}

export async function queueDueSending(deps: AppDeps): Promise<number> {
  const tenants = await unsafeBusinessesToSend(deps.database, new Date());
  for (const tenantId of tenants) {
    await deps.jobs.send(emailSendingJob, { tenantId }, { singletonKey: tenantId });
  }
  return tenants.length;
}

export async function registerEmailMarketingJobs(deps: AppDeps, chores: Chores): Promise<void> {
  await deps.jobs.work(emailSendingJob, async ({ tenantId }) => {
    if (senderSettingsOf(deps).manual) return;
    await runSender(deps, tenantId);
  });
  chores.every('e-mail sending not queued', SWEEP_EVERY_MS, () => queueDueSending(deps), {
    firstAfterMs: 5_000,
  });
}
