import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, TriangleAlert, X } from 'lucide-react';
import {
  mediaRoutes,
  tagSchema,
  type Compatibility,
  type MediaDetails,
} from '#shared/contracts/media.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
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
import { formatBytes } from '#shared/file-size.ts';
import { dimensionsOf, formatDuration, Thumbnail } from './media-collection.tsx';
import { DeleteDialog } from './delete-dialog.tsx';

const TARGET_LABELS: Record<Compatibility['target'], string> = {
  instagram_feed: 'Instagram feed',
  instagram_reel: 'Instagram reel',
  instagram_story: 'Instagram story',
  facebook: 'Facebook',
};

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
        <div className="grid content-start gap-3">
          {item.kind === 'video' && item.status !== 'processing' ? (
            <video
              src={mediaRoutes.file(item.id)}
              poster={item.has_thumbnail ? mediaRoutes.file(item.id, 'thumbnail') : undefined}
              controls
              preload="metadata"
              className="aspect-video w-full rounded-lg bg-black"
            />
          ) : (
            <Thumbnail item={item} className="aspect-square w-full rounded-lg object-contain" />
          )}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Dimensions</dt>
            <dd>{dimensionsOf(item)}</dd>
            {item.duration_ms !== null ? (
              <>
                <dt className="text-muted-foreground">Duration</dt>
                <dd>{formatDuration(item.duration_ms)}</dd>
              </>
            ) : null}
            {item.frame_rate !== null ? (
              <>
                <dt className="text-muted-foreground">Frame rate</dt>
                <dd>{item.frame_rate} fps</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              {item.status === 'ready'
                ? 'Ready'
                : item.status === 'processing'
                  ? 'Processing…'
                  : (item.processing_error ?? 'Failed')}
            </dd>
            <dt className="text-muted-foreground">Location data</dt>
            <dd data-testid="location-data">
              {item.location_removed
                ? 'Removed'
                : item.status === 'processing'
                  ? 'Processing…'
                  : 'Not removed'}
            </dd>
          </dl>
          {item.kind === 'video' && !item.location_removed && item.status !== 'processing' ? (
            <Alert variant="warning" title="Location data could not be removed">
              This video keeps the location and camera details it was recorded with, so anyone who
              gets the file may be able to see where it was filmed. To keep that private, remove the
              location on your phone before uploading.
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <a href={mediaRoutes.file(item.id)} download={item.name}>
                <Download aria-hidden className="size-4" /> Download
              </a>
            </Button>
            {canDelete ? (
              <Button variant="destructive" size="sm" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            ) : null}
          </div>
        </div>

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

          <section aria-labelledby="media-tags" className="grid gap-2">
            <h3 id="media-tags" className="text-sm font-semibold">
              Tags
            </h3>
            <ul className="flex flex-wrap gap-1.5">
              {item.tags.length === 0 ? (
                <li className="text-sm text-muted-foreground">No tags yet.</li>
              ) : null}
              {item.tags.map((t) => (
                <li key={t}>
                  <Badge variant="outline" className="gap-1">
                    {t}
                    {canUpdate ? (
                      <button
                        type="button"
                        aria-label={`Remove tag ${t}`}
                        className="rounded-sm hover:text-destructive"
                        onClick={() => update.mutate({ tags: item.tags.filter((x) => x !== t) })}
                      >
                        <X aria-hidden className="size-3" />
                      </button>
                    ) : null}
                  </Badge>
                </li>
              ))}
            </ul>
            {canUpdate ? (
              <form className="flex gap-2" onSubmit={addTag}>
                <Input
                  aria-label="New tag"
                  placeholder="Add a tag"
                  value={tag}
                  maxLength={40}
                  onChange={(e) => setTag(e.target.value)}
                />
                <Button
                  type="submit"
                  variant="outline"
                  loading={update.isPending}
                  disabled={!tag.trim()}
                >
                  Add
                </Button>
              </form>
            ) : null}
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </section>

          <section aria-labelledby="media-fit" className="grid gap-2">
            <h3 id="media-fit" className="text-sm font-semibold">
              Where it can be published
            </h3>
            <ul className="grid gap-2">
              {item.compatibility.map((c) => (
                <li key={c.target} className="flex gap-2 text-sm" data-testid={`fit-${c.target}`}>
                  {c.ok ? (
                    <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                  ) : (
                    <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
                  )}
                  <div>
                    <span className="font-medium">{TARGET_LABELS[c.target]}</span>
                    <span className="sr-only">{c.ok ? ': accepted' : ': not accepted'}</span>
                    {[...c.reasons, ...c.notes].map((text) => (
                      <p
                        key={text}
                        className={
                          c.reasons.includes(text) ? 'text-foreground' : 'text-muted-foreground'
                        }
                      >
                        {text}
                      </p>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="media-used" className="grid gap-2">
            <h3 id="media-used" className="text-sm font-semibold">
              Where it is used
            </h3>
            {item.usages.length === 0 ? (
              <p className="text-sm text-muted-foreground">Not used in any post or campaign.</p>
            ) : (
              <ul className="grid gap-1 text-sm">
                {item.usages.map((u) => (
                  <li key={u.id} className="flex flex-wrap items-center gap-2">
                    {u.calendar_event_id ? (
                      <>
                        <span className="font-medium">{u.title ?? 'Post'}</span>
                        {u.status ? (
                          <Badge variant={u.blocks_delete ? 'warning' : 'outline'}>
                            {u.status}
                          </Badge>
                        ) : null}
                        {u.scheduled_for ? (
                          <span className="text-muted-foreground">
                            {new Date(u.scheduled_for).toLocaleString()}
                          </span>
                        ) : null}
                      </>
                    ) : (
                      <span className="font-medium">Campaign {u.campaign_id?.slice(0, 8)}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
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
