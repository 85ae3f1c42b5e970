import type { AppDeps } from '#server/platform/deps.ts';
import { createRouter } from '#server/platform/http/openapi.ts';
import { notFound } from '#server/platform/http/errors.ts';
import { billingRuntime, STRIPE_SIMULATOR_PATH } from './billing-runtime.ts';

// Test payments (docs/decisions/094): the in-app Stripe simulator's hosted pages — Checkout, the
// customer portal and invoices — on the app's origin, so a person can click through an upgrade.
// Only those pages: its API and control paths are answered 404 here (the app reaches the API in
// process), and every page is addressed by an unguessable id, as Stripe's own are.

const PAGES = /^\/(checkout|portal|invoice)\/[A-Za-z0-9_]+(\/[A-Za-z0-9_/]*)?$/;

export function createSimulatorPagesRoutes(deps: AppDeps) {
  const router = createRouter();
  router.all(`${STRIPE_SIMULATOR_PATH}/*`, async (c) => {
    const { simulator } = billingRuntime(deps);
    const rest = c.req.path.slice(STRIPE_SIMULATOR_PATH.length);
    if (!simulator || !PAGES.test(rest)) return notFound(c);
    const url = new URL(c.req.url);
    const init: RequestInit = { method: c.req.method, headers: c.req.raw.headers };
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') init.body = await c.req.arrayBuffer();
    return simulator.app.fetch(new Request(`http://simulator${rest}${url.search}`, init));
  });
  return router;
}
