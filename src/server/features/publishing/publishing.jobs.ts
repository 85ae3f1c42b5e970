import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import {
  runPublish,
  runReconcile,
  runSweep,
  type Dispatcher,
  type PublishJobPayload,
} from './publishing.service.ts';

// pg-boss jobs of the pipeline. A job is only a nudge ("look at post X, version V"); the row
// decides, so pg-boss's own retries are off (the worker re-queues with the seed's back-off) and a
// duplicate delivery is harmless. Runs in every process that runs workers: in process in
// embedded mode, in each worker process with PostgreSQL.

const payload = z.object({ postId: z.uuid(), userId: z.uuid(), version: z.number().int() });

export const publishPostJob: JobDefinition<PublishJobPayload> = {
  id: 'publishing.publish',
  version: 1,
  payload,
  retryLimit: 0,
  pollingIntervalSeconds: 1,
};

export const reconcilePostJob: JobDefinition<PublishJobPayload> = {
  id: 'publishing.reconcile',
  version: 1,
  payload,
  retryLimit: 0,
  pollingIntervalSeconds: 2,
};

export const sweepJob: JobDefinition<{ minute: string }> = {
  id: 'publishing.sweep',
  version: 1,
  payload: z.object({ minute: z.string() }),
  retryLimit: 0,
  policy: 'stately',
};

/** How often the sweeper looks for overdue posts. */
export const SWEEP_INTERVAL_MS = 60_000;

export function jobDispatcher(deps: AppDeps): Dispatcher {
  return {
    async publish(p, at) {
      await deps.jobs.send(publishPostJob, p, { startAfter: at });
    },
    async reconcile(p, at) {
      await deps.jobs.send(reconcilePostJob, p, { startAfter: at });
    },
  };
}

export async function registerPublishingJobs(deps: AppDeps): Promise<void> {
  const dispatcher = jobDispatcher(deps);
  await deps.jobs.work(publishPostJob, (p) => runPublish(deps, p, { dispatcher }));
  await deps.jobs.work(reconcilePostJob, (p) => runReconcile(deps, p, { dispatcher }));
  await deps.jobs.work(sweepJob, async () => {
    const report = await runSweep(deps, { dispatcher });
    if (report.redriven > 0) deps.logger.info(report, 'publishing sweep re-drove overdue posts');
  });
  // One sweep per minute across all processes: the minute is the singleton key.
  const timer = setInterval(() => {
    const minute = new Date().toISOString().slice(0, 16);
    deps.jobs
      .send(sweepJob, { minute }, { singletonKey: minute })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'publishing sweep not queued'));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
}
