import type { z } from 'zod';
import type { Coupon } from '#shared/contracts/billing.contract.ts';
import { ADDONS, PLANS, type AddonId, type PlanId } from '#shared/plans.ts';

// How the administrators' billing view writes dates, money, plans and coupons.

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });

export const formatDate = (value: string | null) =>
  value ? dateFormat.format(new Date(value)) : '—';
export const formatTime = (value: string) => timeFormat.format(new Date(value));

/** An amount in the currency's smallest unit, e.g. 1900 usd → "$19.00". */
export function formatMoney(amount: number, currency: string | null): string {
  if (!currency) return (amount / 100).toFixed(2);
  try {
    return new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(amount / 100);
  } catch {
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export const planName = (plan: PlanId) => PLANS[plan].name;
export const addonName = (addon: string) =>
  (ADDONS as Record<string, { name: string } | undefined>)[addon as AddonId]?.name ?? addon;

/** "20 % off, 3 months" / "$5.00 off, once". */
export function describeCoupon(coupon: Coupon): string {
  const off =
    coupon.percentOff !== null
      ? `${coupon.percentOff} % off`
      : `${formatMoney(coupon.amountOff ?? 0, coupon.currency)} off`;
  const duration =
    coupon.duration === 'repeating'
      ? `${coupon.durationInMonths ?? '?'} months`
      : coupon.duration === 'forever'
        ? 'forever'
        : 'once';
  return `${off}, ${duration}`;
}

/** "12.50" → 1250 (the smallest unit); undefined for an empty field, NaN for nonsense. */
export function toMinorUnits(value: string): number | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

/** The first message per field of a failed parse of one of the contract's schemas. */
export function fieldErrorsOfIssues(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    out[key] ??= issue.message;
  }
  return out;
}
