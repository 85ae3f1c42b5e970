import {
  accountRoutes,
  businessProfileSchema,
  updateBusinessProfileInputSchema,
} from '#shared/contracts/account.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { unwrapResult } from '#server/platform/result.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as settings from './settings.service.ts';

const tags = ['Account'];

export function createSettingsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(accountRoutes.businessProfile, requireActor);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: accountRoutes.businessProfile,
      summary: "The business account's profile",
      tags,
      responses: envelope(businessProfileSchema),
    }),
    async (c) =>
      ok(c, unwrapResult(await settings.getBusinessProfile(context(c), actorOf(c).tenantId))),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: accountRoutes.businessProfile,
      summary: "Change the business account's profile",
      tags,
      request: { body: jsonBody(updateBusinessProfileInputSchema) },
      responses: envelope(businessProfileSchema),
    }),
    async (c) =>
      ok(
        c,
        unwrapResult(
          await settings.updateBusinessProfile(
            context(c),
            actorOf(c).tenantId,
            c.req.valid('json'),
          ),
        ),
      ),
  );

  return router;
}
