import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import {
  openTarget,
  registerWebhooks,
  REAL_API,
  verifiedEvents,
  type ContractTarget,
} from './contract-target.ts';

// Checkout for a subscription, with each test card, a trial and promotion codes. The hosted
// page is filled through the target's control (the simulator's page; Stripe's own Checkout
// page is not scriptable here), everything else goes through the official SDK.

let target: ContractTarget;
beforeAll(async () => {
  target = await openTarget();
  await registerWebhooks(target);
});
afterAll(() => target.close());

const sessionFor = async (extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) =>
  target.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: await target.priceId('premium_monthly'), quantity: 1 }],
    customer_email: `owner-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
    client_reference_id: 'business_42',
    success_url: 'https://app.example/billing/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://app.example/billing',
    subscription_data: { metadata: { business: 'business_42' } },
    metadata: { business: 'business_42' },
    ...extra,
  });

describe.skipIf(REAL_API)('checkout (hosted page)', () => {
  it('succeeds with 4242…: active subscription, paid invoice, redirect with the session id', async () => {
    const session = await sessionFor();
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBeTruthy();
    expect(await (await fetch(session.url!)).text()).toContain(
      '1 × Premium monthly: 29.00 USD / month',
    );
    const result = await target.control!.payCheckout(session.url!, '4242424242424242');
    expect(result.status).toBe(303);
    expect(result.location).toBe(`https://app.example/billing/done?session=${session.id}`);

    const done = await target.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'subscription.latest_invoice', 'customer'],
    });
    expect(done.status).toBe('complete');
    expect(done.payment_status).toBe('paid');
    expect(done.client_reference_id).toBe('business_42');
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.id).toMatch(/^sub_/);
    expect(sub.status).toBe('active');
    expect(sub.metadata).toEqual({ business: 'business_42' });
    expect(sub.items.data[0]!.price.lookup_key).toBe('premium_monthly');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('paid');
    expect(invoice.amount_paid).toBe(2900);
    expect((done.customer as Stripe.Customer).email).toBe(session.customer_email);

    await target.settle();
    const completed = verifiedEvents(target, 'checkout.session.completed').find(
      (e) => (e.data.object as Stripe.Checkout.Session).id === session.id,
    );
    expect(completed?.id).toMatch(/^evt_/);
    expect(
      verifiedEvents(target, 'invoice.paid').some(
        (e) => (e.data.object as Stripe.Invoice).id === invoice.id,
      ),
    ).toBe(true);
    expect(
      verifiedEvents(target, 'customer.subscription.created').some(
        (e) => (e.data.object as Stripe.Subscription).id === sub.id,
      ),
    ).toBe(true);
  });

  it('declines 4000…9995 on the page with insufficient funds; the session stays open', async () => {
    const session = await sessionFor();
    const result = await target.control!.payCheckout(session.url!, '4000000000009995');
    expect(result.status).toBe(402);
    expect(result.html).toContain('Your card has insufficient funds.');
    const again = await target.stripe.checkout.sessions.retrieve(session.id);
    expect(again.status).toBe('open');
    expect(again.subscription).toBeNull();
  });

  it('attaches 4000…0341 but its first charge fails: incomplete subscription, open invoice; paying with a good card activates it', async () => {
    const session = await sessionFor();
    const result = await target.control!.payCheckout(session.url!, '4000000000000341');
    expect(result.status).toBe(303);
    const done = await target.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription.latest_invoice'],
    });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.status).toBe('open');
    await target.settle();
    expect(
      verifiedEvents(target, 'invoice.payment_failed').some(
        (e) => (e.data.object as Stripe.Invoice).id === invoice.id,
      ),
    ).toBe(true);

    const error = await target.stripe.invoices.pay(invoice.id).catch((e: unknown) => e);
    expect(error).toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'generic_decline',
    });

    const card = await target.stripe.paymentMethods.attach('pm_card_visa', {
      customer: sub.customer as string,
    });
    const paid = await target.stripe.invoices.pay(invoice.id, { payment_method: card.id });
    expect(paid.status).toBe('paid');
    expect((await target.stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('keeps a trial until subscription_data.trial_end, which must be 48 hours ahead', async () => {
    // Stripe's own "now" (the simulator's clock may have been moved on by other tests).
    const now = (await target.stripe.customers.create({ email: 'clock@example.com' })).created;
    await expect(
      sessionFor({ subscription_data: { trial_end: now + 24 * 3600 } }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'subscription_data[trial_end]',
    });
    if (!target.control) return;
    const trialEnd = now + 10 * 86_400;
    const session = await sessionFor({ subscription_data: { trial_end: trialEnd } });
    await target.control.payCheckout(session.url!, '4242424242424242');
    const done = await target.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription'],
    });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('trialing');
    expect(sub.trial_end).toBe(trialEnd);
  });

  it('starts a trial with trial_period_days: trialing, a zero invoice, trial_will_end, then the first charge', async () => {
    const session = await sessionFor({ subscription_data: { trial_period_days: 14 } });
    await target.control!.payCheckout(session.url!, '4242424242424242');
    const done = await target.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription.latest_invoice'],
    });
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('trialing');
    expect(sub.trial_end! - sub.trial_start!).toBe(14 * 86_400);
    expect((sub.latest_invoice as Stripe.Invoice).amount_due).toBe(0);

    await target.control!.advanceDays(12);
    expect(
      verifiedEvents(target, 'customer.subscription.trial_will_end').some(
        (e) => (e.data.object as Stripe.Subscription).id === sub.id,
      ),
    ).toBe(true);
    expect((await target.stripe.subscriptions.retrieve(sub.id)).status).toBe('trialing');
    await target.control!.advanceDays(3);
    const after = await target.stripe.subscriptions.retrieve(sub.id, {
      expand: ['latest_invoice'],
    });
    expect(after.status).toBe('active');
    expect((after.latest_invoice as Stripe.Invoice).amount_paid).toBe(2900);
    expect((after.latest_invoice as Stripe.Invoice).billing_reason).toBe('subscription_cycle');
  });
});

describe.skipIf(REAL_API)('promotion codes on checkout', () => {
  it('applies a valid code typed on the page and counts the redemption', async () => {
    const coupon = await target.stripe.coupons.create({ percent_off: 50, duration: 'once' });
    const promo = await target.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `HALF${Date.now()}`,
      max_redemptions: 1,
    });
    // Listing by code ignores case, as Stripe's does.
    const found = await target.stripe.promotionCodes.list({ code: promo.code.toLowerCase() });
    expect(found.data.map((p) => p.id)).toEqual([promo.id]);
    const session = await sessionFor({ allow_promotion_codes: true });
    const result = await target.control!.payCheckout(session.url!, '4242424242424242', promo.code);
    expect(result.status).toBe(303);
    const done = await target.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription.latest_invoice'],
    });
    expect(done.amount_total).toBe(1450);
    const invoice = (done.subscription as Stripe.Subscription).latest_invoice as Stripe.Invoice;
    expect(invoice.total).toBe(1450);
    expect((await target.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);

    // Used up now: a second session cannot take it.
    const second = await sessionFor({ allow_promotion_codes: true });
    const refused = await target.control!.payCheckout(second.url!, '4242424242424242', promo.code);
    expect(refused.status).toBe(402);
    expect(refused.html).toContain('maximum number of redemptions');
  });

  it('refuses an unknown or expired code on the page', async () => {
    const coupon = await target.stripe.coupons.create({
      amount_off: 500,
      currency: 'usd',
      duration: 'repeating',
      duration_in_months: 3,
    });
    const now = Math.floor(Date.now() / 1000);
    const promo = await target.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `SOON${now}`,
      expires_at: now + 3600,
    });
    const session = await sessionFor({ allow_promotion_codes: true });
    const unknown = await target.control!.payCheckout(
      session.url!,
      '4242424242424242',
      'NOPE-NOT-A-CODE',
    );
    expect(unknown.html).toContain('This code is invalid.');
    await target.control!.advanceDays(0.1);
    const expired = await target.control!.payCheckout(session.url!, '4242424242424242', promo.code);
    expect(expired.html).toContain('This promotion code has expired.');
  });
});

describe('checkout parameters', () => {
  it('refuses allow_promotion_codes together with discounts', async () => {
    const coupon = await target.stripe.coupons.create({ percent_off: 10, duration: 'forever' });
    const error = await sessionFor({
      allow_promotion_codes: true,
      discounts: [{ coupon: coupon.id }],
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
  });

  it('refuses an unknown coupon in discounts', async () => {
    const error = await sessionFor({ discounts: [{ coupon: 'no_such_coupon_x' }] }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
  });
});
