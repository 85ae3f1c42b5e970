import { z } from 'zod';
import { openDatabase } from '#server/platform/db/client.ts';
import { JobQueue, type JobDefinition } from '#server/platform/jobs/queue.ts';
import { createLogger } from '#server/platform/logger.ts';
import { publishPostJob } from '#server/features/publishing/publishing.jobs.ts';

// pg-boss's own throughput, the physical limit of the publishing figures (bench/publishing.ts):
// a process like the worker, with a queue configured exactly as the publish queue (polling,
// concurrency, retries), whose jobs do nothing. Prints "ready" once it works the queue.
// Usage: DATABASE_URL=... node --import tsx bench/publishing-noop-worker.ts

export const noopJob: JobDefinition<{ n: number }> = {
  ...publishPostJob,
  id: 'bench.noop',
  payload: z.object({ n: z.number().int() }),
} as JobDefinition<{ n: number }>;

const url = process.env.DATABASE_URL;
if (url && process.argv[1]?.endsWith('publishing-noop-worker.ts')) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2, migrate: false });
  const jobs = new JobQueue(database, createLogger('warn'));
  await jobs.start();
  await jobs.work(noopJob, async () => {});
  process.stdout.write('ready\n');
  const stop = async () => {
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
