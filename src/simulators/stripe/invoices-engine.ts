import type { SimContext } from './context.ts';
import { StripeError } from './http.ts';
import { DECLINE_MESSAGES, TEST_CARDS, type Obj } from './state.ts';

// Invoices, charges and discounts: building an invoice from lines, applying a subscription's
// discounts, charging the customer's card (test-card behaviour) and the events that follow.

export interface Line {
  amount: number;
  description: string;
  price: Obj;
  quantity: number;
  period: { start: number; end: number };
  proration: boolean;
  subscriptionItem: string | null;
}

export function addInterval(ts: number, interval: string, count = 1): number {
  const d = new Date(ts * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else if (interval === 'month') d.setUTCMonth(d.getUTCMonth() + count);
  else if (interval === 'week') d.setUTCDate(d.getUTCDate() + 7 * count);
  else d.setUTCDate(d.getUTCDate() + count);
  return Math.floor(d.getTime() / 1000);
}

/** The card error a charge to the test card `number` gives, or null when it succeeds. */
export function declineFor(number: string | undefined) {
  const card = number ? TEST_CARDS[number] : undefined;
  if (!card || card.behaviour === 'succeeds') return null;
  const code = card.declineCode ?? 'generic_decline';
  return new StripeError(402, 'card_error', DECLINE_MESSAGES[code] ?? 'Your card was declined.', {
    code: 'card_declined',
    decline_code: code,
  });
}

export function createInvoicesEngine(ctx: SimContext) {
  const { make, get, nowSec, emit, state, origin } = ctx;

  /** The discount objects of a subscription that still apply at `at`. */
  function activeDiscounts(sub: Obj | null, at: number): Obj[] {
    if (!sub) return [];
    return (sub.discounts as string[])
      .map((id) => state.objects.get(id))
      .filter((d): d is Obj => Boolean(d) && (d!.end === null || (d!.end as number) > at));
  }

  function discountAmount(discount: Obj, subtotal: number): number {
    const coupon = (discount.source as { coupon: Obj }).coupon;
    if (coupon.percent_off) return Math.round((subtotal * (coupon.percent_off as number)) / 100);
    return Math.min(subtotal, (coupon.amount_off as number | null) ?? 0);
  }

  function lineObject(line: Line, invoiceId: string | null, subId: string | null) {
    return {
      id: `il_${Math.random().toString(36).slice(2, 14)}`,
      object: 'line_item',
      amount: line.amount,
      currency: line.price.currency,
      description: line.description,
      discountable: true,
      discounts: [],
      invoice: invoiceId,
      livemode: false,
      metadata: {},
      parent: subId
        ? {
            type: 'subscription_item_details',
            subscription_item_details: {
              invoice_item: null,
              proration: line.proration,
              proration_details: { credited_items: null },
              subscription: subId,
              subscription_item: line.subscriptionItem,
            },
            invoice_item_details: null,
          }
        : null,
      period: line.period,
      pricing: {
        type: 'price_details',
        price_details: { price: line.price.id, product: line.price.product },
        unit_amount_decimal: String(line.price.unit_amount),
      },
      quantity: line.quantity,
      subtotal: line.amount,
    };
  }

  /** An invoice object (not stored): used by create and by the preview. */
  function build(input: {
    id: string;
    customer: Obj;
    sub: Obj | null;
    lines: Line[];
    reason: string;
    period: { start: number; end: number };
  }) {
    const { customer, sub, lines, id } = input;
    const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
    const discounts = activeDiscounts(sub, input.period.start);
    const amounts = discounts.map((d) => ({
      amount: Math.min(Math.max(subtotal, 0), discountAmount(d, Math.max(subtotal, 0))),
      discount: d.id,
    }));
    const total = subtotal - amounts.reduce((s, a) => s + a.amount, 0);
    const currency = lines[0]?.price.currency ?? 'usd';
    return {
      id,
      object: 'invoice',
      created: nowSec(),
      livemode: false,
      account_country: 'US',
      account_name: 'Soci Gen (simulator)',
      amount_due: Math.max(total, 0),
      amount_paid: 0,
      amount_remaining: Math.max(total, 0),
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: input.reason,
      collection_method: 'charge_automatically',
      currency,
      customer: customer.id,
      customer_email: customer.email ?? null,
      customer_name: customer.name ?? null,
      default_payment_method: null,
      description: null,
      discounts: discounts.map((d) => d.id),
      ending_balance: null,
      hosted_invoice_url: null as string | null,
      invoice_pdf: null as string | null,
      lines: {
        object: 'list',
        data: lines.map((l) => lineObject(l, id, sub?.id ?? null)),
        has_more: false,
        total_count: lines.length,
        url: `/v1/invoices/${id}/lines`,
      },
      metadata: {},
      next_payment_attempt: null as number | null,
      number: null as string | null,
      parent: sub
        ? {
            type: 'subscription_details',
            quote_details: null,
            subscription_details: { metadata: sub.metadata, subscription: sub.id },
          }
        : null,
      period_end: input.period.end,
      period_start: input.period.start,
      starting_balance: 0,
      status: 'draft' as string,
      status_transitions: {
        finalized_at: null as number | null,
        marked_uncollectible_at: null,
        paid_at: null as number | null,
        voided_at: null,
      },
      subtotal,
      subtotal_excluding_tax: subtotal,
      total,
      total_discount_amounts: amounts,
      total_excluding_tax: total,
      webhooks_delivered_at: null,
    };
  }

  /** Creates and finalizes an invoice (with pending invoice items of the subscription). */
  function create(customer: Obj, sub: Obj | null, lines: Line[], reason: string): Obj {
    const pendingItems = sub
      ? ctx.all('invoiceitem', (ii) => ii.subscription === sub.id && ii.invoice === null)
      : [];
    const all: Line[] = [
      ...pendingItems.reverse().map((ii) => ({
        amount: ii.amount as number,
        description: ii.description as string,
        price: get(ii.price as string, 'price'),
        quantity: 1,
        period: ii.period as Line['period'],
        proration: true,
        subscriptionItem: ii.subscription_item as string | null,
      })),
      ...lines,
    ];
    const period = all.find((l) => !l.proration)?.period ?? {
      start: nowSec(),
      end: nowSec(),
    };
    const draft = make('in', 'invoice', {});
    const invoice = Object.assign(
      draft,
      build({ id: draft.id, customer, sub, lines: all, reason, period }),
    ) as Obj;
    for (const ii of pendingItems) ii.invoice = invoice.id;
    state.invoiceCounter += 1;
    invoice.number = `SIM-${String(state.invoiceCounter).padStart(4, '0')}`;
    invoice.hosted_invoice_url = `${origin()}/invoice/${invoice.id}`;
    invoice.invoice_pdf = `${origin()}/invoice/${invoice.id}/pdf`;
    invoice.status = 'open';
    (invoice.status_transitions as Record<string, unknown>).finalized_at = nowSec();
    // A `once` coupon ends with the first invoice it applied to.
    for (const d of activeDiscounts(sub, period.start)) {
      const coupon = (d.source as { coupon: Obj }).coupon;
      if (coupon.duration === 'once') d.end = nowSec();
    }
    emit('invoice.created', invoice);
    emit('invoice.finalized', invoice);
    return invoice;
  }

  /** Charges an open invoice to `pmId` (or the customer's default card). */
  function charge(invoice: Obj, pmId?: string | null): StripeError | null {
    if (invoice.status === 'paid') return null;
    const customer = get(invoice.customer as string, 'customer');
    const settings = customer.invoice_settings as { default_payment_method: string | null };
    const pm = pmId ?? settings.default_payment_method;
    if ((invoice.amount_due as number) > 0) {
      invoice.attempt_count = (invoice.attempt_count as number) + 1;
      invoice.attempted = true;
      const error = pm
        ? declineFor(state.cards.get(pm))
        : new StripeError(
            400,
            'invalid_request_error',
            'This customer has no attached payment source or default payment method.',
            { code: 'invoice_no_customer_line_items' },
          );
      if (error) {
        invoice.next_payment_attempt = null;
        emit('invoice.payment_failed', invoice);
        return error;
      }
    }
    invoice.status = 'paid';
    invoice.attempted = true;
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.default_payment_method = pm ?? null;
    (invoice.status_transitions as Record<string, unknown>).paid_at = nowSec();
    emit('invoice.paid', invoice);
    emit('invoice.payment_succeeded', invoice);
    return null;
  }

  return { build, create, charge, activeDiscounts };
}

export type InvoicesEngine = ReturnType<typeof createInvoicesEngine>;
