import { randomBytes } from 'node:crypto';
import { createApp } from '#server/app.ts';
import { threadListStatement } from '#server/features/inbox/inbox-list.sql.ts';
import type { Database } from '#server/platform/db/client.ts';
import { loadEnv } from '#server/platform/env.ts';
import { hashToken } from '#server/platform/security/tokens.ts';
import { createRuntime } from '#server/runtime.ts';
import {
  formatMs,
  log,
  round,
  runLoad,
  table,
  type BenchConfig,
  type LoadResult,
  onScratchPglite,
  onScratchPostgres,
} from './lib.ts';

// The social monitor's thread list, GET /api/inbox/threads (docs/decisions/091), signed in and
// under row-level security, against the same statement over the raw connection (no
// transaction, no row-level security, no HTTP layer). Seeded in bulk on the owner connection:
// 1,000 businesses with an Instagram account and a Facebook Page, 1,000,000 comments and
// messages in 200,000 threads (BENCH_SCALE shrinks it; PGlite runs a tenth of the size, as the
// whole set takes minutes to write there). Each page is one statement: the page and the six
// filter counts, each counted over at most 100 rows.

export const TARGETS = { minApiVsRawThroughput: 0.6, maxApiP99Ms: 25 } as const;

const FULL_BUSINESSES = 1_000;
const THREADS_PER_BUSINESS = 200;
const ITEMS_PER_THREAD = 5;
const PGLITE_SHARE = 0.1;
const CONCURRENCY = 8;

interface Sizes {
  businesses: number;
  warmupS: number;
  durationS: number;
}

export interface InboxTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  location?: string;
  businesses?: number;
  threads?: number;
  items?: number;
  seedS?: number;
  statementsPerRequest?: { scopedStatements: number; transactions: number; other: number };
  raw?: LoadResult;
  api?: LoadResult;
  /** The API with one request in flight: its latency without queueing. */
  apiSerial?: LoadResult;
  ratio?: number;
  targetsMet?: { apiVsRawThroughput: boolean; apiP99: boolean };
}

export interface InboxListResult {
  name: 'inbox-list';
  concurrency: number;
  targets: typeof TARGETS;
  results: InboxTargetResult[];
}

const seconds = (t0: number) => round((performance.now() - t0) / 1000, 2);
const idOf = (kind: string, g: string) => `md5('socigen-inbox-${kind}-' || ${g})::uuid`;

export async function seedInbox(
  database: Database,
  n: number,
): Promise<Array<{ userId: string; token: string }>> {
  const user = (g: string) => idOf('user', g);
  await database.query(
    `insert into auth.users (id, email, password_hash, email_confirmed_at)
       select ${user('g')}, 'bench-inbox-' || g || '@example.com', null, now()
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.profiles (id, full_name, settings)
       select ${user('g')}, 'Inbox Owner ' || g, '{"status":"active"}'::jsonb
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.business_profiles (user_id, business_name)
       select ${user('g')}, 'Inbox Bakery ' || g from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.subscription (user_id, plan, status, trial_ends_at)
       select ${user('g')}, 'trial', 'active', now() + interval '14 days'
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.platform_connections (id, user_id, platform, login, external_id, name,
                                              access_token)
       select ${idOf('conn', "g || '-' || p")}, ${user('g')}, p, 'facebook', p || '-' || g,
              'Account ' || p || ' ' || g, 'not-a-token'
       from generate_series(1, ${n}) g cross join unnest(array['instagram', 'facebook']) p`,
  );
  // Threads: 60% comments, 40% conversations, spread over the last 90 days in platform time.
  const t = THREADS_PER_BUSINESS;
  for (let first = 1; first <= n; first += 100) {
    const last = Math.min(n, first + 99);
    await database.query(
      `insert into public.inbox_threads (id, user_id, connection_id, platform, kind, external_key,
         participant_id, participant_name, participant_handle, status, last_item_at,
         last_inbound_at, unread_count, needs_reply, sentiment, preview)
       select ${idOf('thread', "g || '-' || k")}, ${user('g')},
              ${idOf('conn', "g || '-' || (case when k % 2 = 0 then 'instagram' else 'facebook' end)")},
              case when k % 2 = 0 then 'instagram' else 'facebook' end,
              case when k % 5 < 3 then 'comment' else 'conversation' end,
              'key-' || k, 'person-' || k, 'Person ' || k, 'person_' || k,
              case when k % 7 = 0 then 'done' else 'open' end,
              now() - ((g * 7919 + k * 104729) % 7776000) * interval '1 second',
              now() - ((g * 7919 + k * 104729) % 7776000 + 60) * interval '1 second',
              (k % 3), k % 4 <> 0,
              (array['positive','neutral','negative'])[1 + k % 3],
              'Do you have gluten-free bread on Saturday? (' || k || ')'
       from generate_series(${first}, ${last}) g cross join generate_series(1, ${t}) k`,
    );
    await database.query(
      `insert into public.inbox_items (user_id, thread_id, platform, kind, external_id, direction,
         origin, source, author_id, text, sent_at)
       select th.user_id, th.id, th.platform,
              case when th.kind = 'comment' then 'comment' else 'message' end,
              th.external_key || '-' || th.user_id || '-' || i,
              case when i % 2 = 1 then 'in' else 'out' end, 'platform', 'webhook',
              th.participant_id, 'Message ' || i || ' of ' || th.external_key,
              th.last_item_at - (${ITEMS_PER_THREAD} - i) * interval '5 minutes'
       from public.inbox_threads th cross join generate_series(1, ${ITEMS_PER_THREAD}) i
       where th.user_id in (select ${user('g')} from generate_series(${first}, ${last}) g)`,
    );
    if (last % 200 === 0 || last === n) log(`  inbox: ${last} / ${n} businesses seeded`);
  }
  const ids = await database.query<{ id: string }>(
    `select ${user('g')}::text as id from generate_series(1, ${n}) g order by g`,
  );
  const sessions = ids.rows.map((row) => ({
    userId: row.id,
    token: randomBytes(32).toString('base64url'),
  }));
  await database.query(
    `insert into auth.sessions (user_id, token_hash, expires_at, idle_expires_at, absolute_expires_at)
       select u, h, now() + interval '1 day', now() + interval '14 days', now() + interval '30 days'
       from unnest($1::uuid[], $2::text[]) as t(u, h)`,
    [sessions.map((u) => u.userId), sessions.map((u) => hashToken(u.token))],
  );
  await database.query('vacuum (analyze)');
  return sessions;
}

/** The list's statement for a business, as the endpoint builds it for GET /threads. */
export function listStatement(userId: string) {
  return threadListStatement({
    tenantId: userId,
    userId,
    kind: 'comment',
    assignee: 'anyone',
    status: 'open',
  });
}

/** Counts what reaches the database during `fn`: the proof of one round trip per page. */
async function countStatements(database: Database, fn: () => Promise<void>) {
  const counts = { scopedStatements: 0, transactions: 0, other: 0 };
  const db = database as unknown as Record<string, (...a: unknown[]) => unknown>;
  const originals = {
    scopedStatement: db['scopedStatement']!,
    scopedTransaction: db['scopedTransaction']!,
    query: db['query']!,
    queryPrepared: db['queryPrepared']!,
  };
  db['scopedStatement'] = (...a) => {
    counts.scopedStatements += 1;
    return originals.scopedStatement.apply(database, a);
  };
  db['scopedTransaction'] = (...a) => {
    counts.transactions += 1;
    return originals.scopedTransaction.apply(database, a);
  };
  db['query'] = (...a) => {
    counts.other += 1;
    return originals.query.apply(database, a);
  };
  db['queryPrepared'] = (...a) => {
    counts.other += 1;
    return originals.queryPrepared.apply(database, a);
  };
  try {
    await fn();
  } finally {
    Object.assign(db, originals);
  }
  return counts;
}

async function runTarget(
  target: 'pglite' | 'postgres',
  database: Database,
  location: string,
  sizes: Sizes,
): Promise<InboxTargetResult> {
  const t0 = performance.now();
  log(`inbox-list [${target}]: seeding ${sizes.businesses} businesses ...`);
  const users = await seedInbox(database, sizes.businesses);
  const seedS = seconds(t0);
  const env = loadEnv({
    NODE_ENV: 'production',
    ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'warn',
    APP_URL: 'http://localhost:3000',
    DEV_MAILBOX: '0',
  });
  const runtime = await createRuntime(env, { database });
  try {
    const app = createApp(runtime.deps, { serveWeb: false });
    const api = async (user: { token: string }) => {
      const res = await app.request('/api/inbox/threads', {
        headers: { cookie: `sg_session=${user.token}` },
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`GET /api/inbox/threads: ${res.status} ${body}`);
      return JSON.parse(body) as { data: { threads: Array<{ id: string }> } };
    };
    // The text as the driver hands it over: the endpoint passes it through without parsing.
    const raw = async (userId: string) => {
      const { sql, params } = listStatement(userId);
      return (await database.query<{ json: string }>(sql, params)).rows[0]!.json;
    };
    const probe = users[0]!;
    await api(probe);
    const statements = await countStatements(database, async () => {
      const answer = await api(probe);
      const rawJson = JSON.parse(await raw(probe.userId)) as { threads: Array<{ id: string }> };
      const rawIds = rawJson.threads.map((x) => x.id);
      if (answer.data.threads.map((x) => x.id).join() !== rawIds.join()) {
        throw new Error('the API and the raw statement disagree');
      }
    });
    statements.other -= 1; // the raw check itself
    const load = { concurrency: CONCURRENCY, warmupS: sizes.warmupS, durationS: sizes.durationS };
    log(`inbox-list [${target}]: raw SQL ...`);
    const rawLoad = await runLoad({
      ...load,
      op: async (i) => {
        if (!(await raw(users[i % users.length]!.userId)).startsWith('{"threads" : [{')) {
          throw new Error('raw: no threads');
        }
      },
    });
    log(`inbox-list [${target}]: API, signed in, RLS ...`);
    const apiLoad = await runLoad({
      ...load,
      op: async (i) => {
        await api(users[i % users.length]!);
      },
    });
    // Latency without queueing behind the other requests: one in flight.
    log(`inbox-list [${target}]: API, one request in flight ...`);
    const apiSerial = await runLoad({
      concurrency: 1,
      warmupS: sizes.warmupS / 2,
      durationS: sizes.durationS / 2,
      op: async (i) => {
        await api(users[(i * 7) % users.length]!);
      },
    });
    const ratio = round(apiLoad.throughput / rawLoad.throughput, 3);
    return {
      target,
      location,
      businesses: sizes.businesses,
      threads: sizes.businesses * THREADS_PER_BUSINESS,
      items: sizes.businesses * THREADS_PER_BUSINESS * ITEMS_PER_THREAD,
      seedS,
      statementsPerRequest: statements,
      raw: rawLoad,
      api: apiLoad,
      apiSerial,
      ratio,
      targetsMet: {
        apiVsRawThroughput: ratio >= TARGETS.minApiVsRawThroughput,
        apiP99: apiLoad.p99Ms <= TARGETS.maxApiP99Ms,
      },
    };
  } finally {
    await runtime.close();
  }
}

async function onPglite(sizes: Sizes): Promise<InboxTargetResult> {
  const small = { ...sizes, businesses: Math.max(10, Math.round(sizes.businesses * PGLITE_SHARE)) };
  return onScratchPglite('inbox', (database, where) =>
    runTarget('pglite', database, `${where} (a tenth of the size)`, small),
  );
}

async function onPostgres(sizes: Sizes, adminUrl: string): Promise<InboxTargetResult> {
  const result = await onScratchPostgres(adminUrl, (database, where) =>
    runTarget('postgres', database, where, sizes),
  );
  return 'skipped' in result ? { target: 'postgres', skipped: result.skipped } : result;
}

export async function inboxList(config: BenchConfig): Promise<InboxListResult> {
  const sizes: Sizes = {
    businesses: Math.max(10, Math.round(FULL_BUSINESSES * config.scale)),
    warmupS: Math.max(0.5, 2 * Math.min(config.scale, 1)),
    durationS: Math.max(1, 10 * Math.min(config.scale, 1)),
  };
  return {
    name: 'inbox-list',
    concurrency: CONCURRENCY,
    targets: TARGETS,
    results: [await onPglite(sizes), await onPostgres(sizes, config.postgresAdminUrl)],
  };
}

export function printInboxList(result: InboxListResult): string {
  const out = [
    `${result.concurrency} requests in flight; target: api/raw ≥ ${TARGETS.minApiVsRawThroughput}, api p99 ≤ ${TARGETS.maxApiP99Ms} ms`,
  ];
  for (const r of result.results) {
    out.push('');
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    out.push(
      `[${r.target}] ${r.location}: ${r.businesses} businesses, ${r.threads} threads, ${r.items} items, seeded in ${r.seedS} s`,
    );
    const row = (label: string, x: LoadResult, ratio: string) => [
      label,
      x.requests,
      x.throughput,
      formatMs(x.p50Ms),
      formatMs(x.p99Ms),
      formatMs(x.maxMs),
      x.errors,
      ratio,
    ];
    out.push(
      table([
        ['run', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', '× raw req/s'],
        row('raw SQL', r.raw!, '1.000'),
        row('api, signed in, RLS', r.api!, r.ratio!.toFixed(3)),
        row('api, one in flight', r.apiSerial!, ''),
      ]),
    );
    const s = r.statementsPerRequest!;
    out.push(
      `statements per page: ${s.scopedStatements} scoped statement(s), ${s.transactions} transaction(s), ${s.other} other; ` +
        `targets: ratio ${r.targetsMet!.apiVsRawThroughput ? 'met' : 'NOT met'}, p99 ${r.targetsMet!.apiP99 ? 'met' : 'NOT met'}`,
    );
  }
  return out.join('\n');
}
