import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { createApp } from '#server/app.ts';
import { analyticsQuerySchema, topPostsQuerySchema } from '#shared/contracts/analytics.contract.ts';
import { dailyMetricsOf } from '#server/features/analytics/measures.ts';
import { overviewIn } from '#server/features/analytics/overview.ts';
import { topPostsIn } from '#server/features/analytics/top-posts.ts';
import { rowsOf, type Database, type Tx } from '#server/platform/db/client.ts';
import { businessScope, tenantSettings } from '#server/platform/db/tenant.ts';
import { loadEnv } from '#server/platform/env.ts';
import { hashToken } from '#server/platform/security/tokens.ts';
import { createRuntime } from '#server/runtime.ts';
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

// The analytics page's reads (docs/decisions/092) for one account over 90 days:
// GET /api/analytics/overview and GET /api/analytics/posts, signed in and under row-level
// security, against the same statements replayed over the raw connection (no transaction, no
// row-level security, no HTTP layer). Seeded in bulk on the owner connection: 5,000 businesses
// with an Instagram account and a Facebook Page (10,000 accounts), about 10,000,000 rows of
// analytics_daily (Instagram: 10 metrics × 100 days; Page: its 7 daily metrics × 143 days, the
// Page being backfilled further) and 30 posts per account. BENCH_SCALE shrinks it; PGlite runs a
// fiftieth of the size, as writing the whole set there takes minutes.
//
// Per endpoint, with one request in flight (the latency a person opening the page sees; the
// target is the API's p95) and with four: the raw statements; the service function on the owner
// connection (the same statements and the figures worked out from them, without transaction,
// row-level security or HTTP), so the API's cost splits into its SQL, its own work and the rest;
// the API. Then the slowest statement's plan under row-level security (EXPLAIN ANALYZE, BUFFERS).

export const TARGETS = { maxOverviewP95Ms: 50, maxPostsP95Ms: 50 } as const;

const FULL_BUSINESSES = 5_000;
const PGLITE_SHARE = 0.02;
/** Businesses per seeding statement: 500 accounts, about 500,000 daily rows. */
const CHUNK = 250;
const RANGE_DAYS = 90;
const CONCURRENCY = 4;

/** Instagram: the seven daily metrics the overview reads and three more the sync stores. */
const IG_METRICS = [
  ...dailyMetricsOf(['instagram']),
  'accounts_engaged',
  'likes',
  'comments',
] as const;
const IG_DAYS = 100;
/** The Page's daily metrics are exactly the ones the overview reads. */
const FB_METRICS = dailyMetricsOf(['facebook']);
const FB_DAYS = 143;
const POSTS_PER_ACCOUNT = 30;

export interface LatencyResult {
  requests: number;
  errors: number;
  durationS: number;
  throughput: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface EndpointResult {
  path: string;
  /** Statements the endpoint runs in its transaction (besides the settings and the session). */
  statements: number;
  rawSerial: LatencyResult;
  /**
   * The service function itself (the same statements and the figures worked out from them) on
   * the owner connection: no transaction, no row-level security, no HTTP layer.
   */
  serviceSerial: LatencyResult;
  apiSerial: LatencyResult;
  rawConcurrent: LatencyResult;
  apiConcurrent: LatencyResult;
  /** api p95 ÷ raw p95, one request in flight. */
  p95Ratio: number;
  /** api req/s ÷ raw req/s, `concurrency` in flight. */
  throughputRatio: number;
  /** The slowest statement, run once under row-level security with EXPLAIN (ANALYZE, BUFFERS). */
  slowestStatement: { meanMs: number; text: string; plan: string[] };
}

export interface AnalyticsQueriesTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  location?: string;
  share?: number;
  businesses?: number;
  accounts?: number;
  dailyRows?: number;
  postRows?: number;
  seedS?: number;
  overview?: EndpointResult;
  posts?: EndpointResult;
  targetsMet?: { overviewP95: boolean; postsP95: boolean };
}

export interface AnalyticsQueriesResult {
  name: 'analytics-queries';
  rangeDays: number;
  concurrency: number;
  targets: typeof TARGETS;
  results: AnalyticsQueriesTargetResult[];
}

interface Sizes {
  businesses: number;
  warmupS: number;
  durationS: number;
}

const seconds = (t0: number) => round((performance.now() - t0) / 1000, 2);
/** A deterministic id, with the version and variant digits a UUID validator expects. */
const idOf = (kind: string, g: string) =>
  `overlay(overlay(md5('socigen-analytics-${kind}-' || ${g}) placing '4' from 13) placing '8' from 17)::uuid`;
const userOf = (g: string) => idOf('user', g);
const connOf = (g: string, platform: string) => idOf('conn', `${g} || '-' || ${platform}`);
const textArray = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

/** Owners of `n` businesses (user, profile, business profile, trial), ids from `userOf`. */
export async function seedBusinesses(database: Database, n: number): Promise<string[]> {
  await database.query(
    `insert into auth.users (id, email, password_hash, email_confirmed_at)
       select ${userOf('g')}, 'bench-analytics-' || g || '@example.com', null, now()
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.profiles (id, full_name, settings)
       select ${userOf('g')}, 'Analytics Owner ' || g, '{"status":"active"}'::jsonb
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.business_profiles (user_id, business_name, time_zone)
       select ${userOf('g')}, 'Analytics Bakery ' || g, 'Europe/Berlin'
       from generate_series(1, ${n}) g`,
  );
  await database.query(
    `insert into public.subscription (user_id, plan, status, trial_ends_at)
       select ${userOf('g')}, 'trial', 'active', now() + interval '14 days'
       from generate_series(1, ${n}) g`,
  );
  const ids = await database.query<{ id: string }>(
    `select ${userOf('g')}::text as id from generate_series(1, ${n}) g order by g`,
  );
  return ids.rows.map((r) => r.id);
}

export async function seedAnalytics(
  database: Database,
  n: number,
): Promise<{ sessions: Array<{ userId: string; token: string }>; dailyRows: number }> {
  const owners = await seedBusinesses(database, n);
  await database.query(
    `insert into public.platform_connections (id, user_id, platform, login, external_id, name,
                                              access_token)
       select ${connOf('g', 'p')}, ${userOf('g')}, p, 'facebook', p || '-' || g,
              'Account ' || p || ' ' || g, 'not-a-token'
       from generate_series(1, ${n}) g cross join unnest(array['instagram', 'facebook']) p`,
  );
  await database.query(
    `insert into public.analytics_sync_states (connection_id, user_id, status, last_attempt_at,
         last_success_at, next_sync_at, backfilled_from, demographics_at, last_calls)
       select ${connOf('g', 'p')}, ${userOf('g')}, 'ok', now() - interval '3 hours',
              now() - interval '3 hours', now() + interval '21 hours',
              current_date - ${FB_DAYS}, now() - interval '2 days', 13
       from generate_series(1, ${n}) g cross join unnest(array['instagram', 'facebook']) p`,
  );
  // Days end yesterday; a value per account, metric and day, growing for follower totals. Written
  // day by day as the daily sync writes them: one account's rows of a day share a page, its days
  // do not.
  const daily = (platform: string, metrics: readonly string[], days: number) => `
    insert into public.analytics_daily (user_id, connection_id, metric, day, value, estimated,
                                        fetched_at)
    select ${userOf('g')}, ${connOf('g', `'${platform}'`)}, m.metric, current_date - d,
           case when m.metric in ('followers_count', 'page_follows')
                then 1000 + g % 5000 + (${days} - d) * 3
                else 50 + (g * 7919 + d * 104729 + m.i * 31) % 900 end,
           m.metric = 'followers_count' and d > 30,
           now() - (d - 1) * interval '1 day'
      from generate_series($1::int, $2::int) g
     cross join unnest(${textArray(metrics)}) with ordinality as m(metric, i)
     cross join generate_series(1, ${days}) d
     order by d desc, g, m.i`;
  // Posts over the last 100 days, a few hours apart from one business to the next.
  const posts = `
    insert into public.analytics_posts (id, user_id, connection_id, platform, external_id,
        product_type, caption, permalink, thumbnail_url, published_at, reach, views, likes,
        comments, shares, saves, interactions, metrics, fetched_at, next_sample_at)
    select ${idOf('post', "g || '-' || p || '-' || k")}, ${userOf('g')}, ${connOf('g', 'p')}, p,
           p || '-' || g || '-media-' || k,
           case when p = 'instagram' then (array['FEED', 'REELS', 'STORY'])[1 + k % 3]
                else (array['photo', 'status', 'video', 'link'])[1 + k % 4] end,
           'Fresh sourdough, batch ' || k, 'https://example.com/' || p || '/' || g || '/' || k,
           null, now() - ((k - 1) * 80 + g % 24 + 1) * interval '1 hour',
           r, r * 2, r / 10, r / 50, r / 100, r / 80, r / 10 + r / 50 + r / 100 + r / 80,
           case when p = 'instagram' then jsonb_build_object('profile_visits', r / 20)
                else '{}'::jsonb end,
           now() - interval '3 hours',
           case when k < 12 then now() + interval '1 day' end
      from generate_series($1::int, $2::int) g
     cross join unnest(array['instagram', 'facebook']) p
     cross join generate_series(1, ${POSTS_PER_ACCOUNT}) k
     cross join lateral (select (200 + (g * 31 + k * 17) % 3000)::float8 as r) v`;
  let written = 0;
  const t0 = performance.now();
  for (let first = 1; first <= n; first += CHUNK) {
    const last = Math.min(n, first + CHUNK - 1);
    await database.query(daily('instagram', IG_METRICS, IG_DAYS), [first, last]);
    await database.query(daily('facebook', FB_METRICS, FB_DAYS), [first, last]);
    await database.query(posts, [first, last]);
    written += (last - first + 1) * (IG_METRICS.length * IG_DAYS + FB_METRICS.length * FB_DAYS);
    log(
      `  analytics: ${last} / ${n} businesses, ${written.toLocaleString('en')} daily rows ` +
        `(${Math.round(written / ((performance.now() - t0) / 1000)).toLocaleString('en')} rows/s)`,
    );
  }
  const sessions = owners.map((userId) => ({
    userId,
    token: randomBytes(32).toString('base64url'),
  }));
  await database.query(
    `insert into auth.sessions (user_id, token_hash, expires_at, idle_expires_at, absolute_expires_at)
       select u, h, now() + interval '1 day', now() + interval '14 days', now() + interval '30 days'
       from unnest($1::uuid[], $2::text[]) as t(u, h)`,
    [sessions.map((u) => u.userId), sessions.map((u) => hashToken(u.token))],
  );
  const t1 = performance.now();
  await database.query('vacuum (analyze)');
  log(`  analytics: vacuum (analyze) in ${seconds(t1)} s`);
  return { sessions, dailyRows: written };
}

/** Nearest-rank figures of one measured run. */
function latencyOf(latencies: number[], errors: number, durationS: number): LatencyResult {
  return {
    requests: latencies.length,
    errors,
    durationS: round(durationS, 3),
    throughput: round(latencies.length / (durationS || 1), 1),
    p50Ms: round(percentile(latencies, 50), 3),
    p95Ms: round(percentile(latencies, 95), 3),
    p99Ms: round(percentile(latencies, 99), 3),
    maxMs: round(percentile(latencies, 100), 3),
  };
}

/** A closed loop like lib.ts runLoad, reporting p95 as well. */
async function measure(options: {
  concurrency: number;
  warmupS: number;
  durationS: number;
  op: () => Promise<void>;
}): Promise<LatencyResult> {
  const warmupEnd = performance.now() + options.warmupS * 1000;
  let measureStart = 0;
  let measureEnd = Number.POSITIVE_INFINITY;
  let recording = false;
  let errors = 0;
  let firstError: unknown;
  const latencies: number[] = [];
  const worker = async () => {
    for (;;) {
      const now = performance.now();
      if (!recording && now >= warmupEnd) {
        recording = true;
        measureStart = now;
        measureEnd = now + options.durationS * 1000;
      }
      if (recording && now >= measureEnd) return;
      const record = recording;
      const t0 = performance.now();
      try {
        await options.op();
        if (record) latencies.push(performance.now() - t0);
      } catch (error) {
        if (record) errors += 1;
        firstError ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (latencies.length === 0 && firstError) throw firstError;
  return latencyOf(latencies, errors, recording ? (performance.now() - measureStart) / 1000 : 0);
}

interface Recorded {
  query: SQL;
  text: string;
  params: unknown[];
  rows: number;
}

/**
 * Runs `fn` (one request) with every statement the request's tenant transaction executes
 * recorded: the SQL the endpoint builds, to replay over the raw connection.
 */
async function recordStatements(database: Database, fn: () => Promise<void>): Promise<Recorded[]> {
  const dialect = new PgDialect();
  const recorded: Recorded[] = [];
  const original = database.scopedTransaction.bind(database);
  database.scopedTransaction = (settings, body) =>
    original(settings, (tx) => {
      const proxy = new Proxy(tx, {
        get(target, prop, receiver) {
          if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
          return async (query: SQL) => {
            const { sql: text, params } = dialect.sqlToQuery(query);
            const result = await target.execute(query);
            recorded.push({ query, text, params, rows: rowsOf(result).length });
            return result;
          };
        },
      });
      return body(proxy);
    });
  try {
    await fn();
  } finally {
    database.scopedTransaction = original;
  }
  return recorded;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, run as the business (row-level security on). */
async function explainAsTenant(database: Database, tenantId: string, query: SQL) {
  const rows = await database.scopedTransaction(
    tenantSettings(businessScope(tenantId)),
    async (tx: Tx) =>
      rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain (analyze, buffers) ${query}`)),
  );
  return rows.map((r) => r['QUERY PLAN']);
}

async function measureEndpoint(
  database: Database,
  tenantId: string,
  url: string,
  api: (url: string) => Promise<unknown>,
  service: () => Promise<unknown>,
  sizes: Sizes,
  label: string,
): Promise<EndpointResult> {
  await api(url);
  const statements = await recordStatements(database, async () => {
    await api(url);
  });
  // The same statements with the same values over the raw connection, one after the other.
  const replay = async () => {
    for (const s of statements) await database.query(s.text, s.params);
  };
  for (const s of statements) {
    const rows = (await database.query(s.text, s.params)).rows.length;
    if (rows !== s.rows) {
      throw new Error(`${label}: raw replay found ${rows} rows where the API found ${s.rows}`);
    }
  }
  const serial = { concurrency: 1, warmupS: sizes.warmupS, durationS: sizes.durationS };
  const concurrent = { ...serial, concurrency: CONCURRENCY };
  log(`  ${label}: raw SQL, one in flight ...`);
  const rawSerial = await measure({ ...serial, op: replay });
  log(`  ${label}: service on the owner connection, one in flight ...`);
  const serviceSerial = await measure({ ...serial, op: () => service().then(() => {}) });
  log(`  ${label}: api, one in flight ...`);
  const apiSerial = await measure({ ...serial, op: () => api(url).then(() => {}) });
  log(`  ${label}: raw SQL, ${CONCURRENCY} in flight ...`);
  const rawConcurrent = await measure({ ...concurrent, op: replay });
  log(`  ${label}: api, ${CONCURRENCY} in flight ...`);
  const apiConcurrent = await measure({ ...concurrent, op: () => api(url).then(() => {}) });

  // The slowest statement over the raw connection, then its plan as the business sees it.
  const means = [];
  for (const s of statements) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await database.query(s.text, s.params);
      times.push(performance.now() - t0);
    }
    means.push(times.reduce((a, b) => a + b, 0) / times.length);
  }
  const slowest = means.indexOf(Math.max(...means));
  const plan = await explainAsTenant(database, tenantId, statements[slowest]!.query);
  return {
    path: url,
    statements: statements.length,
    rawSerial,
    serviceSerial,
    apiSerial,
    rawConcurrent,
    apiConcurrent,
    p95Ratio: round(apiSerial.p95Ms / rawSerial.p95Ms, 2),
    throughputRatio: round(apiConcurrent.throughput / rawConcurrent.throughput, 3),
    slowestStatement: {
      meanMs: round(means[slowest]!, 3),
      text: statements[slowest]!.text.replace(/\s+/g, ' ').trim(),
      plan,
    },
  };
}

async function runTarget(
  target: 'pglite' | 'postgres',
  database: Database,
  location: string,
  share: number,
  sizes: Sizes,
): Promise<AnalyticsQueriesTargetResult> {
  const t0 = performance.now();
  log(`analytics-queries [${target}]: seeding ${sizes.businesses} businesses ...`);
  const { sessions, dailyRows } = await seedAnalytics(database, sizes.businesses);
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
    const owner = sessions[0]!;
    const account = (
      await database.query<{ id: string }>(
        `select id::text as id from public.platform_connections
          where user_id = $1 and platform = 'instagram'`,
        [owner.userId],
      )
    ).rows[0]!.id;
    const api = async (url: string) => {
      const res = await app.request(url, { headers: { cookie: `sg_session=${owner.token}` } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body}`);
      return JSON.parse(body) as { data: unknown };
    };
    const query = `account=${account}&range=${RANGE_DAYS}`;
    const overviewUrl = `/api/analytics/overview?${query}`;
    const postsUrl = `/api/analytics/posts?${query}`;
    // The figures are there: every card of the account has a value, and posts are listed.
    const first = (await api(overviewUrl)).data as {
      cards: Array<{ key: string; value: number | null }>;
    };
    const empty = first.cards.filter((c) => c.value === null);
    if (empty.length > 0) {
      throw new Error(`overview: no value for ${empty.map((c) => c.key).join(', ')}`);
    }
    const page = (await api(postsUrl)).data as { total: number };
    if (!(page.total > 0)) throw new Error('posts: none found in the period');

    // The service functions with every transaction replaced by the owner connection itself.
    const ownerDatabase: Database = {
      ...database,
      scopedTransaction: (_settings, fn) => fn(database.unsafeDb as unknown as Tx),
    };
    const ownerDeps = { ...runtime.deps, database: ownerDatabase };
    const scope = businessScope(owner.userId);
    const input = { account, range: String(RANGE_DAYS) };
    const overviewQuery = analyticsQuerySchema.parse(input);
    const postsQuery = topPostsQuerySchema.parse(input);

    log(`analytics-queries [${target}]: overview ...`);
    const overview = await measureEndpoint(
      database,
      owner.userId,
      overviewUrl,
      api,
      () => overviewIn(ownerDeps, scope, overviewQuery),
      sizes,
      'overview',
    );
    log(`analytics-queries [${target}]: posts ...`);
    const posts = await measureEndpoint(
      database,
      owner.userId,
      postsUrl,
      api,
      () => topPostsIn(ownerDeps, scope, postsQuery),
      sizes,
      'posts',
    );
    return {
      target,
      location,
      share,
      businesses: sizes.businesses,
      accounts: sizes.businesses * 2,
      dailyRows,
      postRows: sizes.businesses * 2 * POSTS_PER_ACCOUNT,
      seedS,
      overview,
      posts,
      targetsMet: {
        overviewP95: overview.apiSerial.p95Ms <= TARGETS.maxOverviewP95Ms,
        postsP95: posts.apiSerial.p95Ms <= TARGETS.maxPostsP95Ms,
      },
    };
  } finally {
    await runtime.close();
  }
}

async function onPglite(sizes: Sizes): Promise<AnalyticsQueriesTargetResult> {
  const small = { ...sizes, businesses: Math.max(5, Math.round(sizes.businesses * PGLITE_SHARE)) };
  return onScratchPglite('analytics', (database, where) =>
    runTarget(
      'pglite',
      database,
      `${where} (${PGLITE_SHARE * 100} % of the size)`,
      PGLITE_SHARE,
      small,
    ),
  );
}

async function onPostgres(sizes: Sizes, adminUrl: string): Promise<AnalyticsQueriesTargetResult> {
  const result = await onScratchPostgres(adminUrl, (database, where) =>
    runTarget('postgres', database, where, 1, sizes),
  );
  return 'skipped' in result ? { target: 'postgres', skipped: result.skipped } : result;
}

export async function analyticsQueries(config: BenchConfig): Promise<AnalyticsQueriesResult> {
  const sizes: Sizes = {
    businesses: Math.max(5, Math.round(FULL_BUSINESSES * config.scale)),
    warmupS: Math.max(0.5, 1 * Math.min(config.scale, 1)),
    durationS: Math.max(1, 5 * Math.min(config.scale, 1)),
  };
  return {
    name: 'analytics-queries',
    rangeDays: RANGE_DAYS,
    concurrency: CONCURRENCY,
    targets: TARGETS,
    results: [await onPglite(sizes), await onPostgres(sizes, config.postgresAdminUrl)],
  };
}

const PLAN_LINES = 24;

export function printAnalyticsQueries(result: AnalyticsQueriesResult): string {
  const out = [
    `one Instagram account, range=${result.rangeDays}; targets: overview api p95 ≤ ${TARGETS.maxOverviewP95Ms} ms ` +
      `(posts reported against ${TARGETS.maxPostsP95Ms} ms); raw = the same statements over the raw connection`,
  ];
  for (const r of result.results) {
    out.push('');
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    out.push(
      `[${r.target}] ${r.location}: ${r.businesses} businesses, ${r.accounts} accounts, ` +
        `${r.dailyRows!.toLocaleString('en')} daily rows, ${r.postRows!.toLocaleString('en')} posts, seeded in ${r.seedS} s`,
    );
    const row = (label: string, x: LatencyResult, ratio: string) => [
      label,
      x.requests,
      x.throughput,
      formatMs(x.p50Ms),
      formatMs(x.p95Ms),
      formatMs(x.p99Ms),
      formatMs(x.maxMs),
      x.errors,
      ratio,
    ];
    const rows: Array<Array<string | number>> = [
      ['run', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', '× raw'],
    ];
    for (const [name, e] of [
      ['overview', r.overview!],
      ['posts', r.posts!],
    ] as const) {
      rows.push(
        row(`${name}: raw SQL, 1 in flight`, e.rawSerial, ''),
        row(`${name}: service, no RLS, 1 in flight`, e.serviceSerial, ''),
        row(`${name}: api, 1 in flight`, e.apiSerial, `p95 ${e.p95Ratio.toFixed(2)}`),
        row(`${name}: raw SQL, ${result.concurrency} in flight`, e.rawConcurrent, ''),
        row(
          `${name}: api, ${result.concurrency} in flight`,
          e.apiConcurrent,
          `req/s ${e.throughputRatio.toFixed(3)}`,
        ),
      );
    }
    out.push(table(rows));
    out.push(
      `statements: overview ${r.overview!.statements}, posts ${r.posts!.statements}; targets: ` +
        `overview p95 ${r.targetsMet!.overviewP95 ? 'met' : 'NOT met'}, ` +
        `posts p95 ${r.targetsMet!.postsP95 ? 'met' : 'NOT met'}`,
    );
    for (const [name, e] of [
      ['overview', r.overview!],
      ['posts', r.posts!],
    ] as const) {
      const s = e.slowestStatement;
      out.push(
        `${name}: slowest statement (${formatMs(s.meanMs)} ms raw): ${s.text.slice(0, 160)}…`,
      );
      const plan = s.plan.slice(0, PLAN_LINES).map((l) => `    ${l}`);
      if (s.plan.length > PLAN_LINES) plan.push(`    … ${s.plan.length - PLAN_LINES} more lines`);
      out.push(...plan);
    }
  }
  return out.join('\n');
}
