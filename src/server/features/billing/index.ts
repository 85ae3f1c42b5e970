import type { AppDeps } from '#server/platform/deps.ts';
import { createRouter } from '#server/platform/http/openapi.ts';
import { createAdminBillingRoutes } from './admin-billing.routes.ts';
import { createBillingRoutes as createOwnerRoutes } from './billing.routes.ts';
import { createSimulatorPagesRoutes } from './simulator-pages.routes.ts';
import { createBillingWebhookRoutes } from './webhook.routes.ts';

// Billing (docs/decisions/094): the owner's subscription page, Stripe's webhooks, the
// administrators' billing view and, in test-payments mode, the simulator's hosted pages.
export function createBillingRoutes(deps: AppDeps) {
  const router = createRouter();
  router.route('/', createBillingWebhookRoutes(deps));
  router.route('/', createOwnerRoutes(deps));
  router.route('/', createAdminBillingRoutes(deps));
  router.route('/', createSimulatorPagesRoutes(deps));
  return router;
}
