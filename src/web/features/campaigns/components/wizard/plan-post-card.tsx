import type { ReactNode } from 'react';
import { ImageIcon, MessageCircle } from 'lucide-react';
import type { CampaignPost } from '#shared/contracts/campaigns.contract.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../../lib/date-format.ts';
import { cn } from '../../../../lib/cn.ts';
import { FORMAT_LABELS } from '../../lib/format.ts';
import { requirementText } from '../../lib/media-fit.ts';

/** "Mon, Dec 1, 9:00 AM · Rosa Bakery" — a post's name in lists and its controls. */
export function postTitle(post: CampaignPost, timeZone: string): string {
  const when = formatDateTime(new Date(post.scheduledFor), timeZone);
  return post.account ? `${when} · ${post.account.name}` : when;
}

/** One planned post: when, where, what it says and the media it needs. */
export function PlanPostCard({
  post,
  timeZone,
  highlighted,
  compact = false,
  actions,
  children,
}: {
  post: CampaignPost;
  timeZone: string;
  highlighted: boolean;
  /** The caption's first lines only, without hashtags and first comment (the media step). */
  compact?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const title = postTitle(post, timeZone);
  return (
    <li
      id={`post-${post.key}`}
      aria-label={title}
      className={cn(
        'grid gap-2 rounded-lg border bg-card p-3 sm:p-4',
        highlighted ? 'border-primary ring-2 ring-primary' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{title}</span>
        <Badge variant="outline">{FORMAT_LABELS[post.format] ?? post.format}</Badge>
        {post.account ? (
          <span className="text-muted-foreground capitalize">{post.account.platform}</span>
        ) : null}
      </div>
      <p
        className={cn(
          'text-sm break-words',
          compact ? 'line-clamp-2 text-muted-foreground' : 'whitespace-pre-line',
        )}
      >
        {post.caption || <span className="text-muted-foreground">No caption yet</span>}
      </p>
      {post.hashtags.length > 0 && !compact ? (
        <p className="text-sm break-words text-link">{post.hashtags.join(' ')}</p>
      ) : null}
      {post.firstComment && !compact ? (
        <p className="flex gap-2 text-sm text-muted-foreground">
          <MessageCircle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="sr-only">First comment: </span>
            {post.firstComment}
          </span>
        </p>
      ) : null}
      <p className="flex gap-2 text-sm text-muted-foreground">
        <ImageIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="sr-only">Media needed: </span>
          {requirementText(post.media)}
        </span>
      </p>
      {children}
      {actions ? <div className="flex flex-wrap gap-2 pt-1">{actions}</div> : null}
    </li>
  );
}
