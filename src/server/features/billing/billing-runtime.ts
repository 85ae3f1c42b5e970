import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { BillingMode } from '#shared/contracts/billing.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { perProcess } from '#server/platform/per-process.ts';
import { createStripeSimulator, type StripeSimulator } from '#simulators/stripe/simulator.ts';
import { API_VERSION } from '#simulators/stripe/state.ts';

// The billing mode of this process (docs/decisions/094):
// - `stripe`: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set; the official SDK talks to Stripe
//   (or to STRIPE_API_URL, e.g. the standalone simulator of `npm run simulator:stripe`).
// - `test`: no key outside production; the same code runs against the Stripe simulator inside the
//   app. Its secret key and webhook secret are random per process, its API is reached in process
//   only (never on the app's port), and only its hosted pages — Checkout, the customer portal and
//   invoices, each addressed by an unguessable id as on Stripe — are served under
//   /simulator/stripe. It signs its webhooks and delivers them to the app's own endpoint.
// - `manual`: no key in production; administrators set plans, coupons and invoices.
// Every Stripe request goes through one counting HTTP client, so the figures can say how many
// calls a webhook event costs.

export const STRIPE_SIMULATOR_PATH = '/simulator/stripe';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface BillingRuntime {
  mode: BillingMode;
  /** The SDK client; null in manual mode. */
  stripe: Stripe | null;
  /** The webhook signing secret; null in manual mode. */
  webhookSecret: string | null;
  /** The in-app simulator (test mode only). */
  simulator: StripeSimulator | null;
  currency: string;
  /** How long a failed renewal keeps access. */
  graceMs: number;
  /** Stripe API requests made by this process so far. */
  stripeCalls(): number;
  /** Where the simulator delivers webhooks (default: the app's URL; tests: in process). */
  setSimulatorOutbound(fetch: FetchLike): void;
}

export const billingRuntime = perProcess((deps): BillingRuntime => createBillingRuntime(deps));

/**
 * A billing runtime of its own (a new simulator in test mode). The process builds one on first
 * use; a test that moves the simulator's clock puts its own in place so the others' stays.
 */
export function createBillingRuntime(deps: AppDeps): BillingRuntime {
  const { env } = deps;
  const base = {
    currency: env.BILLING_CURRENCY,
    graceMs: Math.round(env.BILLING_GRACE_DAYS * 86_400_000),
  };
  let calls = 0;
  const counting = (inner: FetchLike): typeof fetch =>
    (async (input: string | URL | Request, init?: RequestInit) => {
      calls += 1;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return inner(url, init ?? {});
    }) as typeof fetch;

  if (env.STRIPE_SECRET_KEY) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
      httpClient: Stripe.createFetchHttpClient(counting((url, init) => fetch(url, init))),
      maxNetworkRetries: 2,
      timeout: 30_000,
      ...(api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
            protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
          }
        : {}),
    });
    return {
      ...base,
      mode: 'stripe',
      stripe,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      simulator: null,
      stripeCalls: () => calls,
      setSimulatorOutbound: () => {},
    };
  }

  if (env.NODE_ENV === 'production') {
    return {
      ...base,
      mode: 'manual',
      stripe: null,
      webhookSecret: null,
      simulator: null,
      stripeCalls: () => calls,
      setSimulatorOutbound: () => {},
    };
  }

  const secretKey = `sk_test_${randomBytes(24).toString('base64url')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  let outbound: FetchLike = (url, init) => fetch(url, init);
  const simulator = createStripeSimulator({
    secretKey,
    webhookSecret,
    webhookUrl: `${env.appUrl}/api/billing/webhooks/stripe`,
    publicUrl: `${env.appUrl}${STRIPE_SIMULATOR_PATH}`,
    basePath: STRIPE_SIMULATOR_PATH,
    mountControl: false,
    fetch: (url, init) => outbound(url, init),
  });
  // In process: the SDK's requests never leave the process, so the simulator's API is not a door.
  const inProcess: FetchLike = async (url, init) => simulator.app.fetch(new Request(url, init));
  const stripe = new Stripe(secretKey, {
    apiVersion: API_VERSION as Stripe.LatestApiVersion,
    httpClient: Stripe.createFetchHttpClient(counting(inProcess)),
    host: 'stripe.simulator.invalid',
    port: 80,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    ...base,
    mode: 'test',
    stripe,
    webhookSecret,
    simulator,
    stripeCalls: () => calls,
    setSimulatorOutbound(fn) {
      outbound = fn;
    },
  };
}

/** The SDK client, or an error for manual mode (callers check the mode first). */
export function stripeOf(runtime: BillingRuntime): Stripe {
  if (!runtime.stripe) throw new Error('No Stripe client in manual billing mode');
  return runtime.stripe;
}
