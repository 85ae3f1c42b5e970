// Campaigns' one key factory; keys carry the user id so one person's campaigns are never shown to
// the next one (src/web/README.md).

export interface CampaignListParams {
  status: string;
  q: string;
  page: number;
}

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: (userId: string) => ['campaigns', userId, 'list'] as const,
  list: (userId: string, params: CampaignListParams) =>
    ['campaigns', userId, 'list', params] as const,
  campaign: (userId: string, id: string) => ['campaigns', userId, 'campaign', id] as const,
  check: (userId: string, id: string, version: number) =>
    ['campaigns', userId, 'check', id, version] as const,
  media: (userId: string, mediaId: string) => ['campaigns', userId, 'media', mediaId] as const,
};
