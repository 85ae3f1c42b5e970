import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  checkInvariant,
  createWorld,
  describeCounts,
  plainKinds,
  startProcess,
  startRunningWorld,
  startSimulatorProcess,
  waitUntilSettled,
  workerEnv,
  type RunningWorld,
  type SeededPost,
  type SimulatorProcess,
  type WorkerProcess,
  type World,
} from '#server/test/chaos/harness.ts';
import type { Database } from '#server/platform/db/client.ts';
import { queueName, type JobQueue } from '#server/platform/jobs/queue.ts';
import { loadEnv } from '#server/platform/env.ts';
import { createRuntime } from '#server/runtime.ts';
import { publishPostJob } from '#server/features/publishing/publishing.jobs.ts';
import { noopJob } from './publishing-noop-worker.ts';
import { REPO_ROOT, formatMs, log, percentile, readConfig, round, sleep, table } from './lib.ts';
import type { BenchConfig } from './lib.ts';

// Publishing figures of issue 6 (docs/decisions/089): lateness — the simulator's time of the
// platform call that makes a post public, minus its scheduled_for — with 10,000 posts due in the
// same instant and at a steady 100 posts due per second (target: p99 ≤ 2 s), and the dispatch
// throughput against pg-boss's own (no-op jobs sent and worked on the same database in the same
// run, by processes configured like the publish queue). PostgreSQL with two worker processes as
// in production; then PGlite with the worker inside the process (embedded mode), smaller.
// No faults are injected here; bench/publishing-chaos.ts does that.
//
//   npm run bench                         (BENCH_ONLY=publishing for this one)
//   node --import tsx bench/publishing.ts (BENCH_SCALE=0.1 for a quick run)

export const TARGETS = { steadyRatePerS: 100, maxSteadyP99Ms: 2_000 } as const;
const FULL_BURST = 10_000;
const FULL_STEADY_S = 60;
const FULL_PGLITE_BURST = 2_000;
const FULL_PGLITE_STEADY_S = 30;
const WARM_UP_POSTS = 100;

export interface LatenessFigures {
  posts: number;
  published: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Posts made public per second, from the due time to the last one. */
  postsPerS: number;
  /** From the due time until the last post was public. */
  drainS: number;
}

export interface PgBossFigures {
  jobs: number;
  jobsPerS: number;
  /** started_on minus start_after. */
  startP50Ms: number;
  startP99Ms: number;
  drainS: number;
}

export interface PublishingTargetResult {
  target: 'postgres' | 'pglite';
  skipped?: string;
  workers?: string;
  burst?: LatenessFigures;
  steady?: LatenessFigures & { ratePerS: number; seconds: number };
  /** A rate within the machine's capacity: the delay of the pipeline itself. */
  light?: LatenessFigures & { ratePerS: number; seconds: number };
  pgBoss?: PgBossFigures;
  ratios?: { burstVsPgBossThroughput: number };
  targetsMet?: { steadyP99: boolean };
  invariantHolds?: boolean;
}

export interface PublishingBenchResult {
  name: 'publishing';
  targets: typeof TARGETS;
  results: PublishingTargetResult[];
}

/**
 * Moves posts (and their queued jobs) so the first is due at `firstDue`, keeping their spacing:
 * writing 10,000 posts takes longer than a minute on a small machine, so they are written due
 * far ahead and moved, in two statements, just before the run.
 */
async function moveDue(database: Database, posts: SeededPost[], firstDue: number) {
  const delta = firstDue - posts[0]!.scheduledFor.getTime();
  const ids = posts.map((p) => p.id);
  await database.query(
    `update public.platform_posts
        set scheduled_for = scheduled_for + $2 * interval '1 millisecond',
            next_attempt_at = next_attempt_at + $2 * interval '1 millisecond'
      where id = any($1::uuid[])`,
    [ids, delta],
  );
  await database.query(
    `update public.calendar_events e
        set scheduled_for = e.scheduled_for + $2 * interval '1 millisecond'
       from public.platform_posts p
      where p.calendar_event_id = e.id and p.id = any($1::uuid[])`,
    [ids, delta],
  );
  await database.query(
    `update pgboss.job set start_after = start_after + $3 * interval '1 millisecond'
      where name = $1 and state = 'created' and data->>'postId' = any($2::text[])`,
    [queueName(publishPostJob), ids, delta],
  );
  for (const p of posts) p.scheduledFor = new Date(p.scheduledFor.getTime() + delta);
}

async function publishRun(
  database: Database,
  world: World,
  simulator: SimulatorProcess,
  label: string,
  posts: number,
  spacingMs: number,
): Promise<LatenessFigures & { ok: boolean }> {
  const far = Date.now() + 3_600_000;
  const t0 = performance.now();
  const seeded = await world.schedule({
    posts,
    dueAt: (i) => new Date(far + i * spacingMs),
    kindOf: plainKinds,
  });
  log(`  ${label}: ${posts} posts written in ${round((performance.now() - t0) / 1000, 1)} s`);
  const due = Date.now() + 5_000;
  await moveDue(database, seeded, due);
  const span = (posts - 1) * spacingMs;
  let last = 0;
  await waitUntilSettled(
    database,
    due + span + 20 * 60_000,
    (c) => {
      if (Date.now() - last < 5_000) return;
      last = Date.now();
      log(`  ${label}: ${describeCounts(c)}`);
    },
    250,
  );
  const record = await simulator.record();
  const report = await checkInvariant(database, seeded, record);
  const lateness = report.latenessMs;
  const drainS = (report.lastPublicAtMs - due) / 1000;
  return {
    ok: report.ok,
    posts,
    published: report.published,
    p50Ms: round(percentile(lateness, 50), 0),
    p99Ms: round(percentile(lateness, 99), 0),
    maxMs: round(percentile(lateness, 100), 0),
    postsPerS: round(report.published / Math.max(drainS, 0.001), 1),
    drainS: round(drainS, 2),
  };
}

// ------------------------------------------------------------------------------- pg-boss

interface NoopWorkers {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function noopProcesses(databaseUrl: string, count: number): NoopWorkers {
  const started: WorkerProcess[] = [];
  return {
    async start() {
      for (let i = 0; i < count; i += 1) {
        started.push(
          await startProcess(
            `no-op worker ${i + 1}`,
            path.join(REPO_ROOT, 'bench/publishing-noop-worker.ts'),
            { DATABASE_URL: databaseUrl },
            (line) => line === 'ready',
          ),
        );
      }
    },
    async stop() {
      await Promise.all(started.splice(0).map((w) => w.stop()));
    },
  };
}

/** N no-op jobs due at once, worked by `workers`; the same queue options as publishing. */
async function pgBossRun(
  database: Database,
  jobs: JobQueue,
  workers: NoopWorkers,
  n: number,
): Promise<PgBossFigures> {
  const far = new Date(Date.now() + 3_600_000);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < n) {
        const i = next++;
        await jobs.send(noopJob, { n: i }, { startAfter: far });
      }
    }),
  );
  await workers.start();
  const name = queueName(noopJob);
  const due = Date.now() + 3_000;
  await database.query(
    `update pgboss.job set start_after = $2 where name = $1 and state = 'created'`,
    [name, new Date(due)],
  );
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const { rows } = await database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'`,
      [name],
    );
    if ((rows[0]?.n ?? 0) >= n || Date.now() > deadline) break;
    await sleep(250);
  }
  await workers.stop();
  const { rows } = await database.query<{ start_ms: number; done_ms: number }>(
    `select extract(epoch from (started_on - start_after)) * 1000 as start_ms,
            extract(epoch from completed_on) * 1000 as done_ms
       from pgboss.job where name = $1 and state = 'completed'`,
    [name],
  );
  const starts = rows.map((r) => Number(r.start_ms));
  const drainS = (Math.max(...rows.map((r) => Number(r.done_ms))) - due) / 1000;
  return {
    jobs: rows.length,
    jobsPerS: round(rows.length / Math.max(drainS, 0.001), 1),
    startP50Ms: round(percentile(starts, 50), 0),
    startP99Ms: round(percentile(starts, 99), 0),
    drainS: round(drainS, 2),
  };
}

// ------------------------------------------------------------------------------- targets

const cleanupFailed = (error: unknown) => log(`  cleanup: ${(error as Error).message}`);

interface Sizes {
  burst: number;
  steadyS: number;
}

/** A rate two worker processes keep up with on a small machine: the pipeline's own delay. */
const LIGHT_RATE_PER_S = 10;
const LIGHT_S = 30;

type Measured = Pick<PublishingTargetResult, 'burst' | 'steady' | 'light'> & { ok: boolean };

/** Warm-up, the burst, the steady rate of the target, and a rate within capacity. */
async function measure(
  database: Database,
  world: World,
  simulator: SimulatorProcess,
  label: string,
  sizes: Sizes,
): Promise<Measured> {
  log(`publishing [${label}]: warming up ...`);
  await publishRun(database, world, simulator, 'warm-up', WARM_UP_POSTS, 0);
  log(`publishing [${label}]: ${sizes.burst} posts due at the same instant ...`);
  const burst = await publishRun(database, world, simulator, 'burst', sizes.burst, 0);
  const rate = TARGETS.steadyRatePerS;
  log(`publishing [${label}]: ${rate} posts due per second for ${sizes.steadyS} s ...`);
  const steady = await publishRun(
    database,
    world,
    simulator,
    'steady',
    rate * sizes.steadyS,
    1000 / rate,
  );
  log(`publishing [${label}]: ${LIGHT_RATE_PER_S} posts due per second for ${LIGHT_S} s ...`);
  const light = await publishRun(
    database,
    world,
    simulator,
    'light',
    LIGHT_RATE_PER_S * LIGHT_S,
    1000 / LIGHT_RATE_PER_S,
  );
  return {
    burst,
    steady: { ...steady, ratePerS: rate, seconds: sizes.steadyS },
    light: { ...light, ratePerS: LIGHT_RATE_PER_S, seconds: LIGHT_S },
    ok: burst.ok && steady.ok && light.ok,
  };
}

function summary(
  target: PublishingTargetResult['target'],
  workers: string,
  measured: Measured,
  pgBoss: PgBossFigures,
): PublishingTargetResult {
  const { ok, ...runs } = measured;
  return {
    target,
    workers,
    ...runs,
    pgBoss,
    ratios: { burstVsPgBossThroughput: round(runs.burst!.postsPerS / pgBoss.jobsPerS, 3) },
    targetsMet: { steadyP99: runs.steady!.p99Ms <= TARGETS.maxSteadyP99Ms },
    invariantHolds: ok,
  };
}

/** Production settings: the defaults of the sweeper, the lease and the request timeout. */
const PRODUCTION = { sweepSeconds: 60, leaseSeconds: 600, requestTimeoutSeconds: 60 };

async function onPostgres(adminUrl: string, sizes: Sizes): Promise<PublishingTargetResult> {
  const tenants = Math.max(2, Math.ceil(sizes.burst / 100));
  let running: RunningWorld;
  try {
    running = await startRunningWorld({
      adminUrl,
      databaseLabel: 'publishing_bench',
      tenants,
      workers: 2,
      settings: PRODUCTION,
    });
  } catch (error) {
    const reason = `the PostgreSQL run could not start (${(error as Error).message}): skipped`;
    log(`publishing [postgres]: ${reason}`);
    return { target: 'postgres', skipped: reason };
  }
  try {
    const { database, jobs, simulator, world, scratch } = running;
    log(`publishing [postgres]: ${tenants} tenants, 2 worker processes`);
    const measured = await measure(database, world, simulator, 'postgres', sizes);
    await running.stopWorkers();
    log(`publishing [postgres]: pg-boss no-op jobs (${sizes.burst}), 2 processes ...`);
    const pgBoss = await pgBossRun(database, jobs, noopProcesses(scratch.url, 2), sizes.burst);
    return summary(
      'postgres',
      '2 worker processes (src/server/worker.ts), production settings',
      measured,
      pgBoss,
    );
  } finally {
    await running.close(cleanupFailed);
  }
}

async function onPglite(sizes: Sizes): Promise<PublishingTargetResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-publishing-'));
  const cleanup: (() => Promise<unknown>)[] = [
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  ];
  try {
    const keys = `bench:${randomBytes(32).toString('base64')}`;
    const simulator = await startSimulatorProcess();
    cleanup.unshift(() => simulator.stop());
    const { DATABASE_URL: _none, ...base } = workerEnv('', keys, simulator.base, PRODUCTION);
    const runtime = await createRuntime(loadEnv({ ...base, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
    cleanup.unshift(() => runtime.close());
    const database = runtime.deps.database;
    const tenants = Math.max(2, Math.ceil(sizes.burst / 100));
    const world = await createWorld(
      database,
      runtime.deps.jobs,
      runtime.deps.secrets,
      await simulator.world(tenants),
    );
    await runtime.startWorkers();
    log(`publishing [pglite]: ${tenants} tenants, the worker in this process`);
    const measured = await measure(database, world, simulator, 'pglite', sizes);
    // pg-boss alone on the same database: the no-op queue worked in this process.
    log(`publishing [pglite]: pg-boss no-op jobs (${sizes.burst}) in this process ...`);
    const pgBoss = await pgBossRun(
      database,
      runtime.deps.jobs,
      { start: () => runtime.deps.jobs.work(noopJob, async () => {}), stop: async () => {} },
      sizes.burst,
    );
    return summary('pglite', 'the worker inside the process (embedded mode)', measured, pgBoss);
  } finally {
    for (const step of cleanup) await step().catch(cleanupFailed);
  }
}

export async function publishing(config: BenchConfig): Promise<PublishingBenchResult> {
  const scale = Math.min(config.scale, 1);
  const results: PublishingTargetResult[] = [];
  results.push(
    await onPostgres(config.postgresAdminUrl, {
      burst: Math.max(200, Math.round(FULL_BURST * scale)),
      steadyS: Math.max(10, Math.round(FULL_STEADY_S * scale)),
    }),
  );
  results.push(
    await onPglite({
      burst: Math.max(200, Math.round(FULL_PGLITE_BURST * scale)),
      steadyS: Math.max(10, Math.round(FULL_PGLITE_STEADY_S * scale)),
    }),
  );
  return { name: 'publishing', targets: TARGETS, results };
}

export function printPublishing(result: PublishingBenchResult): string {
  const out: string[] = [];
  out.push(
    `lateness = the simulator's time of the call that makes a post public − scheduled_for; ` +
      `target p99 ≤ ${TARGETS.maxSteadyP99Ms} ms at ${TARGETS.steadyRatePerS} posts due per second`,
  );
  for (const r of result.results) {
    out.push('');
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    const b = r.burst!;
    const s = r.steady!;
    const q = r.pgBoss!;
    out.push(`[${r.target}] ${r.workers}`);
    out.push(
      table([
        ['run', 'posts', 'p50 ms', 'p99 ms', 'max ms', 'drained in s', 'posts/s'],
        [
          `${b.posts} due at the same instant`,
          b.published,
          b.p50Ms,
          b.p99Ms,
          b.maxMs,
          b.drainS,
          b.postsPerS,
        ],
        [
          `${s.ratePerS} due per second for ${s.seconds} s`,
          s.published,
          s.p50Ms,
          s.p99Ms,
          s.maxMs,
          s.drainS,
          s.postsPerS,
        ],
        [
          `${r.light!.ratePerS} due per second for ${r.light!.seconds} s`,
          r.light!.published,
          r.light!.p50Ms,
          r.light!.p99Ms,
          r.light!.maxMs,
          r.light!.drainS,
          r.light!.postsPerS,
        ],
        [
          `pg-boss no-op jobs (start − due)`,
          q.jobs,
          q.startP50Ms,
          q.startP99Ms,
          '',
          q.drainS,
          q.jobsPerS,
        ],
      ]),
    );
    out.push(
      `dispatch throughput ${b.postsPerS} posts/s = ${r.ratios!.burstVsPgBossThroughput} × pg-boss's own ${q.jobsPerS} jobs/s; ` +
        `steady p99 ${formatMs(s.p99Ms)} ms (target ≤ ${TARGETS.maxSteadyP99Ms}: ${r.targetsMet!.steadyP99 ? 'met' : 'NOT met'}); ` +
        `every post published once: ${r.invariantHolds ? 'yes' : 'NO'}`,
    );
  }
  return out.join('\n');
}

const SELF = path.join(REPO_ROOT, 'bench/publishing.ts');

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const result = await publishing(readConfig());
  log(printPublishing(result));
}
