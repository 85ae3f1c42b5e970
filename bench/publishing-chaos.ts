import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  describeCounts,
  runChaos,
  type ChaosOptions,
  type ChaosResult,
} from '#server/test/chaos/harness.ts';
import type { FaultRates } from '#server/test/chaos/network-simulator.ts';
import { REPO_ROOT, formatMs, log, percentile, readConfig, round, table } from './lib.ts';
import type { BenchConfig } from './lib.ts';

// The reliability proof of issue 6 as a benchmark (docs/decisions/089): N posts (10,000 at full
// scale) across many tenants, two worker processes against PostgreSQL, the Graph API simulator
// in its own process answering the publishing calls with 5xx errors, throttles and expired
// tokens, letting requests hang and losing answers after it acted, and one worker killed with
// SIGKILL mid-run and started again. At the end every post must be published exactly once, or
// failed with a reason, and none may be left scheduled, publishing or unconfirmed; the
// simulator's own record of what it published is the witness.
//
//   npm run bench                        (BENCH_ONLY=publishing-chaos for this one)
//   node --import tsx bench/publishing-chaos.ts --posts 2000
//
// Alone, it exits non-zero when the invariant fails.

export const FULL_POSTS = 10_000;

/** Rates per publishing call; a post makes one (Facebook) to three (Instagram) such calls. */
export const CHAOS_FAULTS: Partial<FaultRates> = {
  serverError: 0.03,
  throttle: 0.01,
  tokenExpired: 0.005,
  hang: 0.01,
  lostAnswer: 0.03,
  readServerError: 0.01,
  hangMs: 8_000,
  throttleMinutes: 0.1,
};

/** Shortened from the production defaults (60 s, 600 s, 60 s) so a run ends in minutes. */
export const CHAOS_SETTINGS = { sweepSeconds: 5, leaseSeconds: 30, requestTimeoutSeconds: 5 };

export interface PublishingChaosResult {
  name: 'publishing-chaos';
  posts: number;
  tenants: number;
  workers: number;
  faults: Partial<FaultRates>;
  settings: typeof CHAOS_SETTINGS;
  ok: boolean;
  published: number;
  failed: number;
  reconciledPublished: number;
  failedUnconfirmed: number;
  failureReasons: Record<string, number>;
  violations: { duplicates: number; lost: number; stuck: number; other: number };
  examples: string[];
  killed: ChaosResult['killed'];
  restarted: boolean;
  faultStats: Record<string, number>;
  seconds: ChaosResult['seconds'];
  latenessP50Ms: number;
  latenessP99Ms: number;
  latenessMaxMs: number;
  workerWarnings: number;
}

export function chaosOptions(posts: number, adminUrl: string): ChaosOptions {
  return {
    adminUrl,
    posts,
    // About fifty posts per account: a Page and an Instagram account per tenant.
    tenants: Math.max(2, Math.ceil(posts / 100)),
    workers: 2,
    faults: CHAOS_FAULTS,
    settings: CHAOS_SETTINGS,
    startInMs: 5_000,
    // Due over a minute per 2,000 posts, at most five minutes.
    spreadMs: Math.min(300_000, Math.max(10_000, posts * 30)),
    killAt: 0.3,
    restartAfterMs: 5_000,
    settleTimeoutMs: 15 * 60_000,
    log,
  };
}

export async function publishingChaos(
  config: BenchConfig,
  postsOverride?: number,
): Promise<PublishingChaosResult> {
  const posts = postsOverride ?? Math.max(100, Math.round(FULL_POSTS * config.scale));
  const options = chaosOptions(posts, config.postgresAdminUrl);
  log(
    `publishing-chaos: ${posts} posts, ${options.tenants} tenants, ${options.workers} workers, ` +
      `kill at ${Math.round(options.killAt! * 100)}% published`,
  );
  const result = await runChaos(options);
  const r = result.report;
  const v = r.violations;
  if (!r.ok) {
    for (const [name, text] of Object.entries(result.logs)) {
      log(`--- last lines of ${name} ---\n${text.split('\n').slice(-30).join('\n')}`);
    }
  }
  return {
    name: 'publishing-chaos',
    posts,
    tenants: options.tenants,
    workers: options.workers,
    faults: options.faults,
    settings: CHAOS_SETTINGS,
    ok: r.ok,
    published: r.published,
    failed: r.failed,
    reconciledPublished: r.reconciledPublished,
    failedUnconfirmed: r.failedUnconfirmed,
    failureReasons: r.failureReasons,
    violations: {
      duplicates: v.duplicates.length,
      lost: v.lost.length,
      stuck: v.stuck.length,
      other: v.other.length,
    },
    examples: [...v.duplicates, ...v.lost, ...v.stuck, ...v.other].slice(0, 10),
    killed: result.killed,
    restarted: result.restarted,
    faultStats: result.faultStats,
    seconds: result.seconds,
    latenessP50Ms: round(percentile(r.latenessMs, 50), 0),
    latenessP99Ms: round(percentile(r.latenessMs, 99), 0),
    latenessMaxMs: round(percentile(r.latenessMs, 100), 0),
    workerWarnings: result.workerWarnings,
  };
}

export function printPublishingChaos(r: PublishingChaosResult): string {
  const out: string[] = [];
  out.push(
    `${r.posts} posts, ${r.tenants} tenants (a Page and an Instagram account each), ${r.workers} worker processes on PostgreSQL; ` +
      `sweep ${r.settings.sweepSeconds} s, lease ${r.settings.leaseSeconds} s, request timeout ${r.settings.requestTimeoutSeconds} s`,
  );
  out.push(`faults injected: ${describeCounts(r.faultStats)}`);
  if (r.killed) {
    out.push(
      `SIGKILL of one worker with ${r.killed.atPublished} published and ${r.killed.inFlight} publishing; ` +
        `${r.restarted ? 'a new worker started 5 s later' : 'not restarted'}`,
    );
  }
  out.push(
    table([
      ['outcome', 'posts'],
      ['published exactly once', r.published],
      ['  of which unconfirmed (answer lost), then reconciled', r.reconciledPublished],
      ['failed with a reason', r.failed],
      ...Object.entries(r.failureReasons).map(([code, n]) => [`  ${code}`, n]),
      ['published twice (must be 0)', r.violations.duplicates],
      ['lost (must be 0)', r.violations.lost],
      ['still pending (must be 0)', r.violations.stuck],
      ['other violations (must be 0)', r.violations.other],
    ]),
  );
  for (const e of r.examples) out.push(`  ${e}`);
  out.push(
    `invariant: ${r.ok ? 'HOLDS' : 'FAILED'}; time: setup ${r.seconds.setup} s, until all settled ${r.seconds.settle} s, total ${r.seconds.total} s; ` +
      `lateness of published posts p50 ${formatMs(r.latenessP50Ms)} ms, p99 ${formatMs(r.latenessP99Ms)} ms (faults and retries included); ` +
      `worker log lines at warn or above: ${r.workerWarnings}`,
  );
  return out.join('\n');
}

const SELF = path.join(REPO_ROOT, 'bench/publishing-chaos.ts');

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  const { values } = parseArgs({
    options: { posts: { type: 'string', default: process.env.CHAOS_POSTS } },
  });
  const config = readConfig();
  const posts = values.posts ? Number(values.posts) : undefined;
  if (posts !== undefined && (!Number.isInteger(posts) || posts < 1)) {
    throw new Error(`--posts must be a positive whole number, got "${values.posts}"`);
  }
  const result = await publishingChaos(config, posts);
  log(printPublishingChaos(result));
  process.exitCode = result.ok ? 0 : 1;
}
