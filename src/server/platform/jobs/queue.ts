import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';

// Typed jobs on pg-boss, in the same database as the data: a job is queued in the same place as
// the row that asked for it, and survives restarts. Each definition has a constant id, a
// version, a zod payload schema and a handler; the queue name carries the version so a changed
// payload shape never meets an old handler.

export interface JobDefinition<P> {
  id: `${string}.${string}`;
  version: number;
  payload: z.ZodType<P>;
  retryLimit?: number;
  /** Seconds before the first retry; doubles with retryBackoff. */
  retryDelay?: number;
  retryBackoff?: boolean;
  pollingIntervalSeconds?: number;
  /**
   * pg-boss queue policy. 'stately' keeps at most one created, retrying or active job per
   * singletonKey, so sending the same key again is a no-op while one is pending. 'short' keeps
   * at most one created job per key and lets any number run: unlike 'stately', a job left active
   * by a process that died does not hold back the next one with the same key.
   */
  policy?: 'standard' | 'stately' | 'short';
  /**
   * Jobs of this queue one process runs at once. When set, each of these workers also takes its
   * next job as soon as it finished one, instead of waiting out the polling interval (which
   * pg-boss 10 otherwise does after every job); the interval then applies only when idle.
   */
  concurrency?: number;
}

export type JobHandler<P> = (payload: P, job: { id: string; retryCount: number }) => Promise<void>;

export function queueName(def: Pick<JobDefinition<unknown>, 'id' | 'version'>): string {
  return `${def.id.replace('.', '__')}__v${def.version}`;
}

/** PostgreSQL's "deadlock detected". */
const DEADLOCK = '40P01';

export interface SendOptions {
  startAfter?: Date | number;
  singletonKey?: string;
}

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #logger: Logger;
  readonly #created = new Set<string>();
  #creating: Promise<void> = Promise.resolve();
  #started = false;

  constructor(database: Database, logger: Logger) {
    this.#logger = logger;
    const common = {
      schema: 'pgboss',
      monitorStateIntervalSeconds: 60,
      maintenanceIntervalSeconds: 120,
    };
    this.#boss =
      database.kind === 'pglite'
        ? new PgBoss({
            ...common,
            db: { executeSql: (text: string, values?: unknown[]) => database.query(text, values) },
          })
        : new PgBoss({ ...common, connectionString: database.connectionString!, max: 4 });
    this.#boss.on('error', (error) => this.#logger.error({ err: error }, 'job queue error'));
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    this.#started = true;
  }

  async #ensureQueue(def: JobDefinition<unknown>): Promise<string> {
    const name = queueName(def);
    if (this.#created.has(name)) return name;
    // One creation at a time in this process; processes starting together still create the
    // same queues at once, and pg-boss's queue creation (a partition attached to the job table)
    // can deadlock with another one: the loser is rolled back and tries again
    // (docs/decisions/089).
    const create = this.#creating.then(async () => {
      if (this.#created.has(name)) return;
      for (let attempt = 1; ; attempt += 1) {
        try {
          await this.#boss.createQueue(name, {
            name,
            retryLimit: def.retryLimit ?? 5,
            retryDelay: def.retryDelay ?? 1,
            retryBackoff: def.retryBackoff ?? true,
            policy: def.policy ?? 'standard',
          });
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== DEADLOCK || attempt >= 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt * (1 + Math.random())));
        }
      }
      this.#created.add(name);
    });
    this.#creating = create.catch(() => {});
    await create;
    return name;
  }

  async send<P>(
    def: JobDefinition<P>,
    payload: P,
    options: SendOptions = {},
  ): Promise<string | null> {
    const name = await this.#ensureQueue(def as JobDefinition<unknown>);
    const data = def.payload.parse(payload);
    const sendOptions: PgBoss.SendOptions = {};
    if (options.startAfter !== undefined)
      sendOptions.startAfter =
        options.startAfter instanceof Date ? options.startAfter : new Date(options.startAfter);
    if (options.singletonKey !== undefined) sendOptions.singletonKey = options.singletonKey;
    return this.#boss.send(name, data as object, sendOptions);
  }

  async work<P>(def: JobDefinition<P>, handler: JobHandler<P>): Promise<void> {
    const name = await this.#ensureQueue(def as JobDefinition<unknown>);
    const workers = Math.max(1, def.concurrency ?? 1);
    for (let i = 0; i < workers; i += 1) {
      // Set once pg-boss returns it; the first job cannot arrive before (it needs a query).
      let workerId: string | undefined = undefined;
      workerId = await this.#boss.work<object>(
        name,
        { pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async (jobs) => {
          try {
            for (const job of jobs) {
              const parsed = def.payload.safeParse(job.data);
              if (!parsed.success) {
                // A payload that does not parse will never parse: fail without retrying forever.
                this.#logger.error(
                  { jobId: job.id, queue: name, issues: parsed.error.issues },
                  'job payload invalid',
                );
                throw new Error(`Invalid payload for ${name}`);
              }
              await handler(parsed.data, {
                id: job.id,
                retryCount: (job as { retryCount?: number }).retryCount ?? 0,
              });
            }
          } finally {
            // Busy: fetch again at once (docs/decisions/089).
            if (def.concurrency !== undefined && workerId) this.#boss.notifyWorker(workerId);
          }
        },
      );
    }
  }

  async queueSize(def: JobDefinition<unknown>): Promise<number> {
    return this.#boss.getQueueSize(queueName(def));
  }

  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, wait: true, timeout: 5000, close: true });
  }
}
