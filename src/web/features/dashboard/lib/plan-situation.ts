import type { Subscription } from '#shared/contracts/account.contract.ts';
import { PLANS } from '#shared/plans.ts';
import { trialDaysLeft } from '../../account/index.ts';

/** Where the business's plan stands, from the subscription alone. */
export type PlanSituation =
  | { kind: 'trial-active'; daysLeft: number; endsAt: Date }
  | { kind: 'trial-ended' }
  | { kind: 'free' }
  | { kind: 'premium' }
  | { kind: 'plan-inactive'; planName: string };

export function planSituation(
  subscription: Pick<Subscription, 'plan' | 'status' | 'trial_ends_at'>,
  now = Date.now(),
): PlanSituation {
  if (subscription.plan === 'trial') {
    const endsAt = subscription.trial_ends_at ? Date.parse(subscription.trial_ends_at) : NaN;
    // The server's own rule for an ended trial (subscription.repository moveEndedTrialToFree).
    if (subscription.status === 'inactive' || Number.isNaN(endsAt) || endsAt <= now) {
      return { kind: 'trial-ended' };
    }
    return {
      kind: 'trial-active',
      daysLeft: trialDaysLeft(subscription, now) ?? 0,
      endsAt: new Date(endsAt),
    };
  }
  if (subscription.status === 'inactive') {
    return { kind: 'plan-inactive', planName: PLANS[subscription.plan].name };
  }
  return { kind: subscription.plan === 'premium' ? 'premium' : 'free' };
}
