import { AUDIENCE_LIMITS, type SegmentNode } from '#shared/contracts/audience.contract.ts';
import { segmentWhere } from '#server/features/audience/segment-sql.ts';
import {
  countContactsWhere,
  sampleContactsWhere,
} from '#server/features/audience/segments.repository.ts';
import { sql } from 'drizzle-orm';
import { audienceContacts } from '#server/features/audience/audience.tables.ts';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
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

// The live count of a segment (docs/decisions/097-audience.md) on one business with many
// contacts: a three-level tree — AND of [platform is instagram, OR of [interactionCount ≥ 5,
// sentiment ≥ 0.5], NOT of [tags has any of vip]] — counted as the builder's preview counts it
// (segments.repository.ts countContactsWhere over segment-sql.ts segmentWhere, in a withTenant
// transaction under row-level security), against the physical limit measured in the same run on
// the same database: the same count written by hand, sent over the raw connection (the owner's
// role, no transaction, no row-level security). Reported: p50/p95 of RUNS counts each, the ratio
// of the p95s, whether the preview's p95 is within TARGET_MS, and the plan of the count; then
// the preview's other statement, the sample (newest first, through the index on (user_id,
// last_interaction_at desc nulls last, id)), with its latency and plan.
//
// Contacts are seeded with generate_series, FULL_POSTGRES at scale 1 on PostgreSQL, in chunks
// that stop once SEED_BUDGET_MS has passed (the count seeded is reported), and FULL_PGLITE on
// PGlite, whose single-process engine would take minutes to seed and scan a million rows.

const FULL_POSTGRES = 1_000_000;
const FULL_PGLITE = 100_000;
const CHUNK = 100_000;
const SEED_BUDGET_MS = 60_000;
const RUNS = 20;
const WARMUP = 2;
const TARGET_MS = 200;
const BUSINESS = '6a0f1b1e-2d3c-4b5a-8c7d-9e0f1a2b3c4d';

const TREE: SegmentNode = {
  op: 'and',
  children: [
    { field: 'platform', operator: 'is', value: 'instagram' },
    {
      op: 'or',
      children: [
        { field: 'interactionCount', operator: 'gte', value: 5 },
        { field: 'sentiment', operator: 'gte', value: 0.5 },
      ],
    },
    { op: 'not', children: [{ field: 'tags', operator: 'hasAny', value: ['vip'] }] },
  ],
};

/** The same count, written by hand. */
const HAND_WRITTEN = `select count(*)::int as n from audience_contacts
  where user_id = $1
    and platforms @> array['instagram']::text[]
    and (comment_count + message_count >= 5 or coalesce(sentiment >= 0.5, false))
    and not (tags && array['vip']::text[])`;

const SAMPLE = AUDIENCE_LIMITS.sample;
const HAND_WRITTEN_SAMPLE = `select * from audience_contacts
  where user_id = $1
    and platforms @> array['instagram']::text[]
    and (comment_count + message_count >= 5 or coalesce(sentiment >= 0.5, false))
    and not (tags && array['vip']::text[])
  order by last_interaction_at desc nulls last, id limit ${SAMPLE}`;

interface Latency {
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface AudienceSegmentsTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  location?: string;
  contacts?: number;
  asked?: number;
  seedS?: number;
  matching?: number;
  preview?: Latency;
  handWritten?: Latency;
  /** preview p95 ÷ hand-written p95. */
  ratio?: number;
  withinTarget?: boolean;
  plan?: string[];
  /** The preview's count as the app runs it, under row-level security. */
  previewPlan?: string[];
  /** The preview's other statement: the first SAMPLE matching contacts, newest first. */
  sample?: Latency;
  samplePlan?: string[];
}

export interface AudienceSegmentsResult {
  name: 'audience-segments';
  runs: number;
  targetMs: number;
  results: AudienceSegmentsTargetResult[];
}

async function seedContacts(database: Database, asked: number): Promise<number> {
  await database.query(
    `insert into auth.users (id, email, password_hash, email_confirmed_at)
       values ($1, 'bench-audience@example.com', null, now())`,
    [BUSINESS],
  );
  await database.query(
    `insert into public.profiles (id, full_name, settings)
       values ($1, 'Audience Owner', '{"status":"active"}'::jsonb)`,
    [BUSINESS],
  );
  const started = performance.now();
  let seeded = 0;
  while (seeded < asked && performance.now() - started < SEED_BUDGET_MS) {
    const from = seeded + 1;
    const to = Math.min(asked, seeded + CHUNK);
    // Spread values from the row number: a third on each platform or both, a tenth vip, a
    // fifth without a sentiment, interactions over the last 400 days.
    await database.query(
      `insert into audience_contacts (user_id, name, platforms, tags, location, email, stage,
         consent, comment_count, message_count, sentiment, last_interaction_at, source)
       select $1, 'Contact ' || g,
         case g % 3 when 0 then array['instagram'] when 1 then array['facebook']
           else array['instagram', 'facebook'] end,
         case when g % 10 = 0 then array['vip'] when g % 7 = 0 then array['regular']
           else array[]::text[] end,
         case g % 4 when 0 then 'Berlin' when 1 then 'Paris' when 2 then null else 'Lyon' end,
         case when g % 3 = 0 then 'c' || g || '@example.com' end,
         (array['new', 'lead', 'customer', 'regular', 'lost'])[1 + g % 5],
         g % 2 = 0, (g * 7) % 12, (g * 13) % 5,
         case when g % 5 = 0 then null else ((g * 37) % 201 - 100) / 100.0 end,
         now() - ((g * 97) % 400) * interval '1 day' - (g % 86400) * interval '1 second',
         'inbox'
       from generate_series($2::int, $3::int) g`,
      [BUSINESS, from, to],
    );
    seeded = to;
  }
  await database.query('vacuum analyze audience_contacts');
  return seeded;
}

async function timed(
  runs: number,
  fn: () => Promise<number>,
): Promise<{ ms: number[]; n: number }> {
  let n = 0;
  for (let i = 0; i < WARMUP; i += 1) n = await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    n = await fn();
    ms.push(performance.now() - t0);
  }
  return { ms, n };
}

const latency = (ms: number[]): Latency => ({
  p50Ms: round(percentile(ms, 50)),
  p95Ms: round(percentile(ms, 95)),
  maxMs: round(Math.max(...ms)),
});

async function runTarget(
  target: 'pglite' | 'postgres',
  database: Database,
  location: string,
  asked: number,
): Promise<AudienceSegmentsTargetResult> {
  log(`[${target}] seeding ${asked} contacts for one business ...`);
  const t0 = performance.now();
  const contacts = await seedContacts(database, asked);
  const seedS = round((performance.now() - t0) / 1000, 1);
  log(`[${target}] ${contacts} contacts in ${seedS} s; counting ...`);

  const count = () =>
    withTenant(database, businessScope(BUSINESS), (tx) =>
      countContactsWhere(tx, BUSINESS, segmentWhere(TREE, new Date())),
    );
  const preview = await timed(RUNS, count);
  const hand = await timed(RUNS, async () => {
    const { rows } = await database.query<{ n: number }>(HAND_WRITTEN, [BUSINESS]);
    return rows[0]!.n;
  });
  if (preview.n !== hand.n) {
    throw new Error(`segmentWhere counted ${preview.n}, the hand-written count ${hand.n}`);
  }
  const sample = await timed(RUNS, async () => {
    const rows = await withTenant(database, businessScope(BUSINESS), (tx) =>
      sampleContactsWhere(tx, BUSINESS, segmentWhere(TREE, new Date()), SAMPLE),
    );
    return rows.length;
  });
  const explain = async (statement: string) => {
    const { rows } = await database.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off, summary off) ${statement.replace('$1', `'${BUSINESS}'`)}`,
    );
    return rows.map((r) => r['QUERY PLAN']);
  };
  const plan = await explain(HAND_WRITTEN);
  const previewPlan = await withTenant(database, businessScope(BUSINESS), async (tx) =>
    rowsOf<{ 'QUERY PLAN': string }>(
      await tx.execute(
        sql`explain (analyze, costs off, timing off, summary off) select count(*)
          from ${audienceContacts}
          where ${audienceContacts.userId} = ${BUSINESS} and ${segmentWhere(TREE, new Date())}`,
      ),
    ).map((r) => r['QUERY PLAN']),
  );
  const samplePlan = await explain(HAND_WRITTEN_SAMPLE);
  const p = latency(preview.ms);
  const h = latency(hand.ms);
  return {
    target,
    location,
    contacts,
    asked,
    seedS,
    matching: preview.n,
    preview: p,
    handWritten: h,
    ratio: round(p.p95Ms / h.p95Ms),
    withinTarget: p.p95Ms <= TARGET_MS,
    plan,
    previewPlan,
    sample: latency(sample.ms),
    samplePlan,
  };
}

export async function audienceSegments(config: BenchConfig): Promise<AudienceSegmentsResult> {
  const pglite = await onScratchPglite('audience-segments-db', (database, where) =>
    runTarget('pglite', database, where, Math.max(1000, Math.round(FULL_PGLITE * config.scale))),
  );
  const postgres = await onScratchPostgres(config.postgresAdminUrl, (database, where) =>
    runTarget(
      'postgres',
      database,
      where,
      Math.max(1000, Math.round(FULL_POSTGRES * config.scale)),
    ),
  );
  return {
    name: 'audience-segments',
    runs: RUNS,
    targetMs: TARGET_MS,
    results: [
      pglite,
      'skipped' in postgres ? { target: 'postgres', skipped: postgres.skipped } : postgres,
    ],
  };
}

export function printAudienceSegments(result: AudienceSegmentsResult): string {
  const out = [
    `live count of a three-level segment (AND of platform, OR of count/sentiment, NOT of tags) ` +
      `on one business, ${result.runs} runs each after ${WARMUP} warm-up; preview: ` +
      'segmentWhere in a withTenant transaction under row-level security; floor: the same ' +
      'count written by hand over the raw connection',
  ];
  for (const r of result.results) {
    out.push('');
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    const note =
      r.target === 'pglite'
        ? ' (PGlite is seeded with a tenth of the PostgreSQL size)'
        : r.contacts! < r.asked!
          ? ` (seeding stopped at ${SEED_BUDGET_MS / 1000} s: ${r.asked} asked)`
          : '';
    out.push(
      `[${r.target}] ${r.location}: ${r.contacts} contacts${note}, seeded in ${r.seedS} s; ` +
        `${r.matching} match`,
    );
    out.push(
      table([
        ['count', 'p50 ms', 'p95 ms', 'max ms'],
        [
          'preview (segmentWhere)',
          ...[r.preview!.p50Ms, r.preview!.p95Ms, r.preview!.maxMs].map(formatMs),
        ],
        [
          'hand-written, raw',
          ...[r.handWritten!.p50Ms, r.handWritten!.p95Ms, r.handWritten!.maxMs].map(formatMs),
        ],
      ]),
    );
    out.push(
      `preview p95 ÷ hand-written p95: ${r.ratio}; preview p95 ≤ ${result.targetMs} ms: ` +
        `${r.withinTarget ? 'yes' : 'NO'}`,
    );
    out.push('plan of the hand-written count:', ...r.plan!.map((line) => `  ${line}`));
    out.push(
      "plan of the preview's count (under row-level security):",
      ...r.previewPlan!.map((line) => `  ${line}`),
    );
    out.push(
      `the preview's sample (${SAMPLE} contacts, newest first, segmentWhere under row-level ` +
        `security): p50 ${formatMs(r.sample!.p50Ms)} ms, p95 ${formatMs(r.sample!.p95Ms)} ms; plan:`,
      ...r.samplePlan!.map((line) => `  ${line}`),
    );
  }
  return out.join('\n');
}
