import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { createStripeSimulator, type StripeSimulator } from './simulator.ts';

// Where the Stripe contract tests run. With STRIPE_CONTRACT_SECRET_KEY (a test-mode key) the
// SDK-level steps run against Stripe itself; otherwise against this simulator on a free port.
// The steps Stripe offers no API for (filling the hosted Checkout page, moving the clock,
// injecting faults) go through `control`, present against the simulator only.

export const REAL_API = Boolean(process.env.STRIPE_CONTRACT_SECRET_KEY);

export interface HostedCheckoutResult {
  status: number;
  location: string | null;
  html: string;
}

export interface ContractControl {
  simulator: StripeSimulator;
  /** Fills and submits the hosted Checkout page at `url`. */
  payCheckout(url: string, card: string, promotionCode?: string): Promise<HostedCheckoutResult>;
  /** Pays an open invoice on its hosted page with a test card; returns the page. */
  payHostedInvoice(url: string, card: string): Promise<string>;
  advanceDays(days: number): Promise<void>;
  fault(status: number, times?: number): Promise<void>;
  call(path: string, body?: unknown): Promise<Record<string, unknown>>;
  get(path: string): Promise<Record<string, unknown>>;
}

export interface ReceivedWebhook {
  body: string;
  signature: string;
}

export interface ContractTarget {
  stripe: Stripe;
  /** A second client with another key, for the auth error. */
  wrongKey: Stripe;
  control: ContractControl | null;
  /** A local receiver for webhook deliveries, and the secret of its endpoint. */
  webhooks: { url: string; received: ReceivedWebhook[]; secret: string | null };
  /** Waits until the simulator has finished its deliveries (no-op against Stripe). */
  settle(): Promise<void>;
  priceId(lookupKey: string): Promise<string>;
  close(): Promise<void>;
}

const listen = (app: Hono) =>
  new Promise<{ server: ServerType; port: number }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ server, port: info.port }),
    );
  });
const close = (server: ServerType) => new Promise<void>((resolve) => server.close(() => resolve()));

export async function openTarget(): Promise<ContractTarget> {
  const received: ReceivedWebhook[] = [];
  const sink = new Hono();
  sink.post('/webhooks', async (c) => {
    if (c.req.query('refuse')) return c.json({ error: 'refused' }, 500);
    received.push({ body: await c.req.text(), signature: c.req.header('stripe-signature') ?? '' });
    return c.json({ received: true });
  });
  const hook = await listen(sink);
  const webhookUrl = `http://127.0.0.1:${hook.port}/webhooks`;
  const prices = new Map<string, string>();

  if (REAL_API) {
    const stripe = new Stripe(process.env.STRIPE_CONTRACT_SECRET_KEY!);
    return {
      stripe,
      wrongKey: new Stripe('sk_test_not_a_real_key_000000000000'),
      control: null,
      webhooks: { url: webhookUrl, received, secret: null },
      settle: async () => {},
      priceId: (key) => priceId(stripe, prices, key),
      close: () => close(hook.server),
    };
  }

  const simulator = createStripeSimulator({ secretKey: 'sk_test_contract' });
  const sim = await listen(simulator.app);
  const root = `http://127.0.0.1:${sim.port}`;
  const options = {
    host: '127.0.0.1',
    port: sim.port,
    protocol: 'http' as const,
    maxNetworkRetries: 0,
  };
  const stripe = new Stripe('sk_test_contract', options);
  const control: ContractControl = {
    simulator,
    async payCheckout(url, card, promotionCode) {
      const page = await fetch(url);
      if (page.status !== 200)
        return { status: page.status, location: null, html: await page.text() };
      const form = new URLSearchParams({
        cardNumber: card,
        cardExpiry: '12 / 34',
        cardCvc: '123',
        billingName: 'Ada Baker',
        ...(promotionCode ? { promotionCode } : {}),
      });
      const res = await fetch(url, { method: 'POST', body: form, redirect: 'manual' });
      await simulator.idle();
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
    async payHostedInvoice(url, card) {
      const form = new URLSearchParams({
        cardNumber: card,
        cardExpiry: '12 / 34',
        cardCvc: '123',
        billingName: 'Ada Baker',
      });
      const res = await fetch(`${url}/pay`, { method: 'POST', body: form });
      await simulator.idle();
      return res.text();
    },
    async advanceDays(days) {
      await control.call('/clock', { advanceDays: days });
    },
    async fault(status, times = 1) {
      await control.call('/faults', { status, times });
    },
    async call(path, body = {}) {
      const res = await fetch(`${root}/_sim${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    },
    async get(path) {
      return (await (await fetch(`${root}/_sim${path}`)).json()) as Record<string, unknown>;
    },
  };
  return {
    stripe,
    wrongKey: new Stripe('sk_test_wrong', options),
    control,
    webhooks: { url: webhookUrl, received, secret: null },
    settle: () => simulator.idle(),
    priceId: (key) => priceId(stripe, prices, key),
    async close() {
      await close(sim.server);
      await close(hook.server);
    },
  };
}

async function priceId(stripe: Stripe, cache: Map<string, string>, key: string): Promise<string> {
  const known = cache.get(key);
  if (known) return known;
  const list = await stripe.prices.list({ lookup_keys: [key] });
  const id = list.data[0]?.id;
  if (!id) throw new Error(`No price with lookup key ${key}`);
  cache.set(key, id);
  return id;
}

/** The events of `type` received by the sink, each verified with the endpoint's secret. */
export function verifiedEvents(target: ContractTarget, type?: string): Stripe.Event[] {
  const secret = target.webhooks.secret;
  if (!secret) throw new Error('No webhook endpoint registered');
  return target.webhooks.received
    .map((w) => target.stripe.webhooks.constructEvent(w.body, w.signature, secret))
    .filter((e) => !type || e.type === type);
}

/** Registers the sink as a webhook endpoint for every event. */
export async function registerWebhooks(target: ContractTarget) {
  const endpoint = await target.stripe.webhookEndpoints.create({
    url: target.webhooks.url,
    enabled_events: ['*'],
  });
  target.webhooks.secret = endpoint.secret ?? null;
  return endpoint;
}
