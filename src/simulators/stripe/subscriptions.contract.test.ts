import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import {
  openTarget,
  registerWebhooks,
  REAL_API,
  verifiedEvents,
  type ContractTarget,
} from './contract-target.ts';

// A subscription's life through the SDK: created for a customer with a test card, changed
// with a proration preview, cancelled at period end and resumed, renewed by the clock, and
// past due after a failed renewal until the invoice is paid.

let target: ContractTarget;
beforeAll(async () => {
  target = await openTarget();
  await registerWebhooks(target);
});
afterAll(() => target.close());

async function subscribed(card: string, lookupKey = 'premium_monthly') {
  const customer = await target.stripe.customers.create({
    email: `owner-${Math.random().toString(36).slice(2)}@example.com`,
    metadata: { business: 'b_1' },
  });
  const pm = await target.stripe.paymentMethods.attach(card, { customer: customer.id });
  await target.stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: pm.id },
  });
  const sub = await target.stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: await target.priceId(lookupKey) }],
    default_payment_method: pm.id,
    expand: ['latest_invoice'],
  });
  return { customer, pm, sub };
}

const prorationTotal = (invoice: Stripe.Invoice) =>
  invoice.lines.data
    .filter((l) => l.parent?.subscription_item_details?.proration)
    .reduce((sum, l) => sum + l.amount, 0);

describe('subscriptions', () => {
  it('creates an active subscription charged to the default card', async () => {
    const { sub } = await subscribed('pm_card_visa');
    expect(sub.status).toBe('active');
    expect((sub.latest_invoice as Stripe.Invoice).status).toBe('paid');
    expect(sub.items.data[0]!.id).toMatch(/^si_/);
    const listed = await target.stripe.subscriptions.list({
      customer: sub.customer as string,
      status: 'all',
    });
    expect(listed.data.map((s) => s.id)).toEqual([sub.id]);
  });

  it('previews the proration of adding an add-on, then adds it with the same amounts pending', async () => {
    const { sub, customer } = await subscribed('pm_card_visa');
    const crm = await target.priceId('addon_crm_monthly');
    const items = [{ id: sub.items.data[0]!.id }, { price: crm, quantity: 1 }];
    const prorationDate = Math.floor(Date.now() / 1000);
    const preview = await target.stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
      subscription_details: {
        items,
        proration_behavior: 'create_prorations',
        proration_date: prorationDate,
      },
    });
    const prorated = prorationTotal(preview);
    expect(prorated).toBeGreaterThan(850);
    expect(prorated).toBeLessThanOrEqual(900);
    // Only the new item is prorated: the plan, kept as it was, has no line.
    const prorationLines = preview.lines.data.filter(
      (l) => l.parent?.subscription_item_details?.proration,
    );
    expect(prorationLines).toHaveLength(1);
    expect(prorationLines[0]!.pricing?.price_details?.price).toBe(crm);
    const updated = await target.stripe.subscriptions.update(sub.id, {
      items,
      proration_behavior: 'create_prorations',
      proration_date: prorationDate,
    });
    expect(updated.items.data.map((i) => i.price.lookup_key).sort()).toEqual([
      'addon_crm_monthly',
      'premium_monthly',
    ]);
    const next = await target.stripe.invoices.createPreview({
      customer: customer.id,
      subscription: sub.id,
    });
    expect(prorationTotal(next)).toBe(prorated);
  });

  it('switches monthly to yearly with always_invoice: credit for unused time and the yearly price now', async () => {
    const { sub } = await subscribed('pm_card_visa');
    const yearly = await target.priceId('premium_yearly');
    const items = [{ id: sub.items.data[0]!.id, price: yearly }];
    const preview = await target.stripe.invoices.createPreview({
      customer: sub.customer as string,
      subscription: sub.id,
      subscription_details: { items, proration_behavior: 'always_invoice' },
    });
    expect(preview.total).toBeGreaterThanOrEqual(29000 - 2900);
    expect(preview.total).toBeLessThan(29000);
    const updated = await target.stripe.subscriptions.update(sub.id, {
      items,
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(updated.items.data[0]!.price.recurring?.interval).toBe('year');
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('paid');
    expect(invoice.total).toBe(preview.total);
  });

  it('cancels at period end and resumes, with previous_attributes in the events', async () => {
    const { sub } = await subscribed('pm_card_visa');
    const cancelled = await target.stripe.subscriptions.update(sub.id, {
      cancel_at_period_end: true,
    });
    expect(cancelled.cancel_at_period_end).toBe(true);
    expect(cancelled.cancel_at).toBe(cancelled.items.data[0]!.current_period_end);
    const resumed = await target.stripe.subscriptions.update(sub.id, {
      cancel_at_period_end: false,
    });
    expect(resumed.cancel_at_period_end).toBe(false);
    expect(resumed.cancel_at).toBeNull();
    await target.settle();
    const updates = verifiedEvents(target, 'customer.subscription.updated').filter(
      (e) => (e.data.object as Stripe.Subscription).id === sub.id,
    );
    expect(updates.map((e) => e.data.previous_attributes)).toEqual([
      expect.objectContaining({ cancel_at_period_end: false }),
      expect.objectContaining({ cancel_at_period_end: true }),
    ]);
  });

  it('cancels now', async () => {
    const { sub } = await subscribed('pm_card_visa');
    const cancelled = await target.stripe.subscriptions.cancel(sub.id);
    expect(cancelled.status).toBe('canceled');
    await target.settle();
    expect(
      verifiedEvents(target, 'customer.subscription.deleted').some(
        (e) => (e.data.object as Stripe.Subscription).id === sub.id,
      ),
    ).toBe(true);
  });
});

describe.skipIf(REAL_API)('the clock', () => {
  it('renews: a new paid invoice each period', async () => {
    const { sub } = await subscribed('pm_card_visa');
    await target.control!.advanceDays(32);
    const renewed = await target.stripe.subscriptions.retrieve(sub.id, {
      expand: ['latest_invoice'],
    });
    expect(renewed.status).toBe('active');
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice.billing_reason).toBe('subscription_cycle');
    expect(invoice.status).toBe('paid');
    expect(renewed.items.data[0]!.current_period_start).toBe(sub.items.data[0]!.current_period_end);
    const invoices = await target.stripe.invoices.list({ subscription: sub.id });
    expect(invoices.data).toHaveLength(2);
  });

  it('a failing renewal makes it past_due; paying with a good card makes it active', async () => {
    const { sub, customer } = await subscribed('pm_card_visa');
    const failing = await target.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await target.stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
    await target.control!.advanceDays(32);
    const due = await target.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(due.status).toBe('past_due');
    const invoice = due.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    expect(
      verifiedEvents(target, 'invoice.payment_failed').some(
        (e) => (e.data.object as Stripe.Invoice).id === invoice.id,
      ),
    ).toBe(true);
    const good = await target.stripe.paymentMethods.attach('pm_card_visa', {
      customer: customer.id,
    });
    await target.stripe.invoices.pay(invoice.id, { payment_method: good.id });
    expect((await target.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('a past-due invoice can be paid by the customer on its hosted page', async () => {
    const { sub, customer } = await subscribed('pm_card_visa');
    const failing = await target.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
      customer: customer.id,
    });
    await target.stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
    await target.control!.advanceDays(32);
    const due = await target.stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    const invoice = due.latest_invoice as Stripe.Invoice;
    const declined = await target.control!.payHostedInvoice(
      invoice.hosted_invoice_url!,
      '4000000000009995',
    );
    expect(declined).toContain('Your card has insufficient funds.');
    await target.control!.payHostedInvoice(invoice.hosted_invoice_url!, '4242424242424242');
    expect((await target.stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    expect((await target.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('ends a subscription cancelled at period end when the period ends', async () => {
    const { sub } = await subscribed('pm_card_visa');
    await target.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    await target.control!.advanceDays(32);
    const ended = await target.stripe.subscriptions.retrieve(sub.id);
    expect(ended.status).toBe('canceled');
    expect(ended.ended_at).toBe(sub.items.data[0]!.current_period_end);
  });

  it('applies a coupon to the next renewal', async () => {
    const { sub } = await subscribed('pm_card_visa');
    const coupon = await target.stripe.coupons.create({ percent_off: 25, duration: 'once' });
    await target.stripe.subscriptions.update(sub.id, { discounts: [{ coupon: coupon.id }] });
    await target.control!.advanceDays(32);
    const renewed = await target.stripe.subscriptions.retrieve(sub.id, {
      expand: ['latest_invoice'],
    });
    expect((renewed.latest_invoice as Stripe.Invoice).total).toBe(2175);
    await target.control!.advanceDays(31);
    const again = await target.stripe.subscriptions.retrieve(sub.id, {
      expand: ['latest_invoice'],
    });
    expect((again.latest_invoice as Stripe.Invoice).total).toBe(2900);
  });
});
