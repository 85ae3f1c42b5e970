import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '#server/app.ts';
import { createScratchDatabase } from '#server/test/scratch-database.ts';
import { openDatabase, rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { inlineParams } from '#server/platform/db/inline-sql.ts';
import {
  listEventsJsonStatement,
  listEventsStatement,
} from '#server/features/calendar/calendar.repository.ts';
import { loadEnv } from '#server/platform/env.ts';
import { hashToken } from '#server/platform/security/tokens.ts';
import { createRuntime, type Runtime } from '#server/runtime.ts';
import { formatMs, log, round, runLoad, table, type BenchConfig, type LoadResult } from './lib.ts';

// The calendar list, GET /api/calendar-events?limit=50, against its physical limit: the same
// SQL over the raw database connection (no transaction, no row-level security, no HTTP layer).
// Seeded in bulk with generate_series on the owner connection: 10,000 accounts, 100 events each.

export const INDEX_NAME = 'calendar_events_user_id_scheduled_for_idx';
export const TARGETS = { minApiVsRawThroughput: 0.5, maxApiP99Ms: 25 } as const;

const FULL_USERS = 10_000;
const EVENTS_PER_USER = 100;
const FULL_SESSION_USERS = 1_000;
const FULL_WARM_USERS = 100;
const PAGE_SIZE = 50;
const CONCURRENCY = 8;
const USERS_PER_INSERT = 1_000;

/** The statement the endpoint runs (calendar.repository listEventsJsonStatement, no filters). */
export const LIST_SQL = listEventsJsonStatement('00000000-0000-0000-0000-000000000000', {
  limit: PAGE_SIZE,
  offset: 0,
}).sql;

/**
 * The same rows as 50 rows of columns (listEventsStatement), which the endpoint sent until
 * decision 014: measured too, so the change of baseline is visible beside the figures.
 */
export const LIST_ROWS_SQL = listEventsStatement('00000000-0000-0000-0000-000000000000', {
  limit: PAGE_SIZE,
  offset: 0,
}).sql;

export interface ApiLoadResult extends LoadResult {
  cacheHits: number;
  cacheMisses: number;
  cacheHitRatio: number;
}

export interface CalendarTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  location?: string;
  users?: number;
  events?: number;
  sessionUsers?: number;
  warmUsers?: number;
  seed?: {
    totalS: number;
    migrateS: number;
    accountsS: number;
    eventsS: number;
    sessionsS: number;
    vacuumAnalyzeS: number;
  };
  endpointStatements?: string[];
  /** Whether LIST_SQL, the raw run's statement, is byte for byte one the endpoint sent. */
  rawIsEndpointSql?: boolean;
  raw?: LoadResult;
  /** The same list as rows of columns, the endpoint's statement before decision 014. */
  rawRows?: LoadResult;
  api?: ApiLoadResult;
  apiWarm?: ApiLoadResult;
  ratios?: { apiVsRawThroughput: number; apiWarmVsRawThroughput: number; apiP50VsRawP50: number };
  targetsMet?: { apiVsRawThroughput: boolean; apiP99: boolean };
  explain?: { userId: string; plan: string[]; usesIndex: boolean };
}

export interface CalendarListResult {
  name: 'calendar-list';
  concurrency: number;
  warmupS: number;
  durationS: number;
  targets: typeof TARGETS;
  listSql: string;
  results: CalendarTargetResult[];
}

interface Sizes {
  users: number;
  sessionUsers: number;
  warmUsers: number;
  warmupS: number;
  durationS: number;
}

function sizesFor(scale: number): Sizes {
  const users = Math.max(20, Math.round(FULL_USERS * scale));
  const sessionUsers = Math.min(users, Math.max(10, Math.round(FULL_SESSION_USERS * scale)));
  return {
    users,
    sessionUsers,
    warmUsers: Math.min(sessionUsers, Math.max(5, Math.round(FULL_WARM_USERS * scale))),
    warmupS: Math.max(0.5, 2 * Math.min(scale, 1)),
    durationS: Math.max(1, 10 * Math.min(scale, 1)),
  };
}

const seconds = (t0: number) => round((performance.now() - t0) / 1000, 2);
const userIdExpr = (g: string) => `md5('socigen-bench-user-' || ${g})::uuid`;

/** Bulk seed on the owner connection; returns the seeded session users and their tokens. */
async function seed(
  database: Database,
  sizes: Sizes,
  timings: NonNullable<CalendarTargetResult['seed']>,
) {
  const n = sizes.users;
  let t0 = performance.now();
  await database.query(
    `insert into auth.users (id, email, password_hash, email_confirmed_at)
       select ${userIdExpr('g')}, 'bench-user-' || g || '@example.com', null, now()
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.profiles (id, full_name, settings)
       select ${userIdExpr('g')}, 'Bench User ' || g, '{"status":"active"}'::jsonb
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.business_profiles (user_id, business_name, default_platforms)
       select ${userIdExpr('g')}, 'Bench Bakery ' || g, '{facebook,instagram}'::text[]
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.subscription (user_id, plan, status, trial_ends_at)
       select ${userIdExpr('g')}, 'trial', 'active', now() + interval '14 days'
       from generate_series(1, ${n}) g`,
  );
  timings.accountsS = seconds(t0);

  // Events of a batch of accounts are interleaved (event 1 of every account, then event 2, ...),
  // as rows written over time are: one account's events sit on different heap pages.
  t0 = performance.now();
  for (let first = 1; first <= n; first += USERS_PER_INSERT) {
    const last = Math.min(n, first + USERS_PER_INSERT - 1);
    await database.query(
      `insert into public.calendar_events
         (user_id, title, content, platforms, type, status, scheduled_for, created_at, updated_at)
       select ${userIdExpr('g')},
              'Post ' || e || ' of bakery ' || g,
              'Fresh bread, weekend offers and a look behind the counter (event ' || e || ').',
              case (g + e) % 3 when 0 then '{instagram}'::text[] when 1 then '{facebook}'::text[]
                               else '{facebook,instagram}'::text[] end,
              (array['post','ai_generated','campaign','note'])[1 + (g * 7 + e) % 4],
              (array['draft','scheduled','publishing','published','failed','unconfirmed','cancelled'])[1 + (g * 13 + e) % 7],
              date_trunc('day', now()) - interval '182 days'
                + ((g::bigint * 2654435761 + e::bigint * 40503) % 31536000) * interval '1 second',
              now(), now()
       from generate_series(1, ${EVENTS_PER_USER}) e cross join generate_series(${first}, ${last}) g
       order by e, g`,
    );
    if (last === n || (last / USERS_PER_INSERT) % 2 === 0) {
      log(`  events: ${last * EVENTS_PER_USER} / ${n * EVENTS_PER_USER} rows (${seconds(t0)} s)`);
    }
  }
  timings.eventsS = seconds(t0);

  // Sessions for users spread over the whole table, not one insert batch.
  t0 = performance.now();
  const step = Math.max(1, Math.floor(n / sizes.sessionUsers));
  const ids = await database.query<{ id: string }>(
    `select ${userIdExpr('g')}::text as id from generate_series(1, ${n}, ${step}) g order by g limit ${sizes.sessionUsers}`,
  );
  const users = ids.rows.map((row) => ({
    userId: row.id,
    token: randomBytes(32).toString('base64url'),
  }));
  await database.query(
    `insert into auth.sessions (user_id, token_hash, expires_at, idle_expires_at, absolute_expires_at)
       select u, h, now() + interval '1 day', now() + interval '14 days', now() + interval '30 days'
       from unnest($1::uuid[], $2::text[]) as t(u, h)`,
    [users.map((u) => u.userId), users.map((u) => hashToken(u.token))],
  );
  timings.sessionsS = seconds(t0);

  // VACUUM (ANALYZE): statistics for the planner, and a settled table (hint bits, visibility map)
  // so no autovacuum of the fresh million rows runs during the measurement.
  t0 = performance.now();
  await database.query('vacuum (analyze)');
  if (database.kind === 'postgres') await database.query('checkpoint').catch(() => {});
  timings.vacuumAnalyzeS = seconds(t0);
  return users;
}

type Client = { query: (...args: unknown[]) => unknown };

/**
 * Records the SQL sent to the database while `fn` runs, by wrapping the driver's query method
 * (pg: Client.prototype.query; PGlite: the instance and its transactions). Benchmark-only.
 */
async function captureStatements(database: Database, fn: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const textOf = (arg: unknown) =>
    typeof arg === 'string' ? arg : ((arg as { text?: string } | undefined)?.text ?? '?');
  const record = (arg: unknown) => {
    const text = textOf(arg).replace(/\s+/g, ' ').trim();
    if (!/pgboss/i.test(text)) seen.push(text);
  };
  if (database.kind === 'postgres') {
    const proto = pg.Client.prototype as unknown as Client;
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      record(args[0]);
      return original.apply(this, args);
    };
    try {
      await fn();
    } finally {
      proto.query = original;
    }
    return seen;
  }
  const client = (
    database.unsafeDb as unknown as {
      $client: Client & { transaction: (...a: unknown[]) => unknown };
    }
  ).$client;
  const originalQuery = client.query;
  const originalTransaction = client.transaction;
  const wrapQuery =
    (target: Client) =>
    (...args: unknown[]) => {
      record(args[0]);
      return target.query(...args);
    };
  client.query = wrapQuery({ query: originalQuery.bind(client) });
  const execClient = client as unknown as { exec: (...a: unknown[]) => unknown };
  const originalExec = execClient.exec;
  execClient.exec = (...args: unknown[]) => {
    record(args[0]);
    return originalExec.apply(client, args);
  };
  client.transaction = (callback: unknown, ...rest: unknown[]) =>
    originalTransaction.call(
      client,
      (tx: Client) => {
        record('BEGIN (PGlite transaction)');
        const proxy = new Proxy(tx, {
          get: (target, key, receiver) =>
            key === 'query'
              ? wrapQuery({ query: target.query.bind(target) })
              : Reflect.get(target, key, receiver),
        });
        return (callback as (t: Client) => unknown)(proxy);
      },
      ...rest,
    );
  try {
    await fn();
  } finally {
    client.query = originalQuery;
    client.transaction = originalTransaction;
    execClient.exec = originalExec;
  }
  return seen;
}

/** Counts hits and misses of the service cache without changing it. */
function instrumentCache(runtime: Runtime) {
  const cache = runtime.deps.cache;
  const original = cache.getOrLoad.bind(cache);
  const counts = { hits: 0, misses: 0 };
  cache.getOrLoad = async <T>(
    tenantId: string,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> => {
    let missed = false;
    const value = await original(tenantId, key, () => {
      missed = true;
      return load();
    });
    if (missed) counts.misses += 1;
    else counts.hits += 1;
    return value;
  };
  return {
    reset() {
      counts.hits = 0;
      counts.misses = 0;
    },
    counts,
  };
}

async function runTarget(
  target: 'pglite' | 'postgres',
  database: Database,
  location: string,
  sizes: Sizes,
  migrateS: number,
): Promise<CalendarTargetResult> {
  const timings = {
    totalS: 0,
    migrateS,
    accountsS: 0,
    eventsS: 0,
    sessionsS: 0,
    vacuumAnalyzeS: 0,
  };
  const t0 = performance.now();
  log(
    `calendar-list [${target}]: seeding ${sizes.users} accounts, ${sizes.users * EVENTS_PER_USER} events ...`,
  );
  const users = await seed(database, sizes, timings);
  timings.totalS = round(seconds(t0) + migrateS, 2);
  log(`calendar-list [${target}]: seeded in ${timings.totalS} s (incl. ${migrateS} s migrations)`);

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
    const cacheCounts = instrumentCache(runtime);
    const listPath = `/api/calendar-events?limit=${PAGE_SIZE}`;
    const apiRequest = async (user: { userId: string; token: string }) => {
      const response = await app.request(listPath, {
        headers: { cookie: `sg_session=${user.token}` },
      });
      const body = await response.text();
      if (response.status !== 200)
        throw new Error(`GET ${listPath}: ${response.status} ${body.slice(0, 300)}`);
      return body;
    };
    const rawQuery = async (userId: string) => {
      const result = await database.query<{ json: string }>(LIST_SQL, [userId, PAGE_SIZE]);
      return JSON.parse(result.rows[0]!.json) as Array<{ id: string }>;
    };
    const rawRowsQuery = (userId: string) => database.query(LIST_ROWS_SQL, [userId, PAGE_SIZE]);

    // Same answer both ways, before timing anything.
    const probe = users[0]!;
    const rawRows = await rawQuery(probe.userId);
    let apiBody = '';
    const endpointStatements = await captureStatements(database, async () => {
      apiBody = await apiRequest(probe);
    });
    runtime.deps.cache.invalidateTenant(probe.userId);
    const apiIds = (JSON.parse(apiBody) as { data: Array<{ id: string }> }).data.map((e) => e.id);
    const rawIds = rawRows.map((r) => r.id);
    if (apiIds.length !== PAGE_SIZE || apiIds.join() !== rawIds.join()) {
      throw new Error(
        `the API and the raw query disagree for ${probe.userId}: ${apiIds.length} vs ${rawIds.length} rows`,
      );
    }

    const load = { concurrency: CONCURRENCY, warmupS: sizes.warmupS, durationS: sizes.durationS };
    log(`calendar-list [${target}]: raw SQL, ${users.length} users, ${CONCURRENCY} in flight ...`);
    const raw = await runLoad({
      ...load,
      op: async (i) => {
        // The text as the driver hands it over; the API does not parse it either.
        const result = await database.query<{ json: string }>(LIST_SQL, [
          users[i % users.length]!.userId,
          PAGE_SIZE,
        ]);
        if (!result.rows[0]?.json.startsWith('[{')) throw new Error('raw: no rows');
      },
    });
    log(`calendar-list [${target}]: raw SQL as rows (the earlier statement) ...`);
    const rawRowsLoad = await runLoad({
      ...load,
      op: async (i) => {
        const result = await rawRowsQuery(users[i % users.length]!.userId);
        if (result.rows.length !== PAGE_SIZE) throw new Error(`raw: ${result.rows.length} rows`);
      },
    });

    // The cache holds 1000 entries and each user has one list key: cycling through 1000 users
    // would hit from the second lap on. Dropping the user's entries before each request keeps
    // this run on the uncached path (the measured hit ratio shows it).
    log(`calendar-list [${target}]: API, cache cold, ${users.length} users ...`);
    cacheCounts.reset();
    const apiCold = await runLoad({
      ...load,
      op: async (i) => {
        const user = users[i % users.length]!;
        // Locally: invalidateTenant would also tell other processes (pg_notify on PostgreSQL),
        // an extra statement per request that the endpoint itself never sends.
        runtime.deps.cache.dropLocal(user.userId);
        await apiRequest(user);
      },
    });
    const api = withCache(apiCold, cacheCounts.counts);

    log(`calendar-list [${target}]: API, cache warm, ${sizes.warmUsers} users ...`);
    cacheCounts.reset();
    const apiWarmLoad = await runLoad({
      ...load,
      op: async (i) => {
        await apiRequest(users[i % sizes.warmUsers]!);
      },
    });
    const apiWarm = withCache(apiWarmLoad, cacheCounts.counts);

    const explain = await withTenant(
      database,
      { userId: probe.userId, tenantId: probe.userId },
      async (tx) =>
        rowsOf<Record<string, string>>(
          await tx.execute(
            sql.raw(
              `explain (analyze, buffers) ${inlineParams(LIST_SQL, [probe.userId, PAGE_SIZE])}`,
            ),
          ),
        ),
    );
    const plan = explain.map((row) => String(Object.values(row)[0]));

    return {
      target,
      location,
      users: sizes.users,
      events: sizes.users * EVENTS_PER_USER,
      sessionUsers: users.length,
      warmUsers: sizes.warmUsers,
      seed: timings,
      endpointStatements,
      // The endpoint sends the settings and the statement in one message, values inlined.
      rawIsEndpointSql: endpointStatements.some((text) =>
        text.endsWith(`; ${inlineParams(LIST_SQL, [probe.userId, PAGE_SIZE])}`),
      ),
      raw,
      rawRows: rawRowsLoad,
      api,
      apiWarm,
      ratios: {
        apiVsRawThroughput: round(api.throughput / raw.throughput, 3),
        apiWarmVsRawThroughput: round(apiWarm.throughput / raw.throughput, 3),
        apiP50VsRawP50: round(api.p50Ms / raw.p50Ms, 2),
      },
      targetsMet: {
        apiVsRawThroughput: api.throughput / raw.throughput >= TARGETS.minApiVsRawThroughput,
        apiP99: api.p99Ms < TARGETS.maxApiP99Ms,
      },
      explain: {
        userId: probe.userId,
        plan,
        usesIndex: plan.some((line) => line.includes(INDEX_NAME)),
      },
    };
  } finally {
    await runtime.close();
  }
}

function withCache(result: LoadResult, counts: { hits: number; misses: number }): ApiLoadResult {
  const total = counts.hits + counts.misses;
  return {
    ...result,
    cacheHits: counts.hits,
    cacheMisses: counts.misses,
    cacheHitRatio: total ? round(counts.hits / total, 3) : 0,
  };
}

async function onPglite(sizes: Sizes): Promise<CalendarTargetResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-calendar-'));
  try {
    const t0 = performance.now();
    const database = await openDatabase({ dataDir });
    const migrateS = seconds(t0);
    try {
      return await runTarget(
        'pglite',
        database,
        `PGlite in ${dataDir} (removed afterwards)`,
        sizes,
        migrateS,
      );
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(sizes: Sizes, adminUrl: string): Promise<CalendarTargetResult> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (error) {
    const reason = `PostgreSQL not reachable at ${redact(adminUrl)} (${(error as Error).message}): skipped`;
    log(`calendar-list [postgres]: ${reason}`);
    await admin.end().catch(() => {});
    return { target: 'postgres', skipped: reason };
  }
  await admin.end();
  const scratch = await createScratchDatabase(adminUrl, 'bench');
  try {
    const t0 = performance.now();
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
    const migrateS = seconds(t0);
    const version = (await database.query<{ v: string }>('select version() as v')).rows[0]?.v.split(
      ' on ',
    )[0];
    try {
      return await runTarget(
        'postgres',
        database,
        `${version}, database ${scratch.name} on ${new URL(scratch.url).host} (dropped afterwards)`,
        sizes,
        migrateS,
      );
    } finally {
      await database.close();
    }
  } finally {
    await scratch.drop();
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid url)';
  }
}

export async function calendarList(config: BenchConfig): Promise<CalendarListResult> {
  const sizes = sizesFor(config.scale);
  const results: CalendarTargetResult[] = [];
  results.push(await onPglite(sizes));
  results.push(await onPostgres(sizes, config.postgresAdminUrl));
  return {
    name: 'calendar-list',
    concurrency: CONCURRENCY,
    warmupS: sizes.warmupS,
    durationS: sizes.durationS,
    targets: TARGETS,
    listSql: LIST_SQL,
    results,
  };
}

export function printCalendarList(result: CalendarListResult): string {
  const out: string[] = [];
  out.push(
    `${result.concurrency} requests in flight, ${result.warmupS} s warm-up + ${result.durationS} s per run; ` +
      `target: api/raw throughput ≥ ${TARGETS.minApiVsRawThroughput} and api p99 < ${TARGETS.maxApiP99Ms} ms`,
  );
  for (const r of result.results) {
    out.push('');
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    const seed = r.seed!;
    out.push(`[${r.target}] ${r.location}`);
    out.push(
      `seeded ${r.users} accounts + ${r.events} events in ${seed.totalS} s ` +
        `(migrate ${seed.migrateS} s, accounts ${seed.accountsS} s, events ${seed.eventsS} s, ` +
        `sessions ${seed.sessionsS} s, vacuum+analyze ${seed.vacuumAnalyzeS} s); ${r.sessionUsers} signed-in users`,
    );
    const raw = r.raw!;
    const row = (label: string, x: LoadResult, ratio: string, hit: string) => [
      label,
      x.requests,
      x.throughput,
      formatMs(x.p50Ms),
      formatMs(x.p99Ms),
      formatMs(x.maxMs),
      x.errors,
      hit,
      ratio,
    ];
    out.push(
      table([
        [
          'run',
          'requests',
          'req/s',
          'p50 ms',
          'p99 ms',
          'max ms',
          'errors',
          'cache hits',
          '× raw req/s',
        ],
        row(`raw SQL (${r.sessionUsers} users)`, raw, '1.000', ''),
        row(
          `raw SQL as rows (before 014)`,
          r.rawRows!,
          (r.rawRows!.throughput / raw.throughput).toFixed(3),
          '',
        ),
        row(
          `api, cache cold (${r.sessionUsers} users)`,
          r.api!,
          r.ratios!.apiVsRawThroughput.toFixed(3),
          `${Math.round(r.api!.cacheHitRatio * 100)}%`,
        ),
        row(
          `api, cache warm (${r.warmUsers} users)`,
          r.apiWarm!,
          r.ratios!.apiWarmVsRawThroughput.toFixed(3),
          `${Math.round(r.apiWarm!.cacheHitRatio * 100)}%`,
        ),
      ]),
    );
    out.push(
      `target api/raw ≥ ${TARGETS.minApiVsRawThroughput}: ${r.ratios!.apiVsRawThroughput} (${r.targetsMet!.apiVsRawThroughput ? 'met' : 'NOT met'}); ` +
        `target api p99 < ${TARGETS.maxApiP99Ms} ms: ${formatMs(r.api!.p99Ms)} ms (${r.targetsMet!.apiP99 ? 'met' : 'NOT met'})`,
    );
    out.push(`statements per API request (${r.endpointStatements!.length}):`);
    for (const s of r.endpointStatements!)
      out.push(`  ${s.length > 160 ? `${s.slice(0, 157)}...` : s}`);
    out.push(
      `the raw run's SQL is the endpoint's list statement (its values inlined): ${r.rawIsEndpointSql ? 'yes' : 'no'}`,
    );
    out.push(`EXPLAIN (ANALYZE, BUFFERS) under RLS (withTenant) for user ${r.explain!.userId}:`);
    for (const line of r.explain!.plan) out.push(`  ${line}`);
    out.push(`plan uses index: ${r.explain!.usesIndex ? 'yes' : 'no'} (${INDEX_NAME})`);
  }
  return out.join('\n');
}
