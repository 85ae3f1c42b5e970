import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { useUserId } from '../../auth/index.ts';
import { mediaApi } from '../../media/index.ts';
import { campaignsApi } from './campaigns-api.ts';
import { campaignKeys, type CampaignListParams } from './keys.ts';

// The campaign pages' reads. Every page shows its own errors (`handlesErrors`).

/** How often a running campaign is read again, so each post's status follows the calendar. */
export const LIVE_POLL_MS = 10_000;

function useKeyUser(): string {
  return useUserId() ?? 'anonymous';
}

export function useCampaignList(params: CampaignListParams) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: campaignKeys.list(userId, params),
    queryFn: ({ signal }) => campaignsApi.list(params, signal),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}

function isRunning(campaign: Campaign | undefined): boolean {
  return campaign?.status === 'scheduled' || campaign?.status === 'active';
}

export function useCampaign(id: string) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: campaignKeys.campaign(userId, id),
    queryFn: ({ signal }) => campaignsApi.get(id, signal),
    refetchInterval: (query) => (isRunning(query.state.data) ? LIVE_POLL_MS : false),
    // A draft being edited is never replaced under the person's typing by a background read.
    refetchOnWindowFocus: (query) => isRunning(query.state.data),
    meta: { handlesErrors: true },
  });
}

/** The launch gate's verdict on this version of the draft. */
export function useLaunchCheck(id: string, version: number) {
  const userId = useKeyUser();
  return useQuery({
    queryKey: campaignKeys.check(userId, id, version),
    queryFn: ({ signal }) => campaignsApi.check(id, version, signal),
    meta: { handlesErrors: true },
  });
}

/** The library items chosen for the posts: their sizes and lengths decide whether they fit. */
export function useChosenMedia(ids: readonly string[]) {
  const userId = useKeyUser();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: campaignKeys.media(userId, id),
      queryFn: ({ signal }: { signal: AbortSignal }) => mediaApi.get(id, signal),
      staleTime: 5 * 60_000,
      meta: { handlesErrors: true },
    })),
  });
}
