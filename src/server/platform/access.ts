import { AppError } from '#shared/errors/index.ts';
import { can, type Actor, type Permission } from '#shared/permissions.ts';
import type { AppDeps } from './deps.ts';

/** What a service use case receives: the platform and who is acting. */
export interface ServiceContext {
  deps: AppDeps;
  actor: Actor;
}

/** Line one of every use case: may this person do this? Row-level security then says on which rows. */
export function requireAccess(actor: Actor, permission: Permission): void {
  if (!can(actor, permission)) {
    throw AppError.from('FORBIDDEN', {
      technicalMessage: `${actor.userId} (${actor.tenantRole}) lacks ${permission}`,
      userId: actor.userId,
    });
  }
}

export function tenantScope(actor: Actor) {
  return { userId: actor.userId, tenantId: actor.tenantId, isAdmin: actor.isAdmin };
}
