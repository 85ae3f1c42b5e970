import { useQuery } from '@tanstack/react-query';
import {
  platformRoutes,
  type Connection,
  type ConnectSelectedInput,
  type DisconnectInput,
  type LoginKind,
  type OauthCallbackInput,
  type OauthCallbackResult,
  type PlatformsStatus,
} from '#shared/contracts/platforms.contract.ts';
import { staffRoutes, type ActorContext } from '#shared/contracts/staff.contract.ts';
import { can } from '#shared/permissions.ts';
import { api } from '../../../lib/api-client.ts';

export const platformKeys = {
  all: ['platforms'] as const,
  status: ['platforms', 'status'] as const,
  connections: ['platforms', 'connections'] as const,
};

export const platformsApi = {
  status: (signal?: AbortSignal) =>
    api.get<PlatformsStatus>(platformRoutes.status, signal ? { signal } : {}),
  connections: (signal?: AbortSignal) =>
    api.get<Connection[]>(platformRoutes.connections, signal ? { signal } : {}),
  start: (login: LoginKind) => api.post<{ url: string }>(platformRoutes.start, { login }),
  callback: (input: OauthCallbackInput) =>
    api.post<OauthCallbackResult>(platformRoutes.callback, input),
  connectSelected: (attemptId: string, input: ConnectSelectedInput) =>
    api.post<Connection[]>(platformRoutes.connectSelected(attemptId), input),
  check: (id: string) => api.post<Connection>(platformRoutes.check(id), {}),
  disconnect: (id: string, input: DisconnectInput) =>
    api.post<{ connection: Connection; cancelled_posts: number }>(
      platformRoutes.disconnect(id),
      input,
    ),
};

export function usePlatformsStatus() {
  return useQuery({
    queryKey: platformKeys.status,
    queryFn: ({ signal }) => platformsApi.status(signal),
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });
}

export function useConnections() {
  return useQuery({
    queryKey: platformKeys.connections,
    queryFn: ({ signal }) => platformsApi.connections(signal),
    meta: { handlesErrors: true },
  });
}

/** Whether the person may connect and disconnect accounts; nothing is offered until known. */
export function useCanManagePlatforms(): { known: boolean; allowed: boolean } {
  const query = useQuery({
    queryKey: ['staff', 'me'] as const,
    queryFn: ({ signal }) => api.get<ActorContext>(staffRoutes.me, { signal }),
    staleTime: 30_000,
    meta: { handlesErrors: true },
  });
  return {
    known: query.data !== undefined,
    allowed: query.data
      ? can(
          { tenantRole: query.data.tenant_role, isAdmin: query.data.is_admin },
          'manage:platforms',
        )
      : false,
  };
}

/** Sends the browser to the Facebook or Instagram dialog (or the simulator's, in demo mode). */
export async function beginConnect(login: LoginKind): Promise<void> {
  const { url } = await platformsApi.start(login);
  window.location.assign(url);
}
