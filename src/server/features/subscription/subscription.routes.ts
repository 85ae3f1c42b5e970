import { z } from 'zod';
import {
  accountRoutes,
  subscriptionSchema,
  updateSubscriptionInputSchema,
} from '#shared/contracts/account.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as subscriptions from './subscription.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

export function createSubscriptionRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(accountRoutes.subscription, requireActor);
  router.use('/api/admin/users/:id/subscription', requireActor);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: accountRoutes.subscription,
      summary: "The business account's subscription",
      tags: ['Account'],
      responses: envelope(subscriptionSchema),
    }),
    async (c) => ok(c, await subscriptions.getSubscription(context(c), actorOf(c).tenantId)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/subscription/continue-free',
      summary: 'After the trial ended: continue on the Free plan',
      tags: ['Account'],
      middleware: [requireActor] as const,
      responses: envelope(subscriptionSchema),
    }),
    async (c) => ok(c, await subscriptions.continueOnFree(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/api/admin/users/{id}/subscription',
      summary: "Change an account's plan or status (administrators)",
      tags: ['Admin'],
      request: { params: idParams, body: jsonBody(updateSubscriptionInputSchema) },
      responses: envelope(subscriptionSchema),
    }),
    async (c) =>
      ok(
        c,
        await subscriptions.updateSubscription(
          context(c),
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
      ),
  );

  return router;
}
