import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { publishJobPayloadSchema, publishPostJob } from '../posts/index.ts';
import { payloadKey, type Dispatcher, type PublishJobPayload } from './worker/dispatcher.ts';
import { runPublish } from './worker/publish.ts';
import { runReconcile } from './worker/reconcile.ts';
import { runSweep } from './worker/sweep.ts';

// pg-boss jobs of the pipeline. A job is only a nudge ("look at post X, version V"); the row
// decides, so pg-boss's own retries are off (the worker re-queues with the back-off of
// docs/product/constants.md#data-fetching-retries) and a duplicate delivery is harmless. Runs in
// every process that runs workers: in process in embedded mode, in each worker process with
// PostgreSQL. The publish queue is defined by the posts feature, which sends its jobs once a
// save commits (posts/dispatch.ts); the worker takes them here.

export { publishPostJob };

export const reconcilePostJob: JobDefinition<PublishJobPayload> = {
  id: 'publishing.reconcile',
  version: 1,
  payload: publishJobPayloadSchema,
  retryLimit: 0,
  pollingIntervalSeconds: 2,
  concurrency: 4,
};

export const sweepJob: JobDefinition<{ minute: string }> = {
  id: 'publishing.sweep',
  // Version 1 was 'stately': a sweep left active by a worker that died wedged the queue (the
  // next sweep of the same interval could never start) until pg-boss expired it 15 minutes
  // later, just when the sweeper was needed (docs/decisions/089). 'short' still queues one sweep
  // per interval across processes; a repeated sweep is harmless.
  version: 2,
  payload: z.object({ minute: z.string() }),
  retryLimit: 0,
  policy: 'short',
};

export function jobDispatcher(deps: AppDeps): Dispatcher {
  return {
    async publish(p, at) {
      await deps.jobs.send(publishPostJob, p, { startAfter: at });
    },
    async reconcile(p, at) {
      await deps.jobs.send(reconcilePostJob, p, { startAfter: at });
    },
    async waiting(kind, payloads) {
      const job = kind === 'publish' ? publishPostJob : reconcilePostJob;
      const postIds = [...new Set(payloads.map((p) => p.postId))];
      const queued = await deps.jobs.waiting(job, 'postId', postIds);
      return new Set(queued.map(payloadKey));
    },
  };
}

export async function registerPublishingJobs(deps: AppDeps, chores: Chores): Promise<void> {
  const dispatcher = jobDispatcher(deps);
  // How long a claim lasts, and how often the sweeper runs (PUBLISHING_LEASE_SECONDS and
  // PUBLISHING_SWEEP_SECONDS, 10 min and 1 min unless configured).
  const options = { dispatcher, leaseMs: deps.env.PUBLISHING_LEASE_SECONDS * 1000 };
  const intervalMs = deps.env.PUBLISHING_SWEEP_SECONDS * 1000;
  await deps.jobs.work(publishPostJob, (p) => runPublish(deps, p, options));
  await deps.jobs.work(reconcilePostJob, (p) => runReconcile(deps, p, options));
  await deps.jobs.work(sweepJob, async () => {
    const report = await runSweep(deps, options);
    if (report.redriven > 0) deps.logger.info(report, 'publishing sweep re-drove overdue posts');
  });
  // One sweep per interval across all processes: the interval's start is the singleton key.
  chores.every('publishing sweep not queued', intervalMs, () => {
    const slot = new Date(Math.floor(Date.now() / intervalMs) * intervalMs).toISOString();
    return deps.jobs.send(sweepJob, { minute: slot }, { singletonKey: slot });
  });
}
