import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '#server/test/fixtures.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { billingRuntime, type BillingRuntime } from './billing-runtime.ts';
import { syncBusiness } from './converge.ts';

// convergeBusiness's rules, called directly against the in-app simulator (test-payments mode).
// Webhook deliveries are swallowed here: only the direct calls converge. A subscription's
// status Stripe reaches only over weeks (unpaid, past_due) is set on the simulator's object.

let t: TestApp;
let runtime: BillingRuntime;
let stripe: Stripe;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await getTestApp();
  runtime = billingRuntime(t.runtime.deps);
  stripe = runtime.stripe!;
  runtime.setSimulatorOutbound(async () => new Response('{}', { status: 200 }));
});
afterAll(async () => {
  await runtime.simulator!.idle();
  runtime.setSimulatorOutbound((url, init) => fetch(url, init));
});

async function business() {
  const tenant = await createTenant(t.runtime.deps.database, 'converge');
  const customer = await stripe.customers.create({ metadata: { business: tenant.tenantId } });
  await t.runtime.deps.database.unsafeDb
    .update(subscription)
    .set({ stripeCustomerId: customer.id })
    .where(eq(subscription.userId, tenant.tenantId));
  return { id: tenant.tenantId, customer: customer.id };
}

async function subscribe(customer: string, card = 'pm_card_visa') {
  const pm = await stripe.paymentMethods.attach(card, { customer });
  const [price] = (await stripe.prices.list({ lookup_keys: ['premium_monthly'] })).data;
  return stripe.subscriptions.create({
    customer,
    items: [{ price: price!.id }],
    default_payment_method: pm.id,
  });
}

/** Sets a status on the simulator's subscription, as Stripe's dunning would in time. */
function setStatus(subscriptionId: string, status: string) {
  (runtime.simulator!.state.objects.get(subscriptionId) as unknown as { status: string }).status =
    status;
}

async function rowOf(businessId: string) {
  const [row] = await t.runtime.deps.database.unsafeDb
    .select()
    .from(subscription)
    .where(eq(subscription.userId, businessId));
  return row!;
}

describe('convergeBusiness', () => {
  it('applies a paid subscription as Premium, active', async () => {
    const b = await business();
    const sub = await subscribe(b.customer);
    const outcome = await syncBusiness(t.runtime.deps, b.id);
    expect(outcome).toMatchObject({ stripeCalls: 2, problem: null, providerStatus: 'active' });
    expect(await rowOf(b.id)).toMatchObject({
      plan: 'premium',
      status: 'active',
      billingProvider: 'stripe',
      stripeSubscriptionId: sub.id,
      pastDueSince: null,
    });
  });

  it('makes an unpaid subscription inactive, with no add-ons', async () => {
    const b = await business();
    const sub = await subscribe(b.customer);
    await syncBusiness(t.runtime.deps, b.id);
    setStatus(sub.id, 'unpaid');
    await syncBusiness(t.runtime.deps, b.id);
    expect(await rowOf(b.id)).toMatchObject({
      plan: 'premium',
      status: 'inactive',
      addons: [],
      providerStatus: 'unpaid',
    });
  });

  it('leaves a business that never paid on its trial, also after its first payment failed', async () => {
    const b = await business();
    const before = await rowOf(b.id);
    expect(await syncBusiness(t.runtime.deps, b.id)).toMatchObject({ providerStatus: null });
    expect(await rowOf(b.id)).toMatchObject({ plan: 'trial', status: 'active' });

    const sub = await subscribe(b.customer, 'pm_card_chargeCustomerFail');
    expect(sub.status).toBe('incomplete');
    await syncBusiness(t.runtime.deps, b.id);
    expect(await rowOf(b.id)).toMatchObject({
      plan: 'trial',
      status: 'active',
      trialEndsAt: before.trialEndsAt,
      billingProvider: null,
      providerStatus: 'incomplete',
    });
    // Stripe lets the incomplete subscription expire: still the trial, not Free.
    setStatus(sub.id, 'incomplete_expired');
    await syncBusiness(t.runtime.deps, b.id);
    expect(await rowOf(b.id)).toMatchObject({
      plan: 'trial',
      status: 'active',
      billingProvider: null,
    });
  });

  it('starts the grace period when past_due is first seen and never extends it', async () => {
    const b = await business();
    const sub = await subscribe(b.customer);
    await syncBusiness(t.runtime.deps, b.id);
    setStatus(sub.id, 'past_due');
    const first = new Date();
    const entered = await syncBusiness(t.runtime.deps, b.id, first);
    expect(entered.enteredPastDue).toBe(true);
    expect(entered.graceEndsAt).toEqual(new Date(first.getTime() + runtime.graceMs));
    const later = new Date(first.getTime() + 2 * DAY);
    const again = await syncBusiness(t.runtime.deps, b.id, later);
    expect(again.enteredPastDue).toBe(false);
    const row = await rowOf(b.id);
    expect(row.pastDueSince).toEqual(first);
    expect(row.graceEndsAt).toEqual(new Date(first.getTime() + runtime.graceMs));
    expect(row).toMatchObject({ plan: 'premium', status: 'active' });
    // Paid again: the episode ends; a later failure starts a new one.
    setStatus(sub.id, 'active');
    await syncBusiness(t.runtime.deps, b.id, later);
    expect(await rowOf(b.id)).toMatchObject({ pastDueSince: null, graceEndsAt: null });
    setStatus(sub.id, 'past_due');
    const next = await syncBusiness(t.runtime.deps, b.id, new Date(later.getTime() + DAY));
    expect(next.enteredPastDue).toBe(true);
  });

  it('puts a business that paid on Free when its subscription is cancelled', async () => {
    const b = await business();
    const sub = await subscribe(b.customer);
    await syncBusiness(t.runtime.deps, b.id);
    await stripe.subscriptions.cancel(sub.id);
    await syncBusiness(t.runtime.deps, b.id);
    expect(await rowOf(b.id)).toMatchObject({
      plan: 'free',
      status: 'active',
      addons: [],
      cancelAtPeriodEnd: false,
      providerStatus: 'canceled',
    });
  });

  it('reports two open subscriptions as a problem and applies the newest', async () => {
    const b = await business();
    await subscribe(b.customer);
    const newest = await subscribe(b.customer);
    const outcome = await syncBusiness(t.runtime.deps, b.id);
    expect(outcome.problem).toMatch(/^2 open subscriptions/);
    expect(await rowOf(b.id)).toMatchObject({
      stripeSubscriptionId: newest.id,
      billingProblem: outcome.problem,
    });
  });

  it('does nothing for a business without a Stripe customer', async () => {
    const tenant = await createTenant(t.runtime.deps.database, 'converge');
    const outcome = await syncBusiness(t.runtime.deps, tenant.tenantId);
    expect(outcome).toMatchObject({ stripeCalls: 0, detail: 'no Stripe customer' });
  });
});
