import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Images } from 'lucide-react';
import type { MediaPage } from '#shared/contracts/media.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { MediaGrid, MediaTable } from './media-collection.tsx';

/** The library's items as a grid or a table, page by page, or why there are none. */
export function MediaResults({
  list,
  view,
  filtered,
  selected,
  selectable,
  onToggle,
  onOpen,
}: {
  list: UseInfiniteQueryResult<InfiniteData<MediaPage>>;
  view: 'grid' | 'list';
  /** A search, type or tag narrows the list. */
  filtered: boolean;
  selected: ReadonlySet<string>;
  selectable: boolean;
  onToggle(id: string): void;
  onOpen(id: string): void;
}) {
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return list.isPending ? (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
      {Array.from({ length: 10 }, (_, i) => (
        <Skeleton key={i} className="aspect-square" />
      ))}
    </div>
  ) : list.isError ? (
    <Alert variant="destructive">
      <p>{userMessageOf(list.error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={() => list.refetch()}>
        Try again
      </Button>
    </Alert>
  ) : items.length === 0 ? (
    <EmptyState
      icon={Images}
      title={filtered ? 'Nothing matches' : 'Your library is empty'}
      description={
        filtered
          ? 'Try another name, type or tag.'
          : 'Upload photos and videos to use them in posts and campaigns.'
      }
    />
  ) : (
    <>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total} {total === 1 ? 'item' : 'items'}
      </p>
      {view === 'grid' ? (
        <MediaGrid
          items={items}
          selected={selected}
          selectable={selectable}
          onToggle={onToggle}
          onOpen={onOpen}
        />
      ) : (
        <MediaTable
          items={items}
          selected={selected}
          selectable={selectable}
          onToggle={onToggle}
          onOpen={onOpen}
        />
      )}
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            loading={list.isFetchingNextPage}
            onClick={() => list.fetchNextPage()}
          >
            Show more
          </Button>
        </div>
      ) : null}
    </>
  );
}
