import type { Api } from './api.ts';
import type { SimContext } from './context.ts';
import type { Discounts } from './discounts.ts';
import {
  arr,
  bool,
  invalid,
  listEnvelope,
  mergeMetadata,
  num,
  obj,
  str,
  type Params,
} from './http.ts';
import { addInterval, type InvoicesEngine, type Line } from './invoices-engine.ts';
import type { SubscriptionsEngine } from './subscriptions-engine.ts';
import { randomId, type Obj } from './state.ts';

// Subscriptions (create, retrieve, list, update with prorations, cancel) and invoices (list,
// retrieve, pay, create_preview).

export function mountBillingResources(
  ctx: SimContext,
  api: Api,
  subs: SubscriptionsEngine,
  invoices: InvoicesEngine,
  discounts: Discounts,
) {
  const { get, all, nowSec, emit, clone, make } = ctx;

  api.post('/subscriptions', (p) => {
    const customer = str(p, 'customer');
    if (!customer) throw invalid('Missing required param: customer.', 'customer');
    const trialEnd = num(p, 'trial_end');
    const { sub, failure } = subs.create({
      customer,
      items: arr(p, 'items'),
      ...(num(p, 'trial_period_days') ? { trialDays: num(p, 'trial_period_days')! } : {}),
      ...(trialEnd ? { trialEnd } : {}),
      paymentMethod: str(p, 'default_payment_method') ?? null,
      metadata: mergeMetadata({}, p),
      discounts: discountParams(p),
    });
    if (failure && str(p, 'payment_behavior') === 'error_if_incomplete') throw failure;
    return sub;
  });
  api.get('/subscriptions/:id', (_p, c) => get(c.req.param('id')!, 'subscription'));
  api.get('/subscriptions', (p, c) => {
    const customer = str(p, 'customer');
    const price = str(p, 'price');
    const status = str(p, 'status');
    return listEnvelope(
      all(
        'subscription',
        (s) =>
          (!customer || s.customer === customer) &&
          (!price || subs.items(s).some((i) => i.price.id === price)) &&
          (status === 'all' ||
            (status
              ? s.status === status
              : s.status !== 'canceled' && s.status !== 'incomplete_expired')),
      ),
      p,
      c.req.path,
    );
  });

  function discountParams(p: Params): Params[] {
    const coupon = str(p, 'coupon');
    const promo = str(p, 'promotion_code');
    if (coupon) return [{ coupon }];
    if (promo) return [{ promotion_code: promo }];
    return arr(p, 'discounts');
  }

  function applyItems(sub: Obj, p: Params, previous: Record<string, unknown>) {
    const next = subs.nextItems(sub, arr(p, 'items'));
    const behaviour = str(p, 'proration_behavior') ?? 'create_prorations';
    const at = num(p, 'proration_date') ?? nowSec();
    const { lines, reset, newEnd } = subs.changeLines(sub, next, at);
    previous.items = clone(sub.items);
    const start = reset ? at : subs.period(sub).start;
    const current = subs.items(sub);
    subs.setItems(
      sub,
      next.map((n) => {
        const kept = current.find((i) => i.id === n.id);
        if (!kept) return subs.newItem(sub.id, n.price, n.quantity, start, newEnd);
        return { ...kept, price: clone(n.price), quantity: n.quantity };
      }),
    );
    subs.setPeriod(sub, start, newEnd);
    if (reset) sub.billing_cycle_anchor = newEnd;
    if (reset || (behaviour === 'always_invoice' && lines.length)) {
      previous.latest_invoice = sub.latest_invoice;
      const { failure } = subs.bill(
        sub,
        behaviour === 'none' ? lines.filter((l) => !l.proration) : lines,
        'subscription_update',
      );
      if (failure && sub.status === 'active') {
        previous.status = sub.status;
        sub.status = 'past_due';
      }
    } else if (behaviour === 'create_prorations') {
      for (const line of lines) {
        make('ii', 'invoiceitem', {
          amount: line.amount,
          currency: line.price.currency,
          customer: sub.customer,
          date: at,
          description: line.description,
          discountable: false,
          invoice: null,
          metadata: {},
          period: line.period,
          price: line.price.id,
          proration: true,
          subscription: sub.id,
          subscription_item: line.subscriptionItem,
        });
      }
    }
  }

  api.post('/subscriptions/:id', (p, c) => update(get(c.req.param('id')!, 'subscription'), p));

  function update(sub: Obj, p: Params): Obj {
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
      throw invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
      );
    const previous: Record<string, unknown> = {};
    if (arr(p, 'items').length) applyItems(sub, p, previous);
    const cancel = bool(p, 'cancel_at_period_end');
    if (cancel !== undefined && cancel !== sub.cancel_at_period_end) {
      Object.assign(previous, {
        cancel_at_period_end: sub.cancel_at_period_end,
        cancel_at: sub.cancel_at,
        canceled_at: sub.canceled_at,
      });
      sub.cancel_at_period_end = cancel;
      sub.cancel_at = cancel ? subs.period(sub).end : null;
      sub.canceled_at = cancel ? nowSec() : null;
      sub.cancellation_details = {
        comment: str(obj(p, 'cancellation_details'), 'comment') ?? null,
        feedback: str(obj(p, 'cancellation_details'), 'feedback') ?? null,
        reason: cancel ? 'cancellation_requested' : null,
      };
    }
    const pm = str(p, 'default_payment_method');
    if (pm) {
      get(pm, 'payment_method', 'PaymentMethod', 'default_payment_method');
      previous.default_payment_method = sub.default_payment_method;
      sub.default_payment_method = pm;
    }
    if (p.discounts === '' || discountParams(p).length) {
      previous.discounts = sub.discounts;
      sub.discounts =
        p.discounts === ''
          ? []
          : discounts.redeem(discountParams(p), sub.customer as string, sub.id);
    }
    if (p.metadata !== undefined) {
      previous.metadata = sub.metadata;
      sub.metadata = mergeMetadata(sub.metadata as Record<string, string>, p);
    }
    if (Object.keys(previous).length) emit('customer.subscription.updated', sub, previous);
    return sub;
  }

  /** The Billing Portal's actions on a subscription; returns the message the page shows. */
  function portalUpdate(
    sub: Obj,
    action: string,
    counterpart: (lookupKey: string | null) => Obj | null,
  ): string {
    try {
      if (action === 'cancel') update(sub, { cancel_at_period_end: 'true' });
      else if (action === 'resume') update(sub, { cancel_at_period_end: 'false' });
      else if (action === 'switch') {
        const items = subs.items(sub).map((item) => {
          const other = counterpart(item.price.lookup_key as string | null);
          return other ? { id: item.id, price: other.id } : { id: item.id };
        });
        update(sub, { items, proration_behavior: 'create_prorations' });
      } else return 'Unknown action.';
      return 'Subscription updated.';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  api.del('/subscriptions/:id', (_p, c) => {
    const sub = get(c.req.param('id')!, 'subscription');
    if (sub.status === 'canceled')
      throw invalid(`No such subscription: '${sub.id}'`, 'id', 'resource_missing');
    cancelNow(sub);
    return sub;
  });

  function cancelNow(sub: Obj) {
    sub.status = 'canceled';
    sub.canceled_at ??= nowSec();
    sub.ended_at = nowSec();
    emit('customer.subscription.deleted', sub);
  }

  // Invoices
  api.get('/invoices/:id', (_p, c) => get(c.req.param('id')!, 'invoice'));
  api.get('/invoices', (p, c) => {
    const customer = str(p, 'customer');
    const subscription = str(p, 'subscription');
    const status = str(p, 'status');
    const subOf = (i: Obj) =>
      (i.parent as { subscription_details?: { subscription: string } } | null)?.subscription_details
        ?.subscription;
    return listEnvelope(
      all(
        'invoice',
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || subOf(i) === subscription) &&
          (!status || i.status === status),
      ),
      p,
      c.req.path,
    );
  });
  api.post('/invoices/:id/pay', (p, c) => {
    const invoice = get(c.req.param('id')!, 'invoice');
    if (invoice.status === 'paid')
      throw invalid('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open')
      throw invalid(`You can only pay an open invoice. This invoice is ${String(invoice.status)}.`);
    const failure = payInvoice(invoice, str(p, 'payment_method') ?? null);
    if (failure) throw failure;
    return invoice;
  });

  function payInvoice(invoice: Obj, pm: string | null) {
    const failure = invoices.charge(invoice, pm);
    if (!failure) afterPaid(invoice);
    return failure;
  }

  /** A paid latest invoice brings an incomplete or past-due subscription back to active. */
  function afterPaid(invoice: Obj) {
    const subId = (invoice.parent as { subscription_details?: { subscription: string } } | null)
      ?.subscription_details?.subscription;
    if (!subId) return;
    const sub = get(subId, 'subscription');
    if (
      sub.latest_invoice === invoice.id &&
      ['incomplete', 'past_due', 'unpaid'].includes(String(sub.status))
    )
      subs.setStatus(sub, 'active');
  }

  api.post('/invoices/create_preview', (p) => {
    const subId = str(p, 'subscription');
    const details = obj(p, 'subscription_details');
    if (!subId)
      throw invalid(
        'Previews without an existing subscription are not supported here.',
        'subscription',
      );
    const sub = get(subId, 'subscription', 'subscription', 'subscription');
    const customer = get(
      str(p, 'customer') ?? (sub.customer as string),
      'customer',
      'customer',
      'customer',
    );
    const behaviour = str(details, 'proration_behavior') ?? 'create_prorations';
    const at = num(details, 'proration_date') ?? nowSec();
    const pending = all(
      'invoiceitem',
      (ii) => ii.subscription === sub.id && ii.invoice === null,
    ).reverse();
    const pendingLines: Line[] = pending.map((ii) => ({
      amount: ii.amount as number,
      description: ii.description as string,
      price: get(ii.price as string, 'price'),
      quantity: 1,
      period: ii.period as Line['period'],
      proration: true,
      subscriptionItem: ii.subscription_item as string | null,
    }));
    const { end } = subs.period(sub);
    let lines: Line[];
    if (arr(details, 'items').length) {
      const next = subs.nextItems(sub, arr(details, 'items'));
      const change = subs.changeLines(sub, next, at);
      const nextPeriod = next.map((n) => ({
        amount: (n.price.unit_amount as number) * n.quantity,
        description: `${n.quantity} × ${String(n.price.nickname)}`,
        price: n.price,
        quantity: n.quantity,
        period: {
          start: end,
          end: addInterval(end, (n.price.recurring as { interval: string }).interval),
        },
        proration: false,
        subscriptionItem: n.id,
      }));
      if (change.reset && behaviour === 'none') lines = change.lines.filter((l) => !l.proration);
      else if (change.reset || behaviour === 'always_invoice') lines = change.lines;
      else if (behaviour === 'none') lines = [...pendingLines, ...nextPeriod];
      else lines = [...pendingLines, ...change.lines, ...nextPeriod];
    } else {
      const interval = (subs.items(sub)[0]!.price.recurring as { interval: string }).interval;
      lines = [...pendingLines, ...subs.periodLines(sub, end, addInterval(end, interval))];
    }
    const period = lines.find((l) => !l.proration)?.period ?? { start: at, end };
    return invoices.build({
      id: `upcoming_${randomId('in', 14)}`,
      customer,
      sub,
      lines,
      reason: 'upcoming',
      period,
    });
  });

  return { cancelNow, payInvoice, portalUpdate };
}

export type BillingResources = ReturnType<typeof mountBillingResources>;
