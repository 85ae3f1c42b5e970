import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';

// Trials end by themselves (decision 034): a periodic pg-boss job turns every active trial whose
// trial_ends_at has passed inactive, which sends its people to /dashboard/trial-expired. Running
// it twice changes nothing the second time; 'stately' keeps at most one run queued at a time.

export const EXPIRE_TRIALS_EVERY_MS = 15 * 60_000;

export const expireTrialsJob: JobDefinition<Record<string, never>> = {
  id: 'subscription.expire-trials',
  version: 1,
  payload: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  policy: 'stately',
  retryLimit: 3,
  pollingIntervalSeconds: 30,
};

/** The installation's own scope: no person, every account, as an administrator would act. */
const SYSTEM_ID = '00000000-0000-0000-0000-000000000000';
export const SYSTEM_SCOPE: TenantScope = { userId: SYSTEM_ID, tenantId: SYSTEM_ID, isAdmin: true };

/** Turns ended trials inactive; returns the accounts it changed. Idempotent. */
export async function expireTrials(deps: AppDeps, now = new Date()): Promise<string[]> {
  const changed = await withTenant(deps.database, SYSTEM_SCOPE, async (tx) =>
    rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        update public.subscription set status = 'inactive', updated_at = ${now.toISOString()}
        where plan = 'trial' and status = 'active' and trial_ends_at <= ${now.toISOString()}
        returning user_id`),
    ).map((row) => row.user_id),
  );
  for (const userId of changed) deps.cache.invalidateTenant(userId);
  if (changed.length > 0) deps.logger.info({ count: changed.length }, 'trials expired');
  return changed;
}

/** Registers the handler and queues a run now and every 15 minutes. */
export async function startTrialExpiry(deps: AppDeps, chores: Chores): Promise<void> {
  await deps.jobs.work(expireTrialsJob, async () => {
    await expireTrials(deps);
  });
  const failure = 'queueing trial expiry failed';
  const queue = () => deps.jobs.send(expireTrialsJob, {}, { singletonKey: 'expire-trials' });
  await queue().catch((error: unknown) => deps.logger.warn({ err: error }, failure));
  chores.every(failure, EXPIRE_TRIALS_EVERY_MS, queue);
}
