// The API paths of the audience (`audienceRoutes` of audience.contract.ts), each written once as a
// plain string so the audience pages' chunk stays free of the contract's zod; paths.test.ts keeps
// them equal to the contract.

export const audiencePaths = {
  contacts: '/api/audience/contacts',
  contact: '/api/audience/contacts/{id}',
  merge: '/api/audience/contacts/{id}/merge',
  split: '/api/audience/contacts/{id}/split',
  contactsCsv: '/api/audience/contacts.csv',
  refresh: '/api/audience/contacts/refresh',
  segments: '/api/audience/segments',
  segment: '/api/audience/segments/{id}',
  preview: '/api/audience/segments/preview',
} as const;

export type AudiencePathName = keyof typeof audiencePaths;

/** A path with its `{id}` filled in. */
export function audiencePath(name: AudiencePathName, id: string): string {
  return audiencePaths[name].replace('{id}', encodeURIComponent(id));
}

/** The CSV export of the contacts, of one saved segment when `segmentId` is given. */
export function contactsCsvUrl(params: { q?: string; segmentId?: string }): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.segmentId) query.set('segmentId', params.segmentId);
  const search = query.toString();
  return search ? `${audiencePaths.contactsCsv}?${search}` : audiencePaths.contactsCsv;
}
