import { useQuery } from '@tanstack/react-query';
import type {
  EngineSession,
  EngineSessionSummary,
} from '#shared/contracts/engine-room.contract.ts';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserId } from '../../auth/index.ts';
import { engineRoomKeys } from './keys.ts';
import { engineRoomPaths } from './paths.ts';

/** The list answer, whether a bare list or a page of `items`. */
export function sessionsOf(
  data: EngineSessionSummary[] | { items: EngineSessionSummary[] },
): EngineSessionSummary[] {
  return Array.isArray(data) ? data : data.items;
}

/** The business's sessions, newest first as the server sends them. */
export function useEngineSessions() {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: engineRoomKeys.sessions(userId),
    queryFn: async ({ signal }) =>
      sessionsOf(
        await api.get<EngineSessionSummary[] | { items: EngineSessionSummary[] }>(
          engineRoomPaths.sessions,
          { signal },
        ),
      ),
    meta: { handlesErrors: true },
  });
}

/** One session with its messages (the address's session). */
export function useEngineSession(id: string | null) {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: engineRoomKeys.session(userId, id ?? ''),
    queryFn: ({ signal }) => api.get<EngineSession>(engineRoomPaths.session(id!), { signal }),
    enabled: id !== null,
    meta: { handlesErrors: true },
  });
}

/** The campaign the Campaign tab shows (GET /api/campaigns/{id}). */
export function useViewedCampaign(id: string | null) {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: engineRoomKeys.campaign(userId, id ?? ''),
    queryFn: ({ signal }) => api.get<Campaign>(engineRoomPaths.campaign(id!), { signal }),
    enabled: id !== null,
    meta: { handlesErrors: true },
  });
}
