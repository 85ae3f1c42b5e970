import { useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { NO_USER, postKeys } from './keys.ts';

/**
 * docs/product/services.md#calendar-events, docs/product/constants.md#page-sizes: upcoming events,
 * soonest first, 10 by default.
 */
export const UPCOMING_EVENTS_LIMIT = 10;

export function listUpcomingEvents(
  limit = UPCOMING_EVENTS_LIMIT,
  signal?: AbortSignal,
): Promise<CalendarEvent[]> {
  return api.get<CalendarEvent[]>(calendarPaths.upcoming, {
    query: { limit },
    ...(signal ? { signal } : {}),
  });
}

export function useUpcomingEvents(userId: string | null, limit = UPCOMING_EVENTS_LIMIT) {
  return useQuery({
    queryKey: postKeys.upcoming(userId ?? NO_USER, limit),
    queryFn: ({ signal }) => listUpcomingEvents(limit, signal),
    enabled: userId !== null,
    // The home page shows the failure in place, with a retry button.
    meta: { handlesErrors: true },
  });
}
