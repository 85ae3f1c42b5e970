import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  adminBillingPageSchema,
  adminBillingQuerySchema,
  adminWebhookLogSchema,
  billingRoutes,
  couponInputAdminSchema,
  couponSchema,
  grantInputSchema,
  grantSchema,
  invoiceSchema,
  manualInvoiceInputSchema,
} from '#shared/contracts/billing.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { requireAccess } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext, AppEnv } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as coupons from './admin-coupons.ts';
import * as adminBilling from './admin-billing.service.ts';

// The administrators' billing view (docs/decisions/094, requirement 6): administrators only,
// everyone else 401 (signed out) or 403.

const tags = ['Admin'];

const requireUserAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAccess(actorOf(c), 'admin:users');
  await next();
};

const businessParams = z.object({ businessId: z.uuid({ error: 'Not a valid id' }) });
const grantParams = businessParams.extend({ grantId: z.uuid({ error: 'Not a valid id' }) });
const couponParams = z.object({
  couponId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id'),
});

export function createAdminBillingRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(billingRoutes.adminBusinesses, requireActor, requireUserAdmin);
  router.use(`${billingRoutes.adminBusinesses}/*`, requireActor, requireUserAdmin);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: billingRoutes.adminBusinesses,
      summary: "Every business's billing state, 50 a page, with search (administrators)",
      tags,
      request: { query: adminBillingQuerySchema },
      responses: envelope(adminBillingPageSchema),
    }),
    async (c) => ok(c, await adminBilling.listBusinesses(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: billingRoutes.adminEvents,
      summary: 'The latest Stripe webhook events and failures (administrators)',
      tags,
      responses: envelope(adminWebhookLogSchema),
    }),
    async (c) => ok(c, await adminBilling.webhookLog(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.adminGrants,
      summary: 'Grant Premium or an add-on by hand, with a reason (administrators)',
      tags,
      request: { params: businessParams, body: jsonBody(grantInputSchema) },
      responses: envelope(grantSchema, 201),
    }),
    async (c) =>
      ok(
        c,
        await adminBilling.addGrant(
          context(c),
          c.req.valid('param').businessId,
          c.req.valid('json'),
        ),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: billingRoutes.adminGrant,
      summary: 'Revoke a grant; it stays on record (administrators)',
      tags,
      request: { params: grantParams },
      responses: envelope(grantSchema),
    }),
    async (c) => {
      const { businessId, grantId } = c.req.valid('param');
      return ok(c, await adminBilling.revokeGrant(context(c), businessId, grantId));
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.adminInvoices,
      summary: 'Record an invoice by hand, manual billing only (administrators)',
      tags,
      request: { params: businessParams, body: jsonBody(manualInvoiceInputSchema) },
      responses: envelope(invoiceSchema, 201),
    }),
    async (c) =>
      ok(
        c,
        await adminBilling.recordInvoice(
          context(c),
          c.req.valid('param').businessId,
          c.req.valid('json'),
        ),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: billingRoutes.adminCoupons,
      summary: 'Coupons and promotion codes (administrators)',
      tags,
      responses: envelope(z.array(couponSchema)),
    }),
    async (c) => ok(c, await coupons.listCoupons(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: billingRoutes.adminCoupons,
      summary: 'Create a coupon (Stripe: a coupon and its promotion code) (administrators)',
      tags,
      request: { body: jsonBody(couponInputAdminSchema) },
      responses: envelope(couponSchema, 201),
    }),
    async (c) => ok(c, await coupons.createCoupon(context(c), c.req.valid('json')), 201),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: billingRoutes.adminCoupon,
      summary: 'Deactivate a coupon; it stays on record (administrators)',
      tags,
      request: { params: couponParams },
      responses: envelope(couponSchema),
    }),
    async (c) => ok(c, await coupons.deactivateCoupon(context(c), c.req.valid('param').couponId)),
  );

  return router;
}
