import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  EventCampaign,
  EventCover,
  IdeaPost,
  PlannedPost,
} from '#shared/contracts/planning.contract.ts';
import type { InstagramMediaPage } from '#shared/contracts/platforms.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { planningPaths, platformPaths } from '../../../lib/api-paths.ts';
import { calendarKeys } from './keys.ts';

// The calendar's planning reads (docs/decisions/078): an Instagram account's planned posts and
// its published media for the grid, drafts without a date for the ideas tray, and the first
// medium of each post of the range on screen for the chips.

const NO_USER = 'anonymous';

export function usePlannedPosts(userId: string | null, accountId: string | null) {
  return useQuery({
    queryKey: calendarKeys.planned(userId ?? NO_USER, accountId ?? ''),
    queryFn: ({ signal }) =>
      api.get<PlannedPost[]>(planningPaths.planned, { query: { accountId }, signal }),
    enabled: userId !== null && accountId !== null,
    // The grid shows the failure in place, with a retry button.
    meta: { handlesErrors: true },
  });
}

/** The account's published media, read from the platform a page at a time, newest first. */
export function useInstagramMedia(userId: string | null, accountId: string | null) {
  return useInfiniteQuery({
    queryKey: calendarKeys.instagramMedia(userId ?? NO_USER, accountId ?? ''),
    queryFn: ({ signal, pageParam }) =>
      api.get<InstagramMediaPage>(platformPaths.media(accountId!), {
        query: { after: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled: userId !== null && accountId !== null,
    meta: { handlesErrors: true },
  });
}

export function useIdeaDrafts(userId: string | null, enabled = true) {
  return useQuery({
    queryKey: calendarKeys.ideas(userId ?? NO_USER),
    queryFn: ({ signal }) => api.get<IdeaPost[]>(planningPaths.ideas, { signal }),
    enabled: userId !== null && enabled,
    meta: { handlesErrors: true },
  });
}

const NO_COVERS: ReadonlyMap<string, EventCover> = new Map();

/** Covers by post id, for the range on screen; none while they load or when they cannot be read. */
export function useRangeCovers(
  userId: string | null,
  start: Date,
  end: Date,
): ReadonlyMap<string, EventCover> {
  const query = useQuery({
    queryKey: calendarKeys.covers(userId ?? NO_USER, start.toISOString(), end.toISOString()),
    queryFn: async ({ signal }) => {
      const list = await api.get<EventCover[]>(planningPaths.covers, {
        query: { startDate: start.toISOString(), endDate: end.toISOString() },
        signal,
      });
      return new Map(list.map((c) => [c.event_id, c]));
    },
    enabled: userId !== null,
    // Pictures are a nicety: a failure leaves the chips as they were, without a toast.
    meta: { handlesErrors: true },
  });
  return query.data ?? NO_COVERS;
}

const NO_CAMPAIGNS: ReadonlyMap<string, EventCampaign> = new Map();

/**
 * The campaign of each post of the range on screen, by post id (docs/decisions/095): its colour
 * on the chip and the campaign filter's choices. None while they load or cannot be read.
 */
export function useRangeCampaigns(
  userId: string | null,
  start: Date,
  end: Date,
): ReadonlyMap<string, EventCampaign> {
  const query = useQuery({
    queryKey: calendarKeys.campaigns(userId ?? NO_USER, start.toISOString(), end.toISOString()),
    queryFn: async ({ signal }) => {
      const list = await api.get<EventCampaign[]>(planningPaths.campaigns, {
        query: { startDate: start.toISOString(), endDate: end.toISOString() },
        signal,
      });
      return new Map(list.map((c) => [c.event_id, c]));
    },
    enabled: userId !== null,
    // A nicety like the covers: a failure leaves the chips as they were.
    meta: { handlesErrors: true },
  });
  return query.data ?? NO_CAMPAIGNS;
}
