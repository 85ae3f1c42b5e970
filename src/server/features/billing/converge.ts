import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Discount } from '#shared/contracts/billing.contract.ts';
import { ADDON_IDS, type AddonId, type PlanId, type SubscriptionStatus } from '#shared/plans.ts';
import type { Tx } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { SYSTEM_SCOPE } from '../subscription/trial-expiry.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { billingInvoices } from './billing.tables.ts';
import { billingRuntime, stripeOf } from './billing-runtime.ts';
import { formatDiscountLabel } from './discount-label.ts';

// Converging on Stripe (docs/decisions/094): nothing a webhook's payload says is applied as such.
// The business's subscriptions and invoices are read again from Stripe and the stored state is
// made equal to them, under a lock on the business's subscription row. Applying it once, twice or
// after a later event gives the same row, so duplicates, retries and any order of arrival
// converge on the same result. Two calls per business: its subscriptions (with their payment
// method and discounts expanded) and its latest invoices.

/** Stripe statuses that keep the plan: paid, on Stripe's trial, or a failed renewal in grace. */
const LIVE = new Set(['active', 'trialing', 'past_due']);
/** Statuses that still count as a subscription of the business (an administrator must resolve two). */
const OPEN = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

export interface ConvergeOutcome {
  /** What changed, in a few words, for the administrators' event log. */
  detail: string;
  /** Stripe API requests it made. */
  stripeCalls: number;
  /** Set when more than one open subscription exists for the business. */
  problem: string | null;
  /** Stripe's status of the subscription applied (null without one). */
  providerStatus: string | null;
  /** True when this converge moved the business into past_due (a new failure episode). */
  enteredPastDue: boolean;
  /** The end of the grace period now stored (null unless past_due). */
  graceEndsAt: Date | null;
  /** Stripe's trial end of the subscription applied, when it is trialing. */
  trialEndsAt: Date | null;
}

type SubscriptionRow = typeof subscription.$inferSelect;

const at = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** The business whose Stripe customer this is, or null when it is none of ours. */
export async function businessOfCustomer(tx: Tx, customerId: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: subscription.userId })
    .from(subscription)
    .where(eq(subscription.stripeCustomerId, customerId))
    .limit(1);
  return row?.userId ?? null;
}

function addonOf(lookupKey: string | null): AddonId | null {
  const match = /^addon_([a-z]+)_(monthly|yearly)$/.exec(lookupKey ?? '');
  const id = match?.[1];
  return id && (ADDON_IDS as readonly string[]).includes(id) ? (id as AddonId) : null;
}

function discountOf(sub: Stripe.Subscription): Discount | null {
  const first = sub.discounts.find((d): d is Stripe.Discount => typeof d !== 'string');
  const coupon = first?.source.coupon;
  if (!first || !coupon || typeof coupon === 'string') return null;
  const promo = first.promotion_code;
  return {
    code: promo && typeof promo !== 'string' ? promo.code : null,
    label: formatDiscountLabel(coupon.percent_off, coupon.amount_off, coupon.currency),
    percentOff: coupon.percent_off,
    amountOff: coupon.amount_off,
    duration:
      (['once', 'repeating', 'forever'] as const).find((d) => d === coupon.duration) ?? 'once',
    durationInMonths: coupon.duration_in_months,
    endsAt: at(first.end)?.toISOString() ?? null,
  };
}

function paymentMethodOf(sub: Stripe.Subscription) {
  const pm = sub.default_payment_method;
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4 };
}

interface Applied {
  plan: PlanId;
  status: SubscriptionStatus;
  addons: AddonId[];
}

/** The plan, status and add-ons the stored row gets from the subscription Stripe has now. */
function planFrom(row: SubscriptionRow, current: Stripe.Subscription | null): Applied {
  if (current && LIVE.has(current.status)) {
    const addons = current.items.data
      .map((item) => addonOf(item.price.lookup_key))
      .filter((a): a is AddonId => a !== null);
    return {
      plan: 'premium',
      status: 'active',
      addons: ADDON_IDS.filter((a) => addons.includes(a)),
    };
  }
  if (current && current.status === 'unpaid') {
    // Stripe gave up collecting: the plan stays named but gives nothing (seed §2's redirect).
    return { plan: 'premium', status: 'inactive', addons: [] };
  }
  // Cancelled or never completed. A business that paid before continues on Free; one that never
  // paid keeps its trial (or Free) as it was.
  if (row.billingProvider === 'stripe') return { plan: 'free', status: 'active', addons: [] };
  return { plan: row.plan, status: row.status, addons: row.addons as AddonId[] };
}

/**
 * Reads the customer's subscriptions and invoices from Stripe and stores them on the business,
 * whose subscription row `tx` locks first. Runs as the installation (SYSTEM_SCOPE), after the
 * caller established whose customer it is.
 */
export async function convergeBusiness(
  deps: AppDeps,
  tx: Tx,
  businessId: string,
  now = new Date(),
): Promise<ConvergeOutcome> {
  const runtime = billingRuntime(deps);
  const stripe = stripeOf(runtime);
  const [row] = await tx
    .select()
    .from(subscription)
    .where(eq(subscription.userId, businessId))
    .for('update')
    .limit(1);
  if (!row?.stripeCustomerId) {
    return {
      detail: 'no Stripe customer',
      stripeCalls: 0,
      problem: null,
      providerStatus: null,
      enteredPastDue: false,
      graceEndsAt: null,
      trialEndsAt: null,
    };
  }
  const customer = row.stripeCustomerId;
  const subs = await stripe.subscriptions.list({
    customer,
    status: 'all',
    limit: 20,
    expand: ['data.default_payment_method', 'data.discounts.promotion_code'],
  });
  const open = subs.data.filter((s) => OPEN.has(s.status)).sort((a, b) => b.created - a.created);
  const current = open[0] ?? [...subs.data].sort((a, b) => b.created - a.created)[0] ?? null;
  const problem =
    open.length > 1
      ? `${open.length} open subscriptions for one business (${open.map((s) => s.id).join(', ')}); the newest is applied`
      : null;
  const applied = planFrom(row, current);
  const premiumItem =
    current?.items.data.find((item) => addonOf(item.price.lookup_key) === null) ?? null;
  const pastDue = current?.status === 'past_due';
  const graceEndsAt = pastDue
    ? (row.graceEndsAt ?? new Date(now.getTime() + runtime.graceMs))
    : null;
  // A business has paid once its subscription was live (or unpaid after being live); an
  // incomplete first payment is not paying, so a never-paid business keeps its trial when that
  // subscription then expires.
  const paid =
    row.billingProvider === 'stripe' ||
    (current !== null && (LIVE.has(current.status) || current.status === 'unpaid'));
  await tx
    .update(subscription)
    .set({
      ...applied,
      billingProvider: paid ? 'stripe' : row.billingProvider,
      stripeSubscriptionId: current?.id ?? null,
      providerStatus: current?.status ?? null,
      billingInterval:
        (premiumItem?.price.recurring?.interval as 'month' | 'year' | undefined) ?? null,
      currentPeriodEnd: at(premiumItem?.current_period_end),
      // Stripe keeps the flag on a subscription that has ended; it means something only while open.
      cancelAtPeriodEnd: current && OPEN.has(current.status) ? current.cancel_at_period_end : false,
      // The grace period starts when the failure is first seen and is not extended by retries.
      pastDueSince: pastDue ? (row.pastDueSince ?? now) : null,
      graceEndsAt,
      discount: current ? discountOf(current) : null,
      paymentMethod: current ? paymentMethodOf(current) : row.paymentMethod,
      billingProblem: problem,
      billingSyncedAt: now,
      updatedAt: now,
    })
    .where(eq(subscription.userId, businessId));
  const invoices = await storeInvoices(stripe, tx, businessId, customer);
  deps.cache.invalidateTenant(businessId);
  return {
    detail: `${applied.plan} ${applied.status}${current ? ` (${current.status})` : ''}; ${invoices} invoices`,
    stripeCalls: 2,
    problem,
    providerStatus: current?.status ?? null,
    enteredPastDue: pastDue && row.pastDueSince === null,
    graceEndsAt,
    trialEndsAt: current?.status === 'trialing' ? at(current.trial_end) : null,
  };
}

const INVOICE_STATUSES = new Set(['draft', 'open', 'paid', 'void', 'uncollectible']);

/**
 * What an invoice is for, in a line: its largest charge (a proration invoice starts with the
 * credit for unused time, which would name the wrong thing).
 */
function mainLine(invoice: Stripe.Invoice): string | null {
  const lines = [...invoice.lines.data].sort((a, b) => b.amount - a.amount);
  return lines[0]?.description ?? null;
}

async function storeInvoices(stripe: Stripe, tx: Tx, businessId: string, customer: string) {
  const list = await stripe.invoices.list({ customer, limit: 24 });
  for (const invoice of list.data) {
    const status = INVOICE_STATUSES.has(invoice.status ?? '')
      ? (invoice.status as 'draft' | 'open' | 'paid' | 'void' | 'uncollectible')
      : 'draft';
    const values = {
      userId: businessId,
      provider: 'stripe' as const,
      externalId: invoice.id,
      number: invoice.number,
      status,
      amountDue: invoice.amount_due,
      amountPaid: invoice.amount_paid,
      currency: invoice.currency,
      description: mainLine(invoice),
      periodStart: at(invoice.period_start),
      periodEnd: at(invoice.period_end),
      hostedUrl: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
      createdAt: at(invoice.created) ?? new Date(),
    };
    await tx
      .insert(billingInvoices)
      .values(values)
      .onConflictDoUpdate({
        target: billingInvoices.externalId,
        set: {
          status: values.status,
          amountDue: values.amountDue,
          amountPaid: values.amountPaid,
          number: values.number,
          hostedUrl: values.hostedUrl,
          pdfUrl: values.pdfUrl,
        },
        // An invoice id names one customer's invoice: never move it to another business.
        setWhere: sql`${billingInvoices.userId} = ${businessId}`,
      });
  }
  return list.data.length;
}

/** Converges one business in a transaction of its own (after an owner's change, or a sync). */
export async function syncBusiness(
  deps: AppDeps,
  businessId: string,
  now = new Date(),
): Promise<ConvergeOutcome> {
  return withTenant(deps.database, SYSTEM_SCOPE, (tx) =>
    convergeBusiness(deps, tx, businessId, now),
  );
}
