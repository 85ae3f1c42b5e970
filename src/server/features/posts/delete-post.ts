import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { isUuid, requireUserId, scopeForTenant } from '../profile/user-id.ts';
import { announceEvent } from './post-notices.ts';
import { deleteEventRow } from './posts.repository.ts';

// docs/product/services.md#calendar-events delete: by id and user_id. Allowed whatever the
// post's status (docs/decisions/074: it removes the calendar entry, not what a platform shows);
// its deliveries go with it, and a job still queued for one finds nothing and does nothing.

export async function deletePostFor(
  ctx: ServiceContext,
  tenantId: string,
  id: string,
): Promise<void> {
  requireAccess(ctx.actor, 'delete:post');
  requireUserId(tenantId);
  const scope = scopeForTenant(ctx.actor, tenantId);
  if (!isUuid(id)) notFound(id);
  const deleted = await withTenant(ctx.deps.database, scope, async (tx) => {
    const removed = await deleteEventRow(tx, tenantId, id);
    if (removed) await announceEvent(tx, tenantId, id, null);
    return removed;
  });
  ctx.deps.cache.invalidateTenant(tenantId);
  if (!deleted) notFound(id);
}

/** DELETE /api/posts/{id}: a post of the signed-in person's business. */
export function deletePost(ctx: ServiceContext, id: string): Promise<void> {
  return deletePostFor(ctx, ctx.actor.tenantId, id);
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible calendar event ${id}` });
}
