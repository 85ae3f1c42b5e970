import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '#server/platform/db/client.ts';
import { createScratchDatabase } from '#server/test/scratch-database.ts';

// Shared helpers of the benchmark suite: configuration from the environment, bounded load loops,
// percentiles and the printed tables. Nothing here asserts: benchmarks report figures and ratios
// against a physical limit measured in the same run.

export interface BenchConfig {
  /** Multiplies sizes and durations; 1 is the full run. */
  scale: number;
  /** When set, only the benchmark of that name runs. */
  only: string | undefined;
  /** A PostgreSQL server to create the calendar benchmark's temporary database on. */
  postgresAdminUrl: string;
}

export function readConfig(source: Record<string, string | undefined> = process.env): BenchConfig {
  const rawScale = source.BENCH_SCALE?.trim();
  const scale = rawScale ? Number(rawScale) : 1;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 10) {
    throw new Error(`BENCH_SCALE must be a number in (0, 10], got "${rawScale}"`);
  }
  return {
    scale,
    only: source.BENCH_ONLY?.trim() || undefined,
    postgresAdminUrl:
      source.BENCH_DATABASE_URL?.trim() ||
      source.TEST_DATABASE_URL?.trim() ||
      'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

export function machineInfo() {
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    /** Other work on the machine skews every figure: 1, 5 and 15 minute load averages at start. */
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export interface LoadResult {
  requests: number;
  errors: number;
  durationS: number;
  throughput: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * A closed loop: `concurrency` workers each send the next operation as soon as their previous
 * one finished, for `warmupS` unrecorded seconds and then `durationS` recorded ones. Bounded by
 * time and by `maxOps`, whichever comes first.
 */
export async function runLoad(options: {
  concurrency: number;
  warmupS: number;
  durationS: number;
  op: (i: number) => Promise<void>;
  maxOps?: number;
}): Promise<LoadResult> {
  const maxOps = options.maxOps ?? 5_000_000;
  let next = 0;
  let errors = 0;
  let firstError: unknown;
  const latencies: number[] = [];
  const warmupEnd = performance.now() + options.warmupS * 1000;
  let measureStart = 0;
  let measureEnd = Number.POSITIVE_INFINITY;
  let recording = false;

  const worker = async () => {
    for (;;) {
      const now = performance.now();
      if (!recording && now >= warmupEnd) {
        recording = true;
        measureStart = now;
        measureEnd = now + options.durationS * 1000;
      }
      if (recording && now >= measureEnd) return;
      if (next >= maxOps) return;
      const i = next++;
      const record = recording;
      const t0 = performance.now();
      try {
        await options.op(i);
        if (record) latencies.push(performance.now() - t0);
      } catch (error) {
        if (record) errors += 1;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  // The window runs from the first recorded start to the last recorded completion.
  const durationS = recording ? (performance.now() - measureStart) / 1000 : 0;
  if (latencies.length === 0 && firstError) throw firstError;
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ??
    Number.NaN;
  return {
    requests: latencies.length,
    errors,
    durationS: round(durationS, 3),
    throughput: round(latencies.length / (durationS || 1), 1),
    p50Ms: round(at(50), 3),
    p99Ms: round(at(99), 3),
    maxMs: round(at(100), 3),
  };
}

/** A free loopback TCP port, found by binding port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** A plain text table: the first row is the header. */
export function table(rows: Array<Array<string | number>>): string {
  const cells = rows.map((row) => row.map((cell) => String(cell)));
  const widths: number[] = [];
  for (const row of cells) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const [header, ...body] = cells;
  if (!header) return '';
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(header), rule, ...body.map(line)].join('\n');
}

export function formatMs(ms: number): string {
  return Number.isFinite(ms) ? ms.toFixed(ms < 10 ? 2 : 1) : 'n/a';
}

/** Prints a line at once (benchmarks run for minutes; progress shows it is alive). */
export function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const WEB_DIST = path.join(REPO_ROOT, 'dist/web');

/** Builds the web app when dist/web/index.html is missing; returns whether it built. */
export function ensureWebBuild(): boolean {
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) return false;
  log('dist/web/index.html is missing: running `npx vite build` ...');
  const result = spawnSync('npx', ['vite', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    timeout: 300_000,
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
  return true;
}

/**
 * Runs a benchmark target on a fresh PGlite data directory, removed afterwards. `where` names it
 * for the printed table.
 */
export async function onScratchPglite<T>(
  prefix: string,
  run: (database: Database, where: string) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `socigen-bench-${prefix}-`));
  try {
    const database = await openDatabase({ dataDir });
    try {
      return await run(database, `PGlite in ${dataDir}`);
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs a benchmark target on a scratch PostgreSQL database, dropped afterwards; when the server
 * cannot be reached, says why instead.
 */
export async function onScratchPostgres<T>(
  adminUrl: string,
  run: (database: Database, where: string) => Promise<T>,
): Promise<T | { skipped: string }> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `PostgreSQL not reachable (${(error as Error).message})` };
  }
  await admin.end();
  const scratch = await createScratchDatabase(adminUrl, 'bench');
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
    try {
      return await run(database, `database ${scratch.name}`);
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}
