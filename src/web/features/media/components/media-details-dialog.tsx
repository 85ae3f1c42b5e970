import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagSchema, type MediaDetails } from '#shared/contracts/media.contract.ts';
import { formatBytes } from '#shared/file-size.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { mediaApi, mediaKeys, useMediaDetails } from '../api/media-api.ts';
import { DeleteDialog } from './delete-dialog.tsx';
import { MediaFacts } from './media-facts.tsx';
import { MediaTags } from './media-tags.tsx';
import { MediaUses } from './media-uses.tsx';

interface DetailsProps {
  id: string | null;
  canUpdate: boolean;
  canDelete: boolean;
  onClose: () => void;
  onDeleted: (ids: string[]) => void;
}

export function MediaDetailsDialog({ id, canUpdate, canDelete, onClose, onDeleted }: DetailsProps) {
  const details = useMediaDetails(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        {details.isPending ? (
          <>
            <DialogTitle className="sr-only">Loading media</DialogTitle>
            <Skeleton className="h-80" />
          </>
        ) : details.isError ? (
          <>
            <DialogTitle>Media</DialogTitle>
            <Alert variant="destructive">{userMessageOf(details.error)}</Alert>
          </>
        ) : (
          <DetailsBody
            key={details.data.id}
            item={details.data}
            canUpdate={canUpdate}
            canDelete={canDelete}
            onDeleted={(ids) => {
              onDeleted(ids);
              onClose();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function DetailsBody({
  item,
  canUpdate,
  canDelete,
  onDeleted,
}: {
  item: MediaDetails;
  canUpdate: boolean;
  canDelete: boolean;
  onDeleted: (ids: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(item.name);
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const update = useMutation({
    mutationFn: (changes: { name?: string; tags?: string[] }) => mediaApi.update(item.id, changes),
    onSuccess: async () => {
      setError(null);
      setTag('');
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    },
    onError: (e) => {
      const fields = fieldErrorsOf(e);
      setError(fields['name'] ?? Object.values(fields)[0] ?? userMessageOf(e));
    },
  });
  const scheduledUses = item.usages.filter((u) => u.blocks_delete).length;

  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const parsed = tagSchema.safeParse(tag);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Not a valid tag');
      return;
    }
    if (item.tags.includes(parsed.data)) {
      setTag('');
      return;
    }
    update.mutate({ tags: [...item.tags, parsed.data] });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle className="truncate">{item.name}</DialogTitle>
        <DialogDescription>
          {item.mime_type} · {formatBytes(item.size_bytes)} · uploaded{' '}
          {new Date(item.created_at).toLocaleString()}
          {item.uploaded_by_name ? ` by ${item.uploaded_by_name}` : ''}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <MediaFacts item={item} canDelete={canDelete} onDelete={() => setDeleting(true)} />

        <div className="grid content-start gap-5">
          {canUpdate ? (
            <form
              className="grid gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (name.trim() && name !== item.name) update.mutate({ name });
              }}
            >
              <label htmlFor="media-name" className="text-sm font-medium">
                Name
              </label>
              <div className="flex gap-2">
                <Input
                  id="media-name"
                  value={name}
                  maxLength={200}
                  onChange={(e) => setName(e.target.value)}
                />
                <Button
                  type="submit"
                  variant="outline"
                  disabled={!name.trim() || name === item.name}
                >
                  Rename
                </Button>
              </div>
            </form>
          ) : null}

          <MediaTags
            item={item}
            canUpdate={canUpdate}
            busy={update.isPending}
            error={error}
            tag={tag}
            onTag={setTag}
            onAdd={addTag}
            onRemove={(t) => update.mutate({ tags: item.tags.filter((x) => x !== t) })}
          />

          <MediaUses item={item} />
        </div>
      </div>
      {deleting ? (
        <DeleteDialog
          ids={[item.id]}
          name={item.name}
          scheduledUses={scheduledUses}
          open={deleting}
          onOpenChange={setDeleting}
          onDeleted={onDeleted}
        />
      ) : null}
    </>
  );
}
