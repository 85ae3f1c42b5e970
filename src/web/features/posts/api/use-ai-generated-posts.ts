import { useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';
import { NO_USER, postKeys } from './keys.ts';

/** docs/product/services.md#calendar-events "AI content": the calendar's ai_generated events. */
export function useAiGeneratedPosts() {
  const userId = useUserId();
  return useQuery({
    queryKey: postKeys.aiGenerated(userId ?? NO_USER),
    queryFn: ({ signal }) =>
      api.get<CalendarEvent[]>(calendarPaths.aiContent, { query: { limit: 50 }, signal }),
    meta: { handlesErrors: true },
  });
}
