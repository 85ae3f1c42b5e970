import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createStripeSimulator, DEFAULT_WEBHOOK_SECRET } from './simulator.ts';

// `npm run simulator:stripe`: the Stripe simulator on its own port. Options: --port (default
// 12111, or STRIPE_SIM_PORT), --webhook-url (default APP_URL + /billing/webhooks/stripe when
// STRIPE_SIM_WEBHOOK_URL is unset), --secret-key and --webhook-secret.
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.STRIPE_SIM_PORT ?? '12111' },
    'webhook-url': { type: 'string', default: process.env.STRIPE_SIM_WEBHOOK_URL ?? '' },
    'secret-key': {
      type: 'string',
      default: process.env.STRIPE_SIM_SECRET_KEY ?? 'sk_test_simulator',
    },
    'webhook-secret': {
      type: 'string',
      default: process.env.STRIPE_SIM_WEBHOOK_SECRET ?? DEFAULT_WEBHOOK_SECRET,
    },
  },
});
const port = Number(values.port);
const root = `http://localhost:${port}`;
const simulator = createStripeSimulator({
  secretKey: values['secret-key']!,
  webhookSecret: values['webhook-secret']!,
  publicUrl: root,
  ...(values['webhook-url'] ? { webhookUrl: values['webhook-url'] } : {}),
});
serve({ fetch: simulator.app.fetch, port }, () => {
  console.log(`Stripe simulator at ${root}`);
  console.log(`  STRIPE_SECRET_KEY=${simulator.secretKey}`);
  console.log(`  STRIPE_WEBHOOK_SECRET=${values['webhook-secret']}`);
  console.log(`  STRIPE_API_HOST=localhost STRIPE_API_PORT=${port} STRIPE_API_PROTOCOL=http`);
  console.log(
    `  webhooks to: ${values['webhook-url'] || '(none; create one with POST /v1/webhook_endpoints)'}`,
  );
  console.log(`  control: ${root}/_sim/state`);
});
