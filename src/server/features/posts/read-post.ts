import type { Delivery, Post } from '#shared/contracts/posts.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { isUuid, requireUserId, scopeForTenant } from '../profile/user-id.ts';
import { listDeliveries } from './deliveries.repository.ts';
import { toPostDto } from './posts.dto.ts';
import { findEventRow } from './posts.repository.ts';

// Reading one post with its deliveries. Another business's post is not found (row-level
// security hides it), never forbidden, so nothing tells a stranger it exists.

export async function getPostFor(ctx: ServiceContext, tenantId: string, id: string): Promise<Post> {
  requireAccess(ctx.actor, 'read:calendar');
  requireUserId(tenantId);
  const scope = scopeForTenant(ctx.actor, tenantId);
  if (!isUuid(id)) notFound(id);
  return withTenant(ctx.deps.database, scope, async (tx) => {
    const event = (await findEventRow(tx, tenantId, id)) ?? notFound(id);
    return toPostDto(event, await listDeliveries(tx, tenantId, id));
  });
}

/** GET /api/posts/{id}: a post of the signed-in person's business. */
export function getPost(ctx: ServiceContext, id: string): Promise<Post> {
  return getPostFor(ctx, ctx.actor.tenantId, id);
}

/** A post's deliveries by platform: where it went, or why it did not get there. */
export async function deliveriesByPlatform(
  ctx: ServiceContext,
  tenantId: string,
  id: string,
): Promise<Delivery[]> {
  const post = await getPostFor(ctx, tenantId, id);
  return [...post.deliveries].sort(
    (a, b) => a.platform.localeCompare(b.platform) || a.id.localeCompare(b.id),
  );
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible calendar event ${id}` });
}
