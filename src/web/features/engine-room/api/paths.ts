import { engineRoomRoutes } from '#shared/contracts/engine-room.contract.ts';

// The engine room's API paths (engineRoomRoutes of the contract) with their ids filled in, and the
// addresses of the page itself (docs/product/routes.md: /dashboard/engine-room; a session's id is
// in the address so it can be reopened and shared).

const enc = encodeURIComponent;

export const engineRoomPaths = {
  sessions: engineRoomRoutes.sessions,
  session: (id: string) => engineRoomRoutes.session.replace('{id}', enc(id)),
  messages: (id: string) => engineRoomRoutes.messages.replace('{id}', enc(id)),
  toolCall: (id: string, callId: string) =>
    engineRoomRoutes.toolCall.replace('{id}', enc(id)).replace('{callId}', enc(callId)),
  campaign: (id: string) => `/api/campaigns/${enc(id)}`,
} as const;

export const ENGINE_ROOM_PAGE = '/dashboard/engine-room';
export const SESSIONS_PAGE = `${ENGINE_ROOM_PAGE}/sessions`;

export function sessionPagePath(sessionId: string): string {
  return `${SESSIONS_PAGE}/${enc(sessionId)}`;
}

export function campaignPagePath(campaignId: string): string {
  return `/dashboard/campaigns/${enc(campaignId)}`;
}
