import { useRef } from 'react';
import {
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  ImagePlus,
  TriangleAlert,
  UploadCloud,
  X,
} from 'lucide-react';
import { MEDIA_ACCEPT_ATTRIBUTE, type MediaItem } from '#shared/contracts/media.contract.ts';
import { MAX_TARGET_MEDIA } from '#shared/contracts/publishing.contract.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { Thumbnail } from '../../../media/index.ts';
import type { UploadEntry } from '../../../media/index.ts';

interface MediaFieldProps {
  ids: string[];
  items: ReadonlyMap<string, MediaItem>;
  missing: ReadonlySet<string>;
  /** Ids with a problem for some account, to mark them. */
  flagged: ReadonlySet<string>;
  uploads: UploadEntry[];
  canUpload: boolean;
  disabled: boolean;
  onPick(): void;
  onFiles(files: FileList): void;
  onCancelUpload(key: string): void;
  onMove(id: string, by: -1 | 1): void;
  onRemove(id: string): void;
}

/** The files attached, in publishing order, with ways to add, reorder and remove them. */
export function MediaField({
  ids,
  items,
  missing,
  flagged,
  uploads,
  canUpload,
  disabled,
  onPick,
  onFiles,
  onCancelUpload,
  onMove,
  onRemove,
}: MediaFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const full = ids.length >= MAX_TARGET_MEDIA;
  const active = uploads.filter((u) => u.status !== 'done' && u.status !== 'cancelled');
  return (
    <div className="grid gap-3">
      {ids.length > 0 ? (
        <ol className="flex flex-wrap gap-2.5" aria-label="Attached media">
          {ids.map((id, index) => {
            const item = items.get(id);
            const name = item?.name ?? (missing.has(id) ? 'Not in the library' : 'Loading…');
            return (
              <li
                key={id}
                className={cn(
                  'group relative w-28 overflow-hidden rounded-lg border bg-card',
                  flagged.has(id) ? 'border-destructive/60' : 'border-border',
                )}
                data-testid="attached-media"
              >
                {item ? (
                  <Thumbnail item={item} className="aspect-square w-full" />
                ) : (
                  <div className="flex aspect-square w-full items-center justify-center bg-muted text-muted-foreground">
                    {missing.has(id) ? <TriangleAlert aria-hidden className="size-6" /> : null}
                  </div>
                )}
                <span className="absolute top-1.5 left-1.5 flex size-5 items-center justify-center rounded-full bg-black/60 text-[11px] font-semibold text-white">
                  {index + 1}
                </span>
                {flagged.has(id) ? (
                  <CircleAlert
                    aria-label="Has a problem for an account"
                    className="absolute top-1.5 right-1.5 size-5 rounded-full bg-card text-destructive"
                  />
                ) : null}
                <p className="truncate px-1.5 pt-1 text-xs text-foreground" title={name}>
                  {name}
                </p>
                <div className="flex items-center justify-between px-0.5 pb-0.5">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Move ${name} earlier`}
                    disabled={disabled || index === 0}
                    onClick={() => onMove(id, -1)}
                  >
                    <ChevronLeft aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7 text-destructive"
                    aria-label={`Remove ${name}`}
                    disabled={disabled}
                    onClick={() => onRemove(id)}
                  >
                    <X aria-hidden className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7"
                    aria-label={`Move ${name} later`}
                    disabled={disabled || index === ids.length - 1}
                    onClick={() => onMove(id, 1)}
                  >
                    <ChevronRight aria-hidden className="size-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">
          No photos or videos yet. Instagram needs at least one; Facebook can post text alone.
        </p>
      )}
      {active.length > 0 ? (
        <ul className="grid gap-1.5" aria-label="Uploads">
          {active.map((u) => (
            <li
              key={u.key}
              className="flex items-center gap-2 rounded-md border border-border px-2.5 py-1.5 text-xs"
              data-status={u.status}
            >
              <span className="min-w-0 flex-1 truncate" title={u.name}>
                {u.name}
              </span>
              {u.status === 'failed' ? (
                <span className="text-destructive">{u.error}</span>
              ) : (
                <>
                  <span
                    className="h-1.5 w-20 overflow-hidden rounded-full bg-muted"
                    role="progressbar"
                    aria-label={`Uploading ${u.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(u.progress * 100)}
                  >
                    <span
                      className="block h-full bg-primary transition-[width]"
                      style={{ width: `${Math.round(u.progress * 100)}%` }}
                    />
                  </span>
                  <button
                    type="button"
                    className="text-muted-foreground hover:text-foreground"
                    onClick={() => onCancelUpload(u.key)}
                    aria-label={`Cancel ${u.name}`}
                  >
                    <X aria-hidden className="size-3.5" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={disabled} onClick={onPick}>
          <ImagePlus aria-hidden className="size-4" /> Choose from library
        </Button>
        {canUpload ? (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={disabled || full}
              onClick={() => input.current?.click()}
            >
              <UploadCloud aria-hidden className="size-4" /> Upload
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={MEDIA_ACCEPT_ATTRIBUTE}
              data-testid="composer-file-input"
              onChange={(e) => {
                if (e.target.files && e.target.files.length > 0) onFiles(e.target.files);
                e.target.value = '';
              }}
            />
          </>
        ) : null}
        {full ? (
          <span className="self-center text-xs text-muted-foreground">
            {MAX_TARGET_MEDIA} is the most a post takes.
          </span>
        ) : null}
      </div>
    </div>
  );
}
