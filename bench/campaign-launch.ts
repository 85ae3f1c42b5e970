import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import {
  CAMPAIGN_LIMITS,
  type MediaRequirement,
  type PlannedPost,
} from '#shared/contracts/campaign-plan.contract.ts';
import { checkLaunch } from '#server/features/campaigns/launch-gate.ts';
import { launchCampaign } from '#server/features/campaigns/launch.ts';
import { QUOTA_WINDOW_MS } from '#server/features/campaigns/quota-window.ts';
import { metaRuntime } from '#server/features/platforms/meta-runtime.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { Database } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { loadEnv } from '#server/platform/env.ts';
import { createRuntime } from '#server/runtime.ts';
import { WORLDS_PER_SIMULATOR, seedAccounts, type Shard } from './analytics-sync.ts';
import {
  formatMs,
  log,
  onScratchPglite,
  onScratchPostgres,
  percentile,
  round,
  table,
  type BenchConfig,
} from './lib.ts';

// The launch of a campaign (docs/product/screens.md#campaigns: review → launch) at the most posts
// a plan holds: N businesses, each with a Facebook Page and its Instagram account connected with
// a Page token of the in-process Graph API simulator (demo mode, as `npm start` runs it) and a
// photo in its library for every post, launch one 200-post plan each. The plan alternates the
// Page and the Instagram account every EVERY_HOURS hours, so the Instagram account gets one post
// every 12 hours, far within the 24-hour limit the simulator answers (content_publishing_limit's
// quota_total). Measured per business: the launch gate alone (checkLaunch: every post checked as
// a scheduled save, the quota read once per account, the 24-hour windows), then the launch
// (launchCampaign: the gate again, the 200 posts written in one transaction, the publish jobs
// sent after commit). The physical limit, measured in the same run on the same database: the
// same 200 calendar_events and 200 platform_posts rows the launch wrote, inserted for a fresh
// business in one transaction, as 400 single-row INSERTs and as two multi-row INSERTs, past
// row-level security. The ratio launch p95 ÷ floor p50 says how much of a launch is the writing
// of its rows. The first business is a warm-up of WARMUP_POSTS posts and is not recorded.
//
// A 200-post launch takes seconds, so a full run measures FULL_BUSINESSES launches per database,
// not more, to stay near 90 s: with so few, p95 is the slowest launch.

const FULL_BUSINESSES = 5;
const POSTS = CAMPAIGN_LIMITS.maxPosts;
const EVERY_HOURS = 6;
const WARMUP = 1;
const WARMUP_POSTS = 20;
const HOUR_MS = 3_600_000;

const PHOTO: MediaRequirement = {
  kind: 'image',
  count: 1,
  aspectRatio: '4:5',
  minSeconds: null,
  maxSeconds: null,
  description: 'a close-up of the sourdough crust, morning light',
};

interface Timings {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface CampaignLaunchTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  location?: string;
  /** Businesses measured (each launched one campaign), after WARMUP unrecorded ones. */
  businesses?: number;
  postsPerCampaign?: number;
  seedS?: number;
  instagram?: {
    /** quota_total the simulator answers for content_publishing_limit. */
    limitPer24h: number;
    /** The most of one campaign's Instagram posts in any 24 hours. */
    plannedMaxPer24h: number;
  };
  check?: Timings;
  launch?: Timings;
  /** Each launch's time less its own gate's: about the write and the sending of the jobs. */
  launchLessCheck?: Timings;
  /** Rows each launch left: calendar events of type campaign and their deliveries. */
  rowsPerLaunch?: { events: number; deliveries: number };
  floor?: { singleRow: Timings; multiRow: Timings };
  ratios?: {
    /** Launch p95 ÷ floor p50 of 400 single-row INSERTs. */
    launchP95ToSingleRowP50: number;
    /** Launch p95 ÷ floor p50 of two multi-row INSERTs. */
    launchP95ToMultiRowP50: number;
    /** The gate's p95 ÷ floor p50 of 400 single-row INSERTs. */
    checkP95ToSingleRowP50: number;
  };
}

export interface CampaignLaunchResult {
  name: 'campaign-launch';
  postsPerCampaign: number;
  everyHours: number;
  warmup: number;
  warmupPosts: number;
  results: CampaignLaunchTargetResult[];
}

interface Business {
  tenantId: string;
  deps: AppDeps;
  page: string;
  instagram: string;
}

const timings = (values: number[]): Timings => ({
  p50Ms: round(percentile(values, 50), 1),
  p95Ms: round(percentile(values, 95), 1),
  maxMs: round(Math.max(...values), 1),
});

const contextOf = (b: Business): ServiceContext => ({
  deps: b.deps,
  actor: { userId: b.tenantId, tenantId: b.tenantId, tenantRole: 'owner', isAdmin: false },
});

/** The start of the hour `hours` from now. */
function hoursAhead(hours: number): Date {
  const at = new Date(Date.now() + hours * HOUR_MS);
  at.setUTCMinutes(0, 0, 0);
  return at;
}

/** A photo in the library of each business for every post, as an upload leaves it when ready. */
async function seedPhotos(
  database: Database,
  businesses: Business[],
): Promise<Map<string, string[]>> {
  const photos = new Map<string, string[]>();
  const ids: string[] = [];
  const owners: string[] = [];
  for (const b of businesses) {
    const mine = Array.from({ length: POSTS }, () => randomUUID());
    photos.set(b.tenantId, mine);
    ids.push(...mine);
    owners.push(...mine.map(() => b.tenantId));
  }
  await database.query(
    `insert into public.media_items (id, user_id, name, kind, mime_type, size_bytes, width,
         height, content_hash, storage_key, status)
       select id, user_id, 'photo-' || id || '.jpg', 'image', 'image/jpeg', 500000, 1080, 1350,
              id::text, 'bench/' || id, 'ready'
         from unnest($1::uuid[], $2::uuid[]) as t(id, user_id)`,
    [ids, owners],
  );
  return photos;
}

/** The 200-post plan: the Page and the Instagram account in turn, every EVERY_HOURS hours. */
function planFor(b: Business, photos: string[], start: Date): PlannedPost[] {
  return photos.map((photo, i) => ({
    key: `post-${i + 1}`,
    scheduledFor: new Date(start.getTime() + i * EVERY_HOURS * HOUR_MS).toISOString(),
    connectionId: i % 2 === 0 ? b.page : b.instagram,
    format: 'post',
    caption: `Autumn bakes, day ${Math.floor(i / 4) + 1}\nFresh from the oven, post ${i + 1}.`,
    hashtags: ['#bakery', '#sourdough'],
    firstComment: null,
    media: PHOTO,
    mediaIds: [photo],
  }));
}

/** The most posts of one account in any 24 hours of a plan. */
function maxPer24h(posts: readonly PlannedPost[], connectionId: string): number {
  const times = posts
    .filter((p) => p.connectionId === connectionId)
    .map((p) => Date.parse(p.scheduledFor))
    .sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= QUOTA_WINDOW_MS) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

interface EventValues {
  id: string;
  userId: string;
  title: string;
  content: string | null;
  platforms: string;
  type: string;
  status: string;
  scheduledFor: string | null;
  createdAt: string;
  updatedAt: string;
}

interface DeliveryValues {
  id: string;
  userId: string;
  calendarEventId: string;
  connectionId: string;
  platform: string;
  format: string;
  mediaIds: string;
  firstComment: string | null;
  status: string;
  scheduledFor: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
}

interface FloorRows {
  events: EventValues[];
  deliveries: DeliveryValues[];
}

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

/**
 * The rows a launch wrote for `from`, as the same rows of business `to`: new ids, `to`'s own
 * accounts of the same platforms, every other value as the launch wrote it (array columns in
 * their text form).
 */
async function rowsFor(database: Database, from: Business, to: Business): Promise<FloorRows> {
  const events = await database.query<Record<string, unknown>>(
    `select id, title, content, platforms::text as platforms, type, status, scheduled_for,
            created_at, updated_at
       from public.calendar_events where user_id = $1 order by created_at, id`,
    [from.tenantId],
  );
  const deliveries = await database.query<Record<string, unknown>>(
    `select calendar_event_id, platform, format, media_ids::text as media_ids, first_comment,
            status, scheduled_for, next_attempt_at, created_at, updated_at
       from public.platform_posts where user_id = $1 order by created_at, id`,
    [from.tenantId],
  );
  const eventIds = new Map<string, string>();
  return {
    events: events.rows.map((e) => {
      const id = randomUUID();
      eventIds.set(e.id as string, id);
      return {
        id,
        userId: to.tenantId,
        title: e.title as string,
        content: e.content as string | null,
        platforms: e.platforms as string,
        type: e.type as string,
        status: e.status as string,
        scheduledFor: iso(e.scheduled_for),
        createdAt: iso(e.created_at)!,
        updatedAt: iso(e.updated_at)!,
      };
    }),
    deliveries: deliveries.rows.map((d) => ({
      id: randomUUID(),
      userId: to.tenantId,
      calendarEventId: eventIds.get(d.calendar_event_id as string)!,
      connectionId: d.platform === 'instagram' ? to.instagram : to.page,
      platform: d.platform as string,
      format: d.format as string,
      mediaIds: d.media_ids as string,
      firstComment: d.first_comment as string | null,
      status: d.status as string,
      scheduledFor: iso(d.scheduled_for),
      nextAttemptAt: iso(d.next_attempt_at),
      createdAt: iso(d.created_at)!,
      updatedAt: iso(d.updated_at)!,
    })),
  };
}

const EVENT_COLUMNS = sql.raw(
  'id, user_id, title, content, platforms, type, status, scheduled_for, created_at, updated_at',
);
const DELIVERY_COLUMNS = sql.raw(
  'id, user_id, calendar_event_id, connection_id, platform, format, media_ids, first_comment, ' +
    'status, scheduled_for, next_attempt_at, created_at, updated_at',
);

const eventTuple = (e: EventValues): SQL =>
  sql`(${e.id}::uuid, ${e.userId}::uuid, ${e.title}, ${e.content}, ${e.platforms}::text[],
       ${e.type}, ${e.status}, ${e.scheduledFor}::timestamptz, ${e.createdAt}::timestamptz,
       ${e.updatedAt}::timestamptz)`;

const deliveryTuple = (d: DeliveryValues): SQL =>
  sql`(${d.id}::uuid, ${d.userId}::uuid, ${d.calendarEventId}::uuid, ${d.connectionId}::uuid,
       ${d.platform}, ${d.format}, ${d.mediaIds}::uuid[], ${d.firstComment}, ${d.status},
       ${d.scheduledFor}::timestamptz, ${d.nextAttemptAt}::timestamptz,
       ${d.createdAt}::timestamptz, ${d.updatedAt}::timestamptz)`;

/** One transaction of one INSERT per row; its time in milliseconds. */
async function singleRowFloor(database: Database, rows: FloorRows): Promise<number> {
  const t0 = performance.now();
  await database.unsafeDb.transaction(async (tx) => {
    for (const e of rows.events) {
      await tx.execute(sql`insert into public.calendar_events (${EVENT_COLUMNS})
                             values ${eventTuple(e)}`);
    }
    for (const d of rows.deliveries) {
      await tx.execute(sql`insert into public.platform_posts (${DELIVERY_COLUMNS})
                             values ${deliveryTuple(d)}`);
    }
  });
  return performance.now() - t0;
}

/** One transaction of one INSERT per table; its time in milliseconds. */
async function multiRowFloor(database: Database, rows: FloorRows): Promise<number> {
  const t0 = performance.now();
  await database.unsafeDb.transaction(async (tx) => {
    await tx.execute(sql`insert into public.calendar_events (${EVENT_COLUMNS})
                           values ${sql.join(rows.events.map(eventTuple), sql`, `)}`);
    await tx.execute(sql`insert into public.platform_posts (${DELIVERY_COLUMNS})
                           values ${sql.join(rows.deliveries.map(deliveryTuple), sql`, `)}`);
  });
  return performance.now() - t0;
}

async function countRows(database: Database, tenantId: string) {
  const { rows } = await database.query<{ events: number; deliveries: number }>(
    `select (select count(*)::int from public.calendar_events
              where user_id = $1 and type = 'campaign' and status = 'scheduled') as events,
            (select count(*)::int from public.platform_posts
              where user_id = $1 and status = 'scheduled') as deliveries`,
    [tenantId],
  );
  return rows[0]!;
}

async function runTarget(
  target: 'pglite' | 'postgres',
  database: Database,
  location: string,
  measured: number,
): Promise<CampaignLaunchTargetResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-campaign-launch-'));
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
    const launches = measured + WARMUP;
    // Each launch has two fresh businesses for its floors: one per way of inserting.
    const total = launches * 3;
    const shards: Shard[] = [];
    for (let i = 0; i < Math.ceil(total / WORLDS_PER_SIMULATOR); i++) {
      const shardDeps: AppDeps = { ...deps };
      const { simulator } = metaRuntime(shardDeps);
      if (!simulator) throw new Error('the app is not in demo mode: no simulator');
      shards.push({ deps: shardDeps, simulator });
    }
    log(
      `campaign-launch [${target}]: ${total} businesses (${launches} launching, ${launches * 2} ` +
        `for the floor), ${POSTS} photos each for ${launches} ...`,
    );
    const t0 = performance.now();
    const accounts = await seedAccounts(
      database,
      shards,
      (token, context) => deps.secrets.encrypt(token, context),
      total,
    );
    const byTenant = new Map<string, Business>();
    for (const a of accounts) {
      const b = byTenant.get(a.tenantId) ?? {
        tenantId: a.tenantId,
        deps: a.deps,
        page: '',
        instagram: '',
      };
      if (a.platform === 'facebook') b.page = a.connectionId;
      else b.instagram = a.connectionId;
      byTenant.set(a.tenantId, b);
    }
    const businesses = [...byTenant.values()];
    const launching = businesses.slice(0, launches);
    const singleRowFloors = businesses.slice(launches, launches * 2);
    const multiRowFloors = businesses.slice(launches * 2);
    const photos = await seedPhotos(database, launching);
    await database.query('analyze');
    const seedS = round((performance.now() - t0) / 1000, 2);
    const limitPer24h = shards[0]!.simulator.state.config.quotaTotal;

    const check: number[] = [];
    const launch: number[] = [];
    const launchLessCheck: number[] = [];
    const singleRow: number[] = [];
    const multiRow: number[] = [];
    let plannedMaxPer24h = 0;
    let rowsPerLaunch = { events: Number.POSITIVE_INFINITY, deliveries: Number.POSITIVE_INFINITY };
    for (const [i, b] of launching.entries()) {
      const record = i >= WARMUP;
      const ctx = contextOf(b);
      const all = planFor(b, photos.get(b.tenantId)!, hoursAhead(48));
      const posts = record ? all : all.slice(0, WARMUP_POSTS);
      plannedMaxPer24h = Math.max(plannedMaxPer24h, maxPer24h(posts, b.instagram));
      if (plannedMaxPer24h > limitPer24h) {
        throw new Error(`the plan holds ${plannedMaxPer24h} Instagram posts in 24 hours`);
      }

      let started = performance.now();
      const gate = await checkLaunch(ctx, posts, new Date());
      const checkMs = performance.now() - started;
      if (!gate.ok) {
        throw new Error(
          `the gate refused the plan: ${gate.problems.map((p) => `${p.field} ${p.rule}`).join(', ')}`,
        );
      }
      started = performance.now();
      const launched = await launchCampaign(ctx, posts, new Date());
      const launchMs = performance.now() - started;
      if (Object.keys(launched.eventIds).length !== posts.length) {
        throw new Error('the launch did not schedule every post');
      }
      const counted = await countRows(database, b.tenantId);
      if (record) {
        rowsPerLaunch = {
          events: Math.min(rowsPerLaunch.events, counted.events),
          deliveries: Math.min(rowsPerLaunch.deliveries, counted.deliveries),
        };
      }

      const singleMs = await singleRowFloor(
        database,
        await rowsFor(database, b, singleRowFloors[i]!),
      );
      const multiMs = await multiRowFloor(database, await rowsFor(database, b, multiRowFloors[i]!));
      if (record) {
        check.push(checkMs);
        launch.push(launchMs);
        launchLessCheck.push(launchMs - checkMs);
        singleRow.push(singleMs);
        multiRow.push(multiMs);
      }
      log(
        `  ${record ? `launch ${i - WARMUP + 1} / ${measured}` : 'warm-up'}: check ` +
          `${formatMs(checkMs)} ms, launch ${formatMs(launchMs)} ms, floor ${formatMs(singleMs)} / ` +
          `${formatMs(multiMs)} ms`,
      );
    }

    const checkT = timings(check);
    const launchT = timings(launch);
    const singleT = timings(singleRow);
    const multiT = timings(multiRow);
    return {
      target,
      location,
      businesses: measured,
      postsPerCampaign: POSTS,
      seedS,
      instagram: { limitPer24h, plannedMaxPer24h },
      check: checkT,
      launch: launchT,
      launchLessCheck: timings(launchLessCheck),
      rowsPerLaunch,
      floor: { singleRow: singleT, multiRow: multiT },
      ratios: {
        launchP95ToSingleRowP50: round(launchT.p95Ms / singleT.p50Ms, 2),
        launchP95ToMultiRowP50: round(launchT.p95Ms / multiT.p50Ms, 2),
        checkP95ToSingleRowP50: round(checkT.p95Ms / singleT.p50Ms, 2),
      },
    };
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function campaignLaunch(config: BenchConfig): Promise<CampaignLaunchResult> {
  const businesses = Math.max(2, Math.round(FULL_BUSINESSES * config.scale));
  const pglite = await onScratchPglite('campaign-launch-db', (database, where) =>
    runTarget('pglite', database, where, businesses),
  );
  const postgres = await onScratchPostgres(config.postgresAdminUrl, (database, where) =>
    runTarget('postgres', database, where, businesses),
  );
  return {
    name: 'campaign-launch',
    postsPerCampaign: POSTS,
    everyHours: EVERY_HOURS,
    warmup: WARMUP,
    warmupPosts: WARMUP_POSTS,
    results: [
      pglite,
      'skipped' in postgres ? { target: 'postgres', skipped: postgres.skipped } : postgres,
    ],
  };
}

export function printCampaignLaunch(result: CampaignLaunchResult): string {
  const out = [
    `launch of a ${result.postsPerCampaign}-post campaign per business (Page and Instagram in ` +
      `turn every ${result.everyHours} h, a photo each; ${result.warmup} warm-up launch of ` +
      `${result.warmupPosts} posts not recorded; p95 of few launches is the slowest); ` +
      'floor: the same 200 calendar_events + 200 platform_posts rows inserted for a ' +
      'fresh business in one transaction, as 400 single-row INSERTs and as 2 multi-row INSERTs',
  ];
  for (const r of result.results) {
    out.push('');
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    out.push(
      `[${r.target}] ${r.location}: ${r.businesses} launches, set up in ${r.seedS} s; ` +
        `Instagram: at most ${r.instagram!.plannedMaxPer24h} planned posts in 24 h, limit ` +
        `${r.instagram!.limitPer24h}; each launch left ${r.rowsPerLaunch!.events} campaign ` +
        `events and ${r.rowsPerLaunch!.deliveries} scheduled deliveries`,
    );
    out.push(
      table([
        [
          'step',
          'p50 ms',
          'p95 ms',
          'max ms',
          'p95 ÷ floor p50 (400 × 1 row)',
          'p95 ÷ floor p50 (2 × 200 rows)',
        ],
        [
          'launch gate (checkLaunch)',
          formatMs(r.check!.p50Ms),
          formatMs(r.check!.p95Ms),
          formatMs(r.check!.maxMs),
          r.ratios!.checkP95ToSingleRowP50,
          round(r.check!.p95Ms / r.floor!.multiRow.p50Ms, 2),
        ],
        [
          'launch (launchCampaign)',
          formatMs(r.launch!.p50Ms),
          formatMs(r.launch!.p95Ms),
          formatMs(r.launch!.maxMs),
          r.ratios!.launchP95ToSingleRowP50,
          r.ratios!.launchP95ToMultiRowP50,
        ],
        [
          'launch less its gate',
          formatMs(r.launchLessCheck!.p50Ms),
          formatMs(r.launchLessCheck!.p95Ms),
          formatMs(r.launchLessCheck!.maxMs),
          round(r.launchLessCheck!.p95Ms / r.floor!.singleRow.p50Ms, 2),
          round(r.launchLessCheck!.p95Ms / r.floor!.multiRow.p50Ms, 2),
        ],
        [
          'floor: 400 single-row INSERTs',
          formatMs(r.floor!.singleRow.p50Ms),
          formatMs(r.floor!.singleRow.p95Ms),
          formatMs(r.floor!.singleRow.maxMs),
          '',
          '',
        ],
        [
          'floor: 2 multi-row INSERTs',
          formatMs(r.floor!.multiRow.p50Ms),
          formatMs(r.floor!.multiRow.p95Ms),
          formatMs(r.floor!.multiRow.maxMs),
          '',
          '',
        ],
      ]),
    );
  }
  return out.join('\n');
}
