import type { SimContext } from './context.ts';
import type { BillingResources } from './resources-billing.ts';
import { addInterval } from './invoices-engine.ts';
import { DAY, type SubscriptionsEngine } from './subscriptions-engine.ts';
import type { Obj } from './state.ts';

// The simulated clock: advancing it runs what Stripe would have done in between, in time order
// (trial_will_end three days before a trial ends, trial end and renewal invoices charged to the
// default card, cancellation at period end), each at its own timestamp.

export function createClock(ctx: SimContext, subs: SubscriptionsEngine, billing: BillingResources) {
  const { state, nowSec, emit, all } = ctx;
  const RENEWING = ['active', 'trialing', 'past_due'];

  interface Due {
    at: number;
    run: () => void;
  }

  function nextDue(limit: number): Due | null {
    let best: Due | null = null;
    const offer = (at: number, run: () => void) => {
      if (at <= limit && (!best || at < best.at)) best = { at, run };
    };
    for (const retry of state.retries) offer(retry.at, () => ctx.retryDue(retry.at));
    // An incomplete subscription whose first invoice stays unpaid expires after 23 hours.
    for (const sub of all('subscription', (s) => s.status === 'incomplete')) {
      offer((sub.created as number) + 23 * 3600, () => expire(sub));
    }
    for (const sub of all('subscription', (s) => RENEWING.includes(String(s.status)))) {
      const { end } = subs.period(sub);
      const trialEnd = sub.trial_end as number | null;
      const flag = `trial_will_end:${sub.id}:${trialEnd}`;
      if (sub.status === 'trialing' && trialEnd && !state.flags.has(flag)) {
        offer(trialEnd - 3 * DAY, () => {
          state.flags.add(flag);
          emit('customer.subscription.trial_will_end', sub);
        });
      }
      offer(end, () => renew(sub));
    }
    return best;
  }

  function expire(sub: Obj) {
    const invoice = state.objects.get(sub.latest_invoice as string);
    if (invoice && invoice.status === 'open') {
      invoice.status = 'void';
      (invoice.status_transitions as Record<string, unknown>).voided_at = nowSec();
      invoice.amount_remaining = 0;
      emit('invoice.voided', invoice);
    }
    sub.ended_at = nowSec();
    subs.setStatus(sub, 'incomplete_expired');
  }

  function renew(sub: Obj) {
    const { end } = subs.period(sub);
    if (sub.cancel_at_period_end) {
      billing.cancelNow(sub);
      return;
    }
    const interval = (subs.items(sub)[0]!.price.recurring as { interval: string }).interval;
    const next = addInterval(end, interval);
    const previous = { items: ctx.clone(sub.items), latest_invoice: sub.latest_invoice };
    subs.setPeriod(sub, end, next);
    const { failure } = subs.bill(sub, subs.periodLines(sub, end, next), 'subscription_cycle');
    const status = failure ? 'past_due' : 'active';
    subs.setStatus(sub, status, previous);
  }

  /** Moves the clock forward by `seconds`, running everything due on the way. */
  function advance(seconds: number) {
    const target = nowSec() + Math.max(0, Math.floor(seconds));
    for (let guard = 0; guard < 10_000; guard += 1) {
      const due = nextDue(target);
      if (!due) break;
      state.clockOffsetMs += Math.max(0, due.at - nowSec()) * 1000;
      due.run();
    }
    state.clockOffsetMs += Math.max(0, target - nowSec()) * 1000;
    return { now: nowSec(), offsetMs: state.clockOffsetMs };
  }

  return { advance };
}
