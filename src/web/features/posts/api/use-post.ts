import { useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Post } from '#shared/contracts/posts.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths, postsPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';
import { NO_USER, postKeys } from './keys.ts';

// Reads of one saved post: the event alone (a link to it), or the post with its deliveries (the
// composer).

export function getPost(eventId: string, signal?: AbortSignal): Promise<CalendarEvent> {
  return api.get<CalendarEvent>(calendarPaths.event(eventId), signal ? { signal } : {});
}

/**
 * The event a link opens (`?event=<id>`): read once each time the link is followed, not retried,
 * and not kept once the link is handled. The caller reports a failure.
 */
export function usePost(eventId: string | null) {
  const userId = useUserId();
  return useQuery({
    queryKey: postKeys.event(userId ?? NO_USER, eventId ?? 'none'),
    queryFn: ({ signal }) => getPost(eventId!, signal),
    enabled: eventId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });
}

/** A saved post with its deliveries (GET /api/posts/{id}), read when it opens in the composer. */
export function useComposerPost(eventId: string | null) {
  const userId = useUserId();
  return useQuery({
    queryKey: postKeys.post(userId ?? NO_USER, eventId ?? 'new'),
    queryFn: ({ signal }) => api.get<Post>(postsPaths.post(eventId!), { signal }),
    enabled: eventId !== null,
    // What is on screen is what was loaded when the composer opened; it is not swapped under
    // the person's typing.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { handlesErrors: true },
  });
}
