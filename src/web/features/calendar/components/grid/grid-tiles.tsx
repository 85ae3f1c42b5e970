import type { PlannedPost } from '#shared/contracts/planning.contract.ts';
import type { InstagramMedia } from '#shared/contracts/platforms.contract.ts';
import { canMove } from '../../../posts/index.ts';
import { gridTiles, plannedOrder } from '../../lib/grid-model.ts';
import { useGridMoves } from '../../lib/use-grid-moves.ts';
import { PlannedTile } from './planned-tile.tsx';
import { PublishedTile } from './published-tile.tsx';

// The profile grid itself: three columns of squares, newest first, the planned posts above the
// published ones (docs/decisions/078). Planned posts move among themselves; published ones stay.

export function GridTiles({
  userId,
  accountId,
  planned,
  published,
  timeZone,
  canEdit,
  onOpenPost,
}: {
  userId: string;
  accountId: string;
  planned: readonly PlannedPost[];
  published: readonly InstagramMedia[];
  timeZone: string;
  canEdit: boolean;
  onOpenPost(id: string): void;
}) {
  const moves = useGridMoves({ userId, accountId, planned });
  const ordered = plannedOrder(planned);
  const indexOf = new Map(ordered.map((p, i) => [p.id, i]));
  const tiles = gridTiles(planned, published);
  return (
    <div
      role="list"
      aria-label="Instagram grid, newest first"
      aria-busy={moves.busy}
      className="grid grid-cols-3 gap-0.5 sm:gap-1"
      data-testid="instagram-grid"
    >
      {tiles.map((tile) => {
        if (tile.kind === 'published') {
          return (
            <div role="listitem" key={tile.key}>
              <PublishedTile media={tile.media} timeZone={timeZone} />
            </div>
          );
        }
        const i = indexOf.get(tile.post.id)!;
        return (
          <PlannedTile
            key={tile.key}
            post={tile.post}
            timeZone={timeZone}
            before={ordered[i - 1] ?? null}
            after={ordered[i + 1] ?? null}
            movable={canEdit && canMove(tile.post)}
            busy={moves.busy}
            onOpen={onOpenPost}
            onStep={moves.step}
            onDropPost={(dragged) => void moves.moveTo(dragged, i)}
          />
        );
      })}
    </div>
  );
}
