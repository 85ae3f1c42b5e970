import type { Subscription } from '#shared/contracts/account.contract.ts';
import { PLANS } from '#shared/plans.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left in a trial, rounded up (a trial ending tonight has 1 day left); null if none. */
export function trialDaysLeft(
  subscription: Pick<Subscription, 'plan' | 'trial_ends_at'>,
  now = Date.now(),
): number | null {
  if (subscription.plan !== 'trial' || !subscription.trial_ends_at) return null;
  const endsAt = Date.parse(subscription.trial_ends_at);
  if (Number.isNaN(endsAt)) return null;
  return Math.max(0, Math.ceil((endsAt - now) / DAY_MS));
}

export function planName(subscription: Pick<Subscription, 'plan'>): string {
  return PLANS[subscription.plan].name;
}

export function describePlan(
  subscription: Pick<Subscription, 'plan' | 'trial_ends_at' | 'status'>,
  now = Date.now(),
): string {
  if (subscription.status === 'inactive') return `${planName(subscription)} (inactive)`;
  const days = trialDaysLeft(subscription, now);
  if (days === null) return `${planName(subscription)} plan`;
  if (days === 0) return 'Trial ends today';
  return `Trial: ${days} ${days === 1 ? 'day' : 'days'} left`;
}
