import type { MiddlewareHandler } from 'hono';
import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import type { AppEnv } from '#server/platform/http/context.ts';
import type { AuthService } from './auth.service.ts';
import { readSessionCookie } from './session-cookie.ts';

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
        // Until staff membership arrives, everyone acts in their own business account.
        const actor: Actor = {
          userId: resolved.user.id,
          tenantId: resolved.user.id,
          tenantRole: 'owner',
          isAdmin: resolved.roles.includes('admin'),
        };
        c.set('actor', actor);
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
