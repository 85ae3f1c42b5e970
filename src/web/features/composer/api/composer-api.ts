import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { calendarRoutes, type CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';
import {
  publishingRoutes,
  type PublishingState,
  type SetTargetsInput,
} from '#shared/contracts/publishing.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { createEvent, updateEvent } from '../../calendar/api/calendar-api.ts';
import { mediaApi } from '../../media/api/media-api.ts';
import type { ComposerApi } from '../lib/save-sequence.ts';

// The composer's calls: the calendar event, its targets (docs/decisions/080), each account's
// remaining 24-hour quota, and the library items it shows.

export const composerKeys = {
  event: (id: string) => ['composer', 'event', id] as const,
  targets: (id: string) => ['composer', 'targets', id] as const,
  // Not media-api's item key: that one holds MediaDetails (with usages), and items picked or
  // uploaded here are seeded as plain MediaItems (rememberMedia).
  media: (id: string) => ['composer', 'media', id] as const,
};

export function setTargets(eventId: string, input: SetTargetsInput): Promise<PublishingState> {
  return api.put<PublishingState>(publishingRoutes.targets(eventId), input);
}

export function getTargets(eventId: string, signal?: AbortSignal): Promise<PublishingState> {
  return api.get<PublishingState>(publishingRoutes.targets(eventId), signal ? { signal } : {});
}

export function scheduleEvent(eventId: string, scheduledFor: string): Promise<CalendarEvent> {
  return api.post<CalendarEvent>(calendarRoutes.schedule(eventId), {
    scheduled_for: scheduledFor,
  });
}

export function publishNow(eventId: string): Promise<PublishingState> {
  return api.post<PublishingState>(publishingRoutes.publishNow(eventId));
}

export const composerApi: ComposerApi = {
  createEvent,
  updateEvent,
  setTargets,
  scheduleEvent,
  publishNow,
};

/** The event and where it goes, read together when a saved post is opened. */
export function useComposerEvent(eventId: string | null) {
  return useQuery({
    queryKey: composerKeys.event(eventId ?? 'new'),
    queryFn: async ({ signal }) => {
      const [event, state] = await Promise.all([
        api.get<CalendarEvent>(calendarRoutes.event(eventId!), { signal }),
        getTargets(eventId!, signal),
      ]);
      return { event, state };
    },
    enabled: eventId !== null,
    // What is on screen is what was loaded when the composer opened; it is not swapped under
    // the person's typing.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** Where a saved post goes, read fresh each time it is asked for ("Publish now" names them). */
export function useEventTargets(eventId: string) {
  return useQuery({
    queryKey: composerKeys.targets(eventId),
    queryFn: ({ signal }) => getTargets(eventId, signal),
    gcTime: 0,
    meta: { handlesErrors: true },
  });
}

/** Items picked or uploaded here are known already: no second read. */
export function rememberMedia(client: QueryClient, items: readonly MediaItem[]): void {
  for (const item of items) client.setQueryData(composerKeys.media(item.id), item);
}

/**
 * The library items attached to the post, by id. Items still being processed are read again
 * until they are ready; an item deleted from the library answers "missing".
 */
export function useAttachedMedia(ids: readonly string[]) {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: composerKeys.media(id),
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
