import {
  addonChangeInputSchema,
  addonPreviewSchema,
  billingOverviewSchema,
  billingRoutes,
  checkoutInputSchema,
  couponInputSchema,
  intervalInputSchema,
  redirectSchema,
} from '#shared/contracts/billing.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { getOverview } from './overview.ts';
import * as actions from './stripe-actions.ts';

// The owner's subscription page (docs/decisions/094): the overview every member reads, and the
// changes only the owner makes ('manage:subscription'). No route takes a business id or a price:
// the business is the signed-in person's, and every amount is the server's.

const tags = ['Billing'];

export function createBillingRoutes(deps: AppDeps) {
  const router = createRouter();
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: billingRoutes.overview,
      summary: 'The subscription page: plan, usage, prices, invoices',
      tags,
      middleware: [requireActor] as const,
      responses: envelope(billingOverviewSchema),
    }),
    async (c) => ok(c, await getOverview(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.checkout,
      summary: 'Start Stripe Checkout for Premium (and add-ons)',
      tags,
      middleware: [requireActor] as const,
      request: { body: jsonBody(checkoutInputSchema) },
      responses: envelope(redirectSchema),
    }),
    async (c) => ok(c, await actions.checkout(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.interval,
      summary: 'Switch between monthly and yearly billing (prorated)',
      tags,
      middleware: [requireActor] as const,
      request: { body: jsonBody(intervalInputSchema) },
      responses: envelope(billingOverviewSchema),
    }),
    async (c) => ok(c, await actions.changeInterval(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.addonPreview,
      summary: 'What adding or removing an add-on costs now, before confirming',
      tags,
      middleware: [requireActor] as const,
      request: { body: jsonBody(addonChangeInputSchema) },
      responses: envelope(addonPreviewSchema),
    }),
    async (c) => ok(c, await actions.previewAddon(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.addons,
      summary: 'Add or remove an add-on (prorated, invoiced now)',
      tags,
      middleware: [requireActor] as const,
      request: { body: jsonBody(addonChangeInputSchema) },
      responses: envelope(billingOverviewSchema),
    }),
    async (c) => ok(c, await actions.changeAddon(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.coupon,
      summary: 'Redeem a coupon or promotion code',
      tags,
      middleware: [requireActor] as const,
      request: { body: jsonBody(couponInputSchema) },
      responses: envelope(billingOverviewSchema),
    }),
    async (c) => ok(c, await actions.applyCoupon(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.portal,
      summary: "Open Stripe's customer portal (payment method, invoices)",
      tags,
      middleware: [requireActor] as const,
      responses: envelope(redirectSchema),
    }),
    async (c) => ok(c, await actions.openPortal(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.cancel,
      summary: 'Cancel at the end of the paid period',
      tags,
      middleware: [requireActor] as const,
      responses: envelope(billingOverviewSchema),
    }),
    async (c) => ok(c, await actions.setCancelAtPeriodEnd(context(c), true)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.resume,
      summary: 'Keep a cancelled subscription before its period ends',
      tags,
      middleware: [requireActor] as const,
      responses: envelope(billingOverviewSchema),
    }),
    async (c) => ok(c, await actions.setCancelAtPeriodEnd(context(c), false)),
  );

  return router;
}
