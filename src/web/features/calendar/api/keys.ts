import { postKeys } from '../../posts/index.ts';

// The calendar's query keys. Its lists are lists of posts, so they start with the posts' key of
// the same user: every write to a post and every live status message reaches them. The Instagram
// grid's published media (docs/decisions/078) are read again with them too: the server reuses
// its reading for a minute, and drops it once a post of the business has gone out.

export const calendarKeys = {
  range: (userId: string, parts: ReadonlyArray<string | null>) =>
    [...postKeys.lists(userId), 'range', ...parts] as const,
  feed: (userId: string) => [...postKeys.lists(userId), 'feed'] as const,
  /** The first medium of each post of a range, for the chips. */
  covers: (userId: string, start: string, end: string) =>
    [...postKeys.lists(userId), 'covers', start, end] as const,
  campaigns: (userId: string, start: string, end: string) =>
    [...postKeys.lists(userId), 'campaigns', start, end] as const,
  /** The posts planned for an Instagram account, for its grid. */
  planned: (userId: string, accountId: string) =>
    [...postKeys.lists(userId), 'planned', accountId] as const,
  /** The account's published media, page by page. */
  instagramMedia: (userId: string, accountId: string) =>
    [...postKeys.lists(userId), 'instagram-media', accountId] as const,
  /** Drafts without a date, for the ideas tray. */
  ideas: (userId: string) => [...postKeys.lists(userId), 'ideas'] as const,
};
