import type { BillingInterval } from '#shared/contracts/billing.contract.ts';
import { ADDON_IDS, ADDONS, PLANS, type AddonId } from '#shared/plans.ts';
import { AppError } from '#shared/errors/index.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { billingRuntime, stripeOf, type BillingRuntime } from './billing-runtime.ts';
import { isResourceMissing, stripeCall } from './stripe-errors.ts';

// The server's price catalogue (docs/decisions/094): amounts come from src/shared/plans.ts, never
// from the browser; yearly add-ons are ten months, and add-ons always follow the plan's interval.
// Stripe's prices are found by their lookup keys, once per runtime (and again when Stripe says a
// remembered price is gone, e.g. after the test-payments simulator restarted).

export const PREMIUM = 'premium' as const;
export type PriceItem = typeof PREMIUM | AddonId;

const suffix = (interval: BillingInterval) => (interval === 'month' ? 'monthly' : 'yearly');

export function lookupKeyOf(item: PriceItem, interval: BillingInterval): string {
  return item === PREMIUM ? `premium_${suffix(interval)}` : `addon_${item}_${suffix(interval)}`;
}

export const ALL_LOOKUP_KEYS: readonly string[] = (['month', 'year'] as const).flatMap((interval) =>
  [PREMIUM, ...ADDON_IDS].map((item) => lookupKeyOf(item, interval)),
);

/** What an item costs per interval, in the currency's smallest unit. */
export function unitAmountOf(item: PriceItem, interval: BillingInterval): number {
  if (item === PREMIUM) {
    const plan = PLANS.premium;
    return Math.round(
      (interval === 'month' ? plan.priceMonthly : (plan.priceYearly ?? plan.priceMonthly * 12)) *
        100,
    );
  }
  const monthly = ADDONS[item].priceMonthly * 100;
  return Math.round(interval === 'month' ? monthly : monthly * 10);
}

/** The prices the subscription page shows. */
export function catalogue(currency: string) {
  const intervals = ['month', 'year'] as const;
  const of = (item: PriceItem) =>
    intervals.map((interval) => ({ interval, amount: unitAmountOf(item, interval), currency }));
  return {
    premium: of(PREMIUM),
    addons: Object.fromEntries(ADDON_IDS.map((id) => [id, of(id)])) as Record<
      AddonId,
      ReturnType<typeof of>
    >,
  };
}

/** The add-on a Stripe price's lookup key names, or null (the plan itself, or not ours). */
export function addonOfLookupKey(lookupKey: string | null | undefined): AddonId | null {
  const match = /^addon_([a-z]+)_(monthly|yearly)$/.exec(lookupKey ?? '');
  const id = match?.[1];
  return id && (ADDON_IDS as readonly string[]).includes(id) ? (id as AddonId) : null;
}

const cache = new WeakMap<BillingRuntime, Promise<Map<string, string>>>();

async function load(runtime: BillingRuntime): Promise<Map<string, string>> {
  const stripe = stripeOf(runtime);
  const list = await stripeCall(() =>
    stripe.prices.list({ lookup_keys: [...ALL_LOOKUP_KEYS], active: true, limit: 20 }),
  );
  return new Map(
    list.data.filter((p) => p.lookup_key).map((p) => [p.lookup_key as string, p.id] as const),
  );
}

/** Forgets the remembered price ids (Stripe said one is gone). */
export function forgetPrices(deps: AppDeps): void {
  cache.delete(billingRuntime(deps));
}

/** The Stripe price id of an item at an interval. */
export async function priceIdOf(
  deps: AppDeps,
  item: PriceItem,
  interval: BillingInterval,
): Promise<string> {
  const runtime = billingRuntime(deps);
  let pending = cache.get(runtime);
  if (!pending) {
    pending = load(runtime);
    cache.set(runtime, pending);
    pending.catch(() => cache.delete(runtime));
  }
  const key = lookupKeyOf(item, interval);
  const id = (await pending).get(key);
  if (!id) {
    cache.delete(runtime);
    throw AppError.from('SUBSCRIPTION_ERROR', {
      technicalMessage: `No active Stripe price with lookup key ${key} (npm run billing:stripe-setup)`,
    });
  }
  return id;
}

/**
 * Runs `work` (which looks its prices up), and once more with the prices looked up again when
 * Stripe says a remembered price no longer exists.
 */
export async function withFreshPrices<T>(deps: AppDeps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const text = `${(error as { message?: string }).message ?? ''} ${(error as { param?: string }).param ?? ''}`;
    if (!isResourceMissing(error) || !/price/i.test(text)) throw error;
    forgetPrices(deps);
    return work();
  }
}
