import type { Delivery, Post } from '#shared/contracts/posts.contract.ts';
import {
  setTargetsInputSchema,
  type PublishingState,
} from '#shared/contracts/publishing.contract.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/http/errors.ts';
import { requireUserId } from '../profile/user-id.ts';
import { asEarlierRefusal } from './post-refusal.ts';
import { deliveriesByPlatform, getPostFor } from './read-post.ts';
import { savePostFor } from './save-post.ts';

// The composer's earlier calls (docs/decisions/080, 085): GET and PUT
// /api/calendar-events/{id}/targets, POST …/publish-now, and the event dialog's
// GET …/platform-posts. Kept for the web until it saves and reads through /api/posts
// (docs/decisions/087), as adapters over the posts use case; each lists deliveries in the one
// delivery shape (deliverySchema).

/** A post as these endpoints answer it: its status, time and deliveries. */
function stateOf(post: Post): PublishingState {
  return {
    event_id: post.id,
    event_status: post.status,
    scheduled_for: post.scheduled_for,
    targets: post.deliveries,
  };
}

export async function getTargets(ctx: ServiceContext, eventId: string): Promise<PublishingState> {
  return stateOf(await getPostFor(ctx, ctx.actor.tenantId, eventId));
}

/**
 * Replaces the event's targets (those not yet published). A scheduled event's are checked as
 * scheduling; any other's are stored as chosen, rule problems and all (docs/decisions/085).
 */
export async function setTargets(
  ctx: ServiceContext,
  eventId: string,
  input: unknown,
): Promise<PublishingState> {
  requireAccess(ctx.actor, 'schedule:post');
  const parsed = setTargetsInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  const post = await savePostFor(ctx, ctx.actor.tenantId, {
    postId: eventId,
    post: {},
    targets: parsed.data.targets,
    intent: 'keep',
  }).catch((error: unknown) => {
    throw asEarlierRefusal(error);
  });
  return stateOf(post);
}

/** Publishes every target that is not out yet, now. */
export async function publishNow(ctx: ServiceContext, eventId: string): Promise<PublishingState> {
  requireAccess(ctx.actor, 'publish:post');
  const post = await savePostFor(ctx, ctx.actor.tenantId, {
    postId: eventId,
    post: {},
    intent: 'publish',
  }).catch((error: unknown) => {
    throw asEarlierRefusal(error);
  });
  return stateOf(post);
}

/** Where an event went, platform by platform, and the reason when it did not get there. */
export async function listPlatformPosts(
  ctx: ServiceContext,
  userId: string,
  eventId: string,
): Promise<Delivery[]> {
  requireAccess(ctx.actor, 'read:calendar');
  requireUserId(userId);
  return deliveriesByPlatform(ctx, userId, eventId);
}
