import type { Api } from './api.ts';
import type { SimContext } from './context.ts';
import {
  bool,
  invalid,
  listEnvelope,
  mergeMetadata,
  num,
  obj,
  str,
  strings,
  type Params,
} from './http.ts';
import { API_VERSION, catalogue, randomId, type Obj } from './state.ts';

// Customers, products, prices, payment methods, coupons, promotion codes, events and webhook
// endpoints.

export function mountCoreResources(ctx: SimContext, api: Api) {
  const { make, get, all, state, nowSec } = ctx;
  const list = (items: Obj[], p: Params, url: string) => listEnvelope(items, p, url);
  const required = (p: Params, key: string) => {
    const v = str(p, key);
    if (v === undefined) throw invalid(`Missing required param: ${key}.`, key);
    return v;
  };

  // Customers
  const customerFields = (p: Params, current: Obj | null) => ({
    email: str(p, 'email') ?? current?.email ?? null,
    name: str(p, 'name') ?? current?.name ?? null,
    description: str(p, 'description') ?? current?.description ?? null,
    phone: str(p, 'phone') ?? current?.phone ?? null,
    metadata: mergeMetadata((current?.metadata as Record<string, string>) ?? {}, p),
  });
  api.post('/customers', (p) => {
    const pm = str(obj(p, 'invoice_settings'), 'default_payment_method') ?? null;
    const customer = make('cus', 'customer', {
      address: null,
      balance: 0,
      currency: null,
      delinquent: false,
      invoice_prefix: randomId('', 8).slice(1).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: pm, footer: null },
      ...customerFields(p, null),
    });
    ctx.emit('customer.created', customer);
    return customer;
  });
  // A deleted customer is still retrievable, as a stub.
  api.get('/customers/:id', (_p, c) => {
    const id = c.req.param('id')!;
    const o = state.objects.get(id);
    if (o?.object === 'customer' && o.deleted) return { id, object: 'customer', deleted: true };
    return get(id, 'customer');
  });
  api.post('/customers/:id', (p, c) => {
    const customer = get(c.req.param('id')!, 'customer');
    const previous: Record<string, unknown> = {};
    const next = customerFields(p, customer);
    for (const [k, v] of Object.entries(next))
      if (JSON.stringify(customer[k]) !== JSON.stringify(v)) previous[k] = customer[k];
    Object.assign(customer, next);
    const pm = str(obj(p, 'invoice_settings'), 'default_payment_method');
    if (pm) {
      get(pm, 'payment_method', 'PaymentMethod', 'invoice_settings[default_payment_method]');
      previous.invoice_settings = ctx.clone(customer.invoice_settings);
      (customer.invoice_settings as Record<string, unknown>).default_payment_method = pm;
    }
    if (Object.keys(previous).length) ctx.emit('customer.updated', customer, previous);
    return customer;
  });
  // Deleting a customer cancels its subscriptions at once, as Stripe does.
  api.del('/customers/:id', (_p, c) => {
    const customer = get(c.req.param('id')!, 'customer');
    for (const sub of all(
      'subscription',
      (s) => s.customer === customer.id && s.status !== 'canceled',
    )) {
      sub.status = 'canceled';
      sub.canceled_at = nowSec();
      sub.ended_at = nowSec();
      ctx.emit('customer.subscription.deleted', sub);
    }
    customer.deleted = true;
    ctx.emit('customer.deleted', customer);
    return { id: customer.id, object: 'customer', deleted: true };
  });
  api.get('/customers', (p, c) => {
    const email = str(p, 'email');
    return list(
      all('customer', (o) => !email || o.email === email),
      p,
      c.req.path,
    );
  });

  // Products and prices
  api.post('/products', (p) =>
    make('prod', 'product', {
      active: bool(p, 'active') ?? true,
      default_price: null,
      description: str(p, 'description') ?? null,
      metadata: mergeMetadata({}, p),
      name: required(p, 'name'),
      type: 'service',
      updated: nowSec(),
    }),
  );
  api.get('/products/:id', (_p, c) => get(c.req.param('id')!, 'product'));
  api.get('/products', (p, c) => list(all('product'), p, c.req.path));
  const createPrice = (p: Params) => {
    const product = get(required(p, 'product'), 'product', 'product', 'product');
    const recurring = obj(p, 'recurring');
    const lookupKey = str(p, 'lookup_key') ?? null;
    if (lookupKey) {
      const taken = all('price', (o) => o.lookup_key === lookupKey)[0];
      if (taken && p.transfer_lookup_key !== 'true')
        throw invalid(`A price (\`${taken.id}\`) already uses that lookup key.`, 'lookup_key');
      if (taken) taken.lookup_key = null;
    }
    return make('price', 'price', {
      active: bool(p, 'active') ?? true,
      billing_scheme: 'per_unit',
      currency: required(p, 'currency').toLowerCase(),
      lookup_key: lookupKey,
      metadata: mergeMetadata({}, p),
      nickname: str(p, 'nickname') ?? null,
      product: product.id,
      recurring: str(recurring, 'interval')
        ? {
            interval: str(recurring, 'interval'),
            interval_count: num(recurring, 'interval_count') ?? 1,
            meter: null,
            usage_type: 'licensed',
          }
        : null,
      tax_behavior: 'unspecified',
      type: str(recurring, 'interval') ? 'recurring' : 'one_time',
      unit_amount: num(p, 'unit_amount') ?? 0,
      unit_amount_decimal: String(num(p, 'unit_amount') ?? 0),
    });
  };
  api.post('/prices', (p) => createPrice(p));
  api.get('/prices/:id', (_p, c) => get(c.req.param('id')!, 'price'));
  api.get('/prices', (p, c) => {
    const keys = strings(p, 'lookup_keys');
    const product = str(p, 'product');
    const active = bool(p, 'active');
    return list(
      all(
        'price',
        (o) =>
          (keys.length === 0 || keys.includes(String(o.lookup_key))) &&
          (!product || o.product === product) &&
          (active === undefined || o.active === active),
      ),
      p,
      c.req.path,
    );
  });

  // Payment methods (cards come from the hosted pages; these are read-only here)
  api.get('/payment_methods/:id', (_p, c) =>
    get(c.req.param('id')!, 'payment_method', 'PaymentMethod'),
  );
  api.get('/customers/:id/payment_methods', (p, c) => {
    const id = get(c.req.param('id')!, 'customer').id;
    return list(
      all('payment_method', (o) => o.customer === id),
      p,
      c.req.path,
    );
  });

  // Coupons and promotion codes
  api.post('/coupons', (p) => {
    const percent = num(p, 'percent_off');
    const amount = num(p, 'amount_off');
    if ((percent === undefined) === (amount === undefined))
      throw invalid('You must pass either percent_off or amount_off, but not both.', 'percent_off');
    if (amount !== undefined && !str(p, 'currency'))
      throw invalid('You must pass currency when passing amount_off.', 'currency');
    const duration = str(p, 'duration') ?? 'once';
    if (duration === 'repeating' && num(p, 'duration_in_months') === undefined)
      throw invalid('Missing required param: duration_in_months.', 'duration_in_months');
    const id = str(p, 'id');
    if (id && state.objects.has(id))
      throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
    const coupon = make('coupon', 'coupon', {
      amount_off: amount ?? null,
      currency: str(p, 'currency')?.toLowerCase() ?? null,
      duration,
      duration_in_months: num(p, 'duration_in_months') ?? null,
      max_redemptions: num(p, 'max_redemptions') ?? null,
      metadata: mergeMetadata({}, p),
      name: str(p, 'name') ?? null,
      percent_off: percent ?? null,
      redeem_by: num(p, 'redeem_by') ?? null,
      times_redeemed: 0,
      valid: true,
    });
    if (id) {
      state.objects.delete(coupon.id);
      coupon.id = id;
      ctx.put(coupon);
    }
    ctx.emit('coupon.created', coupon);
    return coupon;
  });
  const couponView = (coupon: Obj) => {
    const max = coupon.max_redemptions as number | null;
    if (
      (coupon.redeem_by && (coupon.redeem_by as number) <= nowSec()) ||
      (max !== null && (coupon.times_redeemed as number) >= max)
    )
      coupon.valid = false;
    return coupon;
  };
  api.get('/coupons/:id', (_p, c) => couponView(get(c.req.param('id')!, 'coupon')));
  api.get('/coupons', (p, c) => list(all('coupon').map(couponView), p, c.req.path));
  api.del('/coupons/:id', (_p, c) => {
    const coupon = get(c.req.param('id')!, 'coupon');
    coupon.deleted = true;
    coupon.valid = false;
    ctx.emit('coupon.deleted', coupon);
    return { id: coupon.id, object: 'coupon', deleted: true };
  });
  api.post('/promotion_codes', (p) => {
    const couponId = str(obj(p, 'promotion'), 'coupon') ?? str(p, 'coupon');
    if (!couponId) throw invalid('Missing required param: promotion[coupon].', 'promotion[coupon]');
    get(couponId, 'coupon', 'coupon', 'promotion[coupon]');
    const code = str(p, 'code') ?? randomId('', 8).slice(1).toUpperCase();
    if (
      all(
        'promotion_code',
        (o) => String(o.code).toLowerCase() === code.toLowerCase() && !!o.active,
      ).length
    )
      throw invalid('An active promotion code with `code` already exists.', 'code');
    const promo = make('promo', 'promotion_code', {
      active: bool(p, 'active') ?? true,
      code,
      customer: str(p, 'customer') ?? null,
      expires_at: num(p, 'expires_at') ?? null,
      max_redemptions: num(p, 'max_redemptions') ?? null,
      metadata: mergeMetadata({}, p),
      promotion: { type: 'coupon', coupon: couponId },
      restrictions: {
        first_time_transaction: false,
        minimum_amount: null,
        minimum_amount_currency: null,
      },
      times_redeemed: 0,
    });
    ctx.emit('promotion_code.created', promo);
    return promo;
  });
  api.get('/promotion_codes/:id', (_p, c) =>
    get(c.req.param('id')!, 'promotion_code', 'promotion code'),
  );
  api.post('/promotion_codes/:id', (p, c) => {
    const promo = get(c.req.param('id')!, 'promotion_code', 'promotion code');
    const active = bool(p, 'active');
    if (active !== undefined) promo.active = active;
    promo.metadata = mergeMetadata(promo.metadata as Record<string, string>, p);
    return promo;
  });
  api.get('/promotion_codes', (p, c) => {
    // Stripe: "Only return promotion codes that have this case-insensitive code."
    const code = str(p, 'code')?.toLowerCase();
    const active = bool(p, 'active');
    return list(
      all(
        'promotion_code',
        (o) =>
          (!code || String(o.code).toLowerCase() === code) &&
          (active === undefined || o.active === active),
      ),
      p,
      c.req.path,
    );
  });

  // Events and webhook endpoints
  api.get('/events/:id', (_p, c) => get(c.req.param('id')!, 'event'));
  api.get('/events', (p, c) => {
    const type = str(p, 'type');
    const matches = (t: string) =>
      !type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type);
    return list(
      all('event', (o) => matches(String(o.type))),
      p,
      c.req.path,
    );
  });
  api.post('/webhook_endpoints', (p) => {
    const events = strings(p, 'enabled_events');
    if (events.length === 0)
      throw invalid('Missing required param: enabled_events.', 'enabled_events');
    return make('we', 'webhook_endpoint', {
      api_version: str(p, 'api_version') ?? API_VERSION,
      description: str(p, 'description') ?? null,
      enabled_events: events,
      metadata: mergeMetadata({}, p),
      secret: `whsec_${randomId('', 32).slice(1)}`,
      status: 'enabled',
      url: required(p, 'url'),
    });
  });
  const endpointView = (o: Obj) => ({ ...o, secret: undefined });
  api.get('/webhook_endpoints/:id', (_p, c) =>
    endpointView(get(c.req.param('id')!, 'webhook_endpoint')),
  );
  api.get('/webhook_endpoints', (p, c) =>
    list(all('webhook_endpoint').map(endpointView) as Obj[], p, c.req.path),
  );
  api.del('/webhook_endpoints/:id', (_p, c) => {
    const endpoint = get(c.req.param('id')!, 'webhook_endpoint');
    endpoint.deleted = true;
    return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
  });

  /** The catalogue of src/shared/plans.ts as products and prices with lookup keys. */
  function seedCatalogue() {
    const products = new Map<string, Obj>();
    for (const entry of catalogue()) {
      let product = products.get(entry.productKey);
      if (!product) {
        product = make('prod', 'product', {
          active: true,
          default_price: null,
          description: null,
          metadata: { key: entry.productKey },
          name: entry.name,
          type: 'service',
          updated: nowSec(),
        });
        products.set(entry.productKey, product);
      }
      const price = createPrice({
        product: product.id,
        currency: 'usd',
        unit_amount: String(entry.unitAmount),
        lookup_key: entry.lookupKey,
        nickname: `${entry.name} ${entry.interval === 'year' ? 'yearly' : 'monthly'}`,
        recurring: { interval: entry.interval },
      });
      if (entry.interval === 'month') product.default_price = price.id;
    }
  }
  return { seedCatalogue };
}
