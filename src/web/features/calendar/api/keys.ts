import { postKeys } from '../../posts/index.ts';

// The calendar's query keys. Its lists are lists of posts, so they start with the posts' key of
// the same user: every write to a post and every live status message reaches them.

export const calendarKeys = {
  range: (userId: string, parts: ReadonlyArray<string | null>) =>
    [...postKeys.lists(userId), 'range', ...parts] as const,
  feed: (userId: string) => [...postKeys.lists(userId), 'feed'] as const,
};
