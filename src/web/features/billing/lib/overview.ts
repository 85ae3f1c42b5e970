import type { BillingOverview } from '#shared/contracts/billing.contract.ts';

// What the subscription page decides from the overview (docs/decisions/094).

/** Provider statuses of a subscription that no longer bills. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** A paid subscription at the payment provider that can be changed, cancelled or resumed. */
export function hasLiveSubscription(overview: BillingOverview): boolean {
  return (
    overview.mode !== 'manual' &&
    overview.providerStatus !== null &&
    !ENDED.has(overview.providerStatus) &&
    overview.interval !== null
  );
}

/** Premium can be bought: card payments are on and nothing is paid for yet. */
export function canUpgrade(overview: BillingOverview): boolean {
  return (
    overview.mode !== 'manual' &&
    !hasLiveSubscription(overview) &&
    (overview.plan !== 'premium' || overview.status === 'inactive')
  );
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment failed',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** The status badge: the provider's view when there is one, else the plan's. */
export function statusLabel(overview: BillingOverview): {
  text: string;
  tone: 'success' | 'warning' | 'destructive' | 'secondary';
} {
  if (overview.pastDue) return { text: 'Payment failed', tone: 'destructive' };
  if (overview.status === 'inactive') return { text: 'Inactive', tone: 'destructive' };
  if (overview.cancelAtPeriodEnd) return { text: 'Cancels at period end', tone: 'warning' };
  if (overview.plan === 'trial') return { text: 'Trial', tone: 'secondary' };
  const provider = overview.providerStatus;
  if (provider && provider in STATUS_LABELS && provider !== 'active') {
    return { text: STATUS_LABELS[provider]!, tone: 'warning' };
  }
  return { text: 'Active', tone: 'success' };
}
