import { serve } from '@hono/node-server';
import { loadEnv } from './platform/env.ts';
import { createRuntime } from './runtime.ts';
import { createApp } from './app.ts';
import { announceAdminSetup } from './features/admin/admin.service.ts';
import { mailboxUrl } from './features/dev/mailbox-access.ts';
import {
  serveSimulatorControl,
  SIMULATOR_CONTROL_HOST,
} from './features/platforms/simulator-control.ts';

// The HTTP process. With the embedded database it also runs the job workers (one process owns
// the data directory); with DATABASE_URL, RUN_WORKER=0 leaves the jobs to `npm run worker`.
// It listens as soon as requests can be answered (database open and migrated; the job queue
// starts meanwhile, and what sends a job waits for it); the workers and the administrator setup
// notice come right after (decision 019).
async function main() {
  const modulesLoaded = performance.now();
  const env = loadEnv();
  const runtime = await createRuntime(env);
  const { logger } = runtime.deps;
  const app = createApp(runtime.deps);
  // Browser tests of demo mode only; env.ts refuses it in production (docs/decisions/057).
  const controlPort = env.META_SIMULATOR_CONTROL_PORT;
  const simulatorControl =
    controlPort === undefined ? null : await serveSimulatorControl(runtime.deps, controlPort);
  if (simulatorControl) {
    logger.warn(
      `The Graph API simulator's control API is served at http://${SIMULATOR_CONTROL_HOST}:${controlPort}/_sim (META_SIMULATOR_CONTROL_PORT)`,
    );
  }

  let server: ReturnType<typeof serve> | undefined;
  let stopping = false;
  // Stops the listener, then the runtime: the workers (once their start has finished), then the
  // database.
  const stop = async (reason: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal: reason }, 'shutting down');
    server?.close();
    simulatorControl?.close();
    await runtime.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const appStarted = performance.now();
  await new Promise<void>((resolve) => {
    server = serve(
      { fetch: app.fetch, port: env.PORT, ...(env.HOST ? { hostname: env.HOST } : {}) },
      (info) => {
        logger.info(
          {
            port: info.port,
            database: runtime.deps.database.kind,
            dataDir: env.DATABASE_URL ? undefined : env.dataDir,
            startupMs: Math.round(performance.now()),
          },
          `Soci Gen is running at ${env.appUrl}`,
        );
        if (env.mailbox === 'development') {
          logger.info(
            `No SMTP server configured: e-mails are kept in the development mailbox. Open it with its key: ${mailboxUrl(env)}`,
          );
        } else if (env.mailbox === 'administrators') {
          logger.warn(
            `No SMTP server configured (SMTP_URL): no e-mail is sent. They are kept in the outbox, which only administrators can read at ${env.appUrl}/dev/mailbox`,
          );
        }
        resolve();
      },
    );
  });
  const listening = performance.now();
  // All threads of the process, until it listened: on a busy machine wall time grows, this less.
  const cpu = process.cpuUsage();

  try {
    // Once per start, while there is no administrator: the setup token goes to the log. Not part
    // of building the app, so no request ever pays for the question.
    await runtime.deps.jobs.ready();
    await announceAdminSetup(runtime.deps);
    if (!stopping && (env.runWorker || !env.DATABASE_URL)) await runtime.startWorkers();
  } catch (error) {
    logger.error({ err: error }, 'the job workers could not start');
    await stop('start-up failure', 1);
    return;
  }
  logger.debug(
    {
      startup: {
        // From the process's start: node, the launcher and every module of the server.
        modulesMs: Math.round(modulesLoaded),
        databaseMs: runtime.startup.databaseMs,
        // While the process began to listen (decision 019).
        jobQueueMs: runtime.startup.jobQueueMs,
        appMs: Math.round(appStarted - modulesLoaded - runtime.startup.databaseMs),
        listenMs: Math.round(listening - appStarted),
        workersMs: Math.round(performance.now() - listening),
        cpuUntilListeningMs: Math.round((cpu.user + cpu.system) / 1000),
      },
    },
    'start-up phases',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
