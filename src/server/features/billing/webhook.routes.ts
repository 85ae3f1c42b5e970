import { z } from 'zod';
import { billingRoutes } from '#shared/contracts/billing.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { createRoute, createRouter, envelope } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { receiveStripeWebhook } from './webhook.ts';

// POST /api/billing/webhooks/stripe (docs/decisions/094, "Webhooks"): Stripe's deliveries, with
// no session and no Origin (the CSRF check refuses form posts only; Stripe posts JSON). The
// body is read as the raw text the input guard already read, byte for byte, because the
// signature is over those bytes, never over a re-serialisation. 404 in manual billing.

const answerSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  outcome: z.enum(['applied', 'ignored']).nullable(),
});

export function createBillingWebhookRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.webhook,
      summary: "Stripe's webhook (signature over the raw body verified)",
      tags: ['Billing'],
      responses: envelope(answerSchema),
    }),
    async (c) => {
      const raw = await c.req.text();
      return ok(c, await receiveStripeWebhook(deps, raw, c.req.header('stripe-signature')));
    },
  );
  return router;
}
