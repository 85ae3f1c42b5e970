// The social monitor (docs/decisions/091): its routes, the daily digest and moderation for other
// features to start.
export { createInboxRoutes } from './inbox.routes.ts';
export { registerInboxDigest } from './digest.ts';
export { registerModeration } from './moderation.service.ts';
export { unreadFigures } from './notifications.service.ts';
export { renderSavedReply } from '#shared/saved-replies.ts';
