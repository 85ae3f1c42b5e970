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
  strings,
  StripeError,
  type Params,
} from './http.ts';
import { declineFor } from './invoices-engine.ts';
import type { SubscriptionsEngine } from './subscriptions-engine.ts';
import { randomId, TEST_CARDS, type Obj } from './state.ts';

// Checkout Sessions (mode `subscription`) and Billing Portal sessions: the API side, and the
// completion the hosted pages (pages.ts) call with the card a person typed.

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export function createCheckout(
  ctx: SimContext,
  api: Api,
  subs: SubscriptionsEngine,
  discounts: Discounts,
) {
  const { make, get, all, nowSec, emit, state, origin } = ctx;
  const lineItems = new WeakMap<Obj, Params[]>();
  const sessionOptions = new WeakMap<
    Obj,
    {
      trialDays: number | undefined;
      trialEnd: number | undefined;
      metadata: Record<string, string>;
    }
  >();

  api.post('/checkout/sessions', (p) => {
    const mode = str(p, 'mode') ?? 'payment';
    if (mode !== 'subscription')
      throw invalid('Only mode `subscription` is supported by this simulator.', 'mode');
    const items = arr(p, 'line_items');
    if (items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    items.forEach((it, i) => get(String(it.price), 'price', 'price', `line_items[${i}][price]`));
    if (!str(p, 'success_url') && str(p, 'ui_mode') !== 'embedded')
      throw invalid('Missing required param: success_url.', 'success_url');
    const allow = bool(p, 'allow_promotion_codes') ?? false;
    const discountEntries = arr(p, 'discounts');
    if (allow && discountEntries.length)
      throw invalid(
        'You may only specify one of these parameters: allow_promotion_codes, discounts.',
        'discounts',
      );
    discounts.check(discountEntries);
    const customer = str(p, 'customer');
    if (customer) get(customer, 'customer', 'customer', 'customer');
    if (customer && str(p, 'customer_email'))
      throw invalid(
        'You may only specify one of these parameters: customer, customer_email.',
        'customer_email',
      );
    const subData = obj(p, 'subscription_data');
    const trialEnd = num(subData, 'trial_end');
    // Stripe: "Has to be at least 48 hours in the future."
    if (trialEnd !== undefined && trialEnd < nowSec() + 48 * 3600)
      throw invalid(
        'The `trial_end` date has to be at least 2 days in the future.',
        'subscription_data[trial_end]',
      );
    const session = make('cs_test', 'checkout.session', {
      allow_promotion_codes: allow,
      amount_subtotal: null as number | null,
      amount_total: null as number | null,
      cancel_url: str(p, 'cancel_url') ?? null,
      client_reference_id: str(p, 'client_reference_id') ?? null,
      currency: get(String(items[0]!.price), 'price').currency,
      customer: customer ?? null,
      customer_details: null as unknown,
      customer_email: str(p, 'customer_email') ?? null,
      discounts: discountEntries.map((d) => ({
        coupon: d.coupon ?? null,
        promotion_code: d.promotion_code ?? null,
      })),
      expires_at: nowSec() + 86_400,
      invoice: null,
      metadata: mergeMetadata({}, p),
      mode,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null as string | null,
      success_url: str(p, 'success_url') ?? null,
      ui_mode: 'hosted',
      url: '',
    });
    session.url = `${origin()}/checkout/${session.id}`;
    lineItems.set(session, items);
    sessionOptions.set(session, {
      trialDays: num(subData, 'trial_period_days'),
      trialEnd,
      metadata: mergeMetadata({}, subData),
    });
    return session;
  });
  const session = (id: string) => {
    const s = state.objects.get(id);
    if (!s || s.object !== 'checkout.session')
      throw invalid(`No such checkout.session: '${id}'`, 'session', 'resource_missing');
    if (s.status === 'open' && (s.expires_at as number) <= nowSec()) {
      s.status = 'expired';
      emit('checkout.session.expired', s);
    }
    return s;
  };
  api.get('/checkout/sessions/:id', (p, c) => {
    const s = session(c.req.param('id')!);
    if (!strings(p, 'expand').includes('line_items')) return s;
    return {
      ...ctx.clone(s),
      line_items: lineItemList(s, {}, `/v1/checkout/sessions/${s.id}/line_items`),
    };
  });
  api.get('/checkout/sessions', (p, c) => {
    const sub = str(p, 'subscription');
    const customer = str(p, 'customer');
    return listEnvelope(
      all(
        'checkout.session',
        (s) => (!sub || s.subscription === sub) && (!customer || s.customer === customer),
      ),
      p,
      c.req.path,
    );
  });
  api.get('/checkout/sessions/:id/line_items', (p, c) =>
    lineItemList(session(c.req.param('id')!), p, c.req.path),
  );
  function lineItemList(s: Obj, p: Params, url: string) {
    const data = (lineItems.get(s) ?? []).map((it) => {
      const price = get(String(it.price), 'price');
      const quantity = Number(it.quantity ?? 1);
      return {
        id: randomId('li', 14),
        object: 'item',
        amount_subtotal: (price.unit_amount as number) * quantity,
        amount_total: (price.unit_amount as number) * quantity,
        currency: price.currency,
        description: price.nickname,
        price,
        quantity,
      };
    });
    return listEnvelope(data as unknown as Obj[], p, url);
  }
  api.post('/checkout/sessions/:id/expire', (_p, c) => {
    const s = session(c.req.param('id')!);
    if (s.status !== 'open')
      throw invalid(`Only Checkout Sessions with a status of open can be expired.`);
    s.status = 'expired';
    emit('checkout.session.expired', s);
    return s;
  });

  /** A card as a payment method of the customer, with its test-card behaviour. */
  function addCard(customerId: string, card: CardInput): Obj {
    const number = card.number.replace(/\D/g, '');
    const known = TEST_CARDS[number];
    if (!known)
      throw new StripeError(402, 'card_error', 'Your card number is incorrect.', {
        code: 'incorrect_number',
      });
    const [month, year] = card.expiry.split('/').map((s) => Number(s.trim()));
    if (!month || !year || month > 12)
      throw new StripeError(402, 'card_error', "Your card's expiration date is invalid.", {
        code: 'invalid_expiry_month',
      });
    if (!/^\d{3,4}$/.test(card.cvc.trim()))
      throw new StripeError(402, 'card_error', "Your card's security code is invalid.", {
        code: 'invalid_cvc',
      });
    const pm = make('pm', 'payment_method', {
      billing_details: { address: null, email: null, name: card.name || null, phone: null },
      card: {
        brand: known.brand,
        country: 'US',
        exp_month: month,
        exp_year: year < 100 ? 2000 + year : year,
        funding: 'credit',
        last4: number.slice(-4),
      },
      customer: customerId,
      metadata: {},
      type: 'card',
    });
    state.cards.set(pm.id, number);
    emit('payment_method.attached', pm);
    return pm;
  }

  /** Completes a session with a card (and an optional promotion code); returns the redirect. */
  function complete(id: string, card: CardInput, promotionCode?: string): string {
    const s = session(id);
    if (s.status !== 'open') throw invalid(`This Checkout Session is ${String(s.status)}.`);
    let entries = (s.discounts as Params[]).map((d) =>
      d.coupon ? { coupon: d.coupon } : { promotion_code: d.promotion_code },
    ) as Params[];
    if (promotionCode?.trim()) {
      if (!s.allow_promotion_codes)
        throw invalid('Promotion codes are not allowed on this session.');
      const promo = discounts.byCode(promotionCode);
      if (!promo) throw invalid('This code is invalid.', 'promotion_code', 'resource_missing');
      discounts.promoUsable(promo, 'promotion_code');
      entries = [{ promotion_code: promo.id }];
    }
    const number = card.number.replace(/\D/g, '');
    if (TEST_CARDS[number]?.behaviour === 'declines') throw declineFor(number)!;
    let customer = s.customer ? get(s.customer as string, 'customer') : null;
    if (!customer) {
      customer = make('cus', 'customer', {
        address: null,
        balance: 0,
        currency: null,
        delinquent: false,
        description: null,
        email: s.customer_email ?? null,
        invoice_prefix: randomId('', 8).slice(1).toUpperCase(),
        invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
        metadata: {},
        name: card.name || null,
        phone: null,
      });
      emit('customer.created', customer);
    }
    const pm = addCard(customer.id, card);
    (customer.invoice_settings as Record<string, unknown>).default_payment_method = pm.id;
    const opts = sessionOptions.get(s);
    const { sub } = subs.create({
      customer: customer.id,
      items: lineItems.get(s) ?? [],
      ...(opts?.trialDays ? { trialDays: opts.trialDays } : {}),
      ...(opts?.trialEnd ? { trialEnd: opts.trialEnd } : {}),
      paymentMethod: pm.id,
      metadata: opts?.metadata ?? {},
      discounts: entries,
    });
    const invoice = get(sub.latest_invoice as string, 'invoice');
    Object.assign(s, {
      amount_subtotal: invoice.subtotal,
      amount_total: invoice.total,
      customer: customer.id,
      customer_details: {
        address: null,
        email: customer.email,
        name: card.name || null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
      invoice: invoice.id,
      payment_status:
        invoice.status === 'paid'
          ? (invoice.amount_due as number) > 0
            ? 'paid'
            : 'no_payment_required'
          : 'unpaid',
      status: 'complete',
      subscription: sub.id,
    });
    emit('checkout.session.completed', s);
    return String(s.success_url).replace('{CHECKOUT_SESSION_ID}', s.id);
  }

  // Test-mode PaymentMethod ids (`pm_card_visa`, …) attach as a new card of the customer.
  const MAGIC: Record<string, string> = {
    pm_card_visa: '4242424242424242',
    pm_card_mastercard: '5555555555554444',
    pm_card_chargeCustomerFail: '4000000000000341',
    pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  };
  api.post('/payment_methods/:id/attach', (p, c) => {
    const id = c.req.param('id')!;
    const customer = str(p, 'customer');
    if (!customer) throw invalid('Missing required param: customer.', 'customer');
    get(customer, 'customer', 'customer', 'customer');
    const number = MAGIC[id];
    if (number) return addCard(customer, { number, expiry: '12/34', cvc: '123', name: '' });
    const pm = get(id, 'payment_method', 'PaymentMethod');
    if (pm.customer && pm.customer !== customer)
      throw invalid(
        'This PaymentMethod is already attached to another customer.',
        'payment_method',
      );
    pm.customer = customer;
    return pm;
  });

  // Billing portal sessions
  api.post('/billing_portal/sessions', (p) => {
    const customer = str(p, 'customer');
    if (!customer) throw invalid('Missing required param: customer.', 'customer');
    get(customer, 'customer', 'customer', 'customer');
    const portal = make('bps', 'billing_portal.session', {
      configuration: 'bpc_simulator',
      customer,
      flow: null,
      locale: null,
      on_behalf_of: null,
      return_url: str(p, 'return_url') ?? null,
      url: '',
    });
    portal.url = `${origin()}/portal/${portal.id}`;
    return portal;
  });

  /** What the session sells, for its page: one line per item. */
  function summary(s: Obj): string[] {
    return (lineItems.get(s) ?? []).map((it) => {
      const price = get(String(it.price), 'price');
      const recurring = price.recurring as { interval: string } | null;
      const amount = `${((price.unit_amount as number) / 100).toFixed(2)} ${String(price.currency).toUpperCase()}`;
      return `${Number(it.quantity ?? 1)} × ${String(price.nickname ?? price.id)}: ${amount}${recurring ? ` / ${recurring.interval}` : ''}`;
    });
  }

  return { complete, addCard, session, summary };
}

export type Checkout = ReturnType<typeof createCheckout>;
