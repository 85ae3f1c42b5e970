import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAnalyticsSync, type AnalyticsSyncReport } from '#server/features/analytics/sync.ts';
import { tokenContext } from '#server/features/platforms/connection-health.ts';
import { metaRuntime } from '#server/features/platforms/meta-runtime.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { FACEBOOK_SCOPES } from '#server/integrations/meta/client.ts';
import type { Database } from '#server/platform/db/client.ts';
import { loadEnv } from '#server/platform/env.ts';
import { createRuntime } from '#server/runtime.ts';
import type { MetaGraphSimulator } from '#simulators/meta-graph/simulator.ts';
import { tokenValue, type SimToken } from '#simulators/meta-graph/state.ts';
import { seedBusinesses } from './analytics-queries.ts';
import {
  formatMs,
  log,
  percentile,
  round,
  table,
  type BenchConfig,
  onScratchPglite,
  onScratchPostgres,
} from './lib.ts';

// The insights sync's daily run (docs/decisions/092) for 1,000 accounts: 500 businesses, each
// with a Facebook Page and its Instagram account, connected with a Page token the in-process
// Graph API simulator issued (the app in demo mode, as `npm start` runs it) and already
// backfilled, so what runs is the daily run: the trailing days again, the week's posts and the
// post samples that are due. Runs as the job does, four accounts at a time, twice: the first
// daily run after the backfill (the week's posts are new to it and sampled), then the next day's
// (the simulator's clock a day on: samples at 24 hours). Reported: wall time, runs per second,
// Graph calls per account (from each run's report), the time spent inside the simulator, and the
// rate limit: the simulator's allowance (callsPerHour × its people), the highest X-App-Usage it
// answered, and any throttled answer or run. BENCH_SCALE shrinks the number of accounts.
//
// The simulator finds an Instagram medium by id by listing the history of every account it
// holds (findIgMedia in src/simulators/meta-graph/insights-media.ts), so each post sample costs
// it time in proportion to all its accounts: with 500 worlds in one simulator the benchmark would
// measure the simulator. The businesses are therefore spread over simulators of
// WORLDS_PER_SIMULATOR worlds each (one Meta runtime per copy of the app's dependencies: the same
// database, secrets and code). Usage headers are per simulator; the usage of one simulator
// holding every world is worked out from the calls made (calls ÷ (callsPerHour × people)).

export const TARGETS = {
  /** The sync stops an account's run at usage headers of 80 % (sync-context.ts). */
  maxUsagePct: 80,
  throttledRuns: 0,
} as const;

const FULL_ACCOUNTS = 1_000;
export const WORLDS_PER_SIMULATOR = 10;
const CONCURRENCY = 4;
const DAY_MS = 86_400_000;
/** What decision 092 expects of a daily run, besides one call per post sample. */
const EXPECTED_CALLS = { instagram: 13, facebook: 3 } as const;

interface Account {
  deps: AppDeps;
  tenantId: string;
  connectionId: string;
  platform: 'instagram' | 'facebook';
}

interface CallStats {
  mean: number;
  max: number;
  min: number;
}

export interface SyncPass {
  label: string;
  runs: number;
  wallS: number;
  runsPerS: number;
  runP50Ms: number;
  runP99Ms: number;
  statuses: Record<string, number>;
  firstError: string | null;
  calls: { all: CallStats; instagram: CallStats; facebook: CallStats; total: number };
  samples: number;
  postsFound: number;
  days: number;
  /** Graph calls the simulator answered during the pass, and its time answering them. */
  simulatorCalls: number;
  simulatorS: number;
  /** The highest X-App-Usage call_count answered, in percent. */
  peakUsagePct: number;
  /** The pass's calls ÷ the hourly allowance of one simulator holding every world, in percent. */
  oneSimulatorUsagePct: number;
  /** Answers with a rate-limit error (code 4, 17, 32 or 613). */
  throttledAnswers: number;
}

export interface AnalyticsSyncTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  location?: string;
  accounts?: number;
  seedS?: number;
  rateLimit?: {
    callsPerHour: number;
    simulators: number;
    /** The simulated people of all simulators (one per business, and each simulator's seed). */
    people: number;
    /** Of one simulator holding every business's world. */
    allowancePerHour: number;
  };
  passes?: SyncPass[];
  targetsMet?: { usageBelowCeiling: boolean; noThrottledRuns: boolean };
}

export interface AnalyticsSyncResult {
  name: 'analytics-sync';
  concurrency: number;
  targets: typeof TARGETS;
  expectedCalls: typeof EXPECTED_CALLS;
  results: AnalyticsSyncTargetResult[];
}

const seconds = (t0: number) => round((performance.now() - t0) / 1000, 2);

function callStats(values: number[]): CallStats {
  if (values.length === 0) return { mean: Number.NaN, max: Number.NaN, min: Number.NaN };
  return {
    mean: round(values.reduce((a, b) => a + b, 0) / values.length, 2),
    max: Math.max(...values),
    min: Math.min(...values),
  };
}

interface SimStats {
  calls: number;
  ms: number;
  peakUsagePct: number;
  throttled: number;
}
const noStats = (): SimStats => ({ calls: 0, ms: 0, peakUsagePct: 0, throttled: 0 });

/** Watches a simulator's answers: count, time, usage headers and throttling errors. */
function watchSimulator(simulator: MetaGraphSimulator, stats: SimStats) {
  const fetch = simulator.app.fetch.bind(simulator.app);
  simulator.app.fetch = (async (request: Request, ...rest: unknown[]) => {
    const t0 = performance.now();
    const res = await (fetch as (...a: unknown[]) => Promise<Response>)(request, ...rest);
    stats.ms += performance.now() - t0;
    stats.calls += 1;
    const usage = res.headers.get('x-app-usage');
    if (usage) {
      const pct = Number((JSON.parse(usage) as { call_count?: number }).call_count ?? 0);
      stats.peakUsagePct = Math.max(stats.peakUsagePct, pct);
    }
    if (res.status >= 400) {
      const body = (await res
        .clone()
        .json()
        .catch(() => null)) as {
        error?: { code?: number };
      } | null;
      if ([4, 17, 32, 613].includes(body?.error?.code ?? 0)) stats.throttled += 1;
    }
    return res;
  }) as typeof simulator.app.fetch;
}

export interface Shard {
  deps: AppDeps;
  simulator: MetaGraphSimulator;
}

/**
 * Connects every business's Page and its Instagram account (Facebook Login) with a long-lived
 * Page token minted in the simulator, and marks both as backfilled a year back.
 */
export async function seedAccounts(
  database: Database,
  shards: Shard[],
  encrypt: (token: string, context: string) => string,
  businesses: number,
): Promise<Account[]> {
  const owners = await seedBusinesses(database, businesses);
  const rows: Array<{
    deps: AppDeps;
    id: string;
    userId: string;
    platform: 'instagram' | 'facebook';
    externalId: string;
    linkedPageId: string | null;
    name: string;
    token: string;
  }> = [];
  for (const [i, userId] of owners.entries()) {
    const { deps, simulator } = shards[Math.floor(i / WORLDS_PER_SIMULATOR)]!;
    const nowSec = Math.floor(simulator.now() / 1000);
    const world = simulator.provisionWorld(userId);
    const token: SimToken = {
      value: tokenValue('PAGE'),
      kind: 'PAGE',
      personId: world.personId,
      subjectId: world.pageId,
      scopes: [...FACEBOOK_SCOPES],
      declined: [],
      issuedAt: nowSec,
      expiresAt: 0,
      dataAccessExpiresAt: nowSec + 90 * 86_400,
      longLived: true,
      invalidSubcode: null,
    };
    simulator.state.tokens.set(token.value, token);
    const page = simulator.state.pages.get(world.pageId)!;
    const ig = simulator.state.igAccounts.get(world.igAccountId)!;
    rows.push(
      {
        deps,
        id: randomUUID(),
        userId,
        platform: 'facebook',
        externalId: page.id,
        linkedPageId: null,
        name: page.name,
        token: token.value,
      },
      {
        deps,
        id: randomUUID(),
        userId,
        platform: 'instagram',
        externalId: ig.id,
        linkedPageId: page.id,
        name: ig.name,
        token: token.value,
      },
    );
  }
  await database.query(
    `insert into public.platform_connections (id, user_id, platform, login, external_id,
         linked_page_id, name, access_token, granted_scopes, simulated)
       select id, user_id, platform, 'facebook', external_id, linked_page_id, name, access_token,
              $8::text[], true
         from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
                     $7::text[]) as t(id, user_id, platform, external_id, linked_page_id, name,
                                      access_token)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.userId),
      rows.map((r) => r.platform),
      rows.map((r) => r.externalId),
      rows.map((r) => r.linkedPageId),
      rows.map((r) => r.name),
      rows.map((r) => encrypt(r.token, tokenContext(r.id))),
      [...FACEBOOK_SCOPES],
    ],
  );
  // Backfilled a year back yesterday; demographics read yesterday too (weekly, not due).
  await database.query(
    `insert into public.analytics_sync_states (connection_id, user_id, status, last_attempt_at,
         last_success_at, next_sync_at, backfilled_from, demographics_at, last_calls)
       select id, user_id, 'ok', now() - interval '1 day', now() - interval '1 day', now(),
              current_date - 365, now() - interval '1 day', 0
         from public.platform_connections where id = any($1::uuid[])`,
    [rows.map((r) => r.id)],
  );
  await database.query('vacuum (analyze)');
  return rows.map((r) => ({
    deps: r.deps,
    tenantId: r.userId,
    connectionId: r.id,
    platform: r.platform,
  }));
}

async function runPass(
  label: string,
  accounts: Account[],
  run: (a: Account) => Promise<AnalyticsSyncReport>,
  stats: SimStats,
  allowancePerHour: number,
): Promise<SyncPass> {
  const reports: Array<{ account: Account; report: AnalyticsSyncReport; ms: number }> = [];
  let next = 0;
  Object.assign(stats, noStats());
  const t0 = performance.now();
  const worker = async () => {
    while (next < accounts.length) {
      const account = accounts[next++]!;
      const started = performance.now();
      const report = await run(account);
      reports.push({ account, report, ms: performance.now() - started });
      if (reports.length % 250 === 0) {
        log(`  ${label}: ${reports.length} / ${accounts.length} runs (${seconds(t0)} s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const wallS = (performance.now() - t0) / 1000;
  const sim = { ...stats };
  const statuses: Record<string, number> = {};
  for (const r of reports) statuses[r.report.status] = (statuses[r.report.status] ?? 0) + 1;
  const calls = (platform?: Account['platform']) =>
    reports.filter((r) => !platform || r.account.platform === platform).map((r) => r.report.calls);
  const sum = (f: (r: AnalyticsSyncReport) => number) =>
    reports.reduce((s, r) => s + f(r.report), 0);
  const ms = reports.map((r) => r.ms);
  return {
    label,
    runs: reports.length,
    wallS: round(wallS, 2),
    runsPerS: round(reports.length / wallS, 1),
    runP50Ms: round(percentile(ms, 50), 1),
    runP99Ms: round(percentile(ms, 99), 1),
    statuses,
    firstError: reports.find((r) => r.report.error)?.report.error ?? null,
    calls: {
      all: callStats(calls()),
      instagram: callStats(calls('instagram')),
      facebook: callStats(calls('facebook')),
      total: sum((r) => r.calls),
    },
    samples: sum((r) => r.samples),
    postsFound: sum((r) => r.postsFound),
    days: sum((r) => r.days),
    simulatorCalls: sim.calls,
    simulatorS: round(sim.ms / 1000, 2),
    peakUsagePct: sim.peakUsagePct,
    oneSimulatorUsagePct: round((sim.calls / allowancePerHour) * 100, 1),
    throttledAnswers: sim.throttled,
  };
}

async function runTarget(
  target: 'pglite' | 'postgres',
  database: Database,
  location: string,
  accountsWanted: number,
): Promise<AnalyticsSyncTargetResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-analytics-sync-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'error',
    APP_URL: 'http://localhost:3000',
    DEV_MAILBOX: '0',
    DATA_DIR: dataDir,
  });
  const runtime = await createRuntime(env, { database });
  try {
    const deps = runtime.deps;
    const businesses = Math.max(1, Math.round(accountsWanted / 2));
    const stats = noStats();
    const shards: Shard[] = [];
    for (let i = 0; i < Math.ceil(businesses / WORLDS_PER_SIMULATOR); i++) {
      // A copy of the dependencies has a Meta runtime (client and simulator) of its own.
      const shardDeps: AppDeps = { ...deps };
      const { simulator } = metaRuntime(shardDeps);
      if (!simulator) throw new Error('the app is not in demo mode: no simulator');
      watchSimulator(simulator, stats);
      shards.push({ deps: shardDeps, simulator });
    }
    log(
      `analytics-sync [${target}]: connecting ${businesses * 2} accounts (${shards.length} simulators) ...`,
    );
    const t0 = performance.now();
    const accounts = await seedAccounts(
      database,
      shards,
      (token, context) => deps.secrets.encrypt(token, context),
      businesses,
    );
    const callsPerHour = shards[0]!.simulator.state.config.callsPerHour;
    const people = shards.reduce((n, s) => n + s.simulator.state.people.size, 0);
    const allowancePerHour = callsPerHour * (businesses + 1);
    const seedS = seconds(t0);
    const passes: SyncPass[] = [];
    log(`analytics-sync [${target}]: first daily run after the backfill ...`);
    passes.push(
      await runPass(
        'first daily run',
        accounts,
        (a) => runAnalyticsSync(a.deps, a.tenantId, a.connectionId),
        stats,
        allowancePerHour,
      ),
    );
    // A day later for the simulators and for the sync alike.
    for (const { simulator } of shards) {
      await simulator.control.request('/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceSeconds: DAY_MS / 1000 }),
      });
    }
    const later = () => new Date(Date.now() + DAY_MS);
    log(`analytics-sync [${target}]: the next day's run ...`);
    passes.push(
      await runPass(
        'next day',
        accounts,
        (a) => runAnalyticsSync(a.deps, a.tenantId, a.connectionId, { now: later }),
        stats,
        allowancePerHour,
      ),
    );
    return {
      target,
      location,
      accounts: accounts.length,
      seedS,
      rateLimit: { callsPerHour, simulators: shards.length, people, allowancePerHour },
      passes,
      targetsMet: {
        usageBelowCeiling: passes.every(
          (p) =>
            p.peakUsagePct < TARGETS.maxUsagePct && p.oneSimulatorUsagePct < TARGETS.maxUsagePct,
        ),
        noThrottledRuns: passes.every(
          (p) =>
            (p.statuses['throttled'] ?? 0) === TARGETS.throttledRuns && p.throttledAnswers === 0,
        ),
      },
    };
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(accounts: number): Promise<AnalyticsSyncTargetResult> {
  return onScratchPglite('analytics-sync-db', (database, where) =>
    runTarget('pglite', database, where, accounts),
  );
}

async function onPostgres(accounts: number, adminUrl: string): Promise<AnalyticsSyncTargetResult> {
  const result = await onScratchPostgres(adminUrl, (database, where) =>
    runTarget('postgres', database, where, accounts),
  );
  return 'skipped' in result ? { target: 'postgres', skipped: result.skipped } : result;
}

export async function analyticsSync(config: BenchConfig): Promise<AnalyticsSyncResult> {
  const accounts = Math.max(2, Math.round(FULL_ACCOUNTS * config.scale));
  return {
    name: 'analytics-sync',
    concurrency: CONCURRENCY,
    targets: TARGETS,
    expectedCalls: EXPECTED_CALLS,
    results: [await onPglite(accounts), await onPostgres(accounts, config.postgresAdminUrl)],
  };
}

export function printAnalyticsSync(result: AnalyticsSyncResult): string {
  const out = [
    `daily insights runs, ${result.concurrency} accounts at a time (the job's concurrency); ` +
      `decision 092 expects about ${EXPECTED_CALLS.instagram} calls per Instagram account and ` +
      `${EXPECTED_CALLS.facebook} per Page, plus one per post sample; targets: usage headers below ` +
      `${TARGETS.maxUsagePct} %, no throttled run`,
  ];
  for (const r of result.results) {
    out.push('');
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    const rl = r.rateLimit!;
    out.push(
      `[${r.target}] ${r.location}: ${r.accounts} accounts connected and backfilled in ${r.seedS} s; ` +
        `${rl.simulators} simulators of ${WORLDS_PER_SIMULATOR} worlds (${rl.people} simulated people); ` +
        `one simulator with every world would allow ${rl.callsPerHour} calls/h × ${r.accounts! / 2 + 1} people = ` +
        `${rl.allowancePerHour.toLocaleString('en')} calls/h`,
    );
    const c = (s: CallStats) => `${s.mean} / ${s.max}`;
    out.push(
      table([
        [
          'pass',
          'runs',
          'wall s',
          'runs/s',
          'run p50 ms',
          'run p99 ms',
          'calls',
          'calls/acct mean/max',
          'IG mean/max',
          'Page mean/max',
          'samples',
          'sim s',
          'peak usage %',
          'one-sim usage %',
          'throttled',
        ],
        ...r.passes!.map((p) => [
          p.label,
          p.runs,
          p.wallS,
          p.runsPerS,
          formatMs(p.runP50Ms),
          formatMs(p.runP99Ms),
          p.calls.total,
          c(p.calls.all),
          c(p.calls.instagram),
          c(p.calls.facebook),
          p.samples,
          p.simulatorS,
          p.peakUsagePct,
          p.oneSimulatorUsagePct,
          `${p.statuses['throttled'] ?? 0} runs, ${p.throttledAnswers} answers`,
        ]),
      ]),
    );
    for (const p of r.passes!) {
      const statuses = Object.entries(p.statuses)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      out.push(
        `${p.label}: ${statuses}; ${p.postsFound} posts found, ${p.days} day values stored` +
          (p.firstError ? `; first error: ${p.firstError}` : ''),
      );
    }
    out.push(
      `targets: usage ${r.targetsMet!.usageBelowCeiling ? 'met' : 'NOT met'}, ` +
        `throttling ${r.targetsMet!.noThrottledRuns ? 'met' : 'NOT met'}`,
    );
  }
  return out.join('\n');
}
