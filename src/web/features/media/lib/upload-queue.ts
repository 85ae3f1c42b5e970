import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { fileTooLargeMessage } from '#shared/file-size.ts';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';
import { useUploadMedia } from '../api/media-api.ts';

// The browser side of uploading many files: each file its own request (so each has its own
// progress bar and cancel button), three at a time, checked here first for what can be known
// without the bytes (empty, too large, clearly not an image or video) and then by the server.

export const PARALLEL_UPLOADS = 3;

export type UploadStatus = 'queued' | 'uploading' | 'processing' | 'done' | 'failed' | 'cancelled';

export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  progress: number;
  status: UploadStatus;
  error: string | null;
}

const ACCEPTED_EXTENSIONS = /\.(jpe?g|jfif|png|webp|heic|heif|mp4|m4v|mov|qt)$/i;

/** What can be said about a file before sending it; the server checks the content again. */
export function fileProblem(file: File, maxFileBytes: number): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (file.size > maxFileBytes) {
    return fileTooLargeMessage(file.size, maxFileBytes);
  }
  if (/\.svg$/i.test(file.name) || file.type === 'image/svg+xml') {
    return 'SVG images are not accepted: they can contain scripts.';
  }
  const typed = /^(image|video)\//.test(file.type);
  if (!typed && !ACCEPTED_EXTENSIONS.test(file.name)) {
    return 'Only JPEG, PNG, WebP, MP4 and MOV files are accepted.';
  }
  return null;
}

export function useUploadQueue(options: {
  maxFileBytes: number;
  onUploaded: (item: MediaItem) => void;
}) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const files = useRef(new Map<string, File>());
  const handles = useRef(new Map<string, AbortController>());
  const { mutateAsync: upload } = useUploadMedia();
  const onUploaded = useRef(options.onUploaded);
  useEffect(() => {
    onUploaded.current = options.onUploaded;
  });

  const update = useCallback((key: string, change: Partial<UploadEntry>) => {
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));
  }, []);

  // Start queued files while fewer than PARALLEL_UPLOADS are running.
  useEffect(() => {
    const running = entries.filter((e) => e.status === 'uploading').length;
    const next = entries.filter((e) => e.status === 'queued').slice(0, PARALLEL_UPLOADS - running);
    for (const entry of next) {
      const file = files.current.get(entry.key);
      if (!file) continue;
      update(entry.key, { status: 'uploading', progress: 0 });
      const handle = new AbortController();
      handles.current.set(entry.key, handle);
      upload({
        file,
        onProgress: (progress) =>
          update(entry.key, progress >= 1 ? { progress: 1, status: 'processing' } : { progress }),
        signal: handle.signal,
      })
        .then((item) => {
          update(entry.key, { status: 'done', progress: 1 });
          onUploaded.current(item);
        })
        .catch((error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') {
            update(entry.key, { status: 'cancelled' });
            return;
          }
          update(entry.key, {
            status: 'failed',
            error: fieldErrorsOf(error)['file'] ?? userMessageOf(error),
          });
        })
        .finally(() => {
          handles.current.delete(entry.key);
          files.current.delete(entry.key);
        });
    }
  }, [entries, update, upload]);

  // Leaving the page cancels what is still being sent.
  useEffect(() => {
    const open = handles.current;
    return () => {
      for (const handle of open.values()) handle.abort();
    };
  }, []);

  const add = useCallback(
    (list: FileList | File[]) => {
      const added: UploadEntry[] = [];
      for (const file of Array.from(list)) {
        const key = crypto.randomUUID();
        const problem = fileProblem(file, options.maxFileBytes);
        if (!problem) files.current.set(key, file);
        added.push({
          key,
          name: file.name,
          size: file.size,
          progress: 0,
          status: problem ? 'failed' : 'queued',
          error: problem,
        });
      }
      setEntries((current) => [...current, ...added]);
    },
    [options.maxFileBytes],
  );

  const cancel = useCallback(
    (key: string) => {
      const handle = handles.current.get(key);
      if (handle) handle.abort();
      else {
        files.current.delete(key);
        update(key, { status: 'cancelled' });
      }
    },
    [update],
  );

  const clearFinished = useCallback(() => {
    setEntries((list) =>
      list.filter(
        (e) => e.status === 'queued' || e.status === 'uploading' || e.status === 'processing',
      ),
    );
  }, []);

  return { entries, add, cancel, clearFinished };
}
