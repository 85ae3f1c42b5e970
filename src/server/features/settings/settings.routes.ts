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
import { uploadedFile } from '../account/account.routes.ts';
import {
  accountSecurityRoutes,
  notificationPreferencesSchema,
} from '#shared/contracts/account-security.contract.ts';
import { readMyNotificationPreferences, updateMyNotificationPreferences } from './notifications.ts';
import * as settings from './settings.service.ts';

const tags = ['Account'];

export function createSettingsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(accountRoutes.businessProfile, requireActor);
  router.use(accountSecurityRoutes.businessLogo, requireActor);
  router.use(accountSecurityRoutes.notificationPreferences, requireActor);

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

  // Multipart upload: outside the JSON contract.
  router.post(accountSecurityRoutes.businessLogo, async (c) =>
    ok(
      c,
      unwrapResult(
        await settings.setBusinessLogo(context(c), actorOf(c).tenantId, await uploadedFile(c)),
      ),
    ),
  );
  router.delete(accountSecurityRoutes.businessLogo, async (c) =>
    ok(c, unwrapResult(await settings.removeBusinessLogo(context(c), actorOf(c).tenantId))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: accountSecurityRoutes.notificationPreferences,
      summary: 'What the signed-in person is e-mailed about',
      tags,
      responses: envelope(notificationPreferencesSchema),
    }),
    async (c) => ok(c, await readMyNotificationPreferences(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: accountSecurityRoutes.notificationPreferences,
      summary: 'Change what the signed-in person is e-mailed about',
      tags,
      request: { body: jsonBody(notificationPreferencesSchema) },
      responses: envelope(notificationPreferencesSchema),
    }),
    async (c) => ok(c, await updateMyNotificationPreferences(context(c), c.req.valid('json'))),
  );

  return router;
}
