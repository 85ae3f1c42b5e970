import { useEffect, useMemo, useState } from 'react';
import { Check, ImageIcon, Search } from 'lucide-react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { MAX_TARGET_MEDIA } from '#shared/contracts/publishing.contract.ts';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { QueryContent } from '../../../../components/ui/query-status.tsx';
import { cn } from '../../../../lib/cn.ts';
import {
  formatDuration,
  type MediaFilters,
  Thumbnail,
  useMediaList,
} from '../../../media/index.ts';

interface MediaPickerProps {
  open: boolean;
  /** What is attached now, in order: the picker starts from it. */
  selected: string[];
  known: ReadonlyMap<string, MediaItem>;
  onClose(): void;
  onConfirm(ids: string[], items: MediaItem[]): void;
  /** How many may be chosen: a post's most by default; one for a direct message. */
  max?: number;
  /** Only photos (a direct message's image). */
  imagesOnly?: boolean;
}

/** Choose files from the library: search, pick several in the order they should appear. */
export function MediaPicker(props: MediaPickerProps) {
  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? undefined : props.onClose())}>
      {props.open ? (
        <DialogContent className="sm:max-w-3xl">
          <PickerBody {...props} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PickerBody({
  selected,
  known,
  onClose,
  onConfirm,
  max = MAX_TARGET_MEDIA,
  imagesOnly = false,
}: MediaPickerProps) {
  const [order, setOrder] = useState<string[]>(selected);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const filters = useMemo<MediaFilters>(
    () => ({ search, kind: imagesOnly ? 'image' : '', tag: '', sort: '-created_at' }),
    [search, imagesOnly],
  );
  const query = useMediaList(filters);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const full = order.length >= max;

  function toggle(item: MediaItem) {
    setOrder((current) =>
      current.includes(item.id)
        ? current.filter((id) => id !== item.id)
        : max === 1
          ? [item.id]
          : current.length >= max
            ? current
            : [...current, item.id],
    );
  }

  function confirm() {
    const byId = new Map(known);
    for (const item of items) byId.set(item.id, item);
    onConfirm(
      order,
      order.map((id) => byId.get(id)).filter((i): i is MediaItem => i !== undefined),
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Choose from your library</DialogTitle>
        <DialogDescription>
          {max === 1
            ? 'Pick the photo to send.'
            : `Pick up to ${max} photos or videos, in the order they should appear.`}
        </DialogDescription>
      </DialogHeader>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search the library"
          placeholder="Search by name or tag"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="pl-9"
        />
      </div>
      <div className="max-h-[min(55dvh,480px)] min-h-40 overflow-y-auto pr-1">
        <QueryContent
          query={query}
          loading={{ label: 'Loading your library', rows: 3, rowClassName: 'h-24 w-full' }}
          errorTitle="The library could not be loaded"
          isEmpty={(data) => data.pages.every((p) => p.items.length === 0)}
          empty={
            <EmptyState
              icon={ImageIcon}
              title={search ? 'Nothing matches that search' : 'Your library is empty'}
              description={
                search
                  ? 'Try another name or tag.'
                  : 'Upload photos and videos from the composer, or on the Media page.'
              }
            />
          }
        >
          {() => (
            <ul
              className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-5"
              aria-label="Library"
            >
              {items.map((item) => (
                <LibraryTile
                  key={item.id}
                  item={item}
                  position={order.indexOf(item.id)}
                  full={full && max > 1}
                  onToggle={() => toggle(item)}
                />
              ))}
            </ul>
          )}
        </QueryContent>
        {query.hasNextPage ? (
          <div className="mt-3 flex justify-center">
            <Button
              variant="outline"
              size="sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Show more
            </Button>
          </div>
        ) : null}
      </div>
      <DialogFooter className="items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {order.length === 0
            ? 'Nothing chosen'
            : `${order.length} chosen${full && max > 1 ? ` (the most a post takes)` : ''}`}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm}>
            {order.length === 0
              ? 'Use no media'
              : `Use ${order.length} ${order.length === 1 ? 'item' : 'items'}`}
          </Button>
        </div>
      </DialogFooter>
    </>
  );
}

/** One library item: chosen ones show their place in the order; failed ones cannot be chosen. */
function LibraryTile({
  item,
  position,
  full,
  onToggle,
}: {
  item: MediaItem;
  /** Its place among the chosen, from 0; -1 when not chosen. */
  position: number;
  /** The post takes no more: only chosen items can be clicked (to take them out). */
  full: boolean;
  onToggle(): void;
}) {
  const picked = position >= 0;
  const refused = item.status === 'failed';
  return (
    <li>
      <button
        type="button"
        aria-pressed={picked}
        aria-label={`${item.name}${picked ? `, number ${position + 1}` : ''}${refused ? ', could not be processed' : ''}`}
        disabled={refused || (full && !picked)}
        onClick={onToggle}
        className={cn(
          'group relative block w-full overflow-hidden rounded-lg border bg-card text-left transition focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
          picked ? 'border-primary ring-2 ring-primary' : 'border-border hover:border-input',
        )}
      >
        <Thumbnail item={item} className="aspect-square w-full" />
        <span
          className={cn(
            'absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-full border-2 text-xs font-semibold',
            picked
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-white/90 bg-black/25 text-transparent',
          )}
          aria-hidden
        >
          {picked ? position + 1 : <Check className="size-3" />}
        </span>
        <span className="block truncate px-1.5 py-1 text-xs text-foreground">
          {item.kind === 'video' && item.duration_ms !== null
            ? `${formatDuration(item.duration_ms)} · `
            : ''}
          {item.name}
        </span>
      </button>
    </li>
  );
}
