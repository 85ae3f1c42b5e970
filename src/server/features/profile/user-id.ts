import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import { tenantScope } from '#server/platform/access.ts';
import type { TenantScope } from '#server/platform/db/tenant.ts';

// Use cases keep the shape of the product's data services and take the user id they act on
// explicitly (docs/product/validation.md#user-id, docs/product/services.md); routes pass the
// signed-in actor's own id. These guards check that id before any query.

export const INVALID_USER_ID_MESSAGE = 'Invalid user ID provided';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * docs/product/validation.md#user-id: a user id must be a non-empty string, otherwise "Invalid
 * user ID provided". Ids are uuids here, so a string that cannot be one is refused the same way
 * rather than reaching the database as a type error.
 */
export function requireUserId(userId: unknown): asserts userId is string {
  if (typeof userId !== 'string' || userId.trim() === '' || !UUID_PATTERN.test(userId)) {
    throw AppError.from('VALIDATION_ERROR', {
      message: INVALID_USER_ID_MESSAGE,
      userMessage: INVALID_USER_ID_MESSAGE,
      technicalMessage: `${INVALID_USER_ID_MESSAGE}: ${JSON.stringify(userId ?? null)}`,
    });
  }
}

/**
 * The scope for acting on business account `tenantId`: the actor's own, or — for an installation
 * administrator only — that account's. Anyone else asking for another account is refused before
 * a query runs (row-level security would refuse it too, but as an empty result).
 */
export function scopeForTenant(actor: Actor, tenantId: string): TenantScope {
  if (tenantId === actor.tenantId) return tenantScope(actor);
  if (actor.isAdmin) return { userId: actor.userId, tenantId, isAdmin: true };
  throw AppError.from('FORBIDDEN', {
    technicalMessage: `${actor.userId} may not act on business account ${tenantId}`,
    userId: actor.userId,
  });
}

/** A person's own records (profile, roles), or anyone's for an administrator. */
export function requireSelfOrAdmin(actor: Actor, userId: string): void {
  if (userId === actor.userId || actor.isAdmin) return;
  throw AppError.from('FORBIDDEN', {
    technicalMessage: `${actor.userId} may not act on user ${userId}`,
    userId: actor.userId,
  });
}
