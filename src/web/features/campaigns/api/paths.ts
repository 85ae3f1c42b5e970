// The API paths of campaigns (`campaignsRoutes` of campaigns.contract.ts), each written once as a
// plain string so the campaign pages' chunk stays free of the contract's zod; paths.test.ts keeps
// them equal to the contract.

export const campaignPaths = {
  list: '/api/campaigns',
  campaign: '/api/campaigns/{id}',
  plan: '/api/campaigns/{id}/plan',
  posts: '/api/campaigns/{id}/posts',
  post: '/api/campaigns/{id}/posts/{key}',
  regenerate: '/api/campaigns/{id}/posts/{key}/regenerate',
  check: '/api/campaigns/{id}/check',
  launch: '/api/campaigns/{id}/launch',
  pause: '/api/campaigns/{id}/pause',
  resume: '/api/campaigns/{id}/resume',
  cancel: '/api/campaigns/{id}/cancel',
  duplicate: '/api/campaigns/{id}/duplicate',
  csv: '/api/campaigns/{id}/plan.csv',
} as const;

export type CampaignPathName = keyof typeof campaignPaths;

/** A path with its `{id}` and `{key}` filled in. */
export function campaignPath(name: CampaignPathName, id: string, key?: string): string {
  const path = campaignPaths[name].replace('{id}', encodeURIComponent(id));
  return key === undefined ? path : path.replace('{key}', encodeURIComponent(key));
}
