// The engine room's query keys; they carry the user id so one person's sessions are never shown to
// the next one (src/web/README.md). A campaign is read under the campaigns feature's key shape, so
// both screens share what they loaded.

export const engineRoomKeys = {
  all: ['engine-room'] as const,
  sessions: (userId: string) => ['engine-room', userId, 'sessions'] as const,
  session: (userId: string, id: string) => ['engine-room', userId, 'session', id] as const,
  campaign: (userId: string, id: string) => ['campaigns', userId, 'campaign', id] as const,
};
