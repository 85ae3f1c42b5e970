import { useState, type DragEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, CircleDashed, Clock } from 'lucide-react';
import type { PlannedPost } from '#shared/contracts/planning.contract.ts';
import { cn } from '../../../../lib/cn.ts';
import { formatDateTime, formatShortDate, formatTime } from '../../../../lib/date-format.ts';
import { STATUS_LABELS } from '../../../posts/index.ts';
import { tileMark, type GridTile } from '../../lib/grid-model.ts';
import { GRID_DRAG_TYPE, MARK_LABELS, Mark, Picture } from './tile-parts.tsx';

// A planned post of the grid (docs/decisions/078): when it goes out and whether it is scheduled
// or still a draft; it opens in the composer, and moves by drag onto another planned post or by
// its two arrow buttons, which swap its time with its neighbour's.

interface PlannedTileProps {
  post: PlannedPost;
  timeZone: string;
  /** The planned posts beside it in the grid (null at either end). */
  before: PlannedPost | null;
  after: PlannedPost | null;
  movable: boolean;
  busy: boolean;
  onOpen(id: string): void;
  onStep(id: string, by: -1 | 1): void;
  /** Another planned post dropped on this one: it takes this one's place. */
  onDropPost(draggedId: string): void;
}

function MoveButton(props: {
  label: string;
  focusKey: string;
  disabled: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      data-grid-focus={props.focusKey}
      disabled={props.disabled}
      onClick={props.onClick}
      className={cn(
        'pointer-events-auto flex size-8 items-center justify-center rounded-full bg-black/60 text-white shadow backdrop-blur-sm transition',
        'hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white',
        'disabled:opacity-40',
      )}
    >
      {props.children}
    </button>
  );
}

export function PlannedTile(props: PlannedTileProps) {
  const { post, timeZone, before, after, movable, busy } = props;
  const [over, setOver] = useState(false);
  const tile: GridTile = { kind: 'planned', key: post.id, post };
  const mark = tileMark(tile);
  const at = new Date(post.scheduled_for!);
  const when = formatDateTime(at, timeZone);
  const status = STATUS_LABELS[post.status];
  const draft = post.status === 'draft';
  const label = [post.title, `${status} for ${when}`, mark ? MARK_LABELS[mark] : null]
    .filter(Boolean)
    .join(', ');
  const dropProps = movable
    ? {
        onDragOver: (e: DragEvent) => {
          if (!e.dataTransfer.types.includes(GRID_DRAG_TYPE)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
          setOver(true);
        },
        onDragLeave: () => setOver(false),
        onDrop: (e: DragEvent) => {
          setOver(false);
          const id = e.dataTransfer.getData(GRID_DRAG_TYPE);
          if (!id || id === post.id) return;
          e.preventDefault();
          props.onDropPost(id);
        },
      }
    : {};
  return (
    <div
      role="listitem"
      data-planned-id={post.id}
      className={cn(
        'group relative aspect-square overflow-hidden bg-muted',
        over ? 'ring-4 ring-primary ring-inset' : '',
      )}
      {...dropProps}
    >
      <button
        type="button"
        draggable={movable && !busy}
        onDragStart={(e) => {
          e.dataTransfer.setData(GRID_DRAG_TYPE, post.id);
          e.dataTransfer.effectAllowed = 'move';
        }}
        onClick={() => props.onOpen(post.id)}
        aria-label={label}
        title={label}
        className={cn(
          'absolute inset-0 block size-full focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring',
          movable ? 'cursor-grab active:cursor-grabbing' : 'cursor-pointer',
        )}
      >
        <Picture tile={tile} />
        {/* Not out yet: shaded top and foot for the labels; a dashed edge for a draft. */}
        <span
          aria-hidden
          className={cn(
            'absolute inset-0 bg-[linear-gradient(to_bottom,rgba(0,0,0,0.35),transparent_30%,transparent_55%,rgba(0,0,0,0.7))]',
            draft ? 'outline-2 -outline-offset-[5px] outline-white/85 outline-dashed' : '',
          )}
        />
      </button>
      <span
        aria-hidden
        data-testid="grid-status"
        className={cn(
          'pointer-events-none absolute top-1.5 left-1.5 flex items-center gap-1 rounded-full px-1.5 py-0.5 text-[0.625rem] leading-none font-semibold shadow-sm sm:text-[0.6875rem]',
          draft ? 'bg-white text-slate-700' : 'bg-primary text-primary-foreground',
        )}
      >
        {draft ? (
          <CircleDashed className="size-3 shrink-0" />
        ) : (
          <Clock className="size-3 shrink-0" />
        )}
        <span className="max-sm:sr-only">{status}</span>
      </span>
      <Mark mark={mark} />
      <span
        aria-hidden
        data-testid="grid-time"
        className="pointer-events-none absolute inset-x-2 bottom-1.5 truncate text-[0.6875rem] leading-tight font-semibold text-white drop-shadow-[0_1px_1px_rgba(0,0,0,0.6)] sm:bottom-2 sm:text-xs"
      >
        <span className="block truncate">{formatShortDate(at, timeZone)}</span>
        <span className="block tabular-nums opacity-90">{formatTime(at, timeZone)}</span>
      </span>
      {movable ? (
        <span
          className={cn(
            'pointer-events-none absolute inset-x-1 top-1/2 flex -translate-y-1/2 justify-between transition-opacity',
            'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100',
          )}
        >
          <MoveButton
            focusKey={`${post.id}:-1`}
            disabled={busy || before === null}
            label={
              before
                ? `Move “${post.title}” earlier in the grid: it goes out later, swapping times with “${before.title}”`
                : `“${post.title}” is first in the grid`
            }
            onClick={() => props.onStep(post.id, -1)}
          >
            <ChevronLeft aria-hidden className="size-4" />
          </MoveButton>
          <MoveButton
            focusKey={`${post.id}:1`}
            disabled={busy || after === null}
            label={
              after
                ? `Move “${post.title}” later in the grid: it goes out sooner, swapping times with “${after.title}”`
                : `“${post.title}” is the last planned post`
            }
            onClick={() => props.onStep(post.id, 1)}
          >
            <ChevronRight aria-hidden className="size-4" />
          </MoveButton>
        </span>
      ) : null}
    </div>
  );
}
