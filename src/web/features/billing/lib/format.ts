import type { BillingInterval, BillingOverview } from '#shared/contracts/billing.contract.ts';

// Amounts come in the currency's smallest unit (cents) with a lower-case ISO currency
// (billing.contract.ts moneySchema); dates as ISO strings.

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount / 100);
  } catch {
    // An unknown currency code: the number and the code as they are.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

export const INTERVAL_NOUN: Record<BillingInterval, string> = { month: 'month', year: 'year' };
export const INTERVAL_ADJECTIVE: Record<BillingInterval, string> = {
  month: 'Monthly',
  year: 'Yearly',
};

export interface PlanPrice {
  interval: BillingInterval;
  amount: number;
  currency: string;
}

export function premiumPrice(
  prices: BillingOverview['prices'],
  interval: BillingInterval,
): PlanPrice | null {
  return prices.premium.find((price) => price.interval === interval) ?? null;
}

export function addonPrice(
  prices: BillingOverview['prices'],
  addon: keyof BillingOverview['prices']['addons'],
  interval: BillingInterval,
): PlanPrice | null {
  return prices.addons[addon]?.find((price) => price.interval === interval) ?? null;
}

/** "$29.00 / month". */
export function perInterval(price: PlanPrice): string {
  return `${formatMoney(price.amount, price.currency)} / ${INTERVAL_NOUN[price.interval]}`;
}

/** What paying yearly saves against twelve monthly payments, or null when it saves nothing. */
export function yearlySaving(prices: BillingOverview['prices']): string | null {
  const monthly = premiumPrice(prices, 'month');
  const yearly = premiumPrice(prices, 'year');
  if (!monthly || !yearly || monthly.currency !== yearly.currency) return null;
  const saving = monthly.amount * 12 - yearly.amount;
  return saving > 0 ? formatMoney(saving, yearly.currency) : null;
}

/** Premium and the business's add-ons on `interval`, as one recurring price; null if unpriced. */
export function recurringTotal(
  overview: Pick<BillingOverview, 'prices' | 'addons'>,
  interval: BillingInterval,
): PlanPrice | null {
  const plan = premiumPrice(overview.prices, interval);
  if (!plan) return null;
  let amount = plan.amount;
  for (const addon of overview.addons) {
    const price = addonPrice(overview.prices, addon, interval);
    if (!price || price.currency !== plan.currency) return null;
    amount += price.amount;
  }
  return { interval, amount, currency: plan.currency };
}
