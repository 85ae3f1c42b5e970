// The query keys of everything about posts, from one factory (src/web/README.md). Keys carry the
// user id, so one person's cached posts are never shown to the next one who signs in on the tab.

/** Lists of events and their deliveries: stale after any write, patched by live messages. */
const LISTS = 'posts';
/** What the composer loaded: no write or live message reloads it under the person's typing. */
const EDITOR = 'post-editor';
/** Each account's 24-hour publishing quota (docs/decisions/082). */
const QUOTA = 'publishing';

export const postKeys = {
  /** Every list and delivery of every user: what a write or a live message makes stale. */
  all: [LISTS] as const,
  /** One person's lists; the calendar's range and feed keys start with it. */
  lists: (userId: string) => [LISTS, userId] as const,
  upcoming: (userId: string, limit: number) => [LISTS, userId, 'upcoming', limit] as const,
  attention: (userId: string) => [LISTS, userId, 'attention'] as const,
  aiGenerated: (userId: string) => [LISTS, userId, 'ai-content'] as const,
  /** Every account's posting queue (docs/decisions/077): a list too, stale after any write. */
  queue: (userId: string) => [LISTS, userId, 'queue'] as const,
  /**
   * Every cached copy of one event's deliveries, whoever read them: a live message names only
   * the event (docs/decisions/081).
   */
  platformPosts: (eventId: string) => [LISTS, 'platform-posts', eventId] as const,
  /** One person's read of a post's deliveries (the quick view). */
  deliveries: (userId: string, eventId: string) =>
    [LISTS, 'platform-posts', eventId, userId] as const,
  /** One event, read for a link to its quick view. */
  event: (userId: string, eventId: string) => [EDITOR, userId, 'event', eventId] as const,
  /** The composer's read of a saved post with its deliveries. */
  post: (userId: string, eventId: string) => [EDITOR, userId, 'post', eventId] as const,
  /**
   * A library item attached to the post. Not the media feature's item key: that one holds
   * MediaDetails (with usages), and items picked or uploaded here are seeded as plain MediaItems.
   */
  media: (userId: string, mediaId: string) => [EDITOR, userId, 'media', mediaId] as const,
  /** Every user's quota: posts going out change it. */
  quotas: [QUOTA] as const,
  quota: (userId: string) => [QUOTA, userId, 'quota'] as const,
  /** The best times to post on a platform, from analytics (the composer's suggestions). */
  bestSlots: (userId: string, platform: string) => ['best-slots', userId, platform] as const,
};

/** The key's user part when nobody is signed in (the queries that need one are disabled). */
export const NO_USER = 'anonymous';
