import type { CampaignPost } from '#shared/contracts/campaigns.contract.ts';
import { formatDateKey, startOfWeek, zonedDate, type PlainDate } from '../../../lib/zoned-time.ts';

// Posts by the week they go out in, in the business time zone (weeks start on Monday).

export interface Week {
  key: string;
  start: PlainDate;
  posts: CampaignPost[];
}

export function byWeek(posts: readonly CampaignPost[], timeZone: string): Week[] {
  const sorted = [...posts].sort(
    (a, b) => Date.parse(a.scheduledFor) - Date.parse(b.scheduledFor) || a.position - b.position,
  );
  const weeks = new Map<string, Week>();
  for (const post of sorted) {
    const start = startOfWeek(zonedDate(new Date(post.scheduledFor), timeZone));
    const key = formatDateKey(start);
    const week = weeks.get(key) ?? { key, start, posts: [] };
    week.posts.push(post);
    weeks.set(key, week);
  }
  return [...weeks.values()];
}

const weekFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "Week of December 1" */
export function weekTitle(start: PlainDate): string {
  return `Week of ${weekFormat.format(new Date(Date.UTC(start.year, start.month - 1, start.day)))}`;
}
