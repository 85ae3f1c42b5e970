import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { subscription } from '../subscription/subscription.tables.ts';
import { SYSTEM_SCOPE } from '../subscription/trial-expiry.ts';
import { unsafeOwnerEmail } from '../platforms/platforms.repository.ts';
import { billingRuntime, stripeOf, type BillingRuntime } from './billing-runtime.ts';
import { syncBusiness } from './converge.ts';
import { MANUAL_INSTRUCTIONS } from './overview.ts';
import { addonOfLookupKey } from './prices.ts';
import { isResourceMissing, stripeCall } from './stripe-errors.ts';

// What every owner's billing action starts from (docs/decisions/094): the owner's permission
// first, then the mode (manual mode changes nothing here and says how to upgrade), the stored
// subscription row, and the business's live Stripe subscription read from Stripe itself — not
// from the stored row, which a delayed webhook may not have brought up to date yet.

/** Stripe statuses that keep the plan (as the converge step counts them). */
const LIVE = new Set(['active', 'trialing', 'past_due']);
/** Statuses that are a subscription of the business: a second one must not be started. */
const EXISTING = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

export type SubscriptionRow = typeof subscription.$inferSelect;

export interface OwnerBilling {
  ctx: ServiceContext;
  deps: AppDeps;
  runtime: BillingRuntime;
  stripe: Stripe;
  businessId: string;
  row: SubscriptionRow;
}

export function manualModeRefusal(): AppError {
  return AppError.from('WORKFLOW_STATE_INVALID', {
    userMessage: MANUAL_INSTRUCTIONS,
    technicalMessage: 'Billing is manual in this installation',
  });
}

export const noSubscription = (userMessage = 'Upgrade to Premium first.') =>
  AppError.from('WORKFLOW_STATE_INVALID', {
    userMessage,
    technicalMessage: 'No live Stripe subscription',
  });

/** The owner, in a Stripe or test-payments installation, with the business's stored row. */
export async function ownerBilling(ctx: ServiceContext): Promise<OwnerBilling> {
  requireAccess(ctx.actor, 'manage:subscription');
  const runtime = billingRuntime(ctx.deps);
  if (runtime.mode === 'manual' || !runtime.stripe) throw manualModeRefusal();
  const businessId = ctx.actor.tenantId;
  const [row] = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx.select().from(subscription).where(eq(subscription.userId, businessId)).limit(1),
  );
  if (!row) {
    throw AppError.from('NOT_FOUND', { technicalMessage: `No subscription for ${businessId}` });
  }
  return { ctx, deps: ctx.deps, runtime, stripe: stripeOf(runtime), businessId, row };
}

/** The business's newest subscription at Stripe in one of `statuses`, or null. */
export async function currentSubscription(
  o: OwnerBilling,
  statuses: ReadonlySet<string> = LIVE,
): Promise<Stripe.Subscription | null> {
  const customer = o.row.stripeCustomerId;
  if (!customer) return null;
  let list: Stripe.ApiList<Stripe.Subscription>;
  try {
    list = await o.stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
  } catch (error) {
    if (isResourceMissing(error)) return null;
    return stripeCall(() => Promise.reject(error));
  }
  return (
    list.data.filter((s) => statuses.has(s.status)).sort((a, b) => b.created - a.created)[0] ?? null
  );
}

export const hasExistingSubscription = async (o: OwnerBilling) =>
  (await currentSubscription(o, EXISTING)) !== null;

/** The live subscription, or WORKFLOW_STATE_INVALID with `message`. */
export async function liveSubscription(
  o: OwnerBilling,
  message?: string,
): Promise<Stripe.Subscription> {
  const sub = await currentSubscription(o);
  if (!sub) throw noSubscription(message);
  return sub;
}

/** The plan's item (the one that is no add-on) and its interval. */
export function premiumItemOf(sub: Stripe.Subscription) {
  const item = sub.items.data.find((i) => addonOfLookupKey(i.price.lookup_key) === null);
  if (!item) {
    throw AppError.from('SUBSCRIPTION_ERROR', {
      technicalMessage: `Subscription ${sub.id} has no plan item`,
    });
  }
  const interval = item.price.recurring?.interval === 'year' ? 'year' : 'month';
  return { item, interval } as const;
}

/** Stores a Stripe customer id on the business's row, as the installation. */
async function storeCustomer(deps: AppDeps, businessId: string, customerId: string) {
  await withTenant(deps.database, SYSTEM_SCOPE, (tx) =>
    tx
      .update(subscription)
      .set({ stripeCustomerId: customerId, updatedAt: new Date() })
      .where(eq(subscription.userId, businessId)),
  );
}

/**
 * The business's Stripe customer, made on first use. A stored customer Stripe no longer knows
 * (deleted, or forgotten by a restarted test-payments simulator) is replaced by a new one.
 */
export async function ensureCustomer(o: OwnerBilling): Promise<string> {
  const stored = o.row.stripeCustomerId;
  if (stored) {
    try {
      const found = await o.stripe.customers.retrieve(stored);
      if (!('deleted' in found && found.deleted)) return stored;
    } catch (error) {
      if (!isResourceMissing(error)) return stripeCall(() => Promise.reject(error));
    }
  }
  const email = await unsafeOwnerEmail(o.deps.database.unsafeDb, o.businessId);
  const customer = await stripeCall(() =>
    o.stripe.customers.create(
      { ...(email ? { email } : {}), metadata: { business_id: o.businessId } },
      { idempotencyKey: idempotencyKey('customer', o.businessId, stored ?? 'none') },
    ),
  );
  await storeCustomer(o.deps, o.businessId, customer.id);
  o.row = { ...o.row, stripeCustomerId: customer.id };
  return customer.id;
}

/** A stable key for a request, so that a repeated click makes the same object at Stripe. */
export function idempotencyKey(...parts: string[]): string {
  return `sg-${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 40)}`;
}

/** Applies Stripe's state to the business now (the webhook will do the same again). */
export async function syncAfterChange(o: OwnerBilling): Promise<void> {
  try {
    await syncBusiness(o.deps, o.businessId);
  } catch (error) {
    // The change is made at Stripe; its webhook converges the stored state when it arrives.
    o.deps.logger.warn(
      { err: error, businessId: o.businessId },
      'billing sync after change failed',
    );
  }
}
