import { and, eq, gte, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { billingRoutes } from '#shared/contracts/billing.contract.ts';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { createTenant } from '#server/test/fixtures.ts';
import { getTestApp, settled, type TestApp } from '#server/test/app.ts';
import { signPayload } from '#simulators/stripe/simulator.ts';
import { entitlementsOf } from '../subscription/entitlements.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { SYSTEM_SCOPE } from '../subscription/trial-expiry.ts';
import { billingEvents, billingInvoices, billingWebhookFailures } from './billing.tables.ts';
import {
  billingRuntime,
  createBillingRuntime,
  type BillingRuntime,
  type FetchLike,
} from './billing-runtime.ts';
import { PAYMENT_FAILED_TEMPLATE, TRIAL_ENDING_TEMPLATE } from './billing-emails.ts';
import { REFUSALS } from './webhook.ts';

// Stripe's webhook end to end: the test app in test-payments mode, its in-app simulator signing
// and delivering events into the app in process, the real database. Each test makes its own
// businesses (the database is shared); the simulator's clock only moves forward, so times are
// read from it, never assumed.

let t: TestApp;
let runtime: BillingRuntime;
let stripe: Stripe;
const db = () => t.runtime.deps.database.unsafeDb;

const inApp: FetchLike = async (url, init) => {
  const u = new URL(url);
  return t.app.request(`${u.pathname}${u.search}`, init);
};

// These tests move the simulator's clock (renewals, grace periods), which only goes forward: they
// run on a simulator of their own, so the other test files' stays at the real time.
let shared: BillingRuntime;
beforeAll(async () => {
  t = await getTestApp();
  shared = billingRuntime(t.runtime.deps);
  runtime = createBillingRuntime(t.runtime.deps);
  billingRuntime.replace(t.runtime.deps, runtime);
  stripe = runtime.stripe!;
  runtime.setSimulatorOutbound(inApp);
});
afterEach(() => runtime.setSimulatorOutbound(inApp));
afterAll(async () => {
  await sim().idle();
  runtime.setSimulatorOutbound((url, init) => fetch(url, init));
  billingRuntime.replace(t.runtime.deps, shared);
});

const sim = () => runtime.simulator!;

/** Answers and captured payloads, read as JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function control(path: string, body: unknown) {
  const res = await sim().control.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

/** Every delivery started so far has been answered, and the work after the answers is done. */
async function quiet() {
  await sim().idle();
  await settled(t);
}

const prices = new Map<string, string>();
async function priceId(lookupKey: string) {
  if (!prices.has(lookupKey)) {
    const list = await stripe.prices.list({ lookup_keys: [lookupKey] });
    prices.set(lookupKey, list.data[0]!.id);
  }
  return prices.get(lookupKey)!;
}

interface Business {
  id: string;
  email: string;
  customer: string;
}

/** A business on its trial with a Stripe customer stored on its subscription row. */
async function business(): Promise<Business> {
  const tenant = await createTenant(t.runtime.deps.database, 'billing');
  const customer = await stripe.customers.create({
    email: tenant.ownerEmail,
    metadata: { business: tenant.tenantId },
  });
  await db()
    .update(subscription)
    .set({ stripeCustomerId: customer.id })
    .where(eq(subscription.userId, tenant.tenantId));
  return { id: tenant.tenantId, email: tenant.ownerEmail, customer: customer.id };
}

async function subscribe(
  b: Business,
  options: { card?: string; lookupKey?: string; trialDays?: number } = {},
) {
  const pm = await stripe.paymentMethods.attach(options.card ?? 'pm_card_visa', {
    customer: b.customer,
  });
  await stripe.customers.update(b.customer, {
    invoice_settings: { default_payment_method: pm.id },
  });
  return stripe.subscriptions.create({
    customer: b.customer,
    items: [{ price: await priceId(options.lookupKey ?? 'premium_monthly') }],
    default_payment_method: pm.id,
    ...(options.trialDays ? { trial_period_days: options.trialDays } : {}),
  });
}

async function rowOf(businessId: string) {
  const [row] = await db().select().from(subscription).where(eq(subscription.userId, businessId));
  return row!;
}

/** The stored state a converge decides (not its timestamps). */
async function stateOf(businessId: string) {
  const row = await rowOf(businessId);
  return {
    plan: row.plan,
    status: row.status,
    addons: row.addons,
    billingProvider: row.billingProvider,
    stripeSubscriptionId: row.stripeSubscriptionId,
    providerStatus: row.providerStatus,
    billingInterval: row.billingInterval,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pastDueSince: row.pastDueSince,
    discount: row.discount,
    paymentMethod: row.paymentMethod,
    billingProblem: row.billingProblem,
  };
}

async function post(body: string, signature: string | undefined) {
  const res = await t.app.request(billingRoutes.webhook, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Json };
}

const sign = (body: string, at = sim().nowSec()) => signPayload(body, runtime.webhookSecret!, at);

let eventCounter = 0;
/** An event as Stripe would send it, for a customer (its content is never trusted anyway). */
function eventFor(type: string, object: Record<string, unknown>) {
  eventCounter += 1;
  return {
    id: `evt_test_${Date.now().toString(36)}_${eventCounter}_${Math.random().toString(36).slice(2, 8)}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: sim().nowSec(),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

async function eventRows(ids: string[]) {
  return db().select().from(billingEvents).where(inArray(billingEvents.id, ids));
}

async function emailsTo(to: string, template: string) {
  await settled(t);
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, template)));
}

describe('POST /api/billing/webhooks/stripe', () => {
  it('converges the business from what the simulator delivers', async () => {
    const b = await business();
    const sub = await subscribe(b);
    await quiet();
    const state = await stateOf(b.id);
    expect(state).toMatchObject({
      plan: 'premium',
      status: 'active',
      billingProvider: 'stripe',
      stripeSubscriptionId: sub.id,
      providerStatus: 'active',
      billingInterval: 'month',
      paymentMethod: { brand: 'visa', last4: '4242' },
    });
    const events = await db().select().from(billingEvents).where(eq(billingEvents.userId, b.id));
    expect(events.some((e) => e.type === 'customer.subscription.created')).toBe(true);
    expect(events.filter((e) => e.outcome === 'applied').every((e) => e.stripeCalls === 2)).toBe(
      true,
    );
    const invoices = await db()
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.userId, b.id));
    expect(invoices.map((i) => i.status)).toEqual(['paid']);
  });

  it('verifies the raw bytes: a body laid out differently from its re-serialisation', async () => {
    const b = await business();
    const event = eventFor('customer.updated', { id: b.customer, object: 'customer' });
    const body = JSON.stringify(event, null, 7).replace(/":/g, '"   :');
    expect(JSON.stringify(JSON.parse(body))).not.toBe(body);
    const res = await post(body, sign(body));
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    // The same event signed over its re-serialisation does not verify against these bytes.
    const other = { ...event, id: `${event.id}_b` };
    const laidOut = JSON.stringify(other, null, 7);
    const refused = await post(laidOut, sign(JSON.stringify(other)));
    expect(refused.status).toBe(400);
  });

  it('applies 20 concurrent deliveries of one event once, with one e-mail', async () => {
    const b = await business();
    const sub = await subscribe(b, { trialDays: 10 });
    await quiet();
    expect((await rowOf(b.id)).providerStatus).toBe('trialing');
    const event = eventFor('customer.subscription.trial_will_end', {
      id: sub.id,
      object: 'subscription',
      customer: b.customer,
      status: 'trialing',
    });
    const body = JSON.stringify(event, null, 2);
    const signature = sign(body);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body, signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json.data.duplicate === false)).toHaveLength(1);
    expect(answers.filter((a) => a.json.data.duplicate === true)).toHaveLength(19);
    const rows = await eventRows([event.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'applied', userId: b.id, stripeCalls: 2 });
    const mails = await emailsTo(b.email, TRIAL_ENDING_TEMPLATE);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Your trial ends in 3 days');
    expect(mails[0]!.text).toContain('/dashboard/subscription');
    expect(await stateOf(b.id)).toMatchObject({
      plan: 'premium',
      status: 'active',
      providerStatus: 'trialing',
    });
  });

  it('gives the same stored state for every order of a subscription’s events', async () => {
    const b = await business();
    const captured: Array<{ type: string; body: string; signature: string; object: Json }> = [];
    runtime.setSimulatorOutbound(async (_url, init) => {
      const body = String(init.body);
      const parsed = JSON.parse(body) as { type: string; data: { object: Json } };
      const signature = new Headers(init.headers).get('stripe-signature')!;
      captured.push({ type: parsed.type, body, signature, object: parsed.data.object });
      return new Response('{}', { status: 200 });
    });
    const sub = await subscribe(b);
    await sim().idle();
    await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0]!.id }, { price: await priceId('addon_crm_monthly') }],
      proration_behavior: 'create_prorations',
    });
    await sim().idle();
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await sim().idle();
    runtime.setSimulatorOutbound(inApp);
    const ours = captured.filter(
      (c) => c.object.customer === b.customer || c.object.subscription === sub.id,
    );
    const created = ours.find((c) => c.type === 'customer.subscription.created')!;
    const paid = ours.find((c) => c.type === 'invoice.paid')!;
    const updates = ours.filter((c) => c.type === 'customer.subscription.updated');
    const addon = updates.find((c) => c.object.items.data.length === 2)!;
    const cancel = updates.find((c) => c.object.cancel_at_period_end === true)!;
    const four = [created, paid, addon, cancel];
    expect(four.every(Boolean)).toBe(true);
    const ids = four.map((c) => (JSON.parse(c.body) as { id: string }).id);

    const reset = async () => {
      await db().delete(billingEvents).where(inArray(billingEvents.id, ids));
      await db().delete(billingInvoices).where(eq(billingInvoices.userId, b.id));
      await db()
        .update(subscription)
        .set({
          plan: 'trial',
          status: 'active',
          addons: [],
          billingProvider: null,
          stripeSubscriptionId: null,
          providerStatus: null,
          billingInterval: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          pastDueSince: null,
          graceEndsAt: null,
          discount: null,
          paymentMethod: null,
          billingProblem: null,
        })
        .where(eq(subscription.userId, b.id));
    };
    const permutations = (items: number[]): number[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((first, i) =>
            permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [
              first,
              ...rest,
            ]),
          );
    const orders = permutations([0, 1, 2, 3]);
    expect(orders).toHaveLength(24);
    const states = [];
    for (const order of orders) {
      await reset();
      for (const i of order) {
        const res = await post(four[i]!.body, four[i]!.signature);
        expect(res.status, res.text).toBe(200);
        expect(res.json.data.duplicate).toBe(false);
      }
      states.push(await stateOf(b.id));
    }
    expect(states[0]).toMatchObject({
      plan: 'premium',
      status: 'active',
      addons: ['crm'],
      cancelAtPeriodEnd: true,
      providerStatus: 'active',
    });
    for (const state of states) expect(state).toEqual(states[0]);
    expect(await eventRows(ids)).toHaveLength(4);
  });

  it('refuses a correctly signed payload signed more than 300 s ago, changing nothing', async () => {
    const b = await business();
    const before = await stateOf(b.id);
    const event = eventFor('customer.subscription.updated', {
      id: 'sub_replayed',
      object: 'subscription',
      customer: b.customer,
    });
    const body = JSON.stringify(event, null, 2);
    const res = await post(body, sign(body, sim().nowSec() - 301));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      success: false,
      error: 'The Stripe signature is missing, invalid or too old. Nothing was changed.',
      metadata: { errorCode: 'VALIDATION_ERROR' },
    });
    expect(await eventRows([event.id])).toHaveLength(0);
    expect(await stateOf(b.id)).toEqual(before);
    const failures = await db()
      .select()
      .from(billingWebhookFailures)
      .where(eq(billingWebhookFailures.reason, REFUSALS.tolerance));
    expect(failures.length).toBeGreaterThan(0);
    // Inside the tolerance the same bytes are accepted.
    const fresh = await post(body, sign(body, sim().nowSec() - 299));
    expect(fresh.status, fresh.text).toBe(200);
  });

  it('refuses a bad or missing signature, records it, and caps what a forger can write', async () => {
    const b = await business();
    const before = await stateOf(b.id);
    const started = new Date(Date.now() - 1000);
    const event = eventFor('invoice.paid', {
      id: 'in_forged',
      object: 'invoice',
      customer: b.customer,
    });
    const body = JSON.stringify(event);
    const forged = signPayload(body, 'whsec_not_the_secret', sim().nowSec());
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body, forged)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(400));
    expect(answers[0]!.json.metadata.errorCode).toBe('VALIDATION_ERROR');
    expect(answers[0]!.text).not.toContain('whsec');
    const missing = await post(body, undefined);
    expect(missing.status).toBe(400);
    const garbage = await post(body, 'nonsense');
    expect(garbage.status).toBe(400);
    expect(await eventRows([event.id])).toHaveLength(0);
    expect(await stateOf(b.id)).toEqual(before);
    const recent = await db()
      .select()
      .from(billingWebhookFailures)
      .where(gte(billingWebhookFailures.at, new Date(Date.now() - 60_000)));
    const bad = recent.filter((f) => f.reason === REFUSALS.signature);
    expect(bad).toHaveLength(1);
    expect(recent.filter((f) => f.reason === REFUSALS.missing)).toHaveLength(1);
    // At most one row per reason per minute, whatever the number of forgeries.
    expect(bad.filter((f) => f.at >= started).length).toBeLessThanOrEqual(1);
  });

  it('answers 200 and records "ignored" for an unknown customer or an event type it does not use', async () => {
    const unknown = eventFor('customer.subscription.updated', {
      id: 'sub_someone_else',
      object: 'subscription',
      customer: 'cus_not_ours',
    });
    const body = JSON.stringify(unknown);
    const res = await post(body, sign(body));
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ received: true, duplicate: false, outcome: 'ignored' });
    expect((await eventRows([unknown.id]))[0]).toMatchObject({
      outcome: 'ignored',
      detail: 'unknown customer',
      userId: null,
    });
    const b = await business();
    const other = eventFor('payment_method.attached', {
      id: 'pm_x',
      object: 'payment_method',
      customer: b.customer,
    });
    const otherBody = JSON.stringify(other);
    const ignored = await post(otherBody, sign(otherBody));
    expect(ignored.json.data.outcome).toBe('ignored');
    expect((await eventRows([other.id]))[0]).toMatchObject({ outcome: 'ignored', userId: b.id });
  });

  it('trusts a Checkout Session’s client_reference_id only with the business’s own customer', async () => {
    const b = await business();
    const victim = await business();
    await subscribe(victim);
    await quiet();
    const before = await stateOf(victim.id);
    // A session of b's customer naming the victim: converges b (its customer), not the victim.
    const event = eventFor('checkout.session.completed', {
      id: 'cs_test_x',
      object: 'checkout.session',
      customer: 'cus_nobody',
      client_reference_id: victim.id,
    });
    const body = JSON.stringify(event);
    const res = await post(body, sign(body));
    expect(res.json.data.outcome).toBe('ignored');
    expect(await stateOf(victim.id)).toEqual(before);
    const own = eventFor('checkout.session.completed', {
      id: 'cs_test_y',
      object: 'checkout.session',
      customer: b.customer,
      client_reference_id: b.id,
    });
    const ownBody = JSON.stringify(own);
    expect((await post(ownBody, sign(ownBody))).json.data.outcome).toBe('applied');
  });

  it('answers 500 without internals when the effect fails, records nothing, and applies the retry', async () => {
    const b = await business();
    await subscribe(b);
    await quiet();
    const event = eventFor('invoice.paid', { id: 'in_x', object: 'invoice', customer: b.customer });
    const body = JSON.stringify(event);
    await control('/faults', { status: 500, times: 1, path: '/v1/subscriptions' });
    const failed = await post(body, sign(body));
    expect(failed.status).toBe(500);
    expect(failed.json.success).toBe(false);
    expect(failed.text).not.toMatch(/unknown error|api_error|stack/i);
    expect(await eventRows([event.id])).toHaveLength(0);
    const [failure] = await db()
      .select()
      .from(billingWebhookFailures)
      .where(eq(billingWebhookFailures.eventId, event.id));
    expect(failure?.reason).toMatch(/^not applied/);
    const retried = await post(body, sign(body));
    expect(retried.status, retried.text).toBe(200);
    expect(retried.json.data.outcome).toBe('applied');
  });

  it('stores a problem and tells administrators when a customer has two open subscriptions', async () => {
    const b = await business();
    const first = await subscribe(b);
    const second = await subscribe(b, { lookupKey: 'premium_yearly' });
    await quiet();
    const row = await rowOf(b.id);
    expect(row.billingProblem).toContain('2 open subscriptions');
    expect(row.billingProblem).toContain(first.id);
    expect(row.billingProblem).toContain(second.id);
    const failures = await db()
      .select()
      .from(billingWebhookFailures)
      .where(gte(billingWebhookFailures.at, new Date(Date.now() - 120_000)));
    const ours = failures.filter((f) => f.reason.includes(`business ${b.id}`));
    // Once per minute for the business, however many of its events saw the problem.
    expect(ours).toHaveLength(1);
    expect(ours[0]!.reason).toContain('2 open subscriptions');
  });

  it('answers 404 in manual billing', async () => {
    const manual: BillingRuntime = {
      ...runtime,
      mode: 'manual',
      stripe: null,
      webhookSecret: null,
      simulator: null,
    };
    billingRuntime.replace(t.runtime.deps, manual);
    try {
      const res = await post('{}', 't=1,v1=00');
      expect(res.status).toBe(404);
    } finally {
      billingRuntime.replace(t.runtime.deps, runtime);
    }
  });
});

describe('as the simulator’s clock runs', () => {
  it('past_due keeps access for the grace period with one e-mail; paying restores it at once', async () => {
    const b = await business();
    const ended = await business();
    const sub = await subscribe(b);
    const endedSub = await subscribe(ended);
    await stripe.subscriptions.update(endedSub.id, {
      items: [{ id: endedSub.items.data[0]!.id }, { price: await priceId('addon_email_monthly') }],
    });
    await stripe.subscriptions.update(endedSub.id, { cancel_at_period_end: true });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: b.customer,
    });
    await stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
    await quiet();
    expect((await stateOf(ended.id)).addons).toEqual(['email']);

    await control('/clock', { advanceDays: 32 });
    await quiet();

    // Cancelled at period end, then the period passed: on Free, active, no add-ons.
    expect(await stateOf(ended.id)).toMatchObject({
      plan: 'free',
      status: 'active',
      addons: [],
      providerStatus: 'canceled',
      cancelAtPeriodEnd: false,
    });
    expect(
      (await db().select().from(billingEvents).where(eq(billingEvents.userId, ended.id))).some(
        (e) => e.type === 'customer.subscription.deleted' && e.outcome === 'applied',
      ),
    ).toBe(true);

    const due = await rowOf(b.id);
    expect(due.providerStatus).toBe('past_due');
    expect(due.pastDueSince).not.toBeNull();
    expect(due.graceEndsAt!.getTime() - due.pastDueSince!.getTime()).toBe(runtime.graceMs);
    expect(runtime.graceMs).toBe(t.runtime.deps.env.BILLING_GRACE_DAYS * 86_400_000);
    const access = await withTenant(t.runtime.deps.database, SYSTEM_SCOPE, (tx) =>
      entitlementsOf(tx, b.id),
    );
    expect(access).toMatchObject({ plan: 'premium', status: 'active' });
    expect(access.pastDue).not.toBeNull();
    const mails = await emailsTo(b.email, PAYMENT_FAILED_TEMPLATE);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Your payment failed');
    const invoice = (await stripe.invoices.list({ customer: b.customer, status: 'open' })).data[0]!;
    expect(mails[0]!.text).toContain(invoice.hosted_invoice_url!);

    // Stripe's retries of the same events, replayed: no second e-mail, the grace unchanged.
    const failedEvents = await db()
      .select()
      .from(billingEvents)
      .where(and(eq(billingEvents.userId, b.id), eq(billingEvents.type, 'invoice.payment_failed')));
    expect(failedEvents).toHaveLength(1);
    await control('/webhooks/replay', { eventId: failedEvents[0]!.id });
    await quiet();
    expect(await emailsTo(b.email, PAYMENT_FAILED_TEMPLATE)).toHaveLength(1);
    expect((await rowOf(b.id)).graceEndsAt).toEqual(due.graceEndsAt);

    const good = await stripe.paymentMethods.attach('pm_card_visa', { customer: b.customer });
    await stripe.invoices.pay(invoice.id, { payment_method: good.id });
    await quiet();
    expect(await stateOf(b.id)).toMatchObject({
      plan: 'premium',
      status: 'active',
      providerStatus: 'active',
      pastDueSince: null,
    });
    expect((await rowOf(b.id)).graceEndsAt).toBeNull();
  });
});
