import { useCallback } from 'react';
import { toast } from 'sonner';
import type { PlannedPost } from '#shared/contracts/planning.contract.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useReorderPlanned } from '../api/use-reorder-planned.ts';
import { plannedOrder, reorderTimes } from './grid-model.ts';

// Reordering the Instagram grid's planned posts (docs/decisions/078): by drag onto another planned
// post, or by a tile's move buttons, which swap it with its neighbour. Times are what moves; the
// grid follows them. A scheduled post is never given a time that has passed.

/**
 * Focus follows the post moved by its button, once the grid is drawn again: the same button,
 * else the other one (at either end of the grid one is disabled), else the post's square.
 */
function focusMoved(key: string): void {
  const [postId, by] = key.split(':');
  [
    `[data-grid-focus="${key}"]:not([disabled])`,
    `[data-grid-focus="${postId}:${by === '1' ? '-1' : '1'}"]:not([disabled])`,
    `[data-planned-id="${postId}"] button`,
  ]
    .map((selector) => document.querySelector<HTMLElement>(selector))
    .find((el) => el !== null)
    ?.focus();
}

export function useGridMoves(options: {
  userId: string;
  accountId: string;
  planned: readonly PlannedPost[];
}) {
  const { userId, accountId, planned } = options;
  const reorder = useReorderPlanned(userId, accountId);
  const { mutateAsync, isPending } = reorder;
  const moveTo = useCallback(
    async (id: string, to: number, focusKey?: string) => {
      const changes = reorderTimes(planned, id, to);
      if (changes.length === 0) return;
      const byId = new Map(planned.map((p) => [p.id, p]));
      const past = changes.find(
        (c) => byId.get(c.id)?.status === 'scheduled' && Date.parse(c.to) <= Date.now(),
      );
      if (past) {
        toast.error('Choose a time in the future', {
          description: `“${byId.get(past.id)!.title}” is scheduled and cannot take a time that has passed.`,
        });
        return;
      }
      try {
        await mutateAsync(changes);
        const moved = byId.get(id)!;
        const other = changes.length === 2 ? byId.get(changes.find((c) => c.id !== id)!.id) : null;
        toast.success(
          other ? `Swapped “${moved.title}” and “${other.title}”` : `Moved “${moved.title}”`,
          {
            description: other
              ? 'Their times were swapped to match the grid.'
              : `${changes.length} planned posts took new times in the grid’s order.`,
          },
        );
      } catch (error) {
        const field = Object.values(fieldErrorsOf(error))[0];
        toast.error(field ?? userMessageOf(error), {
          description: 'Nothing was moved: the grid shows the times as they were.',
        });
      }
      if (focusKey) setTimeout(() => focusMoved(focusKey));
    },
    [planned, mutateAsync],
  );

  /** Swaps with the neighbour before (-1: nearer the top left) or after (+1). */
  const step = useCallback(
    (id: string, by: -1 | 1) => {
      const index = plannedOrder(planned).findIndex((p) => p.id === id);
      void moveTo(id, index + by, `${id}:${by}`);
    },
    [planned, moveTo],
  );

  return { moveTo, step, busy: isPending };
}
