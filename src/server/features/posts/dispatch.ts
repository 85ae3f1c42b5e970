import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';

// Publish jobs, sent once the save that made its deliveries due has committed
// (docs/decisions/080). A job only says "look at delivery X at version V": the publishing worker
// (publishing/worker/) claims the row before anything is sent, so a duplicate or stale job does
// nothing, and a job that was never sent is made up by the sweeper, which finds the row due.

/** What a publish (or reconcile) job carries. */
export interface PublishJobPayload {
  postId: string;
  userId: string;
  version: number;
}

export const publishJobPayloadSchema = z.object({
  postId: z.uuid(),
  userId: z.uuid(),
  version: z.number().int(),
});

/** The queue the worker takes due deliveries from (registered in publishing/publishing.jobs.ts). */
export const publishPostJob: JobDefinition<PublishJobPayload> = {
  id: 'publishing.publish',
  version: 1,
  payload: publishJobPayloadSchema,
  retryLimit: 0,
  pollingIntervalSeconds: 1,
  // A publish waits on the platform most of the time: one process runs many at once, and a
  // busy worker takes the next due post at once (docs/decisions/089).
  concurrency: 16,
};

/** A delivery made due by a save, and when. */
export interface Due {
  payload: PublishJobPayload;
  at: Date;
}

/**
 * Queues each due delivery's job. Called only after the save's transaction committed, so a save
 * that was refused or rolled back queues nothing; a send that fails is logged and left to the
 * sweeper.
 */
export async function dispatchAll(deps: AppDeps, due: readonly Due[]): Promise<void> {
  for (const d of due) {
    await deps.jobs
      .send(publishPostJob, d.payload, { startAfter: d.at })
      .catch((error: unknown) =>
        deps.logger.warn({ err: error, postId: d.payload.postId }, 'publish job not queued'),
      );
  }
}
