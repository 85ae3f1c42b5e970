import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '#server/app.ts';
import { billingRuntime } from '#server/features/billing/billing-runtime.ts';
import { billingRoutes } from '#shared/contracts/billing.contract.ts';
import type { Database } from '#server/platform/db/client.ts';
import { loadEnv } from '#server/platform/env.ts';
import { createRuntime } from '#server/runtime.ts';
import { signPayload } from '#simulators/stripe/simulator.ts';
import { seedBusinesses } from './analytics-queries.ts';
import {
  formatMs,
  log,
  onScratchPglite,
  onScratchPostgres,
  round,
  runLoad,
  table,
  type BenchConfig,
} from './lib.ts';

// Stripe's webhooks (docs/decisions/094) under a realistic storm: N businesses each subscribe
// to Premium monthly through the SDK, add the CRM add-on and cancel at period end, all against
// the app's in-process Stripe simulator (test-payments mode). Every event the simulator signed
// for them (the handled ones and the ones billing ignores) is captured, then delivered to the
// app's endpoint twice each, in a shuffled order, CONCURRENCY at a time, each re-signed at
// delivery as Stripe signs each attempt. Reported: latency p50/p99 of a delivery, deliveries per
// second, Stripe API calls per event (the runtime's counter over the run ÷ distinct events),
// duplicates answered as such, and whether every business ends in the state its last change
// says. The physical limit measured in the same run on the same database: bare transactions of
// one `insert … on conflict do nothing`, the least an exactly-once record can cost; the ratio
// says how much of a delivery is that floor.

const FULL_BUSINESSES = 200;
const CONCURRENCY = 8;

interface Captured {
  id: string;
  type: string;
  body: string;
}

export interface BillingWebhooksTargetResult {
  target: 'pglite' | 'postgres';
  skipped?: string;
  location?: string;
  businesses?: number;
  events?: number;
  handledEvents?: number;
  deliveries?: number;
  statuses?: Record<string, number>;
  duplicatesAnswered?: number;
  setupS?: number;
  wallS?: number;
  deliveriesPerS?: number;
  p50Ms?: number;
  p99Ms?: number;
  stripeCallsPerEvent?: number;
  stripeCallsPerHandledEvent?: number;
  correctBusinesses?: number;
  floor?: { transactionsPerS: number; p50Ms: number; p99Ms: number };
  /** Deliveries per second ÷ bare exactly-once transactions per second. */
  ratioToFloor?: number;
}

export interface BillingWebhooksResult {
  name: 'billing-webhooks';
  concurrency: number;
  results: BillingWebhooksTargetResult[];
}

/** A deterministic shuffle (mulberry32), so runs compare. */
function shuffle<T>(items: T[], seed = 94): T[] {
  let a = seed;
  const random = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

async function runTarget(
  target: 'pglite' | 'postgres',
  database: Database,
  location: string,
  businesses: number,
): Promise<BillingWebhooksTargetResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-billing-webhooks-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    ENCRYPTION_KEYS: `bench:${randomBytes(32).toString('base64')}`,
    LOG_LEVEL: 'error',
    APP_URL: 'http://localhost:3000',
    DEV_MAILBOX: '0',
    DATA_DIR: dataDir,
  });
  const runtime = await createRuntime(env, { database });
  try {
    const deps = runtime.deps;
    const billing = billingRuntime(deps);
    const stripe = billing.stripe!;
    const simulator = billing.simulator;
    if (billing.mode !== 'test' || !simulator) throw new Error('not in test-payments mode');
    const app = createApp(deps, { serveWeb: false });

    log(`billing-webhooks [${target}]: ${businesses} businesses subscribing in the simulator ...`);
    const t0 = performance.now();
    const owners = await seedBusinesses(database, businesses);
    const captured: Captured[] = [];
    billing.setSimulatorOutbound(async (_url, init) => {
      const body = String(init.body);
      const parsed = JSON.parse(body) as { id: string; type: string };
      captured.push({ id: parsed.id, type: parsed.type, body });
      return new Response('{}', { status: 200 });
    });
    const [premium] = (await stripe.prices.list({ lookup_keys: ['premium_monthly'] })).data;
    const [crm] = (await stripe.prices.list({ lookup_keys: ['addon_crm_monthly'] })).data;
    const customers: string[] = [];
    for (const owner of owners) {
      const customer = await stripe.customers.create({ metadata: { business: owner } });
      customers.push(customer.id);
      const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: premium!.id }],
        default_payment_method: pm.id,
      });
      await stripe.subscriptions.update(sub.id, {
        items: [{ id: sub.items.data[0]!.id }, { price: crm!.id }],
        proration_behavior: 'create_prorations',
      });
      await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    }
    await simulator.idle();
    await database.query(
      `update public.subscription s set stripe_customer_id = t.customer
         from unnest($1::uuid[], $2::text[]) as t(user_id, customer)
        where s.user_id = t.user_id`,
      [owners, customers],
    );
    const setupS = round((performance.now() - t0) / 1000, 2);

    const deliveries = shuffle([...captured, ...captured]);
    const handledEvents = captured.filter((e) => HANDLED.has(e.type)).length;
    const statuses: Record<string, number> = {};
    let duplicates = 0;
    const callsBefore = billing.stripeCalls();
    log(
      `billing-webhooks [${target}]: ${deliveries.length} deliveries of ${captured.length} events ...`,
    );
    const load = await runLoad({
      concurrency: CONCURRENCY,
      warmupS: 0,
      durationS: 600,
      maxOps: deliveries.length,
      op: async (i) => {
        const event = deliveries[i]!;
        const res = await app.request(billingRoutes.webhook, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': signPayload(event.body, billing.webhookSecret!, simulator.nowSec()),
          },
          body: event.body,
        });
        const answer = (await res.json()) as { data?: { duplicate?: boolean } };
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (answer.data?.duplicate) duplicates += 1;
        if (res.status !== 200) throw new Error(`status ${res.status}`);
      },
    });
    const calls = billing.stripeCalls() - callsBefore;

    const correct = await database.query<{ n: number }>(
      `select count(*)::int as n from public.subscription
        where user_id = any($1::uuid[]) and plan = 'premium' and status = 'active'
          and addons = array['crm'] and cancel_at_period_end and provider_status = 'active'`,
      [owners],
    );

    // The floor: one exactly-once record per transaction, nothing else.
    await database.query('create table if not exists bench_exactly_once (id text primary key)');
    const ids = deliveries.map((d) => d.id);
    const floor = await runLoad({
      concurrency: CONCURRENCY,
      warmupS: 0,
      durationS: 600,
      maxOps: ids.length,
      op: async (i) => {
        await database.unsafeDb.transaction(async (tx) => {
          await tx.execute(
            sql`insert into bench_exactly_once (id) values (${ids[i]!}) on conflict do nothing`,
          );
        });
      },
    });

    return {
      target,
      location,
      businesses,
      events: captured.length,
      handledEvents,
      deliveries: deliveries.length,
      statuses,
      duplicatesAnswered: duplicates,
      setupS,
      wallS: load.durationS,
      deliveriesPerS: load.throughput,
      p50Ms: load.p50Ms,
      p99Ms: load.p99Ms,
      stripeCallsPerEvent: round(calls / captured.length, 2),
      stripeCallsPerHandledEvent: round(calls / handledEvents, 2),
      correctBusinesses: correct.rows[0]?.n ?? 0,
      floor: {
        transactionsPerS: floor.throughput,
        p50Ms: floor.p50Ms,
        p99Ms: floor.p99Ms,
      },
      ratioToFloor: round(load.throughput / floor.throughput, 3),
    };
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function billingWebhooks(config: BenchConfig): Promise<BillingWebhooksResult> {
  const businesses = Math.max(2, Math.round(FULL_BUSINESSES * config.scale));
  const pglite = await onScratchPglite('billing-webhooks-db', (database, where) =>
    runTarget('pglite', database, where, businesses),
  );
  const postgres = await onScratchPostgres(config.postgresAdminUrl, (database, where) =>
    runTarget('postgres', database, where, businesses),
  );
  return {
    name: 'billing-webhooks',
    concurrency: CONCURRENCY,
    results: [
      pglite,
      'skipped' in postgres ? { target: 'postgres', skipped: postgres.skipped } : postgres,
    ],
  };
}

export function printBillingWebhooks(result: BillingWebhooksResult): string {
  const out = [
    `Stripe webhook deliveries, each event twice in a shuffled order, ${result.concurrency} at a ` +
      'time; floor: bare `insert … on conflict do nothing` transactions on the same database',
  ];
  for (const r of result.results) {
    out.push('');
    if (r.skipped) {
      out.push(`[${r.target}] ${r.skipped}`);
      continue;
    }
    out.push(
      `[${r.target}] ${r.location}: ${r.businesses} businesses, ${r.events} events ` +
        `(${r.handledEvents} converging), set up in ${r.setupS} s`,
    );
    out.push(
      table([
        [
          'deliveries',
          'wall s',
          'deliveries/s',
          'p50 ms',
          'p99 ms',
          'Stripe calls/event',
          'calls/converging event',
          'duplicates',
          'floor tx/s',
          'ratio to floor',
        ],
        [
          r.deliveries!,
          r.wallS!,
          r.deliveriesPerS!,
          formatMs(r.p50Ms!),
          formatMs(r.p99Ms!),
          r.stripeCallsPerEvent!,
          r.stripeCallsPerHandledEvent!,
          r.duplicatesAnswered!,
          r.floor!.transactionsPerS,
          r.ratioToFloor!,
        ],
      ]),
    );
    const statuses = Object.entries(r.statuses!)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    out.push(
      `answers ${statuses}; ${r.correctBusinesses} / ${r.businesses} businesses in their final ` +
        `state (Premium, active, CRM, cancelling at period end); floor p50 ${formatMs(r.floor!.p50Ms)} ms`,
    );
  }
  return out.join('\n');
}
