import { randomInt } from 'node:crypto';
import { QUEUE_HORIZON_DAYS, type AccountQueue } from '#shared/contracts/queue.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { readQuota } from '../platforms/publishing-limit.ts';
import { refusal, problem } from '../posts/index.ts';
import type { Member } from './queue.repository.ts';
import { changeQueue, type QueueMove } from './queue-operation.ts';
import { earliestAt, horizonOf, isPinned, occupancyOf, type AccountState } from './queue-state.ts';
import { placeInOrder, slotsFrom } from './slots.ts';

// The queue view's moves (docs/decisions/077), each one operation (queue-operation.ts): a new
// order, a shuffle and "Move to top" give the same times to the posts in another order; removing
// a post makes it a draft and moves the later ones up; pausing takes the queue's posts off the
// schedule as drafts in their order, and resuming places them again in the next free times.
// Posts going out within the lead time are pinned: they keep their time and place.

/** The movable posts (not pinned) in order, and their times. */
function movable(state: AccountState, now: Date): Member[] {
  return state.members.filter((m) => !isPinned(state, m, now));
}

/** The same times, given in order to the posts in `order`; only posts whose time changes move. */
function permute(members: readonly Member[], order: readonly Member[]): QueueMove[] {
  const times = members.map((m) => m.slotAt);
  return order.flatMap((member, i) => {
    const slotAt = times[i]!;
    if (slotAt.getTime() === member.slotAt.getTime()) return [];
    return [
      {
        command: {
          postId: member.eventId,
          post: { scheduled_for: slotAt.toISOString() },
          intent: 'keep',
        },
        title: member.title,
        slotAt,
      },
    ];
  });
}

/** POST …/order: every movable queued post, in the new order. */
export function reorderQueue(
  ctx: ServiceContext,
  connectionId: string,
  postIds: readonly string[],
): Promise<AccountQueue> {
  return changeQueue(ctx, connectionId, async (state, _business, now) => {
    const members = movable(state, now);
    const byId = new Map(members.map((m) => [m.eventId, m]));
    const order = postIds.map((id) => byId.get(id));
    if (
      new Set(postIds).size !== postIds.length ||
      order.length !== members.length ||
      order.some((m) => m === undefined)
    ) {
      throw AppError.from('WORKFLOW_STATE_INVALID', {
        technicalMessage: `The order sent is not the queue of ${connectionId} as it is now`,
      });
    }
    return { moves: permute(members, order as Member[]) };
  });
}

/** POST …/shuffle: the movable posts in a random order over the same times. */
export function shuffleQueue(ctx: ServiceContext, connectionId: string): Promise<AccountQueue> {
  return changeQueue(ctx, connectionId, async (state, _business, now) => {
    const members = movable(state, now);
    const order = [...members];
    for (let i = order.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return { moves: permute(members, order) };
  });
}

/** POST …/posts/{id}/top: the post first; the ones before it one time later each. */
export function moveToTop(
  ctx: ServiceContext,
  connectionId: string,
  postId: string,
): Promise<AccountQueue> {
  return changeQueue(ctx, connectionId, async (state, _business, now) => {
    const members = movable(state, now);
    const member = members.find((m) => m.eventId === postId) ?? notQueued(postId);
    return { moves: permute(members, [member, ...members.filter((m) => m !== member)]) };
  });
}

/**
 * DELETE …/posts/{id}: the post leaves the queue as a draft at its time (kept on the calendar);
 * the later posts move up into the free times from its time on, closing the gap. In a paused
 * queue, where the posts are drafts already, it only leaves.
 */
export function removeFromQueue(
  ctx: ServiceContext,
  connectionId: string,
  postId: string,
): Promise<AccountQueue> {
  return changeQueue(ctx, connectionId, async (state, business, now) => {
    const member = state.members.find((m) => m.eventId === postId) ?? notQueued(postId);
    const leave: QueueMove = {
      command: { postId, post: {}, intent: 'draft' },
      title: member.title,
      slotAt: null,
    };
    if (state.paused) return { moves: [], leave: [postId] };
    const later = movable(state, now).filter((m) => m.slotAt > member.slotAt);
    const quota = await quotaTotal(ctx, state);
    const without = new Set([postId, ...later.map((m) => m.eventId)]);
    const from = new Date(Math.max(member.slotAt.getTime(), earliestAt(now).getTime()));
    const candidates = slotsFrom(state.slots, business.timeZone, from, horizonOf(now));
    const times = placeInOrder(later.length, candidates, occupancyOf(state, quota, without));
    const moves = (times ?? []).flatMap((slotAt, i): QueueMove[] => {
      const m = later[i]!;
      // Only ever earlier: a post never moves back because of a removal.
      if (slotAt.getTime() >= m.slotAt.getTime()) return [];
      return [
        {
          command: {
            postId: m.eventId,
            post: { scheduled_for: slotAt.toISOString() },
            intent: 'keep',
          },
          title: m.title,
          slotAt,
        },
      ];
    });
    return { moves: [leave, ...moves] };
  });
}

/** POST …/pause: the queue's posts become drafts, in order, at their times; nothing goes out. */
export function pauseQueue(ctx: ServiceContext, connectionId: string): Promise<AccountQueue> {
  return changeQueue(ctx, connectionId, async (state) => {
    if (state.paused) return { moves: [] };
    return {
      paused: true,
      moves: state.members.map((m) => ({
        command: { postId: m.eventId, post: {}, intent: 'draft' },
        title: m.title,
        slotAt: m.slotAt,
      })),
    };
  });
}

/**
 * POST …/resume: the queue's posts, in order, scheduled in the next free times from now, each
 * checked as scheduling; one that could not be published refuses the resume (nothing changes).
 */
export function resumeQueue(ctx: ServiceContext, connectionId: string): Promise<AccountQueue> {
  return changeQueue(ctx, connectionId, async (state, business, now) => {
    if (!state.paused) return { moves: [] };
    const quota = await quotaTotal(ctx, state);
    const times = placeInOrder(
      state.members.length,
      slotsFrom(state.slots, business.timeZone, earliestAt(now), horizonOf(now)),
      occupancyOf(state, quota, new Set(state.members.map((m) => m.eventId))),
    );
    if (!times) throw notEnoughTimes(state.members.length);
    return {
      paused: false,
      moves: state.members.map((m, i) => ({
        command: {
          postId: m.eventId,
          post: { scheduled_for: times[i]!.toISOString() },
          intent: 'schedule',
        },
        title: m.title,
        slotAt: times[i]!,
      })),
    };
  });
}

/** The account's 24-hour quota as the platform states it; null on Facebook or when unknown. */
export async function quotaTotal(ctx: ServiceContext, state: AccountState): Promise<number | null> {
  if (state.connection.platform !== 'instagram') return null;
  return (await readQuota(ctx.deps, state.connection)).total;
}

/** Not enough free posting times for the queue's posts: refused as scheduling is. */
export function notEnoughTimes(count: number) {
  return refusal(
    [
      problem(
        'slots',
        'queue_full',
        `There are not enough free posting times for the ${count} queued post${count === 1 ? '' : 's'} in the next ${QUEUE_HORIZON_DAYS / 7} weeks. Add posting times to this account`,
      ),
    ],
    'schedule',
    'targets',
  );
}

function notQueued(postId: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `Post ${postId} is not in this queue` });
}
