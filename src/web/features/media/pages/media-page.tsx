import { useDeferredValue, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { MediaSort } from '#shared/contracts/media.contract.ts';
import { formatBytes } from '#shared/file-size.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
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
import { MediaDetailsDialog } from '../components/media-details-dialog.tsx';
import { MediaResults } from '../components/media-results.tsx';
import { MediaToolbar } from '../components/media-toolbar.tsx';
import { SelectionBar } from '../components/selection-bar.tsx';
import { StorageMeter } from '../components/storage-meter.tsx';
import { BulkTagDialog, ManageTagsDialog } from '../components/tag-dialogs.tsx';
import { UploadPanel } from '../components/upload-panel.tsx';
import { useUploadQueue } from '../lib/upload-queue.ts';

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

      <MediaToolbar
        search={search}
        onSearch={setSearch}
        kind={kind}
        onKind={setKind}
        tag={tag}
        onTag={setTag}
        sort={sort}
        onSort={setSort}
        tags={tags.data ?? []}
        canCleanup={can.cleanup}
        view={view}
        onView={setView}
        onDialog={setDialog}
      />

      {selected.size > 0 ? (
        <SelectionBar
          count={selected.size}
          canUpdate={can.update}
          canDelete={can.delete}
          onSelectAll={() => setSelected(new Set(items.map((i) => i.id)))}
          onClear={() => setSelected(new Set())}
          onDialog={setDialog}
        />
      ) : null}

      <MediaResults
        list={list}
        view={view}
        filtered={filtered}
        selected={selected}
        selectable={selectable}
        onToggle={toggle}
        onOpen={setOpenId}
      />

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
