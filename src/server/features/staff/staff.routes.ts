import { z } from 'zod';
import { setCookie } from 'hono/cookie';
import {
  acceptInvitationInputSchema,
  acceptInvitationResultSchema,
  actorContextSchema,
  createInvitationInputSchema,
  invitationLinkSchema,
  invitationPreviewSchema,
  setActiveTenantInputSchema,
  staffInvitationSchema,
  staffMemberViewSchema,
  staffRoutes,
  updateMemberRoleInputSchema,
  type ActorContext,
} from '#shared/contracts/staff.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { ACTIVE_TENANT_COOKIE, membershipCache } from './membership.ts';
import * as staff from './staff.service.ts';

const tags = ['Staff'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const userParams = z.object({ userId: z.uuid({ error: 'Not a valid id' }) });
const tokenParams = z.object({
  token: z.string().min(20, 'This invitation link is not valid').max(200),
});

const YEAR_SECONDS = 365 * 86_400;

function writeActiveTenant(c: AppContext, tenantId: string): void {
  setCookie(c, ACTIVE_TENANT_COOKIE, tenantId, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('deps').env.appUrl.startsWith('https://'),
    path: '/',
    maxAge: YEAR_SECONDS,
  });
}

export function createStaffRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/staff/*', requireActor);
  router.use(staffRoutes.accept, requireActor);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  async function actorContext(c: AppContext, tenantOverride?: string): Promise<ActorContext> {
    const actor = actorOf(c);
    const memberships = await membershipCache(deps).get(actor.userId);
    const active = tenantOverride
      ? (memberships.find((m) => m.tenant_id === tenantOverride) ?? null)
      : null;
    return {
      user_id: actor.userId,
      tenant_id: active?.tenant_id ?? actor.tenantId,
      tenant_role: active?.role ?? actor.tenantRole,
      is_admin: actor.isAdmin,
      memberships,
    };
  }

  router.openapi(
    createRoute({
      method: 'get',
      path: staffRoutes.me,
      summary: 'Who is acting, in which business account and with which role',
      tags,
      responses: envelope(actorContextSchema),
    }),
    async (c) => ok(c, await actorContext(c)),
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: staffRoutes.activeTenant,
      summary: 'Choose the business account to act in (your own, or one you are staff of)',
      tags,
      request: { body: jsonBody(setActiveTenantInputSchema) },
      responses: envelope(actorContextSchema),
    }),
    async (c) => {
      const { tenant_id } = c.req.valid('json');
      const memberships = await membershipCache(deps).get(actorOf(c).userId);
      if (!memberships.some((m) => m.tenant_id === tenant_id)) {
        throw AppError.from('FORBIDDEN', {
          technicalMessage: `${actorOf(c).userId} is not a member of ${tenant_id}`,
        });
      }
      writeActiveTenant(c, tenant_id);
      return ok(c, await actorContext(c, tenant_id));
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: staffRoutes.invitations,
      summary: "The business account's staff invitations, newest first",
      tags,
      responses: envelope(z.array(staffInvitationSchema)),
    }),
    async (c) => ok(c, await staff.listInvitations(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: staffRoutes.invitations,
      summary: 'Invite someone by e-mail (valid 7 days)',
      tags,
      request: { body: jsonBody(createInvitationInputSchema) },
      responses: envelope(staffInvitationSchema, 201),
    }),
    async (c) => ok(c, await staff.createInvitation(context(c), c.req.valid('json')), 201),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/staff/invitations/{id}/resend',
      summary: 'E-mail a pending invitation again with a new link',
      tags,
      request: { params: idParams },
      responses: envelope(staffInvitationSchema),
    }),
    async (c) => ok(c, await staff.resendInvitation(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/staff/invitations/{id}/link',
      summary: "A pending invitation's link, to copy",
      tags,
      request: { params: idParams },
      responses: envelope(invitationLinkSchema),
    }),
    async (c) => ok(c, await staff.invitationLink(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/api/staff/invitations/{id}',
      summary: 'Cancel a pending invitation',
      tags,
      request: { params: idParams },
      responses: envelope(staffInvitationSchema),
    }),
    async (c) => ok(c, await staff.cancelInvitation(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: staffRoutes.members,
      summary: "The business account's staff",
      tags,
      responses: envelope(z.array(staffMemberViewSchema)),
    }),
    async (c) => ok(c, await staff.listMembers(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/api/staff/members/{userId}',
      summary: "Change a member's role",
      tags,
      request: { params: userParams, body: jsonBody(updateMemberRoleInputSchema) },
      responses: envelope(staffMemberViewSchema),
    }),
    async (c) =>
      ok(
        c,
        await staff.updateMemberRole(
          context(c),
          c.req.valid('param').userId,
          c.req.valid('json').role,
        ),
      ),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/api/staff/members/{userId}',
      summary: 'Remove a member from the business account',
      tags,
      request: { params: userParams },
      responses: envelope(z.object({ user_id: z.uuid() })),
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      await staff.removeMember(context(c), userId);
      return ok(c, { user_id: userId });
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/invitations/{token}',
      summary: 'What an invitation link is for (no sign-in needed)',
      tags,
      request: { params: tokenParams },
      responses: envelope(invitationPreviewSchema),
    }),
    async (c) =>
      ok(c, await staff.previewInvitation({ deps }, c.req.valid('param').token, c.get('clientIp'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: staffRoutes.accept,
      summary: 'Accept an invitation as the signed-in person and act in that business',
      tags,
      request: { body: jsonBody(acceptInvitationInputSchema) },
      responses: envelope(acceptInvitationResultSchema),
    }),
    async (c) => {
      const result = await staff.acceptInvitation(context(c), c.req.valid('json').token);
      writeActiveTenant(c, result.tenant_id);
      return ok(c, result);
    },
  );

  return router;
}
