import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { mediaApi } from '../../media/index.ts';
import { NO_USER, postKeys } from './keys.ts';

/** Items picked or uploaded in the composer are known already: no second read. */
export function useRememberMedia(): (items: readonly MediaItem[]) => void {
  const client = useQueryClient();
  const userId = useUserId() ?? NO_USER;
  return (items) => {
    for (const item of items) client.setQueryData(postKeys.media(userId, item.id), item);
  };
}

/**
 * The library items attached to the post, by id. Items still being processed are read again
 * until they are ready; an item deleted from the library answers "missing".
 */
export function useAttachedMedia(ids: readonly string[]) {
  const userId = useUserId() ?? NO_USER;
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: postKeys.media(userId, id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        mediaApi.get(id, signal) as Promise<MediaItem>,
      staleTime: 5 * 60_000,
      retry: false,
      meta: { handlesErrors: true },
      refetchInterval: (query: { state: { data?: MediaItem | undefined } }) =>
        query.state.data?.status === 'processing' ? 2000 : false,
    })),
  });
  const items = new Map<string, MediaItem>();
  const missing = new Set<string>();
  results.forEach((r, i) => {
    if (r.data) items.set(ids[i]!, r.data);
    else if (r.isError) missing.add(ids[i]!);
  });
  return { items, missing, loading: results.some((r) => r.isPending) };
}
