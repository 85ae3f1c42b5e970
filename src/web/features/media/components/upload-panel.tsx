import { useRef, useState, type DragEvent } from 'react';
import { CheckCircle2, CircleAlert, UploadCloud, X } from 'lucide-react';
import { MEDIA_ACCEPT_ATTRIBUTE } from '#shared/contracts/media.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatBytes } from '#shared/file-size.ts';
import type { UploadEntry } from '../lib/upload-queue.ts';

interface UploadPanelProps {
  entries: UploadEntry[];
  maxFileBytes: number;
  /** The server removes location data from videos too (it has ffmpeg). */
  videoLocationRemoval: boolean;
  onFiles: (files: FileList | File[]) => void;
  onCancel: (key: string) => void;
  onClear: () => void;
}

const STATUS_TEXT: Record<UploadEntry['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  processing: 'Checking',
  done: 'Uploaded',
  failed: 'Refused',
  cancelled: 'Cancelled',
};

export function UploadPanel({
  entries,
  maxFileBytes,
  videoLocationRemoval,
  onFiles,
  onCancel,
  onClear,
}: UploadPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const finished = entries.some((e) => ['done', 'failed', 'cancelled'].includes(e.status));

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) onFiles(event.dataTransfer.files);
  };

  return (
    <section aria-label="Upload" className="grid gap-3">
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="media-dropzone"
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-border bg-card px-6 py-8 text-center transition-colors',
          over && 'border-primary bg-primary/5',
        )}
      >
        <UploadCloud aria-hidden className="size-8 text-muted-foreground" />
        <p className="text-sm font-medium text-foreground">Drag photos and videos here</p>
        <p className="text-xs text-muted-foreground">
          JPEG, PNG, WebP, MP4 or MOV, up to {formatBytes(maxFileBytes)} each.{' '}
          {videoLocationRemoval
            ? 'Location data is removed from photos and videos.'
            : 'Location data is removed from photos; videos keep theirs.'}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={MEDIA_ACCEPT_ATTRIBUTE}
          className="sr-only"
          aria-label="Choose files to upload"
          data-testid="media-file-input"
          onChange={(event) => {
            if (event.target.files && event.target.files.length > 0) onFiles(event.target.files);
            event.target.value = '';
          }}
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          Choose files
        </Button>
      </div>

      {entries.length > 0 ? (
        <div className="grid gap-2 rounded-xl border border-border bg-card p-3">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-semibold">Uploads</h2>
            {finished ? (
              <Button variant="ghost" size="sm" onClick={onClear}>
                Clear finished
              </Button>
            ) : null}
          </div>
          <ul className="grid gap-2" aria-live="polite">
            {entries.map((entry) => (
              <li
                key={entry.key}
                className="grid gap-1 rounded-lg border border-border px-3 py-2"
                data-testid="upload-entry"
                data-status={entry.status}
              >
                <div className="flex items-center gap-2">
                  {entry.status === 'done' ? (
                    <CheckCircle2 aria-hidden className="size-4 shrink-0 text-success" />
                  ) : entry.status === 'failed' ? (
                    <CircleAlert aria-hidden className="size-4 shrink-0 text-destructive" />
                  ) : null}
                  <span className="min-w-0 flex-1 truncate text-sm" title={entry.name}>
                    {entry.name}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {formatBytes(entry.size)} · {STATUS_TEXT[entry.status]}
                  </span>
                  {entry.status === 'queued' || entry.status === 'uploading' ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={`Cancel ${entry.name}`}
                      onClick={() => onCancel(entry.key)}
                    >
                      <X aria-hidden className="size-4" />
                    </Button>
                  ) : null}
                </div>
                {entry.status === 'uploading' || entry.status === 'processing' ? (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${entry.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(entry.progress * 100)}
                    className="h-1.5 overflow-hidden rounded-full bg-muted"
                  >
                    <div
                      className={cn(
                        'h-full rounded-full bg-primary transition-[width]',
                        entry.status === 'processing' && 'animate-pulse',
                      )}
                      style={{ width: `${Math.round(entry.progress * 100)}%` }}
                    />
                  </div>
                ) : null}
                {entry.error ? (
                  <p role="alert" className="text-xs text-destructive">
                    {entry.error}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
