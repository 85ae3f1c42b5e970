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
async function main() {
  const env = loadEnv();
  const runtime = await createRuntime(env);
  const { logger } = runtime.deps;
  if (env.runWorker || !env.DATABASE_URL) await runtime.startWorkers();
  const app = createApp(runtime.deps);
  // Once per start, while there is no administrator: the setup token goes to the log. Not part
  // of building the app, so no request ever pays for the question.
  await announceAdminSetup(runtime.deps);
  // Browser tests of demo mode only; env.ts refuses it in production (docs/decisions/057).
  const controlPort = env.META_SIMULATOR_CONTROL_PORT;
  const simulatorControl =
    controlPort === undefined ? null : await serveSimulatorControl(runtime.deps, controlPort);
  if (simulatorControl) {
    logger.warn(
      `The Graph API simulator's control API is served at http://${SIMULATOR_CONTROL_HOST}:${controlPort}/_sim (META_SIMULATOR_CONTROL_PORT)`,
    );
  }
  const server = serve(
    { fetch: app.fetch, port: env.PORT, ...(env.HOST ? { hostname: env.HOST } : {}) },
    (info) => {
      logger.info(
        {
          port: info.port,
          database: runtime.deps.database.kind,
          dataDir: env.DATABASE_URL ? undefined : env.dataDir,
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
    },
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    simulatorControl?.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
