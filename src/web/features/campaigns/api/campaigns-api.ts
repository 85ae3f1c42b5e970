import type {
  Campaign,
  CampaignResult,
  CreateCampaignInput,
  LaunchCheck,
  PostEdit,
  UpdateCampaignInput,
} from '#shared/contracts/campaigns.contract.ts';
import type { CampaignListParams } from './keys.ts';
import { api } from '../../../lib/api-client.ts';
import { campaignPath, campaignPaths } from './paths.ts';

// The calls of /api/campaigns, one per route (campaigns.contract.ts). Every change names the
// version it was made on; the server refuses one made on an older version with a 409.

export interface CampaignList {
  items: Campaign[];
  page: number;
  pageSize: number;
  total: number;
}

/** A post added by hand: its time, account, format, caption and media requirement at least. */
export type NewPost = PostEdit &
  Required<Pick<PostEdit, 'scheduledFor' | 'connectionId' | 'format' | 'caption' | 'media'>>;

/** A change answers with the campaign, or with the campaign and what the planner noticed. */
export type CampaignAnswer = Campaign | CampaignResult;

/** The result of any change, whichever of the two shapes the route answers with. */
export function resultOf(answer: CampaignAnswer): CampaignResult {
  if ('campaign' in answer && typeof answer.campaign === 'object') {
    return {
      campaign: answer.campaign,
      notices: answer.notices ?? [],
      problems: answer.problems ?? [],
    };
  }
  return { campaign: answer as Campaign, notices: [], problems: [] };
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export const campaignsApi = {
  list: (params: CampaignListParams, signal?: AbortSignal) =>
    api.get<CampaignList>(campaignPaths.list, {
      query: { status: params.status || undefined, q: params.q || undefined, page: params.page },
      ...withSignal(signal),
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<Campaign>(campaignPath('campaign', id), withSignal(signal)),
  create: (input: CreateCampaignInput) => api.post<CampaignAnswer>(campaignPaths.list, input),
  update: (id: string, input: UpdateCampaignInput) =>
    api.patch<CampaignAnswer>(campaignPath('campaign', id), input),
  plan: (id: string, version: number) =>
    api.post<CampaignAnswer>(campaignPath('plan', id), { version }),
  addPost: (id: string, version: number, post: NewPost) =>
    api.post<CampaignAnswer>(campaignPath('posts', id), { version, post }),
  updatePost: (id: string, key: string, version: number, changes: PostEdit) =>
    api.patch<CampaignAnswer>(campaignPath('post', id, key), { version, changes }),
  removePost: (id: string, key: string, version: number) =>
    api.delete<CampaignAnswer>(campaignPath('post', id, key), { query: { version } }),
  regeneratePost: (id: string, key: string, version: number) =>
    api.post<CampaignAnswer>(campaignPath('regenerate', id, key), undefined, {
      query: { version },
    }),
  check: (id: string, version: number, signal?: AbortSignal) =>
    api.post<LaunchCheck>(campaignPath('check', id), { version }, withSignal(signal)),
  launch: (id: string, version: number) =>
    api.post<CampaignAnswer>(campaignPath('launch', id), { version }),
  pause: (id: string, version: number) =>
    api.post<CampaignAnswer>(campaignPath('pause', id), { version }),
  resume: (id: string, version: number) =>
    api.post<CampaignAnswer>(campaignPath('resume', id), { version }),
  cancel: (id: string, version: number) =>
    api.post<CampaignAnswer>(campaignPath('cancel', id), { version }),
  duplicate: (id: string) => api.post<CampaignAnswer>(campaignPath('duplicate', id), {}),
};
