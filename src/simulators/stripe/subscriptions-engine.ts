import type { SimContext } from './context.ts';
import type { Discounts } from './discounts.ts';
import { invalid, num, str, type Params } from './http.ts';
import { addInterval, type InvoicesEngine, type Line } from './invoices-engine.ts';
import { randomId, type Obj } from './state.ts';

// Subscriptions' life: creation (trial or first invoice), changes with prorations, cancellation,
// and what the clock brings (renewal invoices, trial ends, cancellation at period end).

const DAY = 86_400;
type Item = Obj & { price: Obj; quantity: number };

export function createSubscriptionsEngine(
  ctx: SimContext,
  invoices: InvoicesEngine,
  discounts: Discounts,
) {
  const { make, get, nowSec, emit, clone } = ctx;

  const items = (sub: Obj) => (sub.items as { data: Item[] }).data;
  const period = (sub: Obj) => ({
    start: items(sub)[0]!.current_period_start as number,
    end: items(sub)[0]!.current_period_end as number,
  });

  function setItems(sub: Obj, list: Item[]) {
    sub.items = {
      object: 'list',
      data: list,
      has_more: false,
      total_count: list.length,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    };
  }

  function setPeriod(sub: Obj, start: number, end: number) {
    for (const item of items(sub)) {
      item.current_period_start = start;
      item.current_period_end = end;
    }
  }

  function newItem(subId: string, price: Obj, quantity: number, start: number, end: number): Item {
    return {
      id: randomId('si', 14),
      object: 'subscription_item',
      created: nowSec(),
      current_period_start: start,
      current_period_end: end,
      discounts: [],
      metadata: {},
      price: clone(price),
      quantity,
      subscription: subId,
      tax_rates: [],
    } as unknown as Item;
  }

  function price(id: string, param: string): Obj {
    const p = get(id, 'price', 'price', param);
    if (!p.recurring) throw invalid(`The price ${id} is not recurring.`, param);
    return p;
  }

  function periodLines(sub: Obj, start: number, end: number): Line[] {
    return items(sub).map((item) => ({
      amount: (item.price.unit_amount as number) * item.quantity,
      description: `${item.quantity} × ${String(item.price.nickname ?? item.price.product)}`,
      price: item.price,
      quantity: item.quantity,
      period: { start, end },
      proration: false,
      subscriptionItem: item.id,
    }));
  }

  function setStatus(sub: Obj, status: string, previous: Record<string, unknown> = {}) {
    if (sub.status === status && Object.keys(previous).length === 0) return;
    const prev = { ...previous, ...(sub.status !== status ? { status: sub.status } : {}) };
    sub.status = status;
    emit('customer.subscription.updated', sub, prev);
  }

  /** Invoices a period and charges it; the subscription's status follows the result. */
  function bill(sub: Obj, lines: Line[], reason: string) {
    const customer = get(sub.customer as string, 'customer');
    const invoice = invoices.create(customer, sub, lines, reason);
    sub.latest_invoice = invoice.id;
    const failure = invoices.charge(invoice, sub.default_payment_method as string | null);
    return { invoice, failure };
  }

  function create(input: {
    customer: string;
    items: Params[];
    trialDays?: number;
    trialEnd?: number;
    paymentMethod?: string | null;
    metadata?: Record<string, string>;
    discounts?: Params[];
  }): { sub: Obj; failure: Error | null } {
    const customer = get(input.customer, 'customer', 'customer', 'customer');
    if (input.items.length === 0) throw invalid('Missing required param: items.', 'items');
    const start = nowSec();
    const prices = input.items.map((it, i) => price(String(it.price), `items[${i}][price]`));
    const interval = (prices[0]!.recurring as { interval: string }).interval;
    const trialEnd = input.trialEnd ?? (input.trialDays ? start + input.trialDays * DAY : null);
    const end = trialEnd ?? addInterval(start, interval);
    const sub = make('sub', 'subscription', {
      billing_cycle_anchor: end,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      currency: prices[0]!.currency,
      customer: customer.id,
      days_until_due: null,
      default_payment_method: input.paymentMethod ?? null,
      description: null,
      discounts: [] as string[],
      ended_at: null,
      items: null,
      latest_invoice: null as string | null,
      metadata: input.metadata ?? {},
      pending_update: null,
      schedule: null,
      start_date: start,
      status: trialEnd ? 'trialing' : 'incomplete',
      test_clock: null,
      trial_end: trialEnd,
      trial_start: trialEnd ? start : null,
    }) as Obj;
    setItems(
      sub,
      prices.map((p, i) => newItem(sub.id, p, Number(input.items[i]!.quantity ?? 1), start, end)),
    );
    sub.discounts = discounts.redeem(input.discounts ?? [], customer.id, sub.id);
    const lines = periodLines(sub, start, end).map((l) => (trialEnd ? { ...l, amount: 0 } : l));
    const { failure } = bill(sub, lines, 'subscription_create');
    if (!trialEnd) sub.status = failure ? 'incomplete' : 'active';
    // Created with the status the first payment gave it (events carry no order guarantee).
    emit('customer.subscription.created', sub);
    return { sub, failure };
  }

  /** The lines of a change: prorations (same interval) or a new cycle (interval change). */
  function changeLines(
    sub: Obj,
    next: { price: Obj; quantity: number; id: string | null }[],
    at: number,
  ) {
    const { start, end } = period(sub);
    const fraction = sub.status === 'trialing' ? 0 : Math.max(0, (end - at) / (end - start || 1));
    const oldInterval = (items(sub)[0]!.price.recurring as { interval: string }).interval;
    const newInterval = (next[0]!.price.recurring as { interval: string }).interval;
    const reset = oldInterval !== newInterval && sub.status !== 'trialing';
    const lines: Line[] = [];
    // Stripe prorates only what changed: an item kept with its price and quantity has no line.
    const unchanged = (item: { id: string | null; price: Obj; quantity: number }) =>
      !reset &&
      items(sub).some(
        (o) => o.id === item.id && o.price.id === item.price.id && o.quantity === item.quantity,
      ) &&
      next.some(
        (n) => n.id === item.id && n.price.id === item.price.id && n.quantity === item.quantity,
      );
    for (const item of items(sub)) {
      if (unchanged(item)) continue;
      const amount = -Math.round((item.price.unit_amount as number) * item.quantity * fraction);
      if (amount !== 0)
        lines.push({
          amount,
          description: `Unused time on ${item.quantity} × ${String(item.price.nickname)}`,
          price: item.price,
          quantity: item.quantity,
          period: { start: at, end },
          proration: true,
          subscriptionItem: item.id,
        });
    }
    const newEnd = reset ? addInterval(at, newInterval) : end;
    for (const n of next) {
      if (unchanged(n)) continue;
      const full = (n.price.unit_amount as number) * n.quantity;
      const amount = reset ? full : Math.round(full * fraction);
      if (amount !== 0)
        lines.push({
          amount,
          description: `${reset ? '' : 'Remaining time on '}${n.quantity} × ${String(n.price.nickname)}`,
          price: n.price,
          quantity: n.quantity,
          period: { start: at, end: newEnd },
          proration: !reset,
          subscriptionItem: n.id,
        });
    }
    return { lines, reset, newEnd };
  }

  /** The items after an update's `items[]` param (ids kept, deleted removed, new added). */
  function nextItems(sub: Obj, params: Params[]) {
    const list = items(sub).map((i) => ({
      price: i.price,
      quantity: i.quantity,
      id: i.id as string | null,
    }));
    params.forEach((p, idx) => {
      const id = str(p, 'id');
      const existing = id ? list.find((i) => i.id === id) : undefined;
      if (id && !existing)
        throw invalid(
          `No such subscription item: '${id}'`,
          `items[${idx}][id]`,
          'resource_missing',
        );
      if (existing && p.deleted === 'true') {
        list.splice(list.indexOf(existing), 1);
        return;
      }
      const priceId = str(p, 'price');
      const quantity = num(p, 'quantity');
      if (existing) {
        if (priceId) existing.price = price(priceId, `items[${idx}][price]`);
        if (quantity !== undefined) existing.quantity = quantity;
      } else if (priceId) {
        list.push({
          price: price(priceId, `items[${idx}][price]`),
          quantity: quantity ?? 1,
          id: null,
        });
      }
    });
    if (list.length === 0) throw invalid('A subscription must have at least one item.', 'items');
    return list;
  }

  return {
    items,
    period,
    setItems,
    setPeriod,
    newItem,
    periodLines,
    setStatus,
    bill,
    create,
    changeLines,
    nextItems,
  };
}

export type SubscriptionsEngine = ReturnType<typeof createSubscriptionsEngine>;
export { DAY };
