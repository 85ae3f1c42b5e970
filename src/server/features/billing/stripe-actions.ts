import type Stripe from 'stripe';
import type {
  AddonChangeInput,
  AddonPreview,
  BillingInterval,
  BillingOverview,
} from '#shared/contracts/billing.contract.ts';
import { ADDON_IDS, type AddonId } from '#shared/plans.ts';
import { AppError, isAppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { billingRuntime } from './billing-runtime.ts';
import { redeemManualCoupon } from './manual-coupons.ts';
import { getOverview } from './overview.ts';
import { addonOfLookupKey, PREMIUM, priceIdOf, unitAmountOf, withFreshPrices } from './prices.ts';
import { couponError, mapStripeError, stripeCall } from './stripe-errors.ts';
import {
  ensureCustomer,
  hasExistingSubscription,
  idempotencyKey,
  liveSubscription,
  ownerBilling,
  premiumItemOf,
  syncAfterChange,
  type OwnerBilling,
} from './stripe-session.ts';

// The owner's billing actions (docs/decisions/094, requirements 2 and 5): Checkout, the interval,
// add-ons, codes, the customer portal, cancel and resume. Every price is the server's, found by
// its lookup key; every change is made at Stripe and then read back from Stripe (converge.ts), so
// the stored state is the same as the webhook will make it. Owner only ('manage:subscription').

/** Stripe wants a Checkout trial to end at least 48 hours ahead; an hour more for the journey. */
const MIN_TRIAL_LEFT_MS = 49 * 3_600_000;
const IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

const subscriptionPage = (o: OwnerBilling) => `${o.deps.env.appUrl}/dashboard/subscription`;

function fieldError(field: string, message: string): AppError {
  return AppError.from('VALIDATION_ERROR', {
    userMessage: message,
    technicalMessage: message,
    details: { fieldErrors: { [field]: message } },
  });
}

/**
 * The active promotion code customers type as `code`, or COUPON_ERROR saying why it cannot be used.
 * Stripe checks it again when it is applied; its refusal is mapped the same way.
 */
async function promotionCodeFor(o: OwnerBilling, code: string): Promise<Stripe.PromotionCode> {
  const wanted = code.trim();
  const list = await stripeCall(() => o.stripe.promotionCodes.list({ code: wanted, limit: 10 }));
  const same = list.data.filter((p) => p.code.toLowerCase() === wanted.toLowerCase());
  const active = same.find((p) => p.active);
  if (!active) throw couponError(same.length ? 'inactive' : 'missing', wanted);
  if (active.expires_at !== null && active.expires_at * 1000 <= Date.now())
    throw couponError('expired', wanted);
  if (active.max_redemptions !== null && active.times_redeemed >= active.max_redemptions)
    throw couponError('usedUp', wanted);
  return active;
}

export async function checkout(
  ctx: ServiceContext,
  input: { interval: BillingInterval; addons: AddonId[]; coupon?: string | undefined },
  now = new Date(),
): Promise<{ url: string }> {
  const o = await ownerBilling(ctx);
  const customer = await ensureCustomer(o);
  if (await hasExistingSubscription(o)) {
    throw AppError.from('WORKFLOW_STATE_INVALID', {
      userMessage: 'You already have Premium: change it below.',
      technicalMessage: `Business ${o.businessId} already has a Stripe subscription`,
    });
  }
  const addons = ADDON_IDS.filter((a) => input.addons.includes(a));
  const promo = input.coupon ? await promotionCodeFor(o, input.coupon) : null;
  const session = await stripeCall(() =>
    withFreshPrices(o.deps, async () => {
      const lineItems = [
        { price: await priceIdOf(o.deps, PREMIUM, input.interval), quantity: 1 },
        ...(await Promise.all(
          addons.map(async (a) => ({
            price: await priceIdOf(o.deps, a, input.interval),
            quantity: 1,
          })),
        )),
      ];
      const trialEnd = o.row.trialEndsAt;
      const keepTrial =
        o.row.plan === 'trial' &&
        o.row.status === 'active' &&
        trialEnd !== null &&
        trialEnd.getTime() - now.getTime() >= MIN_TRIAL_LEFT_MS;
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'subscription',
        customer,
        client_reference_id: o.businessId,
        line_items: lineItems,
        success_url: `${subscriptionPage(o)}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${subscriptionPage(o)}?checkout=cancelled`,
        // Checkout takes an applied discount or its own code field, never both.
        ...(promo
          ? { discounts: [{ promotion_code: promo.id }] }
          : { allow_promotion_codes: true }),
        subscription_data: {
          metadata: { business_id: o.businessId },
          // The rest of the local trial is kept: Stripe charges when it ends.
          ...(keepTrial ? { trial_end: Math.floor(trialEnd.getTime() / 1000) } : {}),
        },
      };
      const window = String(Math.floor(now.getTime() / IDEMPOTENCY_WINDOW_MS));
      const key = idempotencyKey(
        'checkout',
        o.businessId,
        customer,
        JSON.stringify(params),
        window,
      );
      return o.stripe.checkout.sessions.create(params, { idempotencyKey: key });
    }),
  );
  if (!session.url) {
    throw AppError.from('SUBSCRIPTION_ERROR', { technicalMessage: 'Checkout Session has no url' });
  }
  return { url: session.url };
}

export async function changeInterval(
  ctx: ServiceContext,
  input: { interval: BillingInterval },
): Promise<BillingOverview> {
  const o = await ownerBilling(ctx);
  const sub = await liveSubscription(o);
  if (premiumItemOf(sub).interval === input.interval) {
    throw fieldError(
      'interval',
      input.interval === 'year'
        ? 'You are already billed yearly.'
        : 'You are already billed monthly.',
    );
  }
  // Every item moves to the other interval's price: add-ons always follow the plan's interval.
  await stripeCall(() =>
    withFreshPrices(o.deps, async () => {
      const items = await Promise.all(
        sub.items.data.map(async (item) => ({
          id: item.id,
          price: await priceIdOf(
            o.deps,
            addonOfLookupKey(item.price.lookup_key) ?? PREMIUM,
            input.interval,
          ),
        })),
      );
      return o.stripe.subscriptions.update(sub.id, {
        items,
        proration_behavior: 'create_prorations',
      });
    }),
  );
  await syncAfterChange(o);
  return getOverview(ctx);
}

/** The subscription, its plan interval and the item change an add-on change makes. */
async function addonChange(o: OwnerBilling, input: AddonChangeInput) {
  const sub = await liveSubscription(o);
  const { item: premium, interval } = premiumItemOf(sub);
  const present = sub.items.data.find((i) => addonOfLookupKey(i.price.lookup_key) === input.addon);
  if (input.action === 'add' && present) throw fieldError('addon', 'You already have this add-on.');
  if (input.action === 'remove' && !present)
    throw fieldError('addon', 'You do not have this add-on.');
  const items: Stripe.SubscriptionUpdateParams.Item[] = present
    ? [{ id: present.id, deleted: true }]
    : [{ price: await priceIdOf(o.deps, input.addon, interval), quantity: 1 }];
  return { sub, premium, interval, items };
}

// Add-on changes are invoiced at once ('always_invoice'): the owner pays (or is credited) the
// prorated amount the preview showed, when they confirm, rather than on the next renewal; and a
// purchase whose payment fails is known while the owner is still on the page.
const ADDON_PRORATION = 'always_invoice' as const;

export async function previewAddon(
  ctx: ServiceContext,
  input: AddonChangeInput,
): Promise<AddonPreview> {
  const o = await ownerBilling(ctx);
  const { preview, premium, interval } = await stripeCall(() =>
    withFreshPrices(o.deps, async () => {
      const { sub, premium, interval, items } = await addonChange(o, input);
      const preview = await o.stripe.invoices.createPreview({
        customer: o.row.stripeCustomerId!,
        subscription: sub.id,
        subscription_details: {
          items,
          proration_behavior: ADDON_PRORATION,
          proration_date: Math.floor(Date.now() / 1000),
        },
      });
      return { preview, premium, interval };
    }),
  );
  return {
    addon: input.addon,
    action: input.action,
    dueNow: preview.total,
    // What the add-on costs from the renewal on (nothing once removed), from the catalogue.
    recurring: input.action === 'add' ? unitAmountOf(input.addon, interval) : 0,
    currency: preview.currency,
    interval,
    lines: preview.lines.data.map((l) => ({ description: l.description ?? '', amount: l.amount })),
    nextRenewalAt: premium.current_period_end
      ? new Date(premium.current_period_end * 1000).toISOString()
      : null,
  };
}

const invoiceIdOf = (sub: Stripe.Subscription) =>
  typeof sub.latest_invoice === 'string' ? sub.latest_invoice : (sub.latest_invoice?.id ?? null);

const addonPaymentFailed = (technicalMessage: string, cause?: unknown) =>
  AppError.from('ADDON_PAYMENT_ERROR', { technicalMessage, cause });

export async function changeAddon(
  ctx: ServiceContext,
  input: AddonChangeInput,
): Promise<BillingOverview> {
  const o = await ownerBilling(ctx);
  let before: string | null = null;
  let updated: Stripe.Subscription;
  try {
    updated = await withFreshPrices(o.deps, async () => {
      const { sub, items } = await addonChange(o, input);
      before = invoiceIdOf(sub);
      return o.stripe.subscriptions.update(sub.id, {
        items,
        proration_behavior: ADDON_PRORATION,
        // An added add-on applies only once its prorated invoice is paid.
        ...(input.action === 'add' ? { payment_behavior: 'pending_if_incomplete' as const } : {}),
      });
    });
  } catch (error) {
    if (isAppError(error)) throw error;
    const mapped = mapStripeError(error, 'ADDON_PAYMENT_ERROR');
    if (mapped.code === 'CARD_PROVIDER_ERROR') throw mapped;
    throw addonPaymentFailed(mapped.record.technicalMessage, error);
  }
  const invoice = invoiceIdOf(updated);
  const unpaid =
    input.action === 'add' &&
    (updated.pending_update !== null && updated.pending_update !== undefined
      ? true
      : invoice !== null &&
        invoice !== before &&
        (await stripeCall(() => o.stripe.invoices.retrieve(invoice))).status === 'open');
  await syncAfterChange(o);
  if (unpaid) throw addonPaymentFailed(`Add-on ${input.addon}: its invoice ${invoice} is unpaid`);
  return getOverview(ctx);
}

export async function applyCoupon(
  ctx: ServiceContext,
  input: { code: string },
): Promise<BillingOverview> {
  requireAccess(ctx.actor, 'manage:subscription');
  if (billingRuntime(ctx.deps).mode === 'manual') {
    await redeemManualCoupon(ctx, input.code);
    return getOverview(ctx);
  }
  const o = await ownerBilling(ctx);
  const sub = await liveSubscription(o, 'Enter the code at checkout, or upgrade first.');
  const promo = await promotionCodeFor(o, input.code);
  await stripeCall(
    () => o.stripe.subscriptions.update(sub.id, { discounts: [{ promotion_code: promo.id }] }),
    'COUPON_ERROR',
  );
  await syncAfterChange(o);
  return getOverview(ctx);
}

export async function openPortal(ctx: ServiceContext): Promise<{ url: string }> {
  const o = await ownerBilling(ctx);
  const customer = o.row.stripeCustomerId;
  const refusal = () =>
    AppError.from('WORKFLOW_STATE_INVALID', {
      userMessage: 'There is nothing to manage yet: upgrade to Premium first.',
      technicalMessage: 'No Stripe customer',
    });
  if (!customer) throw refusal();
  try {
    const session = await o.stripe.billingPortal.sessions.create({
      customer,
      return_url: subscriptionPage(o),
    });
    return { url: session.url };
  } catch (error) {
    const mapped = mapStripeError(error);
    if ((error as { code?: string }).code === 'resource_missing') throw refusal();
    throw mapped;
  }
}

export async function setCancelAtPeriodEnd(
  ctx: ServiceContext,
  cancel: boolean,
): Promise<BillingOverview> {
  const o = await ownerBilling(ctx);
  const sub = await liveSubscription(
    o,
    cancel
      ? 'Upgrade to Premium first.'
      : 'The subscription has ended and cannot be resumed: upgrade again.',
  );
  if (sub.cancel_at_period_end !== cancel) {
    await stripeCall(() => o.stripe.subscriptions.update(sub.id, { cancel_at_period_end: cancel }));
  }
  await syncAfterChange(o);
  return getOverview(ctx);
}
