import type { PostSort, TopPost } from '#shared/contracts/analytics.contract.ts';

// The top posts' figure columns, in the order shown; each sorts on the server.

export interface FigureColumn {
  sort: PostSort;
  label: string;
  value(post: TopPost): number | null;
  unit: 'count' | 'percent';
}

export const FIGURE_COLUMNS: FigureColumn[] = [
  { sort: 'reach', label: 'Reach', value: (p) => p.reach, unit: 'count' },
  { sort: 'views', label: 'Views', value: (p) => p.views, unit: 'count' },
  { sort: 'interactions', label: 'Interactions', value: (p) => p.interactions, unit: 'count' },
  {
    sort: 'engagement_rate',
    label: 'Engagement rate',
    value: (p) => p.engagementRate,
    unit: 'percent',
  },
  { sort: 'likes', label: 'Likes', value: (p) => p.likes, unit: 'count' },
  { sort: 'comments', label: 'Comments', value: (p) => p.comments, unit: 'count' },
  { sort: 'shares', label: 'Shares', value: (p) => p.shares, unit: 'count' },
  { sort: 'saves', label: 'Saves', value: (p) => p.saves, unit: 'count' },
];

/** "FEED" → "Feed", "REELS" → "Reel", a Facebook kind as it comes. */
export function productTypeLabel(type: string): string {
  const known: Record<string, string> = {
    FEED: 'Feed',
    REELS: 'Reel',
    STORY: 'Story',
    CAROUSEL_ALBUM: 'Carousel',
  };
  return (
    known[type] ?? type.charAt(0).toUpperCase() + type.slice(1).toLowerCase().replace(/_/g, ' ')
  );
}

/** The first line of a caption, cut at a word near `max` characters. */
export function excerpt(caption: string | null, max = 80): string {
  const line = (caption ?? '').split('\n')[0]!.trim();
  if (line.length <= max) return line || '(no caption)';
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
