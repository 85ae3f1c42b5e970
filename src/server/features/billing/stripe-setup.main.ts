import Stripe from 'stripe';
import { loadEnv } from '#server/platform/env.ts';
import { setupStripeCatalogue } from './stripe-setup.ts';

// `npm run billing:stripe-setup`: creates the products and prices of src/shared/plans.ts, with
// their lookup keys, in the Stripe account of the app's configuration (STRIPE_SECRET_KEY, and
// STRIPE_API_URL for another API origin such as `npm run simulator:stripe`; BILLING_CURRENCY).
// Existing lookup keys are skipped (docs/decisions/094).

const env = loadEnv();
if (!env.STRIPE_SECRET_KEY) {
  console.error('Set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) to the account to set up.');
  process.exit(1);
}
const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
  ...(api
    ? {
        host: api.hostname,
        port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
        protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
      }
    : {}),
});

const report = await setupStripeCatalogue(stripe, env.BILLING_CURRENCY, (line) =>
  console.log(line),
);
console.log(`${report.created.length} prices created, ${report.skipped.length} already there.`);
