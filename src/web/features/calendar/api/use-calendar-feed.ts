import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';
import { calendarKeys } from './keys.ts';

// The private subscription link (GET, POST and DELETE /api/calendar-events/feed, decision 070).

export function useCalendarFeed() {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: calendarKeys.feed(userId),
    queryFn: ({ signal }) => api.get<CalendarFeed>(calendarPaths.feed, { signal }),
    meta: { handlesErrors: true },
  });
}

export function useCalendarFeedMutations() {
  const client = useQueryClient();
  const userId = useUserId() ?? 'anonymous';
  const onSuccess = (feed: CalendarFeed) => client.setQueryData(calendarKeys.feed(userId), feed);
  return {
    create: useMutation({
      mutationFn: () => api.post<CalendarFeed>(calendarPaths.feed),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.delete<CalendarFeed>(calendarPaths.feed),
      onSuccess,
    }),
  };
}
