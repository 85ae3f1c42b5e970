// Campaigns (docs/product/screens.md#campaigns) as the app mounts them: the /api/campaigns routes.
// A launched campaign's posts are ordinary posts of type campaign, saved through the posts
// feature's one use case; nothing else here is used by other features.

export { createCampaignsRoutes } from './campaigns.routes.ts';
