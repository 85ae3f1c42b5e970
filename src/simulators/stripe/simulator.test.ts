import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { parseForm } from './http.ts';
import { createStripeSimulator, signPayload } from './simulator.ts';

// The simulator's own options and wire details, without a network: the configured webhook
// endpoint and secret, the outbound `fetch`, the control API's mounting and the form parser.

const auth = { authorization: 'Bearer sk_test_simulator' };

describe('stripe simulator options', () => {
  it('signs like the SDK: signPayload equals generateTestHeaderString', () => {
    const stripe = new Stripe('sk_test_x');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event' });
    const header = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_abc',
      timestamp: 1_700_000_000,
    });
    expect(signPayload(payload, 'whsec_abc', 1_700_000_000)).toBe(header);
  });

  it('delivers every event to webhookUrl signed with webhookSecret through the fetch option', async () => {
    const sent: { url: string; body: string; signature: string }[] = [];
    const simulator = createStripeSimulator({
      webhookUrl: 'http://app.test/billing/webhooks',
      webhookSecret: 'whsec_configured',
      fetch: async (url, init) => {
        sent.push({
          url,
          body: String(init.body),
          signature: new Headers(init.headers).get('stripe-signature') ?? '',
        });
        return new Response('{}', { status: 200 });
      },
    });
    const res = await simulator.app.request('/v1/customers', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&metadata[business]=b_9',
    });
    expect(res.status).toBe(200);
    await simulator.idle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('http://app.test/billing/webhooks');
    const event = new Stripe('sk_test_x').webhooks.constructEvent(
      sent[0]!.body,
      sent[0]!.signature,
      'whsec_configured',
    );
    expect(event.type).toBe('customer.created');
    expect((event.data.object as Stripe.Customer).metadata).toEqual({ business: 'b_9' });
  });

  it('serves no control API when mountControl is false', async () => {
    const simulator = createStripeSimulator({ mountControl: false });
    expect((await simulator.app.request('/_sim/state')).status).toBe(404);
    expect((await simulator.control.request('/state')).status).toBe(200);
  });

  it("makes API requests with the account's key through the control API, /v1 paths only", async () => {
    const simulator = createStripeSimulator({ mountControl: false, secretKey: 'sk_test_hidden' });
    const post = (body: unknown) =>
      simulator.control.request('/api', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const coupon = await post({
      path: '/v1/coupons',
      form: { percent_off: '20', duration: 'once', id: 'TWENTY' },
    });
    expect(coupon.status).toBe(200);
    expect(await coupon.json()).toMatchObject({ id: 'TWENTY', percent_off: 20 });
    const listed = await post({ method: 'GET', path: '/v1/coupons', form: { limit: '1' } });
    expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(1);
    expect((await post({ path: '/_sim/reset' })).status).toBe(400);
  });

  it('expires an incomplete subscription after 23 hours', async () => {
    const simulator = createStripeSimulator();
    const post = async (path: string, body: string) =>
      (await (
        await simulator.app.request(path, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
          body,
        })
      ).json()) as Record<string, unknown>;
    const customer = await post('/v1/customers', 'email=x%40example.com');
    const pm = await post(
      `/v1/payment_methods/pm_card_chargeCustomerFail/attach`,
      `customer=${String(customer.id)}`,
    );
    const prices = (await (
      await simulator.app.request('/v1/prices?lookup_keys[]=premium_monthly', { headers: auth })
    ).json()) as {
      data: { id: string }[];
    };
    const sub = await post(
      '/v1/subscriptions',
      `customer=${String(customer.id)}&items[0][price]=${prices.data[0]!.id}&default_payment_method=${String(pm.id)}`,
    );
    expect(sub.status).toBe('incomplete');
    simulator.advanceClock(24 * 3600);
    const after = (await (
      await simulator.app.request(`/v1/subscriptions/${String(sub.id)}`, { headers: auth })
    ).json()) as Record<string, unknown>;
    expect(after.status).toBe('incomplete_expired');
  });

  it('parses nested form keys as the SDK encodes them', () => {
    const parsed = parseForm(
      new URLSearchParams(
        'line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[1][price]=price_2&expand[]=a&expand[]=b.c&metadata[k]=v&subscription_data[metadata][x]=y',
      ).entries(),
    );
    expect(parsed).toEqual({
      line_items: [{ price: 'price_1', quantity: '2' }, { price: 'price_2' }],
      expand: ['a', 'b.c'],
      metadata: { k: 'v' },
      subscription_data: { metadata: { x: 'y' } },
    });
  });
});
