import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import {
  openTarget,
  registerWebhooks,
  REAL_API,
  verifiedEvents,
  type ContractTarget,
} from './contract-target.ts';

// The API's conventions through the SDK: auth, idempotency, pagination, expand, the error
// envelope and webhook signatures; then the simulator's own faults and webhook controls.

let target: ContractTarget;
beforeAll(async () => {
  target = await openTarget();
  await registerWebhooks(target);
});
afterAll(() => target.close());

const email = () => `list-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

describe('API conventions', () => {
  it('refuses a wrong secret key with 401 invalid_request_error', async () => {
    const error = await target.wrongKey.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, rawType: 'invalid_request_error' });
  });

  it('answers an unknown id with 404 resource_missing naming the param', async () => {
    const error = await target.stripe.customers
      .retrieve('cus_doesnotexist')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      type: 'StripeInvalidRequestError',
    });
  });

  it('replays the stored response for the same Idempotency-Key and refuses different params', async () => {
    const key = `idem-${Math.random().toString(36).slice(2)}`;
    const address = email();
    const first = await target.stripe.customers.create({ email: address }, { idempotencyKey: key });
    const again = await target.stripe.customers.create({ email: address }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const listed = await target.stripe.customers.list({ email: address });
    expect(listed.data).toHaveLength(1);
    const error = await target.stripe.customers
      .create({ email: email() }, { idempotencyKey: key })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
  });

  it('deletes a customer and cancels its subscriptions', async () => {
    const customer = await target.stripe.customers.create({ email: email() });
    const pm = await target.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const sub = await target.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await target.priceId('premium_monthly') }],
      default_payment_method: pm.id,
    });
    expect(await target.stripe.customers.del(customer.id)).toMatchObject({
      id: customer.id,
      deleted: true,
    });
    expect((await target.stripe.subscriptions.retrieve(sub.id)).status).toBe('canceled');
    expect(await target.stripe.customers.retrieve(customer.id)).toMatchObject({ deleted: true });
  });

  it('pages a list with limit, starting_after and ending_before', async () => {
    const address = email();
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1)
      made.push((await target.stripe.customers.create({ email: address, name: `n${i}` })).id);
    const newestFirst = [...made].reverse();
    const page1 = await target.stripe.customers.list({ email: address, limit: 2 });
    expect(page1.object).toBe('list');
    expect(page1.has_more).toBe(true);
    expect(page1.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
    const page2 = await target.stripe.customers.list({
      email: address,
      limit: 2,
      starting_after: page1.data[1]!.id,
    });
    expect(page2.data.map((c) => c.id)).toEqual(newestFirst.slice(2, 4));
    const back = await target.stripe.customers.list({
      email: address,
      limit: 2,
      ending_before: page2.data[0]!.id,
    });
    expect(back.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
    const all: string[] = [];
    for await (const c of target.stripe.customers.list({ email: address, limit: 2 }))
      all.push(c.id);
    expect(all).toEqual(newestFirst);
  });

  it('serves the plan catalogue by lookup key and expands the product', async () => {
    const prices = await target.stripe.prices.list({
      lookup_keys: ['premium_monthly', 'premium_yearly', 'addon_crm_monthly', 'addon_email_yearly'],
      expand: ['data.product'],
    });
    const byKey = Object.fromEntries(prices.data.map((p) => [p.lookup_key, p]));
    expect(byKey.premium_monthly?.unit_amount).toBe(2900);
    expect(byKey.premium_yearly?.recurring?.interval).toBe('year');
    expect((byKey.addon_crm_monthly?.product as Stripe.Product).name).toBe('CRM');
    expect(byKey.addon_email_yearly?.id).toMatch(/^price_/);
  });

  it('validates coupons like Stripe', async () => {
    const error = await target.stripe.coupons
      .create({ amount_off: 500, duration: 'once' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 400, param: 'currency' });
    const coupon = await target.stripe.coupons.create({
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 3,
      max_redemptions: 5,
    });
    expect(coupon).toMatchObject({
      object: 'coupon',
      valid: true,
      times_redeemed: 0,
      duration_in_months: 3,
    });
  });

  it('signs every event so constructEvent accepts it, and lists the same events', async () => {
    const customer = await target.stripe.customers.create({ email: email() });
    await target.settle();
    const events = verifiedEvents(target, 'customer.created');
    const event = events.find((e) => (e.data.object as Stripe.Customer).id === customer.id);
    expect(event).toBeDefined();
    expect(event!.object).toBe('event');
    expect(event!.livemode).toBe(false);
    const fetched = await target.stripe.events.retrieve(event!.id);
    expect(fetched.type).toBe('customer.created');
    const listed = await target.stripe.events.list({ type: 'customer.created', limit: 100 });
    expect(listed.data.some((e) => e.id === event!.id)).toBe(true);
    const tampered = target.webhooks.received.find((w) => w.body.includes(event!.id))!;
    expect(() =>
      target.stripe.webhooks.constructEvent(
        tampered.body.replace('customer.created', 'customer.deleted'),
        tampered.signature,
        target.webhooks.secret!,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

describe.skipIf(REAL_API)('simulator controls', () => {
  it('injects a 429 rate_limit and a 500 for the next call only', async () => {
    await target.control!.fault(429);
    const limited = await target.stripe.customers.list().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect(limited).toMatchObject({ statusCode: 429, code: 'rate_limit' });
    await target.control!.fault(500);
    const broken = await target.stripe.customers.list().catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect((await target.stripe.customers.list()).object).toBe('list');
  });

  it('duplicates, holds and replays deliveries, and lists them', async () => {
    await target.control!.call('/webhooks/mode', { duplicate: true });
    const dup = await target.stripe.customers.create({ email: email() });
    await target.settle();
    await target.control!.call('/webhooks/mode', { duplicate: false, hold: true });
    const held = await target.stripe.customers.create({ email: email() });
    await target.settle();
    const count = (id: string) =>
      verifiedEvents(target, 'customer.created').filter(
        (e) => (e.data.object as Stripe.Customer).id === id,
      ).length;
    expect(count(dup.id)).toBe(2);
    expect(count(held.id)).toBe(0);
    await target.control!.call('/webhooks/mode', { hold: false });
    expect(await target.control!.call('/webhooks/release')).toEqual({ released: 1 });
    expect(count(held.id)).toBe(1);
    const event = verifiedEvents(target, 'customer.created').find(
      (e) => (e.data.object as Stripe.Customer).id === held.id,
    )!;
    await target.control!.call('/webhooks/replay', { eventId: event.id });
    expect(count(held.id)).toBe(2);
    const { deliveries } = (await target.control!.get('/webhooks/deliveries')) as {
      deliveries: { event: string; status: number }[];
    };
    expect(deliveries.filter((d) => d.event === event.id).map((d) => d.status)).toEqual([200, 200]);
  });

  it('retries a delivery the endpoint refused, on the clock', async () => {
    const refusing = await target.stripe.webhookEndpoints.create({
      url: `${target.webhooks.url}?refuse=1`,
      enabled_events: ['customer.updated'],
    });
    const customer = await target.stripe.customers.create({ email: email() });
    await target.stripe.customers.update(customer.id, { name: 'Retried' });
    await target.control!.advanceDays(1);
    const { deliveries } = (await target.control!.get('/webhooks/deliveries')) as {
      deliveries: { url: string; type: string; status: number; attempt: number }[];
    };
    const attempts = deliveries
      .filter((d) => d.url.endsWith('?refuse=1'))
      .map((d) => [d.attempt, d.status]);
    expect(attempts).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 500],
    ]);
    await target.stripe.webhookEndpoints.del(refusing.id);
  });

  it('serves the hosted invoice page and PDF', async () => {
    const customer = await target.stripe.customers.create({ email: email() });
    const pm = await target.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const sub = await target.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await target.priceId('addon_email_monthly') }],
      default_payment_method: pm.id,
      expand: ['latest_invoice'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const page = await fetch(invoice.hosted_invoice_url!);
    expect(await page.text()).toContain(invoice.number!);
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });

  it('lets a person use the billing portal: card, yearly billing, cancel and resume, invoices, return', async () => {
    const customer = await target.stripe.customers.create({ email: email() });
    const pm = await target.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await target.stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: pm.id },
    });
    const sub = await target.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: await target.priceId('premium_monthly') }],
      default_payment_method: pm.id,
    });
    const portal = await target.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'https://app.example/billing',
    });
    expect(portal.id).toMatch(/^bps_/);
    const home = await (await fetch(portal.url)).text();
    expect(home).toContain('https://app.example/billing');
    expect(home).toContain('Switch to yearly billing');
    const post = async (path: string, body?: Record<string, string>) =>
      (
        await fetch(`${portal.url}${path}`, {
          method: 'POST',
          ...(body ? { body: new URLSearchParams(body) } : {}),
        })
      ).text();
    expect(
      await post('/card', {
        cardNumber: '5555555555554444',
        cardExpiry: '01/30',
        cardCvc: '321',
        billingName: 'Ada',
      }),
    ).toContain('4444');
    await post(`/subscriptions/${sub.id}/switch`);
    expect(
      (await target.stripe.subscriptions.retrieve(sub.id)).items.data[0]!.price.lookup_key,
    ).toBe('premium_yearly');
    expect(await post(`/subscriptions/${sub.id}/cancel`)).toContain('Resume subscription');
    expect((await target.stripe.subscriptions.retrieve(sub.id)).cancel_at_period_end).toBe(true);
    await post(`/subscriptions/${sub.id}/resume`);
    const final = await target.stripe.subscriptions.retrieve(sub.id);
    expect(final.cancel_at_period_end).toBe(false);
    expect(final.default_payment_method).not.toBe(pm.id);
    expect(await (await fetch(portal.url)).text()).toContain('SIM-');
  });
});
