import { useState, type DragEvent } from 'react';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpToLine,
  GripVertical,
  ImageIcon,
  MoreHorizontal,
  PencilLine,
  Undo2,
} from 'lucide-react';
import type { QueuedPost } from '#shared/contracts/queue.contract.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../../components/ui/dropdown-menu.tsx';
import { mediaPaths } from '../../../../lib/api-paths.ts';
import { cn } from '../../../../lib/cn.ts';
import { PlatformStripe } from '../../../posts/index.ts';

// One queued post in the queue view (docs/decisions/077): its picture and words, and the moves a
// person may make with the mouse (drag by the handle), the keyboard or a screen reader (Move up,
// Move down, and the menu's Move to top, Edit and Remove from queue).

const FORMAT_LABELS: Record<string, string> = {
  post: 'Post',
  carousel: 'Carousel',
  reel: 'Reel',
  story: 'Story',
};

function Picture({ mediaId }: { mediaId: string | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!mediaId || failed) {
    return (
      <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground sm:size-14">
        <ImageIcon aria-hidden className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={mediaPaths.file(mediaId, 'thumbnail')}
      alt=""
      loading="lazy"
      onError={() => setFailed(true)}
      className="size-12 shrink-0 rounded-md bg-muted object-cover sm:size-14"
    />
  );
}

export interface QueueCardActions {
  canEdit: boolean;
  busy: boolean;
  onMove(id: string, to: number): void;
  onTop(id: string): void;
  onRemove(id: string): void;
  onOpen(id: string): void;
}

export function QueuePostCard({
  queued,
  position,
  count,
  actions,
  dragging,
  dropTarget,
  onDragStart,
  onDragEnd,
}: {
  queued: QueuedPost;
  /** Its place among the posts that may move; -1 when it is pinned. */
  position: number;
  count: number;
  actions: QueueCardActions;
  dragging: boolean;
  dropTarget: boolean;
  onDragStart(event: DragEvent): void;
  onDragEnd(): void;
}) {
  const { post } = queued;
  const delivery = post.deliveries[0];
  const movable = actions.canEdit && position >= 0;
  const title = `“${post.title}”`;
  return (
    <div
      data-testid="queued-post"
      draggable={movable && !actions.busy}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      className={cn(
        'flex min-w-0 flex-1 flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-2.5 shadow-xs transition sm:flex-nowrap sm:gap-3',
        dragging ? 'opacity-40' : '',
        dropTarget ? 'ring-2 ring-primary ring-offset-2 ring-offset-background' : '',
      )}
    >
      {movable ? (
        <GripVertical
          aria-hidden
          className="hidden size-4 shrink-0 cursor-grab text-muted-foreground sm:block"
        />
      ) : null}
      <PlatformStripe platforms={post.platforms} className="h-12" />
      <Picture mediaId={delivery?.media_ids[0]} />
      <button
        type="button"
        onClick={() => actions.onOpen(post.id)}
        className="grid min-w-32 flex-1 gap-0.5 rounded-md text-left focus-visible:outline-2 focus-visible:outline-ring sm:min-w-0"
      >
        <span className="truncate text-sm font-semibold text-foreground">{post.title}</span>
        {post.content ? (
          <span className="line-clamp-2 text-xs text-muted-foreground">{post.content}</span>
        ) : null}
        <span className="flex flex-wrap items-center gap-1.5 pt-0.5">
          {delivery ? (
            <Badge variant="outline" className="font-normal">
              {FORMAT_LABELS[delivery.format] ?? delivery.format}
              {delivery.media_ids.length > 1 ? ` · ${delivery.media_ids.length} files` : ''}
            </Badge>
          ) : null}
          {queued.pinned ? <Badge variant="warning">Going out soon</Badge> : null}
          {post.status === 'draft' ? <Badge variant="outline">Draft while paused</Badge> : null}
        </span>
      </button>
      {movable ? (
        <div className="ml-auto flex shrink-0 items-center">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${title} up`}
            disabled={actions.busy || position === 0}
            onClick={() => actions.onMove(post.id, position - 1)}
          >
            <ArrowUp aria-hidden className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Move ${title} down`}
            disabled={actions.busy || position === count - 1}
            onClick={() => actions.onMove(post.id, position + 1)}
          >
            <ArrowDown aria-hidden className="size-4" />
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`More for ${title}`}
                disabled={actions.busy}
              >
                <MoreHorizontal aria-hidden className="size-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem disabled={position === 0} onSelect={() => actions.onTop(post.id)}>
                <ArrowUpToLine aria-hidden className="size-4" /> Move to top
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => actions.onOpen(post.id)}>
                <PencilLine aria-hidden className="size-4" /> Edit
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => actions.onRemove(post.id)}>
                <Undo2 aria-hidden className="size-4" /> Remove from queue
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      ) : null}
    </div>
  );
}
