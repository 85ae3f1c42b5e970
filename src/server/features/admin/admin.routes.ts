import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  adminAccountPageSchema,
  adminAccountsQuerySchema,
  adminApiRoutes,
  adminSetupInputSchema,
  adminSetupStatusSchema,
  systemHealthSchema,
} from '#shared/contracts/admin.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext, AppEnv } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as admin from './admin.service.ts';

const tags = ['Admin'];

const requireSystemAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAccess(actorOf(c), 'admin:system');
  await next();
};
const requireUserAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAccess(actorOf(c), 'admin:users');
  await next();
};

export function createAdminRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(adminApiRoutes.accounts, requireActor, requireUserAdmin);
  router.use(adminApiRoutes.system, requireActor, requireSystemAdmin);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: adminApiRoutes.setup,
      summary: 'Whether the installation still needs its first administrator',
      tags,
      responses: envelope(adminSetupStatusSchema),
    }),
    async (c) => ok(c, { needed: await admin.adminSetupNeeded(deps) }),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: adminApiRoutes.setup,
      summary: 'Become the first administrator with the setup token printed at start',
      tags,
      middleware: [requireActor] as const,
      request: { body: jsonBody(adminSetupInputSchema) },
      responses: envelope(z.object({ admin: z.literal(true) })),
    }),
    async (c) => {
      await admin.completeAdminSetup(context(c), c.req.valid('json').token, c.get('clientIp'));
      return ok(c, { admin: true as const });
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: adminApiRoutes.accounts,
      summary: 'Users with plan, status and roles, 50 a page, with search (administrators)',
      tags,
      request: { query: adminAccountsQuerySchema },
      responses: envelope(adminAccountPageSchema),
    }),
    async (c) => ok(c, await admin.listAccounts(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: adminApiRoutes.system,
      summary: 'The monitor, queue depths and failed jobs (administrators)',
      tags,
      responses: envelope(systemHealthSchema),
    }),
    async (c) => ok(c, await admin.systemHealth(context(c))),
  );

  return router;
}
