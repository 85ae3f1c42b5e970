import { Download } from 'lucide-react';
import type { MediaDetails } from '#shared/contracts/media.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { mediaPaths } from '../../../lib/api-paths.ts';
import { dimensionsOf, formatDuration, Thumbnail } from './media-collection.tsx';

/**
 * What the details say of the file's location data (docs/decisions/047): "Removed" only when the
 * upload had some; "None" when it had none; "None kept" for items from before that was recorded,
 * whose stored file has none either way.
 */
export function locationFact(
  item: Pick<MediaDetails, 'had_location' | 'location_removed' | 'status'>,
): string {
  if (item.had_location === false) return 'None';
  if (item.location_removed) return item.had_location ? 'Removed' : 'None kept';
  return item.status === 'processing' ? 'Processing…' : 'Not removed';
}

/** The file itself: a player or the thumbnail, its facts, Download and Delete. */
export function MediaFacts({
  item,
  canDelete,
  onDelete,
}: {
  item: MediaDetails;
  canDelete: boolean;
  onDelete(): void;
}) {
  return (
    <div className="grid content-start gap-3">
      {item.kind === 'video' && item.status !== 'processing' ? (
        <video
          src={mediaPaths.file(item.id)}
          poster={item.has_thumbnail ? mediaPaths.file(item.id, 'thumbnail') : undefined}
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
        <dd data-testid="location-data">{locationFact(item)}</dd>
      </dl>
      {item.kind === 'video' &&
      item.had_location !== false &&
      !item.location_removed &&
      item.status !== 'processing' ? (
        <Alert variant="warning" title="Location data could not be removed">
          This video keeps the location and camera details it was recorded with, so anyone who gets
          the file may be able to see where it was filmed. To keep that private, remove the location
          on your phone before uploading.
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={mediaPaths.file(item.id)} download={item.name}>
            <Download aria-hidden className="size-4" /> Download
          </a>
        </Button>
        {canDelete ? (
          <Button variant="destructive" size="sm" onClick={onDelete}>
            Delete
          </Button>
        ) : null}
      </div>
    </div>
  );
}
