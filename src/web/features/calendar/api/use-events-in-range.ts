import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  MAX_EVENT_PAGE_SIZE,
  type CalendarEvent,
  type EventStatus,
  type EventType,
} from '#shared/contracts/calendar.contract.ts';
import type { Platform } from '#shared/contracts/account.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { calendarPaths } from '../../../lib/api-paths.ts';
import { calendarKeys } from './keys.ts';

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
  /** One campaign's posts (docs/decisions/095); null: every post. */
  campaignId: string | null;
}

export const NO_FILTERS: CalendarFilters = {
  platform: null,
  status: null,
  type: null,
  accountIds: [],
  campaignId: null,
};

export interface RangeQuery {
  start: Date;
  end: Date;
  filters: CalendarFilters;
}

export const rangeKey = (userId: string, query: RangeQuery) =>
  calendarKeys.range(userId, [
    query.start.toISOString(),
    query.end.toISOString(),
    query.filters.platform,
    query.filters.status,
    query.filters.type,
    [...query.filters.accountIds].sort().join(','),
    query.filters.campaignId,
  ]);

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
    const page = await api.get<CalendarEvent[]>(calendarPaths.events, {
      query: {
        startDate: query.start.toISOString(),
        // Inclusive on the server: one millisecond before the next range starts.
        endDate: new Date(query.end.getTime() - 1).toISOString(),
        platforms: query.filters.platform ?? undefined,
        status: query.filters.status ?? undefined,
        type: query.filters.type ?? undefined,
        accountIds:
          query.filters.accountIds.length > 0 ? query.filters.accountIds.join(',') : undefined,
        campaignId: query.filters.campaignId ?? undefined,
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
    queryKey: rangeKey(userId ?? 'anonymous', query),
    queryFn: ({ signal }) => listEventsInRange(query, signal),
    enabled: userId !== null,
    // Moving to the next month keeps the current one on screen until the next arrives.
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
