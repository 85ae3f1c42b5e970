import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { ADDONS, PLANS } from '#shared/plans.ts';
import { API_VERSION, createStripeSimulator } from '#simulators/stripe/simulator.ts';
import { ALL_LOOKUP_KEYS } from './prices.ts';
import { setupStripeCatalogue } from './stripe-setup.ts';

// The catalogue set-up against a simulator of its own: an empty account gets every lookup key
// with the amounts of src/shared/plans.ts; a second run changes nothing.

function emptyAccount() {
  const sim = createStripeSimulator({ secretKey: 'sk_test_setup', mountControl: false });
  sim.state.objects.clear();
  const stripe = new Stripe('sk_test_setup', {
    apiVersion: API_VERSION as Stripe.LatestApiVersion,
    httpClient: Stripe.createFetchHttpClient((async (
      input: string | URL | Request,
      init?: RequestInit,
    ) => sim.app.fetch(new Request(input as string, init))) as typeof fetch),
    host: 'stripe.simulator.invalid',
    port: 80,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return stripe;
}

describe('setupStripeCatalogue', () => {
  it('creates every price once, with the catalogue’s amounts', async () => {
    const stripe = emptyAccount();
    const first = await setupStripeCatalogue(stripe, 'usd');
    expect(first.created.sort()).toEqual([...ALL_LOOKUP_KEYS].sort());
    const prices = await stripe.prices.list({ lookup_keys: [...ALL_LOOKUP_KEYS], limit: 20 });
    const amount = (key: string) => prices.data.find((p) => p.lookup_key === key)?.unit_amount;
    expect(amount('premium_monthly')).toBe(PLANS.premium.priceMonthly * 100);
    expect(amount('premium_yearly')).toBe(PLANS.premium.priceYearly! * 100);
    expect(amount('addon_crm_yearly')).toBe(ADDONS.crm.priceMonthly * 100 * 10);
    expect(new Set(prices.data.map((p) => p.product)).size).toBe(3);

    const second = await setupStripeCatalogue(stripe, 'usd');
    expect(second.created).toEqual([]);
    expect(second.skipped.sort()).toEqual([...ALL_LOOKUP_KEYS].sort());
  });
});
