import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '#server/app.ts';
import { metaRuntime } from '#server/features/platforms/meta-runtime.ts';
import { hubSignature } from '#server/integrations/meta/signatures.ts';
import { openDatabase, type Database } from '#server/platform/db/client.ts';
import { loadEnv } from '#server/platform/env.ts';
import { createRuntime } from '#server/runtime.ts';
import { createScratchDatabase } from '#server/test/scratch-database.ts';
import { seedInbox } from './inbox-list.ts';
import { formatMs, log, percentile, round, sleep, table, type BenchConfig } from './lib.ts';

// The social monitor's ingest (docs/decisions/091 "Measured"): Meta's webhooks posted signed to
// /meta/webhooks of a running app (job workers inside, as in embedded mode and as one worker
// process with PostgreSQL). Three figures per database:
// - acknowledgement: p50/p99 of the endpoint's answer while comments and messages arrive at a
//   steady 200 per second (target p99 ≤ 250 ms);
// - webhook to browser: from the delivery reaching the endpoint to the `inbox` event read by an
//   open live stream of that business (target p99 ≤ 1 s), at 200 per second and at 50 per
//   second (the pipeline's own delay, with no queue behind it);
// - throughput: a burst of comments delivered 50 to a POST, stored through the webhook job,
//   against a raw INSERT of the same threads and items on the owner connection in the same run.
//
//   BENCH_ONLY=inbox-ingest npm run bench   (BENCH_SCALE=0.2 for a quick run)

export const TARGETS = { ratePerS: 200, maxAckP99Ms: 250, maxToBrowserP99Ms: 1_000 } as const;

const BUSINESSES = 20;
const FULL_STEADY_S = 20;
const FULL_BURST = 4_000;
const BURST_PER_POST = 50;
const LIGHT_RATE_PER_S = 50;

interface Steady {
  ratePerS: number;
  seconds: number;
  events: number;
  ack: Latency;
  toBrowser: Latency;
}

interface Latency {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface IngestTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  steady?: Steady;
  /** At LIGHT_RATE_PER_S: the pipeline's own delay, without a queue behind it. */
  light?: Steady;
  burst?: { events: number; ingestPerS: number; rawInsertPerS: number; ratio: number };
  targetsMet?: { ackP99: boolean; toBrowserP99: boolean };
}

export interface InboxIngestResult {
  name: 'inbox-ingest';
  targets: typeof TARGETS;
  results: IngestTargetResult[];
}

const latency = (values: number[]): Latency => ({
  count: values.length,
  p50Ms: round(percentile(values, 50), 1),
  p99Ms: round(percentile(values, 99), 1),
  maxMs: round(Math.max(...values), 1),
});

/** An open live stream: the time each thread's first `inbox` event was read. */
function readInboxEvents(res: Response): { seen: Map<string, number>; close(): Promise<void> } {
  const seen = new Map<string, number>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: inbox')) continue;
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          const threadId = (JSON.parse(data!.slice(6)) as { threadId: string }).threadId;
          if (!seen.has(threadId)) seen.set(threadId, performance.now());
        }
      }
    } catch {
      // Closed.
    }
  })();
  return {
    seen,
    close: async () => {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

let serial = 0;
const commentChange = (media: string) => ({
  field: 'comments',
  value: {
    id: `bench${Date.now()}x${(serial += 1)}`,
    text: serial % 3 === 0 ? 'Love it!' : 'Is this available in blue?',
    from: { id: `fan${serial % 997}`, username: `fan_${serial % 997}` },
    media: { id: media },
  },
});

async function runTarget(target: 'pglite' | 'postgres', database: Database, config: BenchConfig) {
  const users = await seedInbox(database, BUSINESSES);
  const env = loadEnv({
    NODE_ENV: 'production',
    ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'error',
    APP_URL: 'http://localhost:3000',
    DEV_MAILBOX: '0',
  });
  const runtime = await createRuntime(env, { database });
  try {
    await runtime.startWorkers();
    const deps = runtime.deps;
    const app = createApp(deps, { serveWeb: false });
    const secret = metaRuntime(deps).signingSecrets[0]!;
    const deliver = async (object: string, entry: object[]) => {
      const body = JSON.stringify({ object, entry });
      const started = performance.now();
      const res = await app.request('/meta/webhooks', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': hubSignature(body, secret),
        },
        body,
      });
      await res.text();
      if (res.status !== 200) throw new Error(`POST /meta/webhooks: ${res.status}`);
      return { started, ms: performance.now() - started };
    };
    const accountOf = (g: number) => `instagram-${g}`;
    const watcher = users[0]!;
    const stream = readInboxEvents(
      await app.request('/api/publishing/live', {
        headers: { cookie: `sg_session=${watcher.token}`, 'x-forwarded-for': '10.9.9.9' },
      }),
    );
    // Warm-up: the queue, the statements, the stream.
    for (let i = 0; i < 20; i += 1) {
      await deliver('instagram', [
        {
          id: accountOf(1 + (i % BUSINESSES)),
          time: Math.floor(Date.now() / 1000),
          changes: [commentChange('warm')],
        },
      ]);
    }
    await sleep(2_000);

    // Steady: one change per POST at a fixed rate, spread over the businesses; the watched
    // business's comments are new threads, timed to its stream.
    const steadyAt = async (ratePerS: number, seconds: number) => {
      const total = ratePerS * seconds;
      log(`inbox-ingest [${target}]: ${total} webhooks at ${ratePerS}/s ...`);
      const acks: number[] = [];
      const watched = new Map<string, number>();
      const sends: Promise<void>[] = [];
      const t0 = performance.now();
      for (let i = 0; i < total; i += 1) {
        const due = t0 + (i * 1000) / ratePerS;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const g = 1 + (i % BUSINESSES);
        const change = i % 4 === 3 ? null : commentChange(`media-${g}-${i % 7}`);
        const entry = change
          ? { id: accountOf(g), time: Math.floor(Date.now() / 1000), changes: [change] }
          : {
              id: accountOf(g),
              time: Date.now(),
              messaging: [
                {
                  sender: { id: `fan${i % 97}` },
                  recipient: { id: accountOf(g) },
                  timestamp: Date.now(),
                  message: { mid: `mid.bench${i}x${Date.now()}`, text: 'Hello, are you open?' },
                },
              ],
            };
        sends.push(
          deliver('instagram', [entry]).then(({ started, ms }) => {
            acks.push(ms);
            if (g === 1 && change) watched.set(change.value.id, started);
          }),
        );
      }
      await Promise.all(sends);
      const drainUntil = performance.now() + 30_000;
      const toBrowser: number[] = [];
      for (;;) {
        const rows = await database.query<{ external_id: string; thread_id: string }>(
          `select external_id, thread_id::text from public.inbox_items where external_id = any($1::text[])`,
          [[...watched.keys()]],
        );
        const arrived = rows.rows.filter((r) => stream.seen.has(r.thread_id));
        if (arrived.length === watched.size || performance.now() > drainUntil) {
          for (const r of arrived)
            toBrowser.push(stream.seen.get(r.thread_id)! - watched.get(r.external_id)!);
          break;
        }
        await sleep(250);
      }
      const browser = latency(toBrowser.length > 0 ? toBrowser : [Number.NaN]);
      return {
        ratePerS,
        seconds,
        events: total,
        ack: latency(acks),
        toBrowser: browser,
        allArrived: browser.count === watched.size,
      };
    };
    const steady = await steadyAt(
      TARGETS.ratePerS,
      Math.max(3, Math.round(FULL_STEADY_S * Math.min(config.scale, 1))),
    );
    // A rate well inside what the machine ingests: the pipeline's own delay.
    const light = await steadyAt(LIGHT_RATE_PER_S, 5);
    await stream.close();

    // Burst: as fast as the ingest goes, against raw inserts of the same rows.
    const burst = Math.max(200, Math.round(FULL_BURST * config.scale));
    log(`inbox-ingest [${target}]: burst of ${burst} comments ...`);
    const ids: string[] = [];
    const b0 = performance.now();
    const posts: Promise<unknown>[] = [];
    for (let i = 0; i < burst; i += BURST_PER_POST) {
      const changes = Array.from({ length: Math.min(BURST_PER_POST, burst - i) }, () => {
        const c = commentChange(`burst-${i % 13}`);
        ids.push(c.value.id);
        return c;
      });
      const g = 1 + ((i / BURST_PER_POST) % BUSINESSES);
      posts.push(
        deliver('instagram', [{ id: accountOf(g), time: Math.floor(Date.now() / 1000), changes }]),
      );
    }
    await Promise.all(posts);
    let lastLog = performance.now();
    for (;;) {
      const { rows } = await database.query<{ n: number }>(
        `select count(*)::int as n from public.inbox_items where external_id = any($1::text[])`,
        [ids],
      );
      if (rows[0]!.n >= ids.length) break;
      if (performance.now() - lastLog > 5_000) {
        lastLog = performance.now();
        log(`  ${rows[0]!.n} / ${ids.length} stored`);
      }
      if (performance.now() - b0 > 300_000)
        throw new Error('the burst was not ingested in 5 minutes');
      await sleep(100);
    }
    const ingestPerS = burst / ((performance.now() - b0) / 1000);
    const rawPerS = await rawInserts(database, users, burst);
    const { allArrived: _all, ...steadyFigures } = steady;
    const { allArrived: _light, ...lightFigures } = light;
    return {
      target,
      steady: steadyFigures,
      light: lightFigures,
      burst: {
        events: burst,
        ingestPerS: round(ingestPerS, 0),
        rawInsertPerS: round(rawPerS, 0),
        ratio: round(ingestPerS / rawPerS, 3),
      },
      targetsMet: {
        ackP99: steady.ack.p99Ms <= TARGETS.maxAckP99Ms,
        toBrowserP99: steady.allArrived && steady.toBrowser.p99Ms <= TARGETS.maxToBrowserP99Ms,
      },
    } satisfies IngestTargetResult;
  } finally {
    await runtime.close();
  }
}

/** The same rows (a thread and its comment each), one statement per comment, 8 at a time. */
async function rawInserts(database: Database, users: Array<{ userId: string }>, count: number) {
  const conns = await database.query<{ id: string; user_id: string }>(
    `select id::text, user_id::text from public.platform_connections where user_id = any($1::uuid[]) and platform = 'instagram'`,
    [users.map((u) => u.userId)],
  );
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < count; i = next++) {
        const conn = conns.rows[i % conns.rows.length]!;
        const key = `raw-${Date.now()}-${i}`;
        await database.query(
          `with t as (
             insert into public.inbox_threads (user_id, connection_id, platform, kind, external_key,
               post_external_id, participant_id, last_item_at, last_inbound_at, unread_count,
               needs_reply, sentiment, preview)
             values ($1, $2, 'instagram', 'comment', $3, 'raw-media', 'fan', now(), now(), 1, true,
               'neutral', 'Is this available in blue?')
             returning id, user_id)
           insert into public.inbox_items (user_id, thread_id, platform, kind, external_id,
             direction, source, author_id, text, sent_at, sentiment)
           select user_id, id, 'instagram', 'comment', $3, 'in', 'webhook', 'fan',
             'Is this available in blue?', now(), 'neutral' from t`,
          [conn.user_id, conn.id, key],
        );
      }
    }),
  );
  return count / ((performance.now() - t0) / 1000);
}

async function onPglite(config: BenchConfig): Promise<IngestTargetResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-ingest-'));
  try {
    const database = await openDatabase({ dataDir });
    try {
      return await runTarget('pglite', database, config);
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(config: BenchConfig): Promise<IngestTargetResult> {
  const admin = new pg.Client({
    connectionString: config.postgresAdminUrl,
    connectionTimeoutMillis: 3_000,
  });
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    return {
      target: 'postgres',
      skipped: `PostgreSQL not reachable (${(error as Error).message})`,
    };
  }
  await admin.end();
  const scratch = await createScratchDatabase(config.postgresAdminUrl, 'bench');
  try {
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
    try {
      return await runTarget('postgres', database, config);
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}

export async function inboxIngest(config: BenchConfig): Promise<InboxIngestResult> {
  return {
    name: 'inbox-ingest',
    targets: TARGETS,
    results: [await onPostgres(config), await onPglite(config)],
  };
}

export function printInboxIngest(result: InboxIngestResult): string {
  const rows: Array<Array<string | number>> = [
    [
      'database',
      'ack p50',
      'ack p99',
      'to browser p50',
      'to browser p99',
      `at ${LIGHT_RATE_PER_S}/s: to browser p99`,
      'ingest/s',
      'raw insert/s',
      'ratio',
    ],
  ];
  for (const r of result.results) {
    if (r.skipped || !r.steady || !r.burst) {
      rows.push([r.target, r.skipped ?? 'no result', '', '', '', '', '', '', '']);
      continue;
    }
    rows.push([
      r.target,
      formatMs(r.steady.ack.p50Ms),
      formatMs(r.steady.ack.p99Ms),
      formatMs(r.steady.toBrowser.p50Ms),
      formatMs(r.steady.toBrowser.p99Ms),
      r.light ? formatMs(r.light.toBrowser.p99Ms) : '',
      r.burst.ingestPerS,
      r.burst.rawInsertPerS,
      r.burst.ratio,
    ]);
  }
  return [
    `Webhooks at ${result.targets.ratePerS}/s (targets: ack p99 ≤ ${result.targets.maxAckP99Ms} ms, to browser p99 ≤ ${result.targets.maxToBrowserP99Ms} ms); burst of comments vs raw INSERT`,
    table(rows),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { readConfig } = await import('./lib.ts');
  const result = await inboxIngest(readConfig());
  console.log(printInboxIngest(result));
  console.log(JSON.stringify(result, null, 2));
}
