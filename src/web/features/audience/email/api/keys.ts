// The e-mail add-on's one key factory, under the audience's keys; keys carry the user id so one
// person's e-mails are never shown to the next one (src/web/README.md).

export const emailKeys = {
  all: (userId: string) => ['audience', userId, 'emails'] as const,
  lists: (userId: string) => ['audience', userId, 'emails', 'list'] as const,
  list: (userId: string, page: number) => ['audience', userId, 'emails', 'list', page] as const,
  email: (userId: string, id: string) => ['audience', userId, 'emails', 'one', id] as const,
  reach: (userId: string, segmentId: string) =>
    ['audience', userId, 'emails', 'reach', segmentId] as const,
  suppressions: (userId: string, page: number) =>
    ['audience', userId, 'emails', 'suppressions', page] as const,
};
