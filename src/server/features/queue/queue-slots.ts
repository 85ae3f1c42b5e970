import type { AccountQueue, UpdateSlotsInput } from '#shared/contracts/queue.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { validationError } from '#server/platform/validation.ts';
import { changeQueue, type QueueMove } from './queue-operation.ts';
import { earliestAt, horizonOf, isPinned, occupancyOf } from './queue-state.ts';
import { notEnoughTimes, quotaTotal } from './queue-moves.ts';
import { busiestDay, fromWire, placeInOrder, slotsFrom } from './slots.ts';

// An account's posting times, edited (docs/decisions/077). They replace the ones it had (the
// defaults from the business's posting hours until then), and the queued posts are placed again,
// in order, in the first free new times, in the same operation: a queued post is always at one
// of its account's times. On Instagram the times may not put more posts in any 24 hours than
// the account's publishing quota, as the platform states it
// (docs/product/meta-platform.md#instagram-publishing-quota).

export function updateSlots(
  ctx: ServiceContext,
  connectionId: string,
  input: UpdateSlotsInput,
): Promise<AccountQueue> {
  const slots = fromWire(input.slots);
  return changeQueue(ctx, connectionId, async (state, business, now) => {
    const quota = await quotaTotal(ctx, state);
    const busiest = busiestDay(slots);
    if (quota !== null && busiest > quota) {
      throw validationError(
        {
          slots: `Instagram lets this account publish ${quota} post${quota === 1 ? '' : 's'} in 24 hours; these times put ${busiest} in one day`,
        },
        `Slots of ${connectionId} exceed its quota of ${quota}`,
      );
    }
    const movable = state.members.filter((m) => !isPinned(state, m, now));
    if (state.paused || movable.length === 0) return { moves: [], slots };
    const times = placeInOrder(
      movable.length,
      slotsFrom(slots, business.timeZone, earliestAt(now), horizonOf(now)),
      occupancyOf(state, quota, new Set(movable.map((m) => m.eventId))),
    );
    if (!times) throw notEnoughTimes(movable.length);
    const moves = movable.flatMap((m, i): QueueMove[] => {
      const slotAt = times[i]!;
      if (slotAt.getTime() === m.slotAt.getTime()) return [];
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
    return { moves, slots };
  });
}
