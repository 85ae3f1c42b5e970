import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import type { AppEnv } from '#server/platform/http/context.ts';
import type { AuthService } from './auth.service.ts';
import { readSessionCookie } from './session-cookie.ts';
import {
  ACTIVE_TENANT_COOKIE,
  allowedWhileInactive,
  chooseMembership,
  membershipCache,
} from '../staff/membership.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Resolves the session cookie (if any) into `session` and `actor` for every API request. */
export function sessionMiddleware(auth: AuthService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('session', null);
    c.set('actor', null);
    const token = readSessionCookie(c);
    if (token) {
      const resolved = await auth.resolveSession(token, { refresh: false });
      if (resolved) {
        c.set('session', {
          sessionId: resolved.sessionId,
          userId: resolved.user.id,
          email: resolved.user.email,
          emailConfirmedAt: resolved.user.emailConfirmedAt,
          provider: resolved.user.provider === 'facebook' ? 'facebook' : 'email',
          expiresAt: resolved.expiresAt,
        });
        // The business account and role come from membership: one's own as owner, or one the
        // person is staff of, chosen with the sg_tenant cookie (decision 031). Row-level security
        // checks the same membership again in the database (migration 0008).
        const { memberships, inactive } = await membershipCache(c.get('deps')).facts(
          resolved.user.id,
        );
        const requested = getCookie(c, ACTIVE_TENANT_COOKIE);
        const { tenantId, tenantRole } = chooseMembership(
          memberships,
          resolved.user.id,
          requested && UUID.test(requested) ? requested : undefined,
        );
        const actor: Actor = {
          userId: resolved.user.id,
          tenantId,
          tenantRole,
          isAdmin: resolved.roles.includes('admin'),
        };
        c.set('actor', actor);
        // Seed §7 status: an account an administrator made inactive keeps only what the
        // trial-expired page needs (administrators are never locked out this way).
        if (inactive && !actor.isAdmin && !allowedWhileInactive(c.req.method, c.req.path)) {
          throw AppError.from('FORBIDDEN', {
            userMessage: 'Your account is inactive. Contact support to open it again.',
            technicalMessage: `${actor.userId} is inactive`,
            userId: actor.userId,
          });
        }
      }
    }
    await next();
  };
}

/** For routes that need a signed-in user: UNAUTHORIZED otherwise. */
export const requireActor: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('actor')) throw AppError.from('UNAUTHORIZED', { technicalMessage: 'No live session' });
  await next();
};

export function actorOf(c: { get(key: 'actor'): Actor | null }): Actor {
  const actor = c.get('actor');
  if (!actor) throw AppError.from('UNAUTHORIZED', { technicalMessage: 'No live session' });
  return actor;
}
