import type { MiddlewareHandler } from 'hono';
import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import type { AppEnv } from '#server/platform/http/context.ts';
import { actorRequestOf, resolveActor } from './actor.ts';
import type { AuthService } from './auth.service.ts';

/** Resolves the session cookie (if any) into `session` and `actor` for every API request. */
export function sessionMiddleware(auth: AuthService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('session', null);
    c.set('actor', null);
    const resolved = await resolveActor(c.get('deps'), auth, actorRequestOf(c));
    if (resolved) {
      c.set('session', resolved.session);
      c.set('actor', resolved.actor);
      if (resolved.refusal) throw resolved.refusal;
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
