import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  REPO_ROOT,
  formatMs,
  freePort,
  log,
  median,
  round,
  sleep,
  table,
  type BenchConfig,
} from './lib.ts';

// Cold start of `npm start` exactly as a newcomer runs it, on an app already built: the build
// (scripts/build.mjs: web app, server bundle, database template) runs first, untimed, and a run
// that had to build anything is done again. Spawn → first 200 of /readyz and of /, on a new data
// directory (first start) and again on the same one (restart), with the server's own account of
// its phases. References in the same run: a bare node process; npm's own start (`npm run env`:
// npm, its script runner and a shell around a trivial command); and the restart of the server's
// TypeScript through tsx (`npm run serve`, which is what `npm start` ran before decision 019).

/** The product's requirements for the first hour, on a quiet two-core machine. */
export const FIRST_START_TARGET_MS = 3_000;
export const RESTART_TARGET_MS = 1_500;

const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;
const PHASES_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 5;
/** Attempts at a timed run before giving up because every one of them had to build. */
const ATTEMPTS = 3;

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The server's 'start-up phases' log line (src/server/main.ts), in milliseconds. */
export interface StartupPhases {
  modulesMs: number;
  databaseMs: number;
  jobQueueMs: number;
  appMs: number;
  listenMs: number;
  workersMs: number;
  /** CPU time of the server process (all its threads) until it listened. */
  cpuUntilListeningMs: number;
}

export interface StartTiming {
  readyzMs: number;
  rootMs: number;
  /** Spawn → the server process's own start: npm and its shell (readyz less the server's part). */
  beforeServerMs: number | null;
  phases: StartupPhases | null;
}

interface Summary {
  runs: StartTiming[];
  medianReadyzMs: number;
  medianRootMs: number;
  medianBeforeServerMs: number;
  medianPhases: StartupPhases | null;
}

export interface ColdStartResult {
  name: 'cold-start';
  runs: number;
  command: string;
  /** What the untimed build before the runs had to build (nothing when already built). */
  built: string[];
  firstStart: Summary;
  restart: Summary;
  reference: {
    nodeRuns: number[];
    nodeMs: number;
    npmRuns: number[];
    npmMs: number;
    tsxRestartRuns: number[];
    tsxRestartRootMs: number;
  };
  targets: {
    firstStartMs: number;
    restartMs: number;
    firstStartMet: boolean;
    restartMet: boolean;
  };
  ratios: {
    firstRootVsNode: number;
    restartRootVsNode: number;
    restartRootVsNpm: number;
    restartRootVsTsx: number;
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
    'LOG_LEVEL',
  ]) {
    delete env[key];
  }
  return { ...env, ...extra };
}

/** Wall time from spawn to exit of a command. */
async function timeProcess(command: string, args: string[]): Promise<number> {
  const t0 = performance.now();
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'ignore', env: childEnv({}) });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (c) => resolve(c));
  });
  const elapsed = performance.now() - t0;
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
  return elapsed;
}

/** `node scripts/build.mjs --if-changed`: what it built, from its own report. */
function buildIfChanged(): string[] {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 600_000,
  });
  if (result.stdout) process.stdout.write(result.stdout);
  if (result.status !== 0) throw new Error(`scripts/build.mjs failed (exit ${result.status})`);
  return builtParts(result.stdout ?? '');
}

/** What scripts/build.mjs says it did: "Building the web app …", "Building the server …", and
 * "Database template checked …" after it ran the template's maker. */
function builtParts(output: string): string[] {
  const parts: string[] = [];
  if (output.includes('Building the web app')) parts.push('web');
  if (output.includes('Building the server')) parts.push('server');
  if (output.includes('Database template checked')) parts.push('template');
  return parts;
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

/** Whether any process of the group led by `pid` is left. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the whole process group, as Ctrl-C in a terminal does (npm does not pass a SIGTERM sent
 * to it alone on to the server), and waits until every process of it has gone: the next run
 * may then take the data directory.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (groupAlive(pid)) process.kill(-pid, 'SIGTERM');
  const deadline = performance.now() + STOP_TIMEOUT_MS;
  while (groupAlive(pid) && performance.now() < deadline) await sleep(20);
  if (groupAlive(pid)) {
    process.kill(-pid, 'SIGKILL');
    while (groupAlive(pid)) await sleep(20);
  }
  if (!exited(child)) await new Promise((resolve) => child.once('exit', resolve));
}

function parsePhases(line: string): StartupPhases | null {
  try {
    const record = JSON.parse(line) as { startup?: StartupPhases };
    return record.startup ?? null;
  } catch {
    return null;
  }
}

/**
 * Spawns `command` (in a process group of its own) on `dataDir` and times spawn → first 200 of
 * /readyz and of /; then waits for the server's phases line (after its workers started).
 */
async function timeServerStart(
  command: string,
  args: string[],
  dataDir: string,
): Promise<StartTiming & { built: string[] }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  let stdout = '';
  let phases: StartupPhases | null = null;
  let startupMs: number | null = null;
  const t0 = performance.now();
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: childEnv({
      NODE_ENV: 'production',
      ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // The phases line is at debug level.
      LOG_LEVEL: 'debug',
    }),
  });
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('"start-up phases"')) phases = parsePhases(line);
      if (line.includes('"startupMs"')) {
        const match = /"startupMs":(\d+)/.exec(line);
        if (match) startupMs = Number(match[1]);
      }
    }
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
    const deadline = performance.now() + PHASES_TIMEOUT_MS;
    while (!phases && !exited(child) && performance.now() < deadline) await sleep(20);
    const serverMs = startupMs as number | null;
    return {
      readyzMs: round(readyzMs, 1),
      rootMs: round(rootMs, 1),
      beforeServerMs: serverMs === null ? null : round(Math.max(0, readyzMs - serverMs), 1),
      phases,
      built: builtParts(stdout),
    };
  } finally {
    await stopGroup(child);
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
}

/** A timed run of an already-built app: one that had to build something is done again. */
async function timedStart(command: string, args: string[], dataDir: string, label: string) {
  for (let attempt = 1; ; attempt++) {
    const { built, ...timing } = await timeServerStart(command, args, dataDir);
    if (built.length === 0) return timing;
    if (attempt >= ATTEMPTS) {
      throw new Error(`${label}: every attempt had to build (${built.join(', ')}): sources change`);
    }
    log(`cold-start: ${label} had to build ${built.join(', ')} (sources changed): again`);
  }
}

function medianPhases(timings: StartTiming[]): StartupPhases | null {
  const all = timings.map((t) => t.phases).filter((p): p is StartupPhases => p !== null);
  if (all.length === 0) return null;
  const keys = Object.keys(all[0]!) as Array<keyof StartupPhases>;
  return Object.fromEntries(keys.map((k) => [k, median(all.map((p) => p[k]))])) as never;
}

function summary(timings: StartTiming[]): Summary {
  return {
    runs: timings,
    medianReadyzMs: median(timings.map((t) => t.readyzMs)),
    medianRootMs: median(timings.map((t) => t.rootMs)),
    medianBeforeServerMs: median(
      timings.map((t) => t.beforeServerMs).filter((v): v is number => v !== null),
    ),
    medianPhases: medianPhases(timings),
  };
}

export async function coldStart(config: BenchConfig): Promise<ColdStartResult> {
  log('cold-start: building what changed (untimed) ...');
  const built = buildIfChanged();
  const runs = Math.max(1, Math.round(3 * Math.min(config.scale, 1)));
  const referenceRuns = Math.max(3, runs + 2);

  log(`cold-start: reference starts (${referenceRuns} runs each) ...`);
  const nodeRuns: number[] = [];
  const npmRuns: number[] = [];
  // One unrecorded run each so the file cache is as warm for them as for the server.
  await timeProcess(process.execPath, ['-e', '']);
  await timeProcess(NPM, ['run', 'env']);
  for (let i = 0; i < referenceRuns; i++) {
    nodeRuns.push(round(await timeProcess(process.execPath, ['-e', '']), 1));
    npmRuns.push(round(await timeProcess(NPM, ['run', 'env']), 1));
  }

  const first: StartTiming[] = [];
  const restart: StartTiming[] = [];
  const tsxRestart: StartTiming[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-cold-'));
    try {
      log(`cold-start: run ${i + 1}/${runs}: npm start, new data directory ...`);
      first.push(await timedStart(NPM, ['start'], dataDir, 'first start'));
      log(`cold-start: run ${i + 1}/${runs}: npm start again, same data directory ...`);
      restart.push(await timedStart(NPM, ['start'], dataDir, 'restart'));
      log(`cold-start: run ${i + 1}/${runs}: reference, the TypeScript through tsx ...`);
      tsxRestart.push(
        await timeServerStart(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], dataDir),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const nodeMs = median(nodeRuns);
  const npmMs = median(npmRuns);
  const firstStart = summary(first);
  const restarted = summary(restart);
  const tsxRestartRootMs = median(tsxRestart.map((t) => t.rootMs));
  return {
    name: 'cold-start',
    runs,
    command: 'npm start',
    built,
    firstStart,
    restart: restarted,
    reference: {
      nodeRuns,
      nodeMs,
      npmRuns,
      npmMs,
      tsxRestartRuns: tsxRestart.map((t) => t.rootMs),
      tsxRestartRootMs,
    },
    targets: {
      firstStartMs: FIRST_START_TARGET_MS,
      restartMs: RESTART_TARGET_MS,
      firstStartMet: firstStart.medianRootMs <= FIRST_START_TARGET_MS,
      restartMet: restarted.medianRootMs <= RESTART_TARGET_MS,
    },
    ratios: {
      firstRootVsNode: round(firstStart.medianRootMs / nodeMs, 1),
      restartRootVsNode: round(restarted.medianRootMs / nodeMs, 1),
      restartRootVsNpm: round(restarted.medianRootMs / npmMs, 1),
      restartRootVsTsx: round(restarted.medianRootMs / tsxRestartRootMs, 2),
    },
  };
}

export function printColdStart(result: ColdStartResult): string {
  const { nodeMs, npmMs, tsxRestartRootMs } = result.reference;
  const times = (ms: number, of: number) => (ms / of).toFixed(1);
  const rows: Array<Array<string | number>> = [
    [`npm start, already built (median of ${result.runs})`, 'ms', '× node -e ""', '× npm run env'],
    ['reference: node -e ""', formatMs(nodeMs), '1.0', ''],
    ['reference: npm run env (npm, a shell)', formatMs(npmMs), times(npmMs, nodeMs), '1.0'],
    ...(
      [
        ['first start → /readyz 200', result.firstStart.medianReadyzMs],
        ['first start → / 200', result.firstStart.medianRootMs],
        ['restart → /readyz 200', result.restart.medianReadyzMs],
        ['restart → / 200', result.restart.medianRootMs],
        ['reference: restart through tsx (npm run serve) → / 200', tsxRestartRootMs],
      ] as const
    ).map(([label, ms]) => [label, formatMs(ms), times(ms, nodeMs), times(ms, npmMs)]),
  ];
  const phaseRows: Array<Array<string | number>> = [
    ['phase (median ms)', 'first start', 'restart'],
  ];
  const a = result.firstStart.medianPhases;
  const b = result.restart.medianPhases;
  const phase = (label: string, key: keyof StartupPhases) =>
    phaseRows.push([label, a ? formatMs(a[key]) : 'n/a', b ? formatMs(b[key]) : 'n/a']);
  phaseRows.push([
    'npm and its shell (spawn → server process, by difference)',
    formatMs(result.firstStart.medianBeforeServerMs),
    formatMs(result.restart.medianBeforeServerMs),
  ]);
  phase('node, launcher (build check), server modules', 'modulesMs');
  phase('database: open (new: copy of the template), migrations', 'databaseMs');
  phase('job queue start (runs while it listens)', 'jobQueueMs');
  phase('runtime rest, app', 'appMs');
  phase('listen', 'listenMs');
  phase('after listening: job workers, setup notice', 'workersMs');
  phase('CPU time of the server process until listening', 'cpuUntilListeningMs');
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const runs = (timings: StartTiming[]) =>
    timings.map((t) => `${t.readyzMs}/${t.rootMs}`).join(', ');
  return [
    table(rows),
    '',
    table(phaseRows),
    `runs (readyz/root ms): first [${runs(result.firstStart.runs)}], restart [${runs(result.restart.runs)}]; tsx restart / [${result.reference.tsxRestartRuns.join(', ')}]`,
    `targets (quiet two-core machine): first start → / ≤ ${formatMs(result.targets.firstStartMs)} ms ${met(result.targets.firstStartMet)} (${formatMs(result.firstStart.medianRootMs)}); restart → / ≤ ${formatMs(result.targets.restartMs)} ms ${met(result.targets.restartMet)} (${formatMs(result.restart.medianRootMs)}); load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    result.built.length > 0 ? `built first (untimed): ${result.built.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
