import { useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { apiRoutes } from '../../../lib/routes.ts';

/** Seed §7/§9: upcoming events, soonest first, 10 by default. */
export const UPCOMING_EVENTS_LIMIT = 10;

export const calendarKeys = {
  all: ['calendar-events'] as const,
  upcoming: (userId: string, limit: number) =>
    ['calendar-events', userId, 'upcoming', limit] as const,
  /** One event's deliveries (platform_posts rows), as its dialog shows them. */
  platformPosts: (eventId: string) => ['calendar-events', 'platform-posts', eventId] as const,
};

export function listUpcomingEvents(
  limit = UPCOMING_EVENTS_LIMIT,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  return api.get<CalendarEvent[]>(apiRoutes.calendar.upcoming, {
    query: { limit },
    ...(signal ? { signal } : {}),
  });
}

export function useUpcomingEvents(userId: string | null, limit = UPCOMING_EVENTS_LIMIT) {
  return useQuery({
    queryKey: calendarKeys.upcoming(userId ?? 'none', limit),
    queryFn: ({ signal }) => listUpcomingEvents(limit, signal),
    enabled: userId !== null,
    // The home page shows the failure in place, with a retry button.
    meta: { handlesErrors: true },
  });
}
