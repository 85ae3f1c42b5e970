import { getCookie } from 'hono/cookie';
import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext, SessionInfo } from '#server/platform/http/context.ts';
import type { AuthService } from './auth.service.ts';
import { readSessionCookie } from './session-cookie.ts';
import {
  ACTIVE_TENANT_COOKIE,
  allowedWhileInactive,
  chooseMembership,
  membershipCache,
} from '../staff/membership.ts';

// Who sends a request: the live session behind its cookie, the business account and role from
// membership, and whether the account is closed to this request. The session middleware answers
// every API request with it and the live status stream re-checks its open streams with it, so a
// rule changed here (expiry, removal from a business, an inactive account) holds for both.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What of a request says who is acting; kept by a stream to check it again later. */
export interface ActorRequest {
  token: string | undefined;
  /** The sg_tenant cookie when it is an account id (decision 031). */
  requestedTenant: string | undefined;
  method: string;
  path: string;
}

export function actorRequestOf(c: AppContext): ActorRequest {
  const requested = getCookie(c, ACTIVE_TENANT_COOKIE);
  return {
    token: readSessionCookie(c),
    requestedTenant: requested && UUID.test(requested) ? requested : undefined,
    method: c.req.method,
    path: c.req.path,
  };
}

export interface ResolvedActor {
  session: SessionInfo;
  actor: Actor;
  /** Why this request may not go on although the session is live, or null. */
  refusal: AppError | null;
}

/** The request's actor, or null without a live session. */
export async function resolveActor(
  deps: AppDeps,
  auth: AuthService,
  request: ActorRequest,
): Promise<ResolvedActor | null> {
  if (!request.token) return null;
  const resolved = await auth.resolveSession(request.token, { refresh: false });
  if (!resolved) return null;
  // The business account and role come from membership: one's own as owner, or one the person is
  // staff of, chosen with the sg_tenant cookie (decision 031). Row-level security checks the same
  // membership again in the database (migration 0008).
  const { memberships, inactive } = await membershipCache(deps).facts(resolved.user.id);
  const { tenantId, tenantRole } = chooseMembership(
    memberships,
    resolved.user.id,
    request.requestedTenant,
  );
  const actor: Actor = {
    userId: resolved.user.id,
    tenantId,
    tenantRole,
    isAdmin: resolved.roles.includes('admin'),
  };
  // docs/product/services.md#profiles status: an account an administrator made inactive keeps only
  // what the trial-expired page needs (administrators are never locked out this way).
  const closed = inactive && !actor.isAdmin && !allowedWhileInactive(request.method, request.path);
  return {
    session: {
      sessionId: resolved.sessionId,
      userId: resolved.user.id,
      email: resolved.user.email,
      emailConfirmedAt: resolved.user.emailConfirmedAt,
      provider: resolved.user.provider === 'facebook' ? 'facebook' : 'email',
      expiresAt: resolved.expiresAt,
    },
    actor,
    refusal: closed
      ? AppError.from('FORBIDDEN', {
          userMessage: 'Your account is inactive. Contact support to open it again.',
          technicalMessage: `${actor.userId} is inactive`,
          userId: actor.userId,
        })
      : null,
  };
}
