import { loadEnv } from './platform/env.ts';
import { createRuntime } from './runtime.ts';

// A job-queue process for installations on PostgreSQL: start as many as the load needs. The
// embedded database allows one process only, so there the HTTP process runs the jobs itself.
async function main() {
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    throw new Error(
      'The worker process needs DATABASE_URL: with the embedded database, `npm start` runs the jobs itself.',
    );
  }
  const runtime = await createRuntime(env);
  await runtime.startWorkers();
  runtime.deps.logger.info('worker started');
  const stop = async () => {
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
