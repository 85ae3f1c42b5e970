import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  MEDIA_NAME_HEADER,
  type CleanupPreview,
  type DeleteResult,
  type MediaDetails,
  type MediaItem,
  type MediaKind,
  type MediaPage,
  type MediaSort,
  type StorageUsage,
  type TagCount,
} from '#shared/contracts/media.contract.ts';
import { AppError, appErrorFromResponse, isErrorResponse } from '#shared/errors/index.ts';
import { api, recordError } from '../../../lib/api-client.ts';
import { mediaPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';

const mediaRoutes = mediaPaths;

// Keys carry the user id so one person's cached data is never shown to the next one.
export const mediaKeys = {
  all: ['media'] as const,
  list: (userId: string, filters: MediaFilters) => ['media', userId, 'list', filters] as const,
  item: (userId: string, id: string) => ['media', userId, 'item', id] as const,
  usage: (userId: string) => ['media', userId, 'usage'] as const,
  tags: (userId: string) => ['media', userId, 'tags'] as const,
  cleanup: (userId: string, days: number) => ['media', userId, 'cleanup', days] as const,
};

export interface MediaFilters {
  search: string;
  kind: MediaKind | '';
  tag: string;
  sort: MediaSort;
}

export const mediaApi = {
  list: (filters: MediaFilters, cursor: string | null, signal?: AbortSignal) =>
    api.get<MediaPage>(mediaRoutes.list, {
      query: {
        search: filters.search || undefined,
        kind: filters.kind || undefined,
        tag: filters.tag || undefined,
        sort: filters.sort,
        cursor,
      },
      ...(signal ? { signal } : {}),
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<MediaDetails>(mediaRoutes.item(id), signal ? { signal } : {}),
  usage: (signal?: AbortSignal) =>
    api.get<StorageUsage>(mediaRoutes.usage, signal ? { signal } : {}),
  tags: (signal?: AbortSignal) => api.get<TagCount[]>(mediaRoutes.tags, signal ? { signal } : {}),
  update: (id: string, changes: { name?: string; tags?: string[] }) =>
    api.patch<MediaItem>(mediaRoutes.item(id), changes),
  bulkTags: (ids: string[], add: string[], remove: string[]) =>
    api.post<{ updated: number }>(mediaRoutes.bulkTags, { ids, add, remove }),
  renameTag: (from: string, to: string) =>
    api.post<{ updated: number }>(mediaRoutes.renameTag, { from, to }),
  remove: (ids: string[], force: boolean) =>
    api.post<DeleteResult>(mediaRoutes.bulkDelete, { ids, force }),
  cleanupPreview: (days: number, signal?: AbortSignal) =>
    api.get<CleanupPreview>(mediaRoutes.cleanup, {
      query: { older_than_days: days },
      ...(signal ? { signal } : {}),
    }),
  cleanup: (days: number, ids: string[]) =>
    api.post<DeleteResult>(mediaRoutes.cleanup, { older_than_days: days, ids }),
};

export function useMediaList(filters: MediaFilters) {
  const userId = useUserId() ?? 'anonymous';
  return useInfiniteQuery({
    queryKey: mediaKeys.list(userId, filters),
    queryFn: ({ pageParam, signal }) => mediaApi.list(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    meta: { handlesErrors: true },
    // Items still being processed are re-read until their thumbnails are ready.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.items.some((i) => i.status === 'processing'))
        ? 2000
        : false,
  });
}

export function useStorageUsage() {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: mediaKeys.usage(userId),
    queryFn: ({ signal }) => mediaApi.usage(signal),
    meta: { handlesErrors: true },
  });
}

export function useMediaTags() {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: mediaKeys.tags(userId),
    queryFn: ({ signal }) => mediaApi.tags(signal),
    meta: { handlesErrors: true },
  });
}

export function useMediaDetails(id: string | null) {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: mediaKeys.item(userId, id ?? ''),
    queryFn: ({ signal }) => mediaApi.get(id!, signal),
    enabled: id !== null,
    meta: { handlesErrors: true },
  });
}

// ---------------------------------------------------------------------------------------------
// Upload: XMLHttpRequest, because fetch reports no upload progress.

export function uploadMediaFile(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<MediaItem> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<MediaItem>((resolve, reject) => {
    xhr.open('POST', mediaRoutes.upload);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // The server decides the type from the bytes; this only says "raw file body".
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader(MEDIA_NAME_HEADER, encodeURIComponent(file.name));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (
        xhr.status >= 200 &&
        xhr.status < 300 &&
        body &&
        (body as { success?: boolean }).success
      ) {
        resolve((body as { data: MediaItem }).data);
        return;
      }
      const error = isErrorResponse(body)
        ? appErrorFromResponse(body, xhr.status)
        : AppError.from(xhr.status >= 500 ? 'SERVER_ERROR' : 'MEDIA_VALIDATION_ERROR', {
            technicalMessage: `Upload answered HTTP ${xhr.status}`,
          });
      recordError(error.record);
      reject(error);
    };
    xhr.onerror = () => {
      const error = AppError.from('NETWORK_ERROR', {
        technicalMessage: 'Upload could not be sent',
      });
      recordError(error.record);
      reject(error);
    };
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
  return promise;
}

/**
 * One file's upload (POST /api/media/upload, decision 040): resolves with the stored item,
 * reports its progress, and stops when `signal` aborts. The caller shows what went wrong.
 */
export function useUploadMedia() {
  return useMutation({
    mutationFn: (input: {
      file: File;
      onProgress: (fraction: number) => void;
      signal: AbortSignal;
    }) => uploadMediaFile(input.file, input.onProgress, input.signal),
  });
}
