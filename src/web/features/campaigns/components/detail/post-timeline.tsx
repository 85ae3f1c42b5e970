import { Link } from 'react-router';
import type { Campaign, CampaignPost } from '#shared/contracts/campaigns.contract.ts';
import { Badge, type BadgeVariant } from '../../../../components/ui/badge.tsx';
import { formatFullDay, formatTime } from '../../../../lib/date-format.ts';
import { formatDateKey, zonedDate } from '../../../../lib/zoned-time.ts';
import { calendarLinkFor, STATUS_LABELS } from '../../../posts/index.ts';
import { FORMAT_LABELS } from '../../lib/format.ts';
import { missingCount, requirementText } from '../../lib/media-fit.ts';

// A launched campaign's posts by day, each with its status on the calendar.

const STATUS_VARIANT: Record<string, BadgeVariant> = {
  published: 'success',
  scheduled: 'default',
  publishing: 'default',
  failed: 'destructive',
  unconfirmed: 'warning',
  cancelled: 'outline',
  draft: 'outline',
};

function statusText(status: string | null): string {
  if (status === null) return 'Not scheduled';
  return (STATUS_LABELS as Record<string, string>)[status] ?? status;
}

function byDay(posts: readonly CampaignPost[], timeZone: string) {
  const days = new Map<string, { date: ReturnType<typeof zonedDate>; posts: CampaignPost[] }>();
  const sorted = [...posts].sort((a, b) => Date.parse(a.scheduledFor) - Date.parse(b.scheduledFor));
  for (const post of sorted) {
    const date = zonedDate(new Date(post.scheduledFor), timeZone);
    const key = formatDateKey(date);
    const day = days.get(key) ?? { date, posts: [] };
    day.posts.push(post);
    days.set(key, day);
  }
  return [...days.entries()];
}

const count = new Intl.NumberFormat('en');

/** "Reach 1,240 · 86 interactions · 6.9 % engagement", leaving out what is not known. */
export function performanceText(p: {
  reach: number | null;
  interactions: number | null;
  engagementRate: number | null;
}): string {
  return [
    p.reach !== null ? `Reach ${count.format(p.reach)}` : null,
    p.interactions !== null ? `${count.format(p.interactions)} interactions` : null,
    p.engagementRate !== null ? `${p.engagementRate} % engagement` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function PostTimeline({ campaign, timeZone }: { campaign: Campaign; timeZone: string }) {
  return (
    <ol aria-label="Posts by date" className="grid gap-4">
      {byDay(campaign.posts, timeZone).map(([key, day]) => (
        <li key={key} className="grid gap-2">
          <h3 className="text-sm font-semibold">{formatFullDay(day.date)}</h3>
          <ul className="grid gap-2 border-l-2 border-border pl-3 sm:pl-4">
            {day.posts.map((post) => {
              const short = missingCount(post.media, post.mediaIds.length);
              return (
                <li
                  key={post.key}
                  aria-label={`${formatTime(new Date(post.scheduledFor), timeZone)} ${post.account?.name ?? ''}`.trim()}
                  className="grid gap-1 rounded-md border border-border bg-card p-3 text-sm"
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">
                      {formatTime(new Date(post.scheduledFor), timeZone)}
                    </span>
                    <span className="text-muted-foreground">
                      {post.account?.name ?? 'A removed account'} ·{' '}
                      {FORMAT_LABELS[post.format] ?? post.format}
                    </span>
                    <Badge variant={STATUS_VARIANT[post.status ?? ''] ?? 'outline'}>
                      {statusText(post.status)}
                    </Badge>
                  </div>
                  <p className="line-clamp-2 break-words text-muted-foreground">
                    {post.caption || 'No caption'}
                  </p>
                  {post.performance ? (
                    <p className="text-muted-foreground tabular-nums">
                      {performanceText(post.performance)}
                    </p>
                  ) : null}
                  {short > 0 ? (
                    <p className="font-medium text-warning">
                      Missing media: {requirementText(post.media)}
                    </p>
                  ) : null}
                  {post.eventId ? (
                    <Link
                      to={calendarLinkFor(post.eventId)}
                      className="justify-self-start text-link underline-offset-4 hover:underline"
                    >
                      Open on the calendar
                    </Link>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
