import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  addonPreviewSchema,
  billingOverviewSchema,
  billingRoutes,
  type BillingOverview,
} from '#shared/contracts/billing.contract.ts';
import { ADDONS, PLANS } from '#shared/plans.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { entitlementsOf, grants } from '../subscription/entitlements.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { SYSTEM_SCOPE } from '../subscription/trial-expiry.ts';
import { billingRuntime, stripeOf, type BillingRuntime } from './billing-runtime.ts';
import { syncBusiness } from './converge.ts';
import { mapStripeError } from './stripe-errors.ts';

// The owner's billing API (docs/decisions/094) against the real app, the real database and the
// in-app Stripe simulator (test payments). Checkouts are completed through the simulator's
// control API and the business is then converged by hand, so nothing here waits for a webhook.

let t: TestApp;
let runtime: BillingRuntime;
let stripe: Stripe;

const sim = () => runtime.simulator!;

async function control(path: string, body?: unknown, method = 'POST') {
  const res = await sim().control.request(path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  t = await getTestApp();
  runtime = billingRuntime(t.runtime.deps);
  expect(runtime.mode).toBe('test');
  stripe = stripeOf(runtime);
  // The simulator's webhooks reach this app in process (nothing below depends on them).
  runtime.setSimulatorOutbound(async (url, init) => {
    const u = new URL(url);
    return t.app.request(`${u.pathname}${u.search}`, init);
  });
});
afterAll(() => {
  runtime.setSimulatorOutbound((url, init) => fetch(url, init));
});
afterEach(async () => {
  await control('/faults', undefined, 'DELETE');
});

/**
 * A new business whose trial ends within the hour: too soon to hand Stripe as a trial (48 hours at
 * least), so Checkout charges at once, as it does after a trial.
 */
async function payingOwner(): Promise<SignedInUser> {
  const user = await createSignedInUser(t);
  await t.runtime.deps.database.unsafeDb
    .update(subscription)
    .set({ trialEndsAt: new Date(Date.now() + 3_600_000) })
    .where(eq(subscription.userId, user.userId));
  return user;
}

const overviewOf = async (user: SignedInUser): Promise<BillingOverview> => {
  const res = await user.client.request(billingRoutes.overview);
  expect(res.status, res.text).toBe(200);
  return billingOverviewSchema.parse(res.json.data);
};

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** Starts Checkout as the owner and returns the simulator's session object. */
async function startCheckout(user: SignedInUser, input: Record<string, unknown>) {
  const res = await user.client.request(billingRoutes.checkout, { json: input });
  expect(res.status, res.text).toBe(200);
  const url = res.json.data.url as string;
  expect(url).toContain('/simulator/stripe/checkout/');
  const id = sessionIdOf(url);
  return { url, id, session: sim().state.objects.get(id) as Record<string, unknown> };
}

/** Premium through Checkout, paid with `card`, then converged. */
async function subscribe(
  user: SignedInUser,
  input: Record<string, unknown> = { interval: 'month' },
  card = '4242424242424242',
) {
  const { id } = await startCheckout(user, input);
  const done = await control(`/checkout/${id}/complete`, { card });
  expect(done.status, JSON.stringify(done.json)).toBe(200);
  await syncBusiness(t.runtime.deps, user.userId);
  return id;
}

let codeCounter = 0;
/** A promotion code for a new coupon (20 % off once unless told). */
async function promotionCode(
  options: { expiresAt?: number; maxRedemptions?: number; active?: boolean } = {},
) {
  codeCounter += 1;
  const code = `SAVE${codeCounter}${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
  const coupon = await stripe.coupons.create({ percent_off: 20, duration: 'once' });
  await stripe.promotionCodes.create({
    promotion: { type: 'coupon', coupon: coupon.id },
    code,
    ...(options.expiresAt ? { expires_at: options.expiresAt } : {}),
    ...(options.maxRedemptions ? { max_redemptions: options.maxRedemptions } : {}),
    ...(options.active === false ? { active: false } : {}),
  });
  return code;
}

describe('GET /api/billing', () => {
  it('shows a new business its trial, usage, limits and the server’s prices', async () => {
    const owner = await createSignedInUser(t);
    const overview = await overviewOf(owner);
    expect(overview).toMatchObject({
      mode: 'test',
      plan: 'trial',
      status: 'active',
      addons: [],
      canManage: true,
      interval: null,
      renewsAt: null,
      invoices: [],
      manualInstructions: null,
      usage: { connectedAccounts: 0, staffSeats: 0 },
      limits: { staffSeats: PLANS.trial.limits.staffSeats },
    });
    expect(overview.trialDaysLeft).toBeGreaterThan(0);
    expect(overview.prices.premium).toEqual([
      { interval: 'month', amount: PLANS.premium.priceMonthly * 100, currency: 'usd' },
      { interval: 'year', amount: PLANS.premium.priceYearly! * 100, currency: 'usd' },
    ]);
    expect(overview.prices.addons.crm).toEqual([
      { interval: 'month', amount: ADDONS.crm.priceMonthly * 100, currency: 'usd' },
      { interval: 'year', amount: ADDONS.crm.priceMonthly * 1000, currency: 'usd' },
    ]);
  });

  it('needs a session', async () => {
    const res = await new (await import('#server/test/app.ts')).TestClient(t.app).request(
      billingRoutes.overview,
    );
    expectError(res, 401, 'UNAUTHORIZED');
  });

  it('answers from stored state alone: no Stripe call, even while Stripe fails', async () => {
    const owner = await payingOwner();
    await control('/faults', { status: 500, times: 50 });
    const before = runtime.stripeCalls();
    await overviewOf(owner);
    expect(runtime.stripeCalls()).toBe(before);
  });
});

describe('a business upgrading to Premium', () => {
  let owner: SignedInUser;
  let sessionId: string;

  beforeAll(async () => {
    owner = await payingOwner();
  });

  it('starts Checkout with the server’s price, its own return pages and the code field', async () => {
    const { session, id } = await startCheckout(owner, { interval: 'month' });
    sessionId = id;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: owner.userId,
      allow_promotion_codes: true,
      discounts: [],
    });
    expect(String(session.success_url)).toBe(
      'http://localhost:3000/dashboard/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}',
    );
    expect(String(session.cancel_url)).toBe(
      'http://localhost:3000/dashboard/subscription?checkout=cancelled',
    );
    const items = await stripe.checkout.sessions.listLineItems(id);
    expect(items.data.map((i) => [i.price?.lookup_key, i.price?.unit_amount])).toEqual([
      ['premium_monthly', PLANS.premium.priceMonthly * 100],
    ]);
    // The customer was made for this business and stored.
    const customer = String(session.customer);
    const found = await stripe.customers.retrieve(customer);
    expect('deleted' in found).toBe(false);
    expect((found as Stripe.Customer).metadata.business_id).toBe(owner.userId);
    expect((found as Stripe.Customer).email).toBe(owner.email);
  });

  it('keeps the rest of the local trial: Stripe charges when it ends', async () => {
    const other = await createSignedInUser(t);
    const [row] = await t.runtime.deps.database.unsafeDb
      .select({ trialEndsAt: subscription.trialEndsAt })
      .from(subscription)
      .where(eq(subscription.userId, other.userId));
    const create = vi.spyOn(stripe.checkout.sessions, 'create');
    try {
      await startCheckout(other, { interval: 'month' });
      const params = create.mock.calls[0]![0]!;
      expect(params.subscription_data?.trial_end).toBe(
        Math.floor(row!.trialEndsAt!.getTime() / 1000),
      );
      expect(params.line_items).toHaveLength(1);
    } finally {
      create.mockRestore();
    }
  });

  it('makes one session for a double click', async () => {
    const other = await payingOwner();
    const [a, b] = await Promise.all([
      other.client.request(billingRoutes.checkout, { json: { interval: 'year' } }),
      other.client.request(billingRoutes.checkout, { json: { interval: 'year' } }),
    ]);
    expect(a.status, a.text).toBe(200);
    expect(b.json.data.url).toBe(a.json.data.url);
  });

  it('is Premium, active, monthly with a renewal date and a paid invoice once paid with 4242', async () => {
    const done = await control(`/checkout/${sessionId}/complete`, { card: '4242424242424242' });
    expect(done.status).toBe(200);
    await syncBusiness(t.runtime.deps, owner.userId);
    const overview = await overviewOf(owner);
    expect(overview).toMatchObject({
      plan: 'premium',
      status: 'active',
      interval: 'month',
      cancelAtPeriodEnd: false,
      paymentMethod: { brand: 'visa', last4: '4242' },
      trialEndsAt: null,
    });
    expect(new Date(overview.renewsAt!).getTime()).toBeGreaterThan(Date.now());
    expect(overview.invoices.length).toBeGreaterThan(0);
    expect(overview.invoices[0]).toMatchObject({ status: 'paid', currency: 'usd' });
    // GET /api/subscription follows the same entitlements.
    const sub = await owner.client.request('/api/subscription');
    expect(sub.json.data).toMatchObject({ plan: 'premium', status: 'active' });
  });

  it('refuses a second Checkout while subscribed', async () => {
    const res = await owner.client.request(billingRoutes.checkout, { json: { interval: 'year' } });
    expectError(res, 409, 'WORKFLOW_STATE_INVALID');
    expect(res.json.error).toBe('You already have Premium: change it below.');
  });

  it('previews an add-on: prorated now, the catalogue’s monthly price from the renewal', async () => {
    const res = await owner.client.request(billingRoutes.addonPreview, {
      json: { addon: 'crm', action: 'add' },
    });
    expect(res.status, res.text).toBe(200);
    const preview = addonPreviewSchema.parse(res.json.data);
    expect(preview).toMatchObject({
      addon: 'crm',
      action: 'add',
      interval: 'month',
      currency: 'usd',
      recurring: ADDONS.crm.priceMonthly * 100,
    });
    expect(preview.dueNow).toBeGreaterThan(0);
    expect(preview.dueNow).toBeLessThanOrEqual(ADDONS.crm.priceMonthly * 100);
    expect(preview.lines.length).toBeGreaterThan(0);
    // Nothing changed.
    expect((await overviewOf(owner)).addons).toEqual([]);
  });

  it('switches to yearly: every item moves to the yearly price', async () => {
    const res = await owner.client.request(billingRoutes.interval, { json: { interval: 'year' } });
    expect(res.status, res.text).toBe(200);
    expect(billingOverviewSchema.parse(res.json.data)).toMatchObject({
      plan: 'premium',
      interval: 'year',
    });
    const again = await owner.client.request(billingRoutes.interval, {
      json: { interval: 'year' },
    });
    expectError(again, 400, 'VALIDATION_ERROR');
    expect(again.json.metadata.fieldErrors.interval).toBeTruthy();
  });

  it('previews the yearly add-on at ten months', async () => {
    const res = await owner.client.request(billingRoutes.addonPreview, {
      json: { addon: 'crm', action: 'add' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      interval: 'year',
      recurring: ADDONS.crm.priceMonthly * 100 * 10,
    });
    expect(res.json.data.dueNow).toBeGreaterThan(0);
  });

  it('adds CRM: the entitlements grant the CRM', async () => {
    const res = await owner.client.request(billingRoutes.addons, {
      json: { addon: 'crm', action: 'add' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.addons).toEqual(['crm']);
    const entitlements = await withTenant(t.runtime.deps.database, SYSTEM_SCOPE, (tx) =>
      entitlementsOf(tx, owner.userId),
    );
    expect(grants(entitlements, 'crm')).toBe(true);
    expect(grants(entitlements, 'email-marketing')).toBe(false);
    // Its prorated invoice is named after its charge, not after the credit line before it.
    expect(res.json.data.invoices[0].description).toMatch(/CRM/);
    // The yearly add-on price is on the subscription.
    const subs = await stripe.subscriptions.list({ customer: (await storedCustomer(owner))! });
    expect(subs.data[0]!.items.data.map((i) => i.price.lookup_key).sort()).toEqual([
      'addon_crm_yearly',
      'premium_yearly',
    ]);
  });

  it('refuses adding an add-on twice and removing an absent one, naming the field', async () => {
    const twice = await owner.client.request(billingRoutes.addons, {
      json: { addon: 'crm', action: 'add' },
    });
    expectError(twice, 400, 'VALIDATION_ERROR');
    expect(twice.json.metadata.fieldErrors.addon).toBe('You already have this add-on.');
    const absent = await owner.client.request(billingRoutes.addons, {
      json: { addon: 'email', action: 'remove' },
    });
    expectError(absent, 400, 'VALIDATION_ERROR');
    expect(absent.json.metadata.fieldErrors.addon).toBe('You do not have this add-on.');
  });

  it('removes CRM', async () => {
    const res = await owner.client.request(billingRoutes.addons, {
      json: { addon: 'crm', action: 'remove' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.addons).toEqual([]);
    const entitlements = await withTenant(t.runtime.deps.database, SYSTEM_SCOPE, (tx) =>
      entitlementsOf(tx, owner.userId),
    );
    expect(grants(entitlements, 'crm')).toBe(false);
  });

  it('applies a valid promotion code to the subscription', async () => {
    const code = await promotionCode();
    const res = await owner.client.request(billingRoutes.coupon, { json: { code } });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.discount).toMatchObject({ code, label: '20 % off', percentOff: 20 });
  });

  it('says why a code cannot be used: unknown, expired, inactive, used up', async () => {
    const cases: Array<[string, string]> = [
      ['NOSUCHCODE42', 'No such code.'],
      [
        await promotionCode({ expiresAt: Math.floor(Date.now() / 1000) - 60 }),
        'This code has expired.',
      ],
      [await promotionCode({ active: false }), 'This code is no longer active.'],
    ];
    const usedUp = await promotionCode({ maxRedemptions: 1 });
    const first = await payingOwner();
    await subscribe(first, { interval: 'month', coupon: usedUp });
    cases.push([usedUp, 'This code has been used up.']);
    for (const [code, message] of cases) {
      const res = await owner.client.request(billingRoutes.coupon, { json: { code } });
      expectError(res, 400, 'COUPON_ERROR');
      expect(res.json.error, code).toBe(message);
      expect(res.json.metadata.fieldErrors.code).toBe(message);
    }
  });

  it('cancels at the period end and resumes before it', async () => {
    const cancelled = await owner.client.request(billingRoutes.cancel, { method: 'POST' });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });
    const resumed = await owner.client.request(billingRoutes.resume, { method: 'POST' });
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json.data).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });
  });

  it('opens the customer portal', async () => {
    const res = await owner.client.request(billingRoutes.portal, { method: 'POST' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.url).toContain('/simulator/stripe/portal/');
  });

  it('cannot resume a subscription that has ended', async () => {
    const customer = (await storedCustomer(owner))!;
    const [live] = (await stripe.subscriptions.list({ customer })).data;
    await stripe.subscriptions.cancel(live!.id);
    await syncBusiness(t.runtime.deps, owner.userId);
    expect((await overviewOf(owner)).plan).toBe('free');
    const res = await owner.client.request(billingRoutes.resume, { method: 'POST' });
    expectError(res, 409, 'WORKFLOW_STATE_INVALID');
  });
});

async function storedCustomer(user: SignedInUser): Promise<string | null> {
  const [row] = await t.runtime.deps.database.unsafeDb
    .select({ id: subscription.stripeCustomerId })
    .from(subscription)
    .where(eq(subscription.userId, user.userId));
  return row?.id ?? null;
}

describe('Checkout with a code', () => {
  it('passes the code as a discount and not the code field', async () => {
    const owner = await payingOwner();
    const code = await promotionCode();
    const { session } = await startCheckout(owner, { interval: 'month', coupon: code });
    expect(session.allow_promotion_codes).toBe(false);
    expect(session.discounts).toEqual([
      { coupon: null, promotion_code: expect.stringMatching(/^promo_/) },
    ]);
  });

  it('refuses an unknown code with a clear message', async () => {
    const owner = await payingOwner();
    const res = await owner.client.request(billingRoutes.checkout, {
      json: { interval: 'month', coupon: 'NOPE123' },
    });
    expectError(res, 400, 'COUPON_ERROR');
    expect(res.json.error).toBe('No such code.');
  });
});

describe('add-ons at checkout', () => {
  it('buys the plan and the Email add-on at the same interval', async () => {
    const owner = await payingOwner();
    const { id } = await startCheckout(owner, { interval: 'year', addons: ['email'] });
    const items = await stripe.checkout.sessions.listLineItems(id);
    expect(items.data.map((i) => i.price?.lookup_key)).toEqual([
      'premium_yearly',
      'addon_email_yearly',
    ]);
    await control(`/checkout/${id}/complete`, { card: '4242424242424242' });
    await syncBusiness(t.runtime.deps, owner.userId);
    expect(await overviewOf(owner)).toMatchObject({
      plan: 'premium',
      interval: 'year',
      addons: ['email'],
    });
  });
});

describe('without a live subscription', () => {
  it('refuses the changes that need one', async () => {
    const owner = await payingOwner();
    const attempts: Array<[string, unknown, string]> = [
      [billingRoutes.interval, { interval: 'year' }, 'Upgrade to Premium first.'],
      [billingRoutes.addons, { addon: 'crm', action: 'add' }, 'Upgrade to Premium first.'],
      [billingRoutes.addonPreview, { addon: 'crm', action: 'add' }, 'Upgrade to Premium first.'],
      [billingRoutes.coupon, { code: 'ANY1' }, 'Enter the code at checkout, or upgrade first.'],
      [billingRoutes.cancel, undefined, 'Upgrade to Premium first.'],
    ];
    for (const [path, json, message] of attempts) {
      const res = await owner.client.request(path, json ? { json } : { method: 'POST' });
      expectError(res, 409, 'WORKFLOW_STATE_INVALID');
      expect(res.json.error, path).toBe(message);
    }
    const portal = await owner.client.request(billingRoutes.portal, { method: 'POST' });
    expectError(portal, 409, 'WORKFLOW_STATE_INVALID');
  });

  it('makes a new customer when Stripe no longer knows the stored one', async () => {
    const owner = await payingOwner();
    await t.runtime.deps.database.unsafeDb
      .update(subscription)
      .set({ stripeCustomerId: `cus_forgotten${crypto.randomUUID().slice(0, 8)}` })
      .where(eq(subscription.userId, owner.userId));
    const { session } = await startCheckout(owner, { interval: 'month' });
    expect(String(session.customer)).toBe(await storedCustomer(owner));
    expect(String(session.customer)).not.toContain('forgotten');
  });
});

describe('who may change billing', () => {
  let owner: SignedInUser;
  beforeAll(async () => {
    owner = await payingOwner();
    await subscribe(owner);
  });

  it.each(['staff', 'manager'] as const)(
    '%s reads the overview but changes nothing',
    async (role) => {
      const member = await addMember(t, owner, role);
      const overview = await overviewOf(member);
      expect(overview).toMatchObject({ plan: 'premium', canManage: false, invoices: [] });
      const attempts: Array<[string, unknown]> = [
        [billingRoutes.checkout, { interval: 'month' }],
        [billingRoutes.interval, { interval: 'year' }],
        [billingRoutes.addonPreview, { addon: 'crm', action: 'add' }],
        [billingRoutes.addons, { addon: 'crm', action: 'add' }],
        [billingRoutes.coupon, { code: 'ANY1' }],
        [billingRoutes.portal, undefined],
        [billingRoutes.cancel, undefined],
        [billingRoutes.resume, undefined],
      ];
      for (const [path, json] of attempts) {
        const res = await member.client.request(path, json ? { json } : { method: 'POST' });
        expectError(res, 403, 'FORBIDDEN');
      }
      expect((await overviewOf(owner)).cancelAtPeriodEnd).toBe(false);
    },
  );

  it('another owner sees only their own business: none of its invoices', async () => {
    const other = await payingOwner();
    const mine = (await overviewOf(owner)).invoices.map((i) => i.id);
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await overviewOf(other);
    expect(theirs.invoices).toEqual([]);
    expect(theirs.plan).toBe('trial');
  });

  it('takes no price, amount or business from the browser', async () => {
    const forged: Array<[string, unknown]> = [
      [billingRoutes.checkout, { interval: 'month', price: 1 }],
      [billingRoutes.checkout, { interval: 'month', amount: 1 }],
      [billingRoutes.checkout, { interval: 'month', businessId: owner.userId }],
      [billingRoutes.checkout, { interval: 'week' }],
      [billingRoutes.interval, { interval: 'year', price: 'price_123' }],
      [billingRoutes.addons, { addon: 'crm', action: 'add', amount: 0 }],
      [billingRoutes.addonPreview, { addon: 'vip', action: 'add' }],
      [billingRoutes.coupon, { code: 'X', percentOff: 100 }],
      [billingRoutes.coupon, { code: "'; drop table x;--" }],
    ];
    for (const [path, json] of forged) {
      const res = await owner.client.request(path, { json });
      expectError(res, 400, 'VALIDATION_ERROR');
    }
  });
});

describe('when Stripe fails', () => {
  it('answers CARD_PROVIDER_ERROR for a 5xx and a rate limit, storing nothing', async () => {
    const owner = await payingOwner();
    for (const status of [500, 503, 429]) {
      await control('/faults', { status, times: 1, path: '/v1/checkout/sessions' });
      const res = await owner.client.request(billingRoutes.checkout, {
        json: { interval: 'month' },
      });
      expectError(res, 502, 'CARD_PROVIDER_ERROR');
      expect((await overviewOf(owner)).plan).toBe('trial');
    }
    // Once Stripe answers again, the same request works.
    const ok = await owner.client.request(billingRoutes.checkout, { json: { interval: 'month' } });
    expect(ok.status, ok.text).toBe(200);
  });

  it('answers CARD_PROVIDER_ERROR for a failing add-on change, changing nothing', async () => {
    const owner = await payingOwner();
    await subscribe(owner);
    await control('/faults', { status: 500, times: 1, path: '/v1/subscriptions/' });
    const res = await owner.client.request(billingRoutes.addons, {
      json: { addon: 'crm', action: 'add' },
    });
    expectError(res, 502, 'CARD_PROVIDER_ERROR');
    await syncBusiness(t.runtime.deps, owner.userId);
    expect((await overviewOf(owner)).addons).toEqual([]);
  });

  it('answers ADDON_PAYMENT_ERROR when the add-on’s prorated invoice cannot be paid', async () => {
    const owner = await payingOwner();
    await subscribe(owner);
    const customer = (await storedCustomer(owner))!;
    const [live] = (await stripe.subscriptions.list({ customer })).data;
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
    await stripe.subscriptions.update(live!.id, { default_payment_method: failing.id });
    const res = await owner.client.request(billingRoutes.addons, {
      json: { addon: 'email', action: 'add' },
    });
    expectError(res, 402, 'ADDON_PAYMENT_ERROR');
    expect(res.json.error).toBe('Add-on purchase failed. Please try again or contact support.');
  });

  it('maps the SDK’s errors to the catalogue', () => {
    const { errors } = Stripe;
    expect(mapStripeError(new errors.StripeConnectionError({ message: 'ECONNRESET' })).code).toBe(
      'CARD_PROVIDER_ERROR',
    );
    expect(
      mapStripeError(new errors.StripeAPIError({ message: 'boom', statusCode: 500 } as never)).code,
    ).toBe('CARD_PROVIDER_ERROR');
    const declined = mapStripeError(
      new errors.StripeCardError({
        message: 'Your card has insufficient funds.',
        type: 'card_error',
        code: 'card_declined',
      } as never),
    );
    expect(declined.code).toBe('PAYMENT_ERROR');
    expect(declined.record.userMessage).toBe('Your card has insufficient funds.');
    const expired = mapStripeError(
      new errors.StripeInvalidRequestError({
        message: 'This promotion code has expired.',
        type: 'invalid_request_error',
        code: 'promotion_code_expired',
      } as never),
    );
    expect(expired.code).toBe('COUPON_ERROR');
    expect(expired.record.userMessage).toBe('This code has expired.');
  });
});
