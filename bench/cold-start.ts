import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  REPO_ROOT,
  ensureWebBuild,
  formatMs,
  freePort,
  log,
  median,
  round,
  sleep,
  table,
  type BenchConfig,
} from './lib.ts';

// Cold start of the real server process (`node --import tsx src/server/main.ts`, embedded
// database) against the start of a bare node process measured in the same run.

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;
const POLL_INTERVAL_MS = 5;

export interface StartTiming {
  readyzMs: number;
  rootMs: number;
}

export interface ColdStartResult {
  name: 'cold-start';
  runs: number;
  builtWeb: boolean;
  firstStart: { runs: StartTiming[]; medianReadyzMs: number; medianRootMs: number };
  restart: { runs: StartTiming[]; medianReadyzMs: number; medianRootMs: number };
  reference: { nodeRuns: number[]; nodeMs: number; nodeTsxRuns: number[]; nodeTsxMs: number };
  ratios: {
    firstReadyzVsNode: number;
    firstRootVsNode: number;
    restartReadyzVsNode: number;
    restartRootVsNode: number;
    restartReadyzVsNodeTsx: number;
  };
}

/** Environment of a child: ours without anything that would point it at another database. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    'DATABASE_URL',
    'SMTP_URL',
    'RUN_WORKER',
    'HOST',
    'APP_URL',
    'PORT',
    'DATA_DIR',
    'TRUST_PROXY',
  ]) {
    delete env[key];
  }
  return { ...env, ...extra };
}

/** Wall time from spawn to exit of `node <args>`. */
async function timeProcess(args: string[]): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: childEnv({}),
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  const elapsed = performance.now() - t0;
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}`);
  return elapsed;
}

async function getStatus(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return undefined;
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child) || child.pid === undefined) return;
  const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    done.then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), STOP_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut && !exited(child)) {
    process.kill(child.pid, 'SIGKILL');
    await done;
  }
}

/** Spawns the server on `dataDir` and times spawn → first 200 of /readyz and of /. */
async function timeServerStart(dataDir: string): Promise<StartTiming> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv({
      NODE_ENV: 'production',
      ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    }),
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    const waitFor = async (pathName: string): Promise<number> => {
      const deadline = t0 + START_TIMEOUT_MS;
      while (performance.now() < deadline) {
        if (exited(child)) {
          throw new Error(
            `server exited (${child.exitCode ?? child.signalCode}) before ${pathName}: ${output.join('')}`,
          );
        }
        if ((await getStatus(base + pathName)) === 200) return performance.now() - t0;
        await sleep(POLL_INTERVAL_MS);
      }
      throw new Error(`no 200 from ${pathName} within ${START_TIMEOUT_MS} ms: ${output.join('')}`);
    };
    const readyzMs = await waitFor('/readyz');
    const rootMs = await waitFor('/');
    return { readyzMs: round(readyzMs, 1), rootMs: round(rootMs, 1) };
  } finally {
    await stopChild(child);
    // A grandchild (tsx's esbuild service) may hold the pipes a moment longer: stop listening.
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
}

export async function coldStart(config: BenchConfig): Promise<ColdStartResult> {
  const builtWeb = ensureWebBuild();
  const runs = Math.max(1, Math.round(3 * Math.min(config.scale, 1)));
  const referenceRuns = Math.max(3, runs + 2);

  log(`cold-start: reference node start (${referenceRuns} runs each) ...`);
  const nodeRuns: number[] = [];
  const nodeTsxRuns: number[] = [];
  // One unrecorded run each so the file cache is as warm for them as for the server.
  await timeProcess(['-e', '']);
  await timeProcess(['--import', 'tsx', '-e', '']);
  for (let i = 0; i < referenceRuns; i++) {
    nodeRuns.push(round(await timeProcess(['-e', '']), 1));
    nodeTsxRuns.push(round(await timeProcess(['--import', 'tsx', '-e', '']), 1));
  }

  const first: StartTiming[] = [];
  const restart: StartTiming[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-cold-'));
    try {
      log(`cold-start: run ${i + 1}/${runs}: first start (initdb + migrations) ...`);
      first.push(await timeServerStart(dataDir));
      log(`cold-start: run ${i + 1}/${runs}: restart on the same data dir ...`);
      restart.push(await timeServerStart(dataDir));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const nodeMs = median(nodeRuns);
  const nodeTsxMs = median(nodeTsxRuns);
  const summary = (timings: StartTiming[]) => ({
    runs: timings,
    medianReadyzMs: median(timings.map((t) => t.readyzMs)),
    medianRootMs: median(timings.map((t) => t.rootMs)),
  });
  const firstStart = summary(first);
  const restarted = summary(restart);
  return {
    name: 'cold-start',
    runs,
    builtWeb,
    firstStart,
    restart: restarted,
    reference: { nodeRuns, nodeMs, nodeTsxRuns, nodeTsxMs },
    ratios: {
      firstReadyzVsNode: round(firstStart.medianReadyzMs / nodeMs, 1),
      firstRootVsNode: round(firstStart.medianRootMs / nodeMs, 1),
      restartReadyzVsNode: round(restarted.medianReadyzMs / nodeMs, 1),
      restartRootVsNode: round(restarted.medianRootMs / nodeMs, 1),
      restartReadyzVsNodeTsx: round(restarted.medianReadyzMs / nodeTsxMs, 1),
    },
  };
}

export function printColdStart(result: ColdStartResult): string {
  const { nodeMs, nodeTsxMs } = result.reference;
  const rows: Array<Array<string | number>> = [
    ['cold start (median of ' + result.runs + ')', 'ms', '× node -e ""', '× node --import tsx'],
    ['reference: node -e ""', formatMs(nodeMs), '1.0', ''],
    [
      'reference: node --import tsx -e ""',
      formatMs(nodeTsxMs),
      (nodeTsxMs / nodeMs).toFixed(1),
      '1.0',
    ],
    [
      'first start → /readyz 200',
      formatMs(result.firstStart.medianReadyzMs),
      result.ratios.firstReadyzVsNode.toFixed(1),
      (result.firstStart.medianReadyzMs / nodeTsxMs).toFixed(1),
    ],
    [
      'first start → / 200',
      formatMs(result.firstStart.medianRootMs),
      result.ratios.firstRootVsNode.toFixed(1),
      (result.firstStart.medianRootMs / nodeTsxMs).toFixed(1),
    ],
    [
      'restart → /readyz 200',
      formatMs(result.restart.medianReadyzMs),
      result.ratios.restartReadyzVsNode.toFixed(1),
      result.ratios.restartReadyzVsNodeTsx.toFixed(1),
    ],
    [
      'restart → / 200',
      formatMs(result.restart.medianRootMs),
      result.ratios.restartRootVsNode.toFixed(1),
      (result.restart.medianRootMs / nodeTsxMs).toFixed(1),
    ],
  ];
  const runs = (timings: StartTiming[]) =>
    timings.map((t) => `${t.readyzMs}/${t.rootMs}`).join(', ');
  return [
    table(rows),
    `runs (readyz/root ms): first [${runs(result.firstStart.runs)}], restart [${runs(result.restart.runs)}]`,
  ].join('\n');
}
