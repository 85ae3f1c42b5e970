// Formatting for catalogue numbers shown on the public site.

// The plan catalogue carries amounts but no currency
// (docs/product/roles-and-plans.md#plan-catalogue: "currency configurable"). Until it does, the
// public site shows US dollars; change it here and only here.
export const DISPLAY_CURRENCY = 'USD';

const GB = 1024 ** 3;

/** 1073741824 → "1 GB"; 1.5 GB stays "1.5 GB". */
export function formatStorage(bytes: number): string {
  const gb = bytes / GB;
  const rounded = Number.isInteger(gb) ? gb : Math.round(gb * 10) / 10;
  return `${rounded.toLocaleString('en-US')} GB`;
}

/** 29 → "$29"; 24.5 → "$24.50". */
export function formatPrice(amount: number, currency: string = DISPLAY_CURRENCY): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Percentage saved by paying yearly instead of twelve monthly payments, rounded down. */
export function yearlySavingPercent(priceMonthly: number, priceYearly: number): number {
  const twelveMonths = priceMonthly * 12;
  if (twelveMonths <= 0) return 0;
  return Math.max(0, Math.floor((1 - priceYearly / twelveMonths) * 100));
}
