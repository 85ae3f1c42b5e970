import { useDeferredValue, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Brush, Grid2x2, Images, List, Tags } from 'lucide-react';
import { toast } from 'sonner';
import { MEDIA_SORTS, type MediaSort } from '#shared/contracts/media.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  mediaKeys,
  useMediaList,
  useMediaTags,
  useStorageUsage,
  type MediaFilters,
} from '../api/media-api.ts';
import { CleanupDialog } from '../components/cleanup-dialog.tsx';
import { DeleteDialog } from '../components/delete-dialog.tsx';
import { MediaGrid, MediaTable } from '../components/media-collection.tsx';
import { MediaDetailsDialog } from '../components/media-details-dialog.tsx';
import { BulkTagDialog, ManageTagsDialog } from '../components/tag-dialogs.tsx';
import { UploadPanel } from '../components/upload-panel.tsx';
import { formatBytes } from '#shared/file-size.ts';
import { useUploadQueue } from '../lib/upload-queue.ts';

const SORT_LABELS: Record<MediaSort, string> = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-created_at': 'Newest first',
  created_at: 'Oldest first',
  '-size': 'Largest first',
  size: 'Smallest first',
};

function StorageMeter({ used, quota, plan }: { used: number; quota: number; plan: string }) {
  const ratio = quota > 0 ? Math.min(1, used / quota) : 0;
  return (
    <div className="grid w-64 max-w-full gap-1" data-testid="storage-meter">
      <div className="flex justify-between gap-3 text-xs text-muted-foreground">
        <span>
          {formatBytes(used)} of {formatBytes(quota)} used
        </span>
        <span className="capitalize">{plan}</span>
      </div>
      <div
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={used}
        aria-valuetext={`${formatBytes(used)} of ${formatBytes(quota)}`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full',
            ratio > 0.9 ? 'bg-destructive' : ratio > 0.75 ? 'bg-warning' : 'bg-primary',
          )}
          style={{ width: `${Math.max(ratio * 100, used > 0 ? 1 : 0)}%` }}
        />
      </div>
    </div>
  );
}

export default function MediaPage() {
  useDocumentTitle('Media library - Soci Gen');
  const queryClient = useQueryClient();
  const usage = useStorageUsage();
  const tags = useMediaTags();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const [kind, setKind] = useState<MediaFilters['kind']>('');
  const [tag, setTag] = useState('');
  const [sort, setSort] = useState<MediaSort>('name');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const filters = useMemo(
    () => ({ search: deferredSearch, kind, tag, sort }),
    [deferredSearch, kind, tag, sort],
  );
  const list = useMediaList(filters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openId, setOpenId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'delete' | 'tag' | 'tags' | 'cleanup' | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaKeys.all });
  const can = usage.data?.can ?? { upload: false, update: false, delete: false, cleanup: false };
  const queue = useUploadQueue({
    maxFileBytes: usage.data?.max_file_bytes ?? 0,
    onUploaded: () => void refresh(),
  });

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const selectable = can.update || can.delete;
  const filtered = Boolean(filters.search || kind || tag);
  const toggle = (id: string) =>
    setSelected((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const removed = (ids: string[]) => {
    setSelected((set) => new Set([...set].filter((id) => !ids.includes(id))));
    toast.success(ids.length === 1 ? 'Deleted.' : `${ids.length} items deleted.`);
    void refresh();
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Media library"
        description="Photos and videos for your posts and campaigns, checked against what each platform accepts."
        actions={
          usage.data ? (
            <StorageMeter
              used={usage.data.used_bytes}
              quota={usage.data.quota_bytes}
              plan={usage.data.plan}
            />
          ) : null
        }
      />

      {usage.isError ? <Alert variant="destructive">{userMessageOf(usage.error)}</Alert> : null}
      {can.upload && usage.data ? (
        <UploadPanel
          entries={queue.entries}
          maxFileBytes={usage.data.max_file_bytes}
          videoLocationRemoval={usage.data.video_location_removal}
          onFiles={queue.add}
          onCancel={queue.cancel}
          onClear={queue.clearFinished}
        />
      ) : null}

      <div className="flex flex-wrap items-end gap-2" role="search">
        <Input
          type="search"
          aria-label="Search by name"
          placeholder="Search by name"
          className="w-full sm:w-64"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="grid w-full grid-cols-3 gap-2 sm:flex sm:w-auto">
          <select
            aria-label="Type"
            className={cn(inputClasses, 'sm:w-40')}
            value={kind}
            onChange={(e) => setKind(e.target.value as MediaFilters['kind'])}
          >
            <option value="">All types</option>
            <option value="image">Images</option>
            <option value="video">Videos</option>
          </select>
          <select
            aria-label="Tag"
            className={cn(inputClasses, 'sm:w-40')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
          >
            <option value="">All tags</option>
            {(tags.data ?? []).map((t) => (
              <option key={t.tag} value={t.tag}>
                {t.tag} ({t.count})
              </option>
            ))}
          </select>
          <select
            aria-label="Sort"
            className={cn(inputClasses, 'sm:w-40')}
            value={sort}
            onChange={(e) => setSort(e.target.value as MediaSort)}
          >
            {MEDIA_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={() => setDialog('tags')}>
            <Tags aria-hidden className="size-4" /> Tags
          </Button>
          {can.cleanup ? (
            <Button variant="ghost" size="sm" onClick={() => setDialog('cleanup')}>
              <Brush aria-hidden className="size-4" /> Clean up
            </Button>
          ) : null}
          <div className="flex rounded-md border border-border" role="group" aria-label="View">
            <Button
              variant={view === 'grid' ? 'secondary' : 'ghost'}
              size="icon"
              className="size-8"
              aria-label="Grid view"
              aria-pressed={view === 'grid'}
              onClick={() => setView('grid')}
            >
              <Grid2x2 aria-hidden className="size-4" />
            </Button>
            <Button
              variant={view === 'list' ? 'secondary' : 'ghost'}
              size="icon"
              className="size-8"
              aria-label="List view"
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
            >
              <List aria-hidden className="size-4" />
            </Button>
          </div>
        </div>
      </div>

      {selected.size > 0 ? (
        <div
          className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card px-4 py-2 shadow-sm"
          role="region"
          aria-label="Selection"
        >
          <span className="text-sm font-medium">{selected.size} selected</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setSelected(new Set(items.map((i) => i.id)))}
          >
            Select all shown
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
          <div className="ml-auto flex gap-2">
            {can.update ? (
              <Button variant="outline" size="sm" onClick={() => setDialog('tag')}>
                Tag
              </Button>
            ) : null}
            {can.delete ? (
              <Button variant="destructive" size="sm" onClick={() => setDialog('delete')}>
                Delete
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}

      {list.isPending ? (
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
              onToggle={toggle}
              onOpen={setOpenId}
            />
          ) : (
            <MediaTable
              items={items}
              selected={selected}
              selectable={selectable}
              onToggle={toggle}
              onOpen={setOpenId}
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
      )}

      <MediaDetailsDialog
        id={openId}
        canUpdate={can.update}
        canDelete={can.delete}
        onClose={() => setOpenId(null)}
        onDeleted={removed}
      />
      {dialog === 'delete' ? (
        <DeleteDialog
          ids={[...selected]}
          open
          onOpenChange={(open) => setDialog(open ? 'delete' : null)}
          onDeleted={removed}
        />
      ) : null}
      <BulkTagDialog
        ids={[...selected]}
        open={dialog === 'tag'}
        onOpenChange={(open) => setDialog(open ? 'tag' : null)}
        onDone={() => {
          toast.success('Tags updated.');
          void refresh();
        }}
      />
      <ManageTagsDialog
        tags={tags.data ?? []}
        canUpdate={can.update}
        open={dialog === 'tags'}
        onOpenChange={(open) => setDialog(open ? 'tags' : null)}
        onChanged={() => void refresh()}
      />
      {dialog === 'cleanup' ? (
        <CleanupDialog
          open
          onOpenChange={(open) => setDialog(open ? 'cleanup' : null)}
          onCleaned={(deleted, freed) => {
            toast.success(
              `${deleted.length} ${deleted.length === 1 ? 'item' : 'items'} deleted, ${formatBytes(freed)} freed.`,
            );
            setSelected(new Set());
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}
