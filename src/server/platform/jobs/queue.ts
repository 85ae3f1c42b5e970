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
   * Jobs of this queue one process runs at once. When set, the queue is worked by a JobPump:
   * one fetch takes as many due jobs as there are free places, finished jobs are completed
   * together, and the next fetch follows as soon as places free up while jobs keep coming; the
   * polling interval applies only when idle (docs/decisions/083).
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
  readonly #database: Database;
  readonly #logger: Logger;
  readonly #created = new Set<string>();
  readonly #pumps: { stop(timeoutMs: number): Promise<void> }[] = [];
  #creating: Promise<void> = Promise.resolve();
  #started = false;
  #starting: Promise<void> | null = null;

  constructor(database: Database, logger: Logger) {
    this.#database = database;
    this.#logger = logger;
    const common = {
      schema: 'pgboss',
      monitorStateIntervalSeconds: 60,
      maintenanceIntervalSeconds: 120,
      // No cron schedules: periodic work is the Chores' (platform/jobs). pg-boss's scheduler
      // would cost a quarter of a second of every start and poll a queue nobody uses
      // (docs/decisions/019).
      schedule: false,
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

  /**
   * Starts pg-boss. The HTTP process does not wait for it before it listens
   * (docs/decisions/019): everything that uses the queue waits for `ready()` instead, so a
   * request that sends a job in the first tenth of a second waits that long, and no request
   * that sends none waits at all.
   */
  start(): Promise<void> {
    this.#starting ??= this.#boss.start().then(() => {
      this.#started = true;
    });
    return this.#starting;
  }

  /** Resolves once the queue has started (rejects if it could not); start() must be called. */
  async ready(): Promise<void> {
    if (!this.#starting) throw new Error('The job queue was not started');
    await this.#starting;
  }

  async #ensureQueue(def: JobDefinition<unknown>): Promise<string> {
    const name = queueName(def);
    if (this.#created.has(name)) return name;
    await this.ready();
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
    if (def.concurrency !== undefined) {
      const pump = new JobPump(this.#boss, this.#logger, name, def, handler);
      this.#pumps.push(pump);
      pump.start();
      return;
    }
    await this.#boss.work<object>(
      name,
      { pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) {
          await handler(parsePayload(def, name, job, this.#logger), {
            id: job.id,
            retryCount: (job as { retryCount?: number }).retryCount ?? 0,
          });
        }
      },
    );
  }

  /**
   * The payloads of `def`'s jobs still waiting to run (queued, due or not, or waiting for a
   * retry) whose `field` is one of `values`. Read from pg-boss's job table through its index of
   * waiting jobs (job_i5: name, start_after, where state < 'active'), so the cost follows what
   * waits in the queue, not the queue's history.
   */
  async waiting<P extends object>(
    def: JobDefinition<P>,
    field: keyof P & string,
    values: readonly string[],
  ): Promise<P[]> {
    if (values.length === 0) return [];
    const name = await this.#ensureQueue(def as JobDefinition<unknown>);
    const { rows } = await this.#database.query<{ data: unknown }>(
      `select data from pgboss.job where name = $1 and state < 'active' and data->>$2 = any($3::text[])`,
      [name, field, values],
    );
    return rows.flatMap((row) => {
      const parsed = def.payload.safeParse(row.data);
      return parsed.success ? [parsed.data] : [];
    });
  }

  async queueSize(def: JobDefinition<unknown>): Promise<number> {
    await this.ready();
    return this.#boss.getQueueSize(queueName(def));
  }

  async stop(): Promise<void> {
    // A start still under way finishes first, so that what it started is stopped below.
    await this.#starting?.catch(() => {});
    if (!this.#started) return;
    this.#started = false;
    // Pumps first: they stop fetching, let running jobs finish (5 s at most, as pg-boss's own
    // graceful stop) and complete them while the connection is still open.
    await Promise.all(this.#pumps.splice(0).map((pump) => pump.stop(5000)));
    await this.#boss.stop({ graceful: true, wait: true, timeout: 5000, close: true });
  }
}

/** The job's payload, or an error that fails the job: a payload that does not parse never will. */
function parsePayload<P>(
  def: JobDefinition<P>,
  name: string,
  job: { id: string; data: unknown },
  logger: Logger,
): P {
  const parsed = def.payload.safeParse(job.data);
  if (parsed.success) return parsed.data;
  logger.error({ jobId: job.id, queue: name, issues: parsed.error.issues }, 'job payload invalid');
  throw new Error(`Invalid payload for ${name}`);
}

/** While jobs keep coming, the pump asks again this soon after a fetch that found some. */
const BUSY_POLL_MS = 200;
/** Places freed within this window are filled by one fetch. */
const GATHER_MS = 5;

/**
 * Works one queue with up to `concurrency` jobs at once through pg-boss's fetch and complete
 * (docs/decisions/083). pg-boss's own workers fetch one job per statement and complete each with
 * another, and with many workers per process those two statements cost more than most jobs: a
 * burst of due posts ran at a third of what the database could do. Here one fetch takes as many
 * due jobs as there are free places, and the jobs that finished in the same moment are completed
 * by one statement. A job's handler throwing fails that job alone, as before.
 */
class JobPump<P> {
  readonly #boss: PgBoss;
  readonly #logger: Logger;
  readonly #name: string;
  readonly #def: JobDefinition<P>;
  readonly #handler: JobHandler<P>;
  readonly #places: number;
  readonly #idlePollMs: number;
  #running = new Set<Promise<void>>();
  #finished: string[] = [];
  #flushing: Promise<void> = Promise.resolve();
  #flushQueued = false;
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #fetching = false;
  #fetchDone: Promise<void> = Promise.resolve();
  /** Whether the last fetch filled every free place: more jobs are probably due. */
  #busy = false;

  constructor(
    boss: PgBoss,
    logger: Logger,
    name: string,
    def: JobDefinition<P>,
    handler: JobHandler<P>,
  ) {
    this.#boss = boss;
    this.#logger = logger;
    this.#name = name;
    this.#def = def;
    this.#handler = handler;
    this.#places = Math.max(1, def.concurrency ?? 1);
    this.#idlePollMs = (def.pollingIntervalSeconds ?? 2) * 1000;
  }

  start(): void {
    this.#schedule(0);
  }

  /** Stops fetching, waits up to `timeoutMs` for running jobs, completes the finished ones. */
  async stop(timeoutMs: number): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    // Jobs a fetch in flight takes are pg-boss's active jobs now: they run like the others.
    await this.#fetchDone;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.#running]),
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    await this.#flush();
  }

  /** The next fetch in `ms`, unless one is due sooner. */
  #schedule(ms: number): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#fetch(), ms);
  }

  #fetch(): Promise<void> {
    if (this.#stopped || this.#fetching) return this.#fetchDone;
    const free = this.#places - this.#running.size;
    if (free <= 0) return this.#fetchDone;
    this.#fetching = true;
    this.#fetchDone = this.#fetchOnce(free).finally(() => {
      this.#fetching = false;
    });
    return this.#fetchDone;
  }

  async #fetchOnce(free: number): Promise<void> {
    let jobs: PgBoss.Job<object>[] = [];
    try {
      jobs = await this.#boss.fetch<object>(this.#name, { batchSize: free });
    } catch (error) {
      this.#logger.warn({ err: error, queue: this.#name }, 'job fetch failed');
    }
    for (const job of jobs) this.#run(job);
    this.#busy = jobs.length === free;
    // Jobs came: more are probably falling due, so ask again soon (and as places free up, when
    // every place was filled); none came: wait out the polling interval.
    if (this.#running.size < this.#places) {
      this.#schedule(jobs.length > 0 ? BUSY_POLL_MS : this.#idlePollMs);
    }
  }

  #run(job: PgBoss.Job<object>): void {
    const task = (async () => {
      try {
        await this.#handler(parsePayload(this.#def, this.#name, job, this.#logger), {
          id: job.id,
          retryCount: (job as { retryCount?: number }).retryCount ?? 0,
        });
        this.#finished.push(job.id);
        this.#queueFlush();
      } catch (error) {
        // pg-boss keeps the message on the job; the log is where anyone looks first.
        this.#logger.warn({ err: error, jobId: job.id, queue: this.#name }, 'job failed');
        await this.#boss
          .fail(this.#name, job.id, { message: (error as Error)?.message ?? String(error) })
          .catch((failError: unknown) =>
            this.#logger.warn({ err: failError, jobId: job.id }, 'job not marked failed'),
          );
      }
    })();
    this.#running.add(task);
    void task.finally(() => {
      this.#running.delete(task);
      // A place is free: while jobs keep coming, fill it (with the others freed meanwhile).
      if (this.#busy) this.#schedule(GATHER_MS);
    });
  }

  #queueFlush(): void {
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    setImmediate(() => {
      this.#flushQueued = false;
      void this.#flush();
    });
  }

  /** Completes the finished jobs in one statement, one flush at a time. */
  #flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      const ids = this.#finished.splice(0);
      if (ids.length === 0) return;
      try {
        await this.#boss.complete(this.#name, ids);
      } catch (error) {
        // Left active, pg-boss expires them; the rows they were about already say they are done.
        this.#logger.warn(
          { err: error, queue: this.#name, jobs: ids.length },
          'jobs not completed',
        );
      }
    });
    return this.#flushing;
  }
}
