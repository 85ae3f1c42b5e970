import { useQuery } from '@tanstack/react-query';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { NO_USER, postKeys } from './keys.ts';

/** Failed and unconfirmed posts, newest trouble first: the home page's "needs attention". */
export async function listEventsNeedingAttention(signal?: AbortSignal): Promise<CalendarEvent[]> {
  const [failed, unconfirmed] = await Promise.all(
    (['failed', 'unconfirmed'] as const).map((status) =>
      api.get<CalendarEvent[]>(calendarPaths.events, {
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
    queryKey: postKeys.attention(userId ?? NO_USER),
    queryFn: ({ signal }) => listEventsNeedingAttention(signal),
    enabled: userId !== null,
    meta: { handlesErrors: true },
  });
}
