// The audience's one key factory; keys carry the user id so one person's contacts are never shown
// to the next one (src/web/README.md).

export interface ContactListParams {
  q: string;
  segmentId: string;
  page: number;
}

export const audienceKeys = {
  all: (userId: string) => ['audience', userId] as const,
  contactLists: (userId: string) => ['audience', userId, 'contacts'] as const,
  contacts: (userId: string, params: ContactListParams) =>
    ['audience', userId, 'contacts', params] as const,
  contact: (userId: string, id: string) => ['audience', userId, 'contact', id] as const,
  segments: (userId: string) => ['audience', userId, 'segments'] as const,
  segment: (userId: string, id: string) => ['audience', userId, 'segment', id] as const,
};
