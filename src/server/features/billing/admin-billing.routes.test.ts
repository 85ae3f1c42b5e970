import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adminBillingPageSchema,
  adminWebhookLogSchema,
  couponSchema,
  grantSchema,
  invoiceSchema,
} from '#shared/contracts/billing.contract.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { entitlementsOf } from '../subscription/entitlements.ts';
import { billingRuntime, type BillingRuntime } from './billing-runtime.ts';
import {
  billingCoupons,
  billingEvents,
  billingGrants,
  billingInvoices,
  billingWebhookFailures,
} from './billing.tables.ts';

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let staff: SignedInUser;
const tag = crypto.randomUUID().slice(0, 8);

beforeAll(async () => {
  t = await getTestApp();
  [admin, owner] = await Promise.all([
    createSignedInUser(t),
    createSignedInUser(t, { businessName: `Billing Bakery ${tag}` }),
  ]);
  await makeAdmin(t, admin.userId);
  staff = await addMember(t, owner, 'manager');
  // The simulator's webhooks (coupon.created, …) reach this app in process, never the network.
  billingRuntime(t.runtime.deps).setSimulatorOutbound(async (url, init) => {
    const { pathname } = new URL(url);
    return t.app.request(pathname, init);
  });
});
afterAll(() => {
  billingRuntime(t.runtime.deps).setSimulatorOutbound((url, init) => fetch(url, init));
});

async function fault(body: unknown, method = 'POST') {
  await billingRuntime(t.runtime.deps).simulator!.control.request('/faults', {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: { 'content-type': 'application/json' },
  });
}

const grantsPath = (businessId: string) => `/api/admin/billing/${businessId}/grants`;

async function entitlementsFor(businessId: string) {
  return withTenant(t.runtime.deps.database, businessScope(businessId), (tx) =>
    entitlementsOf(tx, businessId),
  );
}

describe('who may use the administrators’ billing view', () => {
  it('refuses everyone but administrators: signed out 401, owner and manager 403', async () => {
    const anonymous = new TestClient(t.app);
    const paths: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/billing'],
      ['GET', '/api/admin/billing/events'],
      ['GET', '/api/admin/billing/coupons'],
      ['POST', grantsPath(owner.userId), { kind: 'addon', value: 'crm', reason: 'Because' }],
      ['DELETE', `${grantsPath(owner.userId)}/${crypto.randomUUID()}`],
      [
        'POST',
        `/api/admin/billing/${owner.userId}/invoices`,
        { amount: 100, status: 'paid', description: 'x' },
      ],
      ['POST', '/api/admin/billing/coupons', { code: 'NOPE', percentOff: 10, duration: 'once' }],
      ['DELETE', `/api/admin/billing/coupons/${crypto.randomUUID()}`],
    ];
    for (const [method, path, json] of paths) {
      const init = { method, ...(json ? { json } : {}) };
      expectError(await anonymous.request(path, init), 401, 'UNAUTHORIZED');
      expectError(await owner.client.request(path, init), 403, 'FORBIDDEN');
      expectError(await staff.client.request(path, init), 403, 'FORBIDDEN');
    }
    const grants = await t.runtime.deps.database.unsafeDb
      .select()
      .from(billingGrants)
      .where(eq(billingGrants.userId, owner.userId));
    expect(grants).toEqual([]);
  });
});

describe('GET /api/admin/billing', () => {
  it('lists businesses with their derived state, searches and pages by 50', async () => {
    const res = await admin.client.request('/api/admin/billing');
    expect(res.status, res.text).toBe(200);
    const page = adminBillingPageSchema.parse(res.json.data);
    expect(page).toMatchObject({ mode: 'test', page: 1, pageSize: 50 });
    expect(page.rows.length).toBeLessThanOrEqual(50);
    expect(page.total).toBeGreaterThanOrEqual(2);

    const found = adminBillingPageSchema.parse(
      (await admin.client.request(`/api/admin/billing?q=${encodeURIComponent(`Bakery ${tag}`)}`))
        .json.data,
    );
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({
      businessId: owner.userId,
      email: owner.email,
      businessName: `Billing Bakery ${tag}`,
      plan: 'trial',
      status: 'active',
      addons: [],
      providerStatus: null,
      stripeCustomerId: null,
      problem: null,
      grants: [],
    });
    const byEmail = await admin.client.request(
      `/api/admin/billing?q=${encodeURIComponent(owner.email)}`,
    );
    expect(byEmail.json.data.rows.map((r: { businessId: string }) => r.businessId)).toEqual([
      owner.userId,
    ]);

    const second = await admin.client.request(`/api/admin/billing?page=2&q=Bakery%20${tag}`);
    expect(second.json.data).toMatchObject({ page: 2, total: 1, rows: [] });
    const none = await admin.client.request('/api/admin/billing?q=%25%25nobody-at-all');
    expect(none.json.data).toMatchObject({ total: 0, rows: [] });
  });

  it('refuses a bad page or query (400)', async () => {
    for (const query of ['page=0', 'page=abc', 'page=99999999', `q=${'x'.repeat(201)}`, 'x=1']) {
      expectError(
        await admin.client.request(`/api/admin/billing?${query}`),
        400,
        'VALIDATION_ERROR',
      );
    }
  });
});

describe('grants', () => {
  it('grants an add-on with who and why, which the business’s entitlements see at once', async () => {
    const business = await createSignedInUser(t);
    expect((await entitlementsFor(business.userId)).addons).toEqual([]);
    const res = await admin.client.request(grantsPath(business.userId), {
      json: { kind: 'addon', value: 'crm', reason: '  Partner programme  ' },
    });
    expect(res.status, res.text).toBe(201);
    const grant = grantSchema.parse(res.json.data);
    expect(grant).toMatchObject({
      kind: 'addon',
      value: 'crm',
      reason: 'Partner programme',
      grantedBy: admin.userId,
    });
    expect(await entitlementsFor(business.userId)).toMatchObject({
      plan: 'trial',
      addons: ['crm'],
      granted: { plan: null, addons: ['crm'] },
    });
    // What the business's own pages read, at once (the cache was told).
    const own = await business.client.request('/api/subscription');
    expect(own.json.data).toMatchObject({ plan: 'trial', addons: ['crm'] });
    const listed = await admin.client.request(
      `/api/admin/billing?q=${encodeURIComponent(business.email)}`,
    );
    expect(listed.json.data.rows[0]).toMatchObject({ addons: ['crm'], grants: [{ id: grant.id }] });

    // The same grant twice is refused; the first stays the only one.
    expectError(
      await admin.client.request(grantsPath(business.userId), {
        json: { kind: 'addon', value: 'crm', reason: 'Again' },
      }),
      409,
      'WORKFLOW_STATE_INVALID',
    );

    // Revoked, never deleted: who and when are kept; the entitlements drop it at once.
    const revoked = await admin.client.request(`${grantsPath(business.userId)}/${grant.id}`, {
      method: 'DELETE',
    });
    expect(revoked.status, revoked.text).toBe(200);
    expect((await entitlementsFor(business.userId)).addons).toEqual([]);
    expect((await business.client.request('/api/subscription')).json.data.addons).toEqual([]);
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(billingGrants)
      .where(eq(billingGrants.userId, business.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ revokedBy: admin.userId, grantedBy: admin.userId });
    expect(rows[0]!.revokedAt).toBeInstanceOf(Date);
    expectError(
      await admin.client.request(`${grantsPath(business.userId)}/${grant.id}`, {
        method: 'DELETE',
      }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
    // Once revoked it may be granted again.
    const again = await admin.client.request(grantsPath(business.userId), {
      json: { kind: 'addon', value: 'crm', reason: 'Back in the programme' },
    });
    expect(again.status).toBe(201);
  });

  it('a granted Premium plan makes an ended trial active Premium', async () => {
    const business = await createSignedInUser(t);
    const patched = await admin.client.request(`/api/admin/users/${business.userId}/subscription`, {
      method: 'PATCH',
      json: { status: 'inactive' },
    });
    expect(patched.status).toBe(200);
    expect(await entitlementsFor(business.userId)).toMatchObject({ status: 'inactive' });
    const res = await admin.client.request(grantsPath(business.userId), {
      json: { kind: 'plan', value: 'premium', reason: 'Launch partner' },
    });
    expect(res.status, res.text).toBe(201);
    expect(await entitlementsFor(business.userId)).toMatchObject({
      plan: 'premium',
      status: 'active',
    });
    const listed = await admin.client.request(
      `/api/admin/billing?q=${encodeURIComponent(business.email)}`,
    );
    expect(listed.json.data.rows[0]).toMatchObject({ plan: 'premium', status: 'active' });
  });

  it('refuses a bad kind, value or reason (400), an unknown business or grant (404)', async () => {
    const bad = [
      { kind: 'plan', value: 'crm', reason: 'Because' },
      { kind: 'addon', value: 'premium', reason: 'Because' },
      { kind: 'plan', value: 'gold', reason: 'Because' },
      { kind: 'seat', value: 'crm', reason: 'Because' },
      { kind: 'addon', value: 'crm' },
      { kind: 'addon', value: 'crm', reason: '  ' },
      { kind: 'addon', value: 'crm', reason: 'x'.repeat(501) },
      { kind: 'addon', value: 'crm', reason: 'Because', extra: true },
    ];
    for (const json of bad) {
      const res = await admin.client.request(grantsPath(owner.userId), { json });
      expectError(res, 400, 'VALIDATION_ERROR');
    }
    const mismatch = await admin.client.request(grantsPath(owner.userId), {
      json: { kind: 'plan', value: 'crm', reason: 'Because' },
    });
    expect(mismatch.json.metadata.fieldErrors).toHaveProperty('value');
    expectError(
      await admin.client.request(grantsPath(crypto.randomUUID()), {
        json: { kind: 'addon', value: 'crm', reason: 'Because' },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await admin.client.request('/api/admin/billing/not-a-uuid/grants', {
        json: { kind: 'addon', value: 'crm', reason: 'Because' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request(`${grantsPath(owner.userId)}/${crypto.randomUUID()}`, {
        method: 'DELETE',
      }),
      404,
      'NOT_FOUND',
    );
    expect((await entitlementsFor(owner.userId)).granted).toEqual({ plan: null, addons: [] });
  });

  it('a grant of one business cannot be revoked through another', async () => {
    const [a, b] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
    const grant = await admin.client.request(grantsPath(a.userId), {
      json: { kind: 'addon', value: 'email', reason: 'Pilot' },
    });
    expectError(
      await admin.client.request(`${grantsPath(b.userId)}/${grant.json.data.id}`, {
        method: 'DELETE',
      }),
      404,
      'NOT_FOUND',
    );
    expect((await entitlementsFor(a.userId)).addons).toEqual(['email']);
  });
});

describe('coupons in test mode (Stripe simulator)', () => {
  it('creates a Stripe coupon and promotion code, lists it and deactivates it', async () => {
    const code = `SPRING${tag}`.toUpperCase();
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await admin.client.request('/api/admin/billing/coupons', {
      json: {
        code: code.toLowerCase(),
        percentOff: 20,
        duration: 'repeating',
        durationInMonths: 3,
        expiresAt,
        maxRedemptions: 5,
      },
    });
    expect(res.status, res.text).toBe(201);
    const coupon = couponSchema.parse(res.json.data);
    expect(coupon).toMatchObject({
      code,
      percentOff: 20,
      amountOff: null,
      duration: 'repeating',
      durationInMonths: 3,
      maxRedemptions: 5,
      timesRedeemed: 0,
      active: true,
    });
    expect(coupon.id).toMatch(/^promo_/);

    const stripe = billingRuntime(t.runtime.deps).stripe!;
    const found = await stripe.promotionCodes.list({ code, expand: ['data.promotion.coupon'] });
    expect(found.data).toHaveLength(1);
    const promo = found.data[0]!;
    expect(promo).toMatchObject({ id: coupon.id, active: true, max_redemptions: 5 });
    expect(promo.expires_at).toBe(Math.floor(Date.parse(expiresAt) / 1000));
    expect(promo.promotion.coupon).toMatchObject({
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 3,
    });

    const listed = await admin.client.request('/api/admin/billing/coupons');
    expect(listed.status).toBe(200);
    expect(listed.json.data.find((c: { id: string }) => c.id === coupon.id)).toMatchObject({
      code,
      active: true,
    });

    // The same code again is refused on the code field.
    const twice = await admin.client.request('/api/admin/billing/coupons', {
      json: { code, amountOff: 500, duration: 'once' },
    });
    expectError(twice, 400, 'VALIDATION_ERROR');
    expect(twice.json.metadata.fieldErrors).toHaveProperty('code');

    const off = await admin.client.request(`/api/admin/billing/coupons/${coupon.id}`, {
      method: 'DELETE',
    });
    expect(off.status, off.text).toBe(200);
    expect(off.json.data).toMatchObject({ id: coupon.id, active: false });
    expect((await stripe.promotionCodes.retrieve(coupon.id)).active).toBe(false);
    expectError(
      await admin.client.request('/api/admin/billing/coupons/promo_doesnotexist', {
        method: 'DELETE',
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('answers 502 CARD_PROVIDER_ERROR while Stripe fails, never a 500', async () => {
    try {
      await fault({ status: 500, times: 5, path: '/v1/promotion_codes' });
      expectError(
        await admin.client.request('/api/admin/billing/coupons'),
        502,
        'CARD_PROVIDER_ERROR',
      );
      const code = `DOWN${tag}`.toUpperCase();
      expectError(
        await admin.client.request('/api/admin/billing/coupons', {
          json: { code, percentOff: 10, duration: 'once' },
        }),
        502,
        'CARD_PROVIDER_ERROR',
      );
    } finally {
      await fault(undefined, 'DELETE');
    }
  });

  it('makes a fixed-amount coupon in the billing currency', async () => {
    const res = await admin.client.request('/api/admin/billing/coupons', {
      json: { code: `FIVE${tag}`, amountOff: 500, duration: 'forever' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.data).toMatchObject({
      amountOff: 500,
      percentOff: null,
      currency: billingRuntime(t.runtime.deps).currency.toLowerCase(),
      duration: 'forever',
      durationInMonths: null,
    });
  });

  it('refuses bad coupon input with the field that is wrong (400)', async () => {
    const cases: Array<[unknown, string]> = [
      [{ code: 'BOTH', percentOff: 10, amountOff: 100, duration: 'once' }, 'percentOff'],
      [{ code: 'NEITHER', duration: 'once' }, 'percentOff'],
      [{ code: 'NOMONTHS', percentOff: 10, duration: 'repeating' }, 'durationInMonths'],
      [
        { code: 'MONTHS', percentOff: 10, duration: 'once', durationInMonths: 2 },
        'durationInMonths',
      ],
      [{ code: 'has space', percentOff: 10, duration: 'once' }, 'code'],
      [{ code: 'TOOMUCH', percentOff: 101, duration: 'once' }, 'percentOff'],
      [
        { code: 'PAST', percentOff: 10, duration: 'once', expiresAt: '2001-01-01T00:00:00Z' },
        'expiresAt',
      ],
      [{ code: 'ZERO', percentOff: 10, duration: 'once', maxRedemptions: 0 }, 'maxRedemptions'],
    ];
    for (const [json, field] of cases) {
      const res = await admin.client.request('/api/admin/billing/coupons', { json });
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.json.metadata.fieldErrors, JSON.stringify(json)).toHaveProperty(field);
    }
  });
});

describe('invoices', () => {
  it('are refused in test mode: they come from Stripe', async () => {
    const res = await admin.client.request(`/api/admin/billing/${owner.userId}/invoices`, {
      json: { amount: 1900, status: 'paid', description: 'March' },
    });
    expectError(res, 409, 'WORKFLOW_STATE_INVALID');
    expect(res.json.error).toBe('Invoices come from Stripe in this mode.');
  });
});

describe('manual mode', () => {
  let original: BillingRuntime;
  beforeAll(() => {
    original = billingRuntime(t.runtime.deps);
    billingRuntime.replace(t.runtime.deps, {
      ...original,
      mode: 'manual',
      stripe: null,
      webhookSecret: null,
      simulator: null,
      setSimulatorOutbound: () => {},
    });
  });
  afterAll(() => {
    billingRuntime.replace(t.runtime.deps, original);
  });

  it('reports the mode in the list', async () => {
    expect((await admin.client.request('/api/admin/billing')).json.data.mode).toBe('manual');
  });

  it('records an invoice its business’s owner reads, and no one else', async () => {
    const [business, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
    const res = await admin.client.request(`/api/admin/billing/${business.userId}/invoices`, {
      json: {
        amount: 1900,
        status: 'paid',
        description: 'Premium, March',
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
      },
    });
    expect(res.status, res.text).toBe(201);
    const invoice = invoiceSchema.parse(res.json.data);
    expect(invoice).toMatchObject({
      status: 'paid',
      amountDue: 1900,
      amountPaid: 1900,
      currency: original.currency.toLowerCase(),
      periodStart: '2026-03-01T00:00:00.000Z',
    });
    const [stored] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.id, invoice.id));
    expect(stored).toMatchObject({ provider: 'manual', recordedBy: admin.userId });

    const asOwner = await withTenant(
      t.runtime.deps.database,
      businessScope(business.userId),
      (tx) => tx.select().from(billingInvoices).where(eq(billingInvoices.userId, business.userId)),
    );
    expect(asOwner.map((row) => row.id)).toEqual([invoice.id]);
    const asOther = await withTenant(t.runtime.deps.database, businessScope(other.userId), (tx) =>
      tx.select().from(billingInvoices).where(eq(billingInvoices.id, invoice.id)),
    );
    expect(asOther).toEqual([]);

    expectError(
      await admin.client.request(`/api/admin/billing/${business.userId}/invoices`, {
        json: { amount: -1, status: 'paid', description: 'x' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request(`/api/admin/billing/${business.userId}/invoices`, {
        json: {
          amount: 100,
          status: 'open',
          description: 'Backwards',
          periodStart: '2026-03-31',
          periodEnd: '2026-03-01',
        },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request(`/api/admin/billing/${crypto.randomUUID()}/invoices`, {
        json: { amount: 100, status: 'open', description: 'Nobody' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('keeps coupons in its own table, upper case, one per code', async () => {
    const code = `manual${tag}`;
    const res = await admin.client.request('/api/admin/billing/coupons', {
      json: { code, amountOff: 1000, duration: 'once', maxRedemptions: 1 },
    });
    expect(res.status, res.text).toBe(201);
    const coupon = couponSchema.parse(res.json.data);
    expect(coupon).toMatchObject({
      code: code.toUpperCase(),
      amountOff: 1000,
      currency: original.currency.toLowerCase(),
      maxRedemptions: 1,
      active: true,
    });
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(billingCoupons)
      .where(eq(billingCoupons.id, coupon.id));
    expect(row).toMatchObject({ code: code.toUpperCase(), createdBy: admin.userId });

    const twice = await admin.client.request('/api/admin/billing/coupons', {
      json: { code: code.toUpperCase(), percentOff: 5, duration: 'forever' },
    });
    expectError(twice, 400, 'VALIDATION_ERROR');
    expect(twice.json.metadata.fieldErrors).toHaveProperty('code');

    const listed = await admin.client.request('/api/admin/billing/coupons');
    expect(listed.json.data.map((c: { id: string }) => c.id)).toContain(coupon.id);

    const off = await admin.client.request(`/api/admin/billing/coupons/${coupon.id}`, {
      method: 'DELETE',
    });
    expect(off.json.data).toMatchObject({ id: coupon.id, active: false });
    expectError(
      await admin.client.request(`/api/admin/billing/coupons/${crypto.randomUUID()}`, {
        method: 'DELETE',
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await admin.client.request('/api/admin/billing/coupons/promo_123', { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses bad coupon input with its field (400)', async () => {
    const both = await admin.client.request('/api/admin/billing/coupons', {
      json: { code: 'BOTHWAYS', percentOff: 10, amountOff: 100, duration: 'once' },
    });
    expectError(both, 400, 'VALIDATION_ERROR');
    expect(both.json.metadata.fieldErrors).toHaveProperty('percentOff');
    const months = await admin.client.request('/api/admin/billing/coupons', {
      json: { code: 'NOMONTHS', percentOff: 10, duration: 'repeating' },
    });
    expect(months.json.metadata.fieldErrors).toHaveProperty('durationInMonths');
  });
});

describe('GET /api/admin/billing/events', () => {
  it('lists the newest webhook events and failures', async () => {
    const db = t.runtime.deps.database.unsafeDb;
    const eventId = `evt_admin_${tag}`;
    await db.insert(billingEvents).values({
      id: eventId,
      type: 'invoice.paid',
      userId: owner.userId,
      outcome: 'applied',
      detail: 'premium, active',
      stripeCalls: 2,
    });
    const [failure] = await db
      .insert(billingWebhookFailures)
      .values({
        eventId: `evt_bad_${tag}`,
        type: 'invoice.paid',
        reason: 'Signature did not match',
      })
      .returning();
    const res = await admin.client.request('/api/admin/billing/events');
    expect(res.status, res.text).toBe(200);
    const log = adminWebhookLogSchema.parse(res.json.data);
    expect(log.events.length).toBeLessThanOrEqual(50);
    expect(log.failures.length).toBeLessThanOrEqual(50);
    expect(log.events.find((e) => e.id === eventId)).toMatchObject({
      type: 'invoice.paid',
      businessId: owner.userId,
      outcome: 'applied',
      stripeCalls: 2,
    });
    expect(log.failures.find((f) => f.id === failure!.id)).toMatchObject({
      eventId: `evt_bad_${tag}`,
      reason: 'Signature did not match',
    });
    const times = log.events.map((e) => Date.parse(e.receivedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
