import type { Post } from '#shared/contracts/posts.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { savePostFor } from './save-post.ts';

// Moving a post to another time (drag on the calendar, Alt+arrow keys): a time change only, its
// accounts and status kept. A scheduled post is checked again as scheduling (a time in the
// future, at least one account, every rule and the quota) and its deliveries get new versions,
// so jobs queued for the old time go stale (docs/decisions/080); a draft, a note or a failed
// post just moves (docs/decisions/074).

export function reschedulePostFor(
  ctx: ServiceContext,
  tenantId: string,
  id: string,
  scheduledFor: string,
): Promise<Post> {
  return savePostFor(ctx, tenantId, {
    postId: id,
    post: { scheduled_for: scheduledFor },
    intent: 'keep',
  });
}

/** PATCH /api/posts/{id}/schedule: a post of the signed-in person's business. */
export function reschedulePost(
  ctx: ServiceContext,
  id: string,
  scheduledFor: string,
): Promise<Post> {
  return reschedulePostFor(ctx, ctx.actor.tenantId, id, scheduledFor);
}
