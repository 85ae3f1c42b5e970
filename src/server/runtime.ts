import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Env } from './platform/env.ts';
import { openDatabase, type Database } from './platform/db/client.ts';
import { createLogger } from './platform/logger.ts';
import { ServiceCache } from './platform/cache.ts';
import { connectInvalidationBus } from './platform/bus.ts';
import { decodeNotice } from './features/posts/index.ts';
import { instagramMediaScope } from './features/platforms/instagram-media.ts';
import { quotaReadingsScope, usesQuota } from './features/publishing/quota.service.ts';
import { JobQueue } from './platform/jobs/queue.ts';
import { createMailer, sendEmailJob } from './platform/email/mailer.ts';
import type { AppDeps } from './platform/deps.ts';
import { loadSecretBox } from './platform/security/secrets.ts';
import { registerJobHandlers } from './features/jobs.ts';
import type { Chores } from './platform/jobs/chores.ts';
import { backgroundWork } from './platform/background.ts';
import { metaRuntime } from './features/platforms/meta-runtime.ts';

export interface Runtime {
  deps: AppDeps;
  /**
   * Milliseconds each step took, for the start-up log (decision 019): the job queue's start runs
   * while the process begins to listen, and is known once jobs.ready() has resolved.
   */
  startup: { databaseMs: number; jobQueueMs: number };
  /** Starts the job workers of this process. */
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite runs a statement synchronously and settles its promise at once, so a chain of them
 * never gives the event loop a turn: while the job queue went through one (its workers starting
 * after the HTTP process listens, a batch of jobs fetched and completed) no request was even
 * read. On PGlite the queue's statements wait for the next turn of the loop, so what arrived
 * meanwhile goes first (decision 019).
 */
function turnTaking(database: Database): Database {
  if (database.kind !== 'pglite') return database;
  return {
    ...database,
    query: async <R>(text: string, params?: unknown[]) => {
      await nextTurn();
      return database.query<R>(text, params);
    },
  };
}

/**
 * Opens the database (migrating it), the job queue and the mailer. The HTTP process and the
 * worker process both start here; in embedded mode one process does both.
 */
export async function createRuntime(
  env: Env,
  options: { database?: Database } = {},
): Promise<Runtime> {
  const logger = createLogger(env.LOG_LEVEL);
  const started = performance.now();
  const secrets = loadSecretBox({
    encryptionKeys: env.ENCRYPTION_KEYS,
    dataDir: env.dataDir,
    production: env.NODE_ENV === 'production',
    ephemeral: env.NODE_ENV === 'test',
  });
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.dataDir,
      poolSize: env.DATABASE_POOL_SIZE,
      logger,
    }));
  const databaseReady = performance.now();
  const jobs = new JobQueue(turnTaking(database), logger);
  const startup = { databaseMs: Math.round(databaseReady - started), jobQueueMs: 0 };
  // Not waited for here: the HTTP process listens while pg-boss starts, and whatever uses the
  // queue waits for jobs.ready(), which also reports a start that failed (decision 019).
  jobs
    .start()
    .then(() => {
      startup.jobQueueMs = Math.round(performance.now() - databaseReady);
    })
    .catch(() => {});
  const mailer = createMailer({
    database,
    jobs,
    logger,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
  });
  const bus = await connectInvalidationBus(database, logger);
  const cache = new ServiceCache();
  cache.connect(bus);
  // A status written by a worker (in any process) changes the business's calendar lists: every
  // process hears the change after it commits and drops that business's cached lists, so the
  // refetch the live stream prompts reads the new status (decision 081).
  bus.subscribe('publishing-status', (payload) => {
    const notice = decodeNotice(payload);
    if (!notice) return;
    cache.dropLocal(notice.tenantId);
    // The quota readings only when a post went out: a claim or a retry uses no quota.
    if (usesQuota(notice.message)) {
      cache.dropLocal(quotaReadingsScope(notice.tenantId));
      // The profile grid's pages of published media (decision 078) show it once it is out.
      cache.dropLocal(instagramMediaScope(notice.tenantId));
    }
  });
  const deps: AppDeps = { env, database, logger, cache, jobs, mailer, bus, secrets };
  let closed = false;
  let chores: Chores | null = null;
  let workersStarting: Promise<void> | null = null;
  return {
    deps,
    startup,
    startWorkers() {
      workersStarting ??= (async () => {
        await jobs.ready();
        await jobs.work(sendEmailJob, ({ outboxId }) => mailer.deliver(outboxId));
        chores = await registerJobHandlers(deps);
      })();
      return workersStarting;
    },
    async close() {
      if (closed) return;
      closed = true;
      // The HTTP process starts its workers after it listens: a stop signal may come meanwhile.
      // Their start is let finish (or fail) so that stopping them below stops all of them.
      await workersStarting?.catch(() => {});
      // What requests left running (an e-mailed link being sent) still needs the database.
      await backgroundWork(deps).settled();
      await jobs.stop();
      // After the workers: what a chore says on stopping (this worker has gone) is then true.
      await chores?.stop();
      await bus.close();
      cache.close();
      // The demo simulator's crowd of followers (docs/decisions/091) writes no more.
      metaRuntime.peek(deps)?.stopSimulator();
      if (!options.database) await database.close();
    },
  };
}
