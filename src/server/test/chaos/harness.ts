import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '#server/platform/db/client.ts';
import { createScratchDatabase, type ScratchDatabase } from '#server/test/scratch-database.ts';
import { JobQueue } from '#server/platform/jobs/queue.ts';
import { createLogger } from '#server/platform/logger.ts';
import { parseEncryptionKeys, SecretBox } from '#server/platform/security/secrets.ts';
import { DEFAULT_CONFIG } from '#simulators/meta-graph/state.ts';
import { calendarEvents, platformPosts } from '#server/features/posts/posts.tables.ts';
import { mediaItems } from '#server/features/media/media.tables.ts';
import { platformConnections } from '#server/features/platforms/platforms.tables.ts';
import { tokenContext } from '#server/features/platforms/connection-health.ts';
import { publishPostJob } from '#server/features/publishing/publishing.jobs.ts';
import type { FaultRates, PublishedRecord, WorldAccount } from './network-simulator.ts';

// The chaos world of the publishing pipeline (docs/decisions/089), shared by `npm run bench`
// and the CI test: a scratch PostgreSQL database, the Graph API simulator behind an unreliable
// network in its own process, real worker processes (src/server/worker.ts) that can be killed,
// tenants with a Facebook Page and an Instagram account each, posts written the way the
// calendar writes them, and the check of "never twice, never lost" against the simulator's own
// record of what it published.

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const WORKER_ENTRY = path.join(REPO_ROOT, 'src/server/worker.ts');
const SIMULATOR_ENTRY = path.join(import.meta.dirname, 'network-simulator.ts');
const TEXT_MARK = /\[post (\d+)\]/;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ------------------------------------------------------------------------------- database

// -------------------------------------------------------------------------------- processes

/** Output of a child process, kept to the last lines for a report when something fails. */
class Tail {
  readonly lines: string[] = [];
  constructor(private readonly max = 200) {}
  push(line: string) {
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.shift();
  }
  text() {
    return this.lines.join('\n');
  }
}

function follow(child: ChildProcess, tail: Tail, onLine?: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      tail.push(line);
      onLine?.(line);
    });
  }
}

export interface SimulatorProcess {
  base: string;
  child: ChildProcess;
  tail: Tail;
  world(tenants: number): Promise<WorldAccount[]>;
  faults(rates: Partial<FaultRates>): Promise<void>;
  record(): Promise<PublishedRecord>;
  stop(): Promise<void>;
}

export async function startSimulatorProcess(): Promise<SimulatorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SIMULATOR_ENTRY, '0'], {
    cwd: REPO_ROOT,
    env: { NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = new Tail();
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The simulator did not start:\n${tail.text()}`));
    }, 60_000);
    follow(child, tail, (line) => {
      const match = line.match(/^\{"port":(\d+)\}$/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The simulator exited with ${code}:\n${tail.text()}`));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/_chaos/${route}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`simulator ${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    base,
    child,
    tail,
    world: (tenants) => call('POST', 'world', { tenants }),
    faults: async (rates) => {
      await call('POST', 'faults', rates);
    },
    record: () => call('GET', 'record'),
    stop: () => stopChild(child),
  };
}

export interface WorkerSettings {
  /** How often the sweeper looks for overdue posts. */
  sweepSeconds: number;
  /** How long a claim holds a post before the sweeper treats its worker as dead. */
  leaseSeconds: number;
  /** How long one Graph API request may take. */
  requestTimeoutSeconds: number;
}

export function workerEnv(
  databaseUrl: string,
  encryptionKeys: string,
  simulatorBase: string,
  settings: WorkerSettings,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '10',
    ENCRYPTION_KEYS: encryptionKeys,
    // Media addresses handed to the platform; the simulator checks their form, not the bytes.
    APP_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'info',
    META_APP_ID: DEFAULT_CONFIG.appId,
    META_APP_SECRET: DEFAULT_CONFIG.appSecret,
    INSTAGRAM_APP_ID: DEFAULT_CONFIG.igAppId,
    INSTAGRAM_APP_SECRET: DEFAULT_CONFIG.igAppSecret,
    META_GRAPH_BASE_URL: `${simulatorBase}/graph`,
    META_GRAPH_VIDEO_BASE_URL: `${simulatorBase}/graph-video`,
    META_DIALOG_BASE_URL: `${simulatorBase}/facebook`,
    INSTAGRAM_GRAPH_BASE_URL: `${simulatorBase}/ig-graph`,
    INSTAGRAM_API_BASE_URL: `${simulatorBase}/ig-api`,
    INSTAGRAM_DIALOG_BASE_URL: `${simulatorBase}/instagram`,
    PUBLISHING_SWEEP_SECONDS: String(settings.sweepSeconds),
    PUBLISHING_LEASE_SECONDS: String(settings.leaseSeconds),
    META_REQUEST_TIMEOUT_SECONDS: String(settings.requestTimeoutSeconds),
  };
}

export interface WorkerProcess {
  name: string;
  child: ChildProcess;
  tail: Tail;
  /** Lines logged at warn level or above. */
  warnings: number;
  kill(): void;
  stop(): Promise<void>;
}

/**
 * A TypeScript entry point as a child process; resolves once it printed a line `ready` accepts
 * (the worker's "worker started", a helper's "ready").
 */
export async function startProcess(
  name: string,
  entry: string,
  env: Record<string, string>,
  ready: (line: string) => boolean,
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = new Tail(400);
  const started: WorkerProcess = {
    name,
    child,
    tail,
    warnings: 0,
    kill: () => {
      child.kill('SIGKILL');
    },
    stop: () => stopChild(child),
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start:\n${tail.text()}`));
    }, 90_000);
    follow(child, tail, (line) => {
      if (ready(line)) {
        clearTimeout(timer);
        resolve();
      }
      if (/"level":(40|50|60)/.test(line)) started.warnings += 1;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}):\n${tail.text()}`));
    });
  });
  return started;
}

/** The real worker process (src/server/worker.ts). */
export function startWorker(name: string, env: Record<string, string>): Promise<WorkerProcess> {
  return startProcess(name, WORKER_ENTRY, env, (line) => line.includes('"worker started"'));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// ------------------------------------------------------------------------------------ world

export type PostKind =
  'fb-text' | 'fb-photo' | 'fb-album' | 'fb-video' | 'ig-image' | 'ig-carousel' | 'ig-reel';

export interface SeededPost {
  id: string;
  index: number;
  userId: string;
  kind: PostKind;
  text: string;
  scheduledFor: Date;
}

export interface SeedOptions {
  posts: number;
  /** When post `i` is due. */
  dueAt: (index: number) => Date;
  /** The kind of post `i` (a mix of every flow by default). */
  kindOf?: (index: number) => PostKind;
}

/** Every flow of the pipeline: Facebook text, photo, album and video; Instagram image, carousel, reel. */
export function mixedKinds(index: number): PostKind {
  const n = index % 20;
  if (index % 2 === 0) {
    return n < 12 ? 'fb-text' : n < 16 ? 'fb-photo' : n === 16 ? 'fb-album' : 'fb-video';
  }
  return n < 15 ? 'ig-image' : n < 19 ? 'ig-carousel' : 'ig-reel';
}

/** Text and photos only: flows with no processing wait, for lateness. */
export function plainKinds(index: number): PostKind {
  const n = index % 4;
  return n === 0 ? 'fb-text' : n === 1 ? 'ig-image' : n === 2 ? 'fb-photo' : 'ig-image';
}

export interface World {
  accounts: WorldAccount[];
  tenants: string[];
  posts: SeededPost[];
  /** Writes the posts and their jobs, as the calendar does when it schedules them. */
  schedule(options: SeedOptions): Promise<SeededPost[]>;
}

const userIdOf = (tenant: number, salt: string) =>
  `${randomBytes(4).toString('hex')}-0000-4000-8000-${salt}${String(tenant).padStart(4, '0')}`;

/**
 * Tenants (accounts of the product), each with its Page and Instagram account connected
 * through Facebook Login with the simulator's Page token, and three library items.
 */
export async function createWorld(
  database: Database,
  jobs: JobQueue,
  secrets: SecretBox,
  accounts: WorldAccount[],
): Promise<World> {
  const salt = randomBytes(4).toString('hex');
  const tenants = accounts.map((a) => userIdOf(a.tenant, salt));
  await database.query(
    `insert into auth.users (id, email, password_hash, email_confirmed_at)
       select u, 'chaos-' || i || '-' || $2 || '@example.com', null, now()
       from unnest($1::uuid[]) with ordinality as t(u, i)`,
    [tenants, salt],
  );
  await database.query(
    `insert into public.profiles (id, full_name, settings)
       select u, 'Chaos Owner', '{"status":"active"}'::jsonb from unnest($1::uuid[]) u`,
    [tenants],
  );
  await database.query(
    `insert into public.business_profiles (user_id, business_name, default_platforms)
       select u, 'Chaos Bakery', '{facebook,instagram}'::text[] from unnest($1::uuid[]) u`,
    [tenants],
  );
  await database.query(
    `insert into public.subscription (user_id, plan, status, trial_ends_at)
       select u, 'trial', 'active', now() + interval '14 days' from unnest($1::uuid[]) u`,
    [tenants],
  );
  const connections: { facebook: string; instagram: string }[] = [];
  const media: { image: string; image2: string; video: string }[] = [];
  const db = database.unsafeDb;
  for (const [i, account] of accounts.entries()) {
    const userId = tenants[i]!;
    const facebook = randomUUID();
    const instagram = randomUUID();
    const common = {
      userId,
      login: 'facebook' as const,
      metaUserId: '10222000000000001',
      grantedScopes: ['pages_manage_posts', 'instagram_content_publish'],
      tokenExpiresAt: null,
      tokenIssuedAt: new Date(),
    };
    await db.insert(platformConnections).values([
      {
        ...common,
        id: facebook,
        platform: 'facebook',
        externalId: account.pageId,
        name: account.pageName,
        accessToken: secrets.encrypt(account.pageToken, tokenContext(facebook)),
      },
      {
        ...common,
        id: instagram,
        platform: 'instagram',
        externalId: account.igAccountId,
        name: account.pageName,
        username: account.igUsername,
        linkedPageId: account.pageId,
        accessToken: secrets.encrypt(account.pageToken, tokenContext(instagram)),
      },
    ]);
    connections.push({ facebook, instagram });
    const item = (kind: 'image' | 'video') => {
      const id = randomUUID();
      return {
        id,
        userId,
        name: kind === 'image' ? `bread-${id}.jpg` : `oven-${id}.mp4`,
        kind,
        mimeType: kind === 'image' ? 'image/jpeg' : 'video/mp4',
        sizeBytes: 400_000,
        width: 1080,
        height: kind === 'image' ? 1080 : 1920,
        durationMs: kind === 'video' ? 12_000 : null,
        frameRate: kind === 'video' ? 30 : null,
        videoCodec: kind === 'video' ? 'avc1' : null,
        audioCodec: kind === 'video' ? 'mp4a' : null,
        contentHash: id,
        storageKey: `chaos/${id}`,
        status: 'ready' as const,
      };
    };
    const rows = [item('image'), item('image'), item('video')];
    await db.insert(mediaItems).values(rows);
    media.push({ image: rows[0]!.id, image2: rows[1]!.id, video: rows[2]!.id });
  }

  const world: World = {
    accounts,
    tenants,
    posts: [],
    async schedule(options) {
      const kindOf = options.kindOf ?? mixedKinds;
      const first = world.posts.length;
      const seeded: SeededPost[] = [];
      const BATCH = 1_000;
      for (let start = 0; start < options.posts; start += BATCH) {
        const slice = Array.from(
          { length: Math.min(BATCH, options.posts - start) },
          (_, k) => start + k,
        );
        const events = slice.map((i) => {
          const index = first + i;
          const tenant = index % accounts.length;
          const kind = kindOf(index);
          const text = `Fresh from the oven at Chaos Bakery ${tenant} [post ${index}] #bread`;
          return {
            id: randomUUID(),
            index,
            tenant,
            kind,
            text,
            at: options.dueAt(i),
          };
        });
        await db.insert(calendarEvents).values(
          events.map((e) => ({
            id: e.id,
            userId: tenants[e.tenant]!,
            title: e.text.slice(0, 40),
            content: e.text,
            platforms: [e.kind.startsWith('fb') ? 'facebook' : 'instagram'],
            status: 'scheduled' as const,
            scheduledFor: e.at,
          })),
        );
        const posts = await db
          .insert(platformPosts)
          .values(
            events.map((e) => {
              const m = media[e.tenant]!;
              const c = connections[e.tenant]!;
              const fb = e.kind.startsWith('fb');
              const mediaIds =
                e.kind === 'fb-photo' || e.kind === 'ig-image'
                  ? [m.image]
                  : e.kind === 'fb-album' || e.kind === 'ig-carousel'
                    ? [m.image, m.image2]
                    : e.kind === 'fb-video' || e.kind === 'ig-reel'
                      ? [m.video]
                      : [];
              return {
                userId: tenants[e.tenant]!,
                calendarEventId: e.id,
                connectionId: fb ? c.facebook : c.instagram,
                platform: fb ? ('facebook' as const) : ('instagram' as const),
                format: e.kind === 'ig-reel' ? ('reel' as const) : ('feed' as const),
                mediaIds,
                status: 'scheduled' as const,
                scheduledFor: e.at,
                nextAttemptAt: e.at,
              };
            }),
          )
          .returning({ id: platformPosts.id, eventId: platformPosts.calendarEventId });
        const byEvent = new Map(posts.map((p) => [p.eventId, p.id]));
        for (const e of events) {
          seeded.push({
            id: byEvent.get(e.id)!,
            index: e.index,
            userId: tenants[e.tenant]!,
            kind: e.kind,
            text: e.text,
            scheduledFor: e.at,
          });
        }
      }
      // The jobs, sent after the rows are committed (as the calendar does).
      let next = 0;
      const send = async () => {
        while (next < seeded.length) {
          const post = seeded[next++]!;
          await jobs.send(
            publishPostJob,
            { postId: post.id, userId: post.userId, version: 1 },
            { startAfter: post.scheduledFor },
          );
        }
      };
      await Promise.all(Array.from({ length: 8 }, send));
      world.posts.push(...seeded);
      return seeded;
    },
  };
  return world;
}

// ------------------------------------------------------------------------------- watching

export type StatusCounts = Record<string, number>;

export async function statusCounts(database: Database, ids?: string[]): Promise<StatusCounts> {
  const rows = await database.unsafeDb
    .select({ status: platformPosts.status, n: sql<number>`count(*)::int` })
    .from(platformPosts)
    .where(ids ? inArray(platformPosts.id, ids) : undefined)
    .groupBy(platformPosts.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** "published 12, scheduled 3": counts for a progress line. */
export const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');

export const PENDING = ['scheduled', 'publishing', 'unconfirmed'] as const;
export const pendingOf = (counts: StatusCounts) =>
  PENDING.reduce((sum, s) => sum + (counts[s] ?? 0), 0);

/** Polls until no post is pending or the deadline passes; returns the last counts. */
export async function waitUntilSettled(
  database: Database,
  deadline: number,
  onProgress?: (counts: StatusCounts) => void,
  intervalMs = 1_000,
): Promise<StatusCounts> {
  for (;;) {
    const counts = await statusCounts(database);
    onProgress?.(counts);
    if (pendingOf(counts) === 0 || Date.now() > deadline) return counts;
    await sleep(intervalMs);
  }
}

// -------------------------------------------------------------------------------- checking

export interface InvariantReport {
  posts: number;
  published: number;
  failed: number;
  /** Published after an answer was lost, i.e. unconfirmed and then reconciled. */
  reconciledPublished: number;
  /** Failed after reconcile could not confirm; the reason tells the owner to look. */
  failedUnconfirmed: number;
  failureReasons: Record<string, number>;
  violations: {
    /** Published more than once on the platform. */
    duplicates: string[];
    /** Published on the platform while the post says otherwise, or missing rows. */
    lost: string[];
    /** Still scheduled, publishing or unconfirmed. */
    stuck: string[];
    /** Failed without a reason, or an event that does not follow its post. */
    other: string[];
  };
  ok: boolean;
  /** Platform time of the publishing call minus scheduled_for, per published post. */
  latenessMs: number[];
  /** Platform time of the last post made public. */
  lastPublicAtMs: number;
}

export async function checkInvariant(
  database: Database,
  posts: SeededPost[],
  record: PublishedRecord,
): Promise<InvariantReport> {
  const copies = new Map<number, { id: string; at: number }[]>();
  const add = (text: string | null, id: string, at: number) => {
    const match = text?.match(TEXT_MARK);
    if (!match) return;
    const index = Number(match[1]);
    const list = copies.get(index) ?? [];
    list.push({ id, at });
    copies.set(index, list);
  };
  for (const [id, , message, at] of record.facebook) add(message, id, at);
  for (const [id, , caption, at] of record.instagram) add(caption, id, at);
  const lostAnswers = new Set(record.lostAnswers.map((t) => Number(t.match(TEXT_MARK)?.[1] ?? -1)));

  const rows = new Map<
    string,
    {
      status: string;
      lastError: string | null;
      errorCode: string | null;
      externalId: string | null;
    }
  >();
  const ids = posts.map((p) => p.id);
  for (let start = 0; start < ids.length; start += 5_000) {
    const chunk = await database.unsafeDb
      .select({
        id: platformPosts.id,
        status: platformPosts.status,
        lastError: platformPosts.lastError,
        errorCode: platformPosts.errorCode,
        externalId: platformPosts.externalId,
      })
      .from(platformPosts)
      .where(inArray(platformPosts.id, ids.slice(start, start + 5_000)));
    for (const row of chunk) rows.set(row.id, row);
  }
  const events = await database.query<{ content: string; status: string }>(
    `select content, status from public.calendar_events where content like '%[post %'`,
  );
  const eventStatus = new Map(
    events.rows.map((e) => [Number(e.content.match(TEXT_MARK)?.[1] ?? -1), e.status]),
  );

  const report: InvariantReport = {
    posts: posts.length,
    published: 0,
    failed: 0,
    reconciledPublished: 0,
    failedUnconfirmed: 0,
    failureReasons: {},
    violations: { duplicates: [], lost: [], stuck: [], other: [] },
    ok: false,
    latenessMs: [],
    lastPublicAtMs: 0,
  };
  const v = report.violations;
  for (const post of posts) {
    const row = rows.get(post.id);
    const out = copies.get(post.index) ?? [];
    const label = `post ${post.index} (${post.kind}, ${post.id})`;
    if (!row) {
      v.lost.push(`${label}: the row is gone`);
      continue;
    }
    if (out.length > 1) v.duplicates.push(`${label}: published ${out.length} times`);
    if (row.status === 'published') {
      report.published += 1;
      if (lostAnswers.has(post.index)) report.reconciledPublished += 1;
      if (out.length === 0) v.lost.push(`${label}: marked published, not on the platform`);
      else if (
        row.externalId &&
        // A Facebook video answers with the video's id; its post is `<page>_<video>`.
        !out.some((o) => o.id === row.externalId || o.id.endsWith(`_${row.externalId}`))
      ) {
        v.other.push(`${label}: external id ${row.externalId} is not the published object`);
      }
      if (out[0]) {
        report.latenessMs.push(out[0].at - post.scheduledFor.getTime());
        report.lastPublicAtMs = Math.max(report.lastPublicAtMs, out[0].at);
      }
    } else if (row.status === 'failed') {
      report.failed += 1;
      const code = row.errorCode ?? 'none';
      report.failureReasons[code] = (report.failureReasons[code] ?? 0) + 1;
      if (!row.lastError || row.lastError.trim().length === 0) {
        v.other.push(`${label}: failed without a reason`);
      }
      const unsure = code === 'unconfirmed_timeout' || code === 'unconfirmed_unchecked';
      if (unsure) report.failedUnconfirmed += 1;
      // A post that failed for certain must not be out; one reconcile could not confirm is
      // allowed to be, because its reason tells the owner to look before publishing again.
      if (out.length > 0 && !unsure) v.lost.push(`${label}: failed (${code}) but it is out`);
    } else {
      v.stuck.push(`${label}: still ${row.status}`);
    }
    const event = eventStatus.get(post.index);
    if (event !== row.status && (row.status === 'published' || row.status === 'failed')) {
      v.other.push(`${label}: the event is ${event}, its post ${row.status}`);
    }
  }
  report.ok =
    v.duplicates.length + v.lost.length + v.stuck.length + v.other.length === 0 &&
    rows.size === posts.length;
  return report;
}

// ------------------------------------------------------------------------------ one run

export interface ChaosOptions {
  adminUrl: string;
  /** Part of the scratch database's name (default "chaos"). */
  databaseLabel?: string;
  posts: number;
  tenants: number;
  workers: number;
  faults: Partial<FaultRates>;
  settings: WorkerSettings;
  /** Posts are due between `startInMs` and `startInMs + spreadMs` from when they are written. */
  startInMs: number;
  spreadMs: number;
  kindOf?: (index: number) => PostKind;
  /** SIGKILL the first worker once this share of the posts is published (null: no kill). */
  killAt: number | null;
  /** Start a new worker this long after the kill (null: carry on with the others). */
  restartAfterMs: number | null;
  /** Give up waiting for the posts to settle after this long. */
  settleTimeoutMs: number;
  log: (line: string) => void;
}

export interface ChaosResult {
  report: InvariantReport;
  counts: StatusCounts;
  killed: { atPublished: number; inFlight: number } | null;
  restarted: boolean;
  seconds: { setup: number; run: number; settle: number; total: number };
  faultStats: Record<string, number>;
  workerWarnings: number;
  /** Last lines of each worker's log, for a failed run. */
  logs: Record<string, string>;
}

/** A world running: a scratch database with its tenants, the simulator and worker processes. */
export interface RunningWorld {
  scratch: ScratchDatabase;
  database: Database;
  jobs: JobQueue;
  simulator: SimulatorProcess;
  world: World;
  /** In the order they were asked for; a restarted one comes last. */
  workers: WorkerProcess[];
  /** The last lines of each stopped worker's log, for a failed run. */
  logs: Record<string, string>;
  /** One more worker process with the world's settings. */
  startWorker(name: string): Promise<WorkerProcess>;
  stopWorkers(): Promise<void>;
  /** Stops every process and drops the database; a step that fails is told to `onError`. */
  close(onError: (error: unknown) => void): Promise<void>;
}

/**
 * From an empty server to a world with `workers` worker processes started. What started is
 * stopped again (and the database dropped) when a later step fails, a worker included.
 */
export async function startRunningWorld(options: {
  adminUrl: string;
  databaseLabel: string;
  tenants: number;
  workers: number;
  settings: WorkerSettings;
}): Promise<RunningWorld> {
  const scratch = await createScratchDatabase(options.adminUrl, options.databaseLabel);
  const cleanup: (() => Promise<unknown>)[] = [() => scratch.drop()];
  const workers: WorkerProcess[] = [];
  const logs: Record<string, string> = {};
  const stopWorkers = async () => {
    for (const w of workers.filter(Boolean)) {
      logs[w.name] = w.tail.text();
      await w.stop();
    }
  };
  const close = async (onError: (error: unknown) => void) => {
    for (const step of cleanup.splice(0)) await step().catch(onError);
  };
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    cleanup.unshift(() => database.close());
    const jobs = new JobQueue(database, createLogger('silent'));
    await jobs.start();
    cleanup.unshift(() => jobs.stop());
    const encryptionKeys = `chaos:${randomBytes(32).toString('base64')}`;
    const secrets = new SecretBox(parseEncryptionKeys(encryptionKeys));
    const simulator = await startSimulatorProcess();
    cleanup.unshift(() => simulator.stop());
    const world = await createWorld(
      database,
      jobs,
      secrets,
      await simulator.world(options.tenants),
    );
    const env = workerEnv(scratch.url, encryptionKeys, simulator.base, options.settings);
    cleanup.unshift(stopWorkers);
    // All settle before a failure is thrown, so none is still starting when the others stop.
    const started = await Promise.allSettled(
      Array.from({ length: options.workers }, async (_, i) => {
        workers[i] = await startWorker(`worker-${i + 1}`, env);
      }),
    );
    const failed = started.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return {
      scratch,
      database,
      jobs,
      simulator,
      world,
      workers,
      logs,
      async startWorker(name) {
        const worker = await startWorker(name, env);
        workers.push(worker);
        return worker;
      },
      stopWorkers,
      close,
    };
  } catch (error) {
    await close(() => {});
    throw error;
  }
}

/** One chaos run from an empty server to the invariant; every process and the database go. */
export async function runChaos(options: ChaosOptions): Promise<ChaosResult> {
  const t0 = performance.now();
  const log = options.log;
  const running = await startRunningWorld({
    adminUrl: options.adminUrl,
    databaseLabel: options.databaseLabel ?? 'chaos',
    tenants: options.tenants,
    workers: options.workers,
    settings: options.settings,
  });
  const { database, simulator, world, workers } = running;
  try {
    await simulator.faults(options.faults);

    const writeStart = Date.now();
    const firstDue = writeStart + options.startInMs;
    const posts = await world.schedule({
      posts: options.posts,
      dueAt: (i) =>
        new Date(firstDue + Math.floor((options.spreadMs * i) / Math.max(1, options.posts))),
      ...(options.kindOf ? { kindOf: options.kindOf } : {}),
    });
    const setupS = (performance.now() - t0) / 1000;
    log(
      `  ${options.posts} posts for ${options.tenants} tenants written in ${round((Date.now() - writeStart) / 1000)} s; ` +
        `${options.workers} workers; first due in ${round((firstDue - Date.now()) / 1000)} s`,
    );

    const runStart = performance.now();
    let killed: ChaosResult['killed'] = null;
    let restarted = false;
    let lastLog = 0;
    const progress = (counts: StatusCounts) => {
      if (Date.now() - lastLog < 5_000) return;
      lastLog = Date.now();
      log(`  ${round((performance.now() - runStart) / 1000)} s: ${describeCounts(counts)}`);
    };
    const deadline = Date.now() + options.startInMs + options.spreadMs + options.settleTimeoutMs;
    if (options.killAt !== null) {
      const target = Math.max(1, Math.floor(options.posts * options.killAt));
      for (;;) {
        const counts = await statusCounts(database);
        progress(counts);
        if ((counts.published ?? 0) >= target || pendingOf(counts) === 0) {
          const victim = workers[0]!;
          victim.kill();
          killed = { atPublished: counts.published ?? 0, inFlight: counts.publishing ?? 0 };
          log(
            `  SIGKILL ${victim.name} (pid ${victim.child.pid}) with ${killed.atPublished} published, ` +
              `${killed.inFlight} publishing`,
          );
          break;
        }
        if (Date.now() > deadline) break;
        await sleep(100);
      }
      if (options.restartAfterMs !== null && killed) {
        await sleep(options.restartAfterMs);
        const again = await running.startWorker('worker-1-restarted');
        restarted = true;
        log(`  restarted a worker (pid ${again.child.pid})`);
      }
    }
    const runEnd = performance.now();
    const counts = await waitUntilSettled(database, deadline, progress);
    const settleEnd = performance.now();
    const record = await simulator.record();
    const report = await checkInvariant(database, posts, record);
    return {
      report,
      counts,
      killed,
      restarted,
      seconds: {
        setup: round(setupS),
        run: round((runEnd - runStart) / 1000),
        settle: round((settleEnd - runStart) / 1000),
        total: round((performance.now() - t0) / 1000),
      },
      faultStats: record.stats,
      workerWarnings: workers.reduce((n, w) => n + w.warnings, 0),
      // Filled as the workers stop, before this returns.
      logs: running.logs,
    };
  } finally {
    await running.close((error) => log(`  cleanup: ${(error as Error).message}`));
  }
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
