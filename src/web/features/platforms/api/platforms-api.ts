import { useQuery } from '@tanstack/react-query';
import type {
  Connection,
  ConnectSelectedInput,
  DisconnectInput,
  LoginKind,
  OauthCallbackInput,
  OauthCallbackResult,
  PlatformsStatus,
} from '#shared/contracts/platforms.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { platformPaths } from '../../../lib/api-paths.ts';
import { useUserId } from '../../auth/index.ts';

const platformRoutes = platformPaths;

// Keys carry the user id so one person's cached data is never shown to the next one.
export const platformKeys = {
  all: ['platforms'] as const,
  status: (userId: string) => ['platforms', userId, 'status'] as const,
  connections: (userId: string) => ['platforms', userId, 'connections'] as const,
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
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: platformKeys.status(userId),
    queryFn: ({ signal }) => platformsApi.status(signal),
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });
}

export function useConnections() {
  const userId = useUserId() ?? 'anonymous';
  return useQuery({
    queryKey: platformKeys.connections(userId),
    queryFn: ({ signal }) => platformsApi.connections(signal),
    meta: { handlesErrors: true },
  });
}

/** Sends the browser to the Facebook or Instagram dialog (or the simulator's, in demo mode). */
export async function beginConnect(login: LoginKind): Promise<void> {
  const { url } = await platformsApi.start(login);
  window.location.assign(url);
}
