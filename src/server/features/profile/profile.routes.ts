import { z } from 'zod';
import {
  accountRoutes,
  adminUserSchema,
  assignRoleInputSchema,
  listUsersQuerySchema,
  profileSchema,
  removeRoleQuerySchema,
  updateProfileInputSchema,
  updateUserStatusInputSchema,
  userRoleSchema,
} from '#shared/contracts/account.contract.ts';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext, AppEnv } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as profiles from './profile.service.ts';

const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** The admin area answers 403 to everyone else, whatever the use case behind it would say. */
const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAccess(actorOf(c), 'admin:users');
  await next();
};

export function createProfileRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(accountRoutes.profile, requireActor);
  router.use('/api/admin/users', requireActor, requireAdmin);
  router.use('/api/admin/users/*', requireActor, requireAdmin);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: accountRoutes.profile,
      summary: 'Your profile (created on first visit)',
      tags: ['Account'],
      responses: envelope(profileSchema),
    }),
    async (c) => ok(c, await profiles.getOrCreateProfile(context(c), actorOf(c).userId)),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: accountRoutes.profile,
      summary: 'Change your profile',
      tags: ['Account'],
      request: { body: jsonBody(updateProfileInputSchema) },
      responses: envelope(profileSchema),
    }),
    async (c) =>
      ok(c, await profiles.updateProfile(context(c), actorOf(c).userId, c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/users',
      summary: 'Everyone with an account, newest first (administrators)',
      tags: ['Admin'],
      request: { query: listUsersQuerySchema },
      responses: envelope(z.array(adminUserSchema)),
    }),
    async (c) => ok(c, await profiles.listUsers(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/api/admin/users/{id}/status',
      summary: "Set a person's status (administrators)",
      tags: ['Admin'],
      request: { params: idParams, body: jsonBody(updateUserStatusInputSchema) },
      responses: envelope(profileSchema),
    }),
    async (c) =>
      ok(
        c,
        await profiles.updateUserStatus(
          context(c),
          c.req.valid('param').id,
          c.req.valid('json').status,
        ),
      ),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/admin/users/{id}/roles',
      summary: "A person's roles (administrators)",
      tags: ['Admin'],
      request: { params: idParams },
      responses: envelope(z.array(userRoleSchema)),
    }),
    async (c) => ok(c, await profiles.listUserRoles(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/admin/users/{id}/roles',
      summary: 'Give a person a role (administrators)',
      tags: ['Admin'],
      request: { params: idParams, body: jsonBody(assignRoleInputSchema) },
      responses: envelope(userRoleSchema, 201),
    }),
    async (c) =>
      ok(
        c,
        await profiles.assignRole(context(c), {
          ...c.req.valid('json'),
          user_id: c.req.valid('param').id,
        }),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/api/admin/users/{id}/roles',
      summary: 'Take a role from a person (administrators)',
      tags: ['Admin'],
      request: { params: idParams, query: removeRoleQuerySchema },
      responses: envelope(z.object({ user_id: z.uuid(), role: z.string() })),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { role } = c.req.valid('query');
      await profiles.removeRole(context(c), id, role);
      return ok(c, { user_id: id, role });
    },
  );

  return router;
}
