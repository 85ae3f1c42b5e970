import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_EVENT_PAGE_SIZE,
  calendarFeedRoutes,
  calendarRoutes,
  platformPostsRoute,
  type CalendarEvent,
  type CalendarFeed,
  type CreateEventInput,
  type EventStatus,
  type EventType,
  type PlatformPost,
  type UpdateEventInput,
} from '#shared/contracts/calendar.contract.ts';
import type { Platform } from '#shared/contracts/account.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarKeys } from './list-upcoming-events.ts';

/** What the calendar can be narrowed to; the server filters, so a month stays one small load. */
export interface CalendarFilters {
  platform: Platform | null;
  status: EventStatus | null;
  type: EventType | null;
  /**
   * Platform accounts (connection ids: a Facebook Page, an Instagram account…): events with a
   * delivery to any of them (decision 076). Empty: every account. The filter bar offers the
   * picker once the business has a connection.
   */
  accountIds: readonly string[];
}

export const NO_FILTERS: CalendarFilters = {
  platform: null,
  status: null,
  type: null,
  accountIds: [],
};

export interface RangeQuery {
  start: Date;
  end: Date;
  filters: CalendarFilters;
}

export const rangeKey = (userId: string, query: RangeQuery) =>
  [
    ...calendarKeys.all,
    userId,
    'range',
    query.start.toISOString(),
    query.end.toISOString(),
    query.filters.platform,
    query.filters.status,
    query.filters.type,
    [...query.filters.accountIds].sort().join(','),
  ] as const;

/**
 * Every event between two instants. The list caps a page at 500, so a busy month is read in a
 * few pages, one after the other, through the same cached, single-round-trip list the rest of
 * the app uses (decision 072).
 */
export async function listEventsInRange(
  query: RangeQuery,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  const events: CalendarEvent[] = [];
  for (let offset = 0; ; offset += MAX_EVENT_PAGE_SIZE) {
    const page = await api.get<CalendarEvent[]>(calendarRoutes.events, {
      query: {
        startDate: query.start.toISOString(),
        // Inclusive on the server: one millisecond before the next range starts.
        endDate: new Date(query.end.getTime() - 1).toISOString(),
        platforms: query.filters.platform ?? undefined,
        status: query.filters.status ?? undefined,
        type: query.filters.type ?? undefined,
        accountIds:
          query.filters.accountIds.length > 0 ? query.filters.accountIds.join(',') : undefined,
        limit: MAX_EVENT_PAGE_SIZE,
        offset,
      },
      ...(signal ? { signal } : {}),
    });
    events.push(...page);
    if (page.length < MAX_EVENT_PAGE_SIZE) return events;
  }
}

export function useEventsInRange(userId: string | null, query: RangeQuery) {
  return useQuery({
    queryKey: rangeKey(userId ?? 'none', query),
    queryFn: ({ signal }) => listEventsInRange(query, signal),
    enabled: userId !== null,
    // Moving to the next month keeps the current one on screen until the next arrives.
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

/** Failed and unconfirmed posts, newest trouble first: the home page's "needs attention". */
export async function listEventsNeedingAttention(signal?: AbortSignal): Promise<CalendarEvent[]> {
  const [failed, unconfirmed] = await Promise.all(
    (['failed', 'unconfirmed'] as const).map((status) =>
      api.get<CalendarEvent[]>(calendarRoutes.events, {
        query: { status, limit: 50 },
        ...(signal ? { signal } : {}),
      }),
    ),
  );
  return [...failed!, ...unconfirmed!].sort((x, y) =>
    (y.scheduled_for ?? y.updated_at).localeCompare(x.scheduled_for ?? x.updated_at),
  );
}

export function useEventsNeedingAttention(userId: string | null) {
  return useQuery({
    queryKey: [...calendarKeys.all, userId ?? 'none', 'attention'] as const,
    queryFn: ({ signal }) => listEventsNeedingAttention(signal),
    enabled: userId !== null,
    meta: { handlesErrors: true },
  });
}

export function usePlatformPosts(eventId: string | null) {
  return useQuery({
    queryKey: calendarKeys.platformPosts(eventId ?? 'none'),
    queryFn: ({ signal }) => api.get<PlatformPost[]>(platformPostsRoute(eventId!), { signal }),
    enabled: eventId !== null,
    meta: { handlesErrors: true },
  });
}

export function createEvent(input: CreateEventInput): Promise<CalendarEvent> {
  return api.post<CalendarEvent>(calendarRoutes.events, input);
}

export function updateEvent(id: string, changes: UpdateEventInput): Promise<CalendarEvent> {
  return api.patch<CalendarEvent>(calendarRoutes.event(id), changes);
}

export function deleteEvent(id: string): Promise<{ id: string }> {
  return api.delete<{ id: string }>(calendarRoutes.event(id));
}

/** Every calendar list (range, upcoming, attention) is stale after any write. */
export function useInvalidateCalendar() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: calendarKeys.all });
}

const feedKey = [...calendarKeys.all, 'feed'] as const;

export function useCalendarFeed() {
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => api.get<CalendarFeed>(calendarFeedRoutes.feed, { signal }),
    meta: { handlesErrors: true },
  });
}

export function useCalendarFeedMutations() {
  const client = useQueryClient();
  const onSuccess = (feed: CalendarFeed) => client.setQueryData(feedKey, feed);
  return {
    create: useMutation({
      mutationFn: () => api.post<CalendarFeed>(calendarFeedRoutes.feed),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.delete<CalendarFeed>(calendarFeedRoutes.feed),
      onSuccess,
    }),
  };
}
