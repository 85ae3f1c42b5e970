import { EyeOff, Flag, Heart, Lock, MessageCircleReply, Reply, Trash2, Eye } from 'lucide-react';
import type { InboxItem, InboxPlatform, ItemAction } from '#shared/contracts/inbox.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { personName } from '../lib/format.ts';
import { privateReplyBlocked } from '../lib/reply-window.ts';
import { ItemMeta } from './item-meta.tsx';
import { PersonAvatar } from './person-avatar.tsx';

interface CommentItemProps {
  item: InboxItem;
  platform: InboxPlatform;
  canReply: boolean;
  now: number;
  onReply(item: InboxItem): void;
  onAction(item: InboxItem, action: ItemAction): void;
  onDelete(item: InboxItem): void;
  onPrivateReply(item: InboxItem): void;
}

/** A comment or reply with what can be done to it (docs/product/screens.md#social-monitor). */
export function CommentItem(props: CommentItemProps) {
  const { item, platform, canReply } = props;
  const ours = item.direction === 'out';
  const name = ours ? (item.author.name ?? 'You') : personName(item.author);
  const deleted = item.deletedAt !== null;
  return (
    <article
      aria-label={`${ours ? 'Reply' : 'Comment'} by ${name}`}
      className={cn('flex min-w-0 gap-3', item.pending && 'opacity-70')}
    >
      <PersonAvatar person={item.author} className="size-8" />
      <div className="grid min-w-0 flex-1 gap-1">
        <div
          className={cn(
            'rounded-2xl px-3.5 py-2.5',
            ours ? 'bg-primary/10' : 'bg-muted',
            item.hidden && 'border border-dashed border-border bg-transparent',
          )}
        >
          <p className="flex flex-wrap items-center gap-x-2 text-sm font-semibold">
            {name}
            {item.hidden ? (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-muted-foreground">
                <EyeOff aria-hidden className="size-3" />
                {item.hiddenBy === 'rule' ? 'Hidden by a moderation rule' : 'Hidden'}
              </span>
            ) : null}
            {item.flagged ? (
              <span className="inline-flex items-center gap-1 text-xs font-medium text-warning">
                <Flag aria-hidden className="size-3" /> Flagged
              </span>
            ) : null}
          </p>
          <p
            className={cn(
              'text-sm break-words whitespace-pre-wrap',
              deleted && 'text-muted-foreground italic',
            )}
          >
            {deleted ? 'This comment was deleted.' : item.text}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-x-1 gap-y-1 pl-1">
          <ItemMeta item={item} platform={platform} />
          {item.liked ? (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Heart aria-hidden className="size-3 fill-current text-destructive" /> Liked
            </span>
          ) : null}
          {item.privateReplyAt ? (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <Lock aria-hidden className="size-3" /> Answered privately
            </span>
          ) : null}
        </div>
        {canReply && !deleted && !item.pending ? <CommentActions {...props} /> : null}
      </div>
    </article>
  );
}

function CommentActions({
  item,
  platform,
  now,
  onReply,
  onAction,
  onDelete,
  onPrivateReply,
}: CommentItemProps) {
  const ours = item.direction === 'out';
  const blocked = privateReplyBlocked(item, now);
  return (
    <div className="flex flex-wrap gap-1" role="group" aria-label="Actions">
      {!ours ? (
        <Button variant="ghost" size="sm" onClick={() => onReply(item)}>
          <Reply aria-hidden className="size-3.5" /> Reply
        </Button>
      ) : null}
      {!ours ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onAction(item, item.hidden ? 'unhide' : 'hide')}
        >
          {item.hidden ? (
            <Eye aria-hidden className="size-3.5" />
          ) : (
            <EyeOff aria-hidden className="size-3.5" />
          )}
          {item.hidden ? 'Unhide' : 'Hide'}
        </Button>
      ) : null}
      {!ours && platform === 'facebook' ? (
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={item.liked}
          onClick={() => onAction(item, item.liked ? 'unlike' : 'like')}
        >
          <Heart
            aria-hidden
            className={cn('size-3.5', item.liked && 'fill-current text-destructive')}
          />
          {item.liked ? 'Unlike' : 'Like'}
        </Button>
      ) : null}
      {!ours ? (
        blocked ? (
          <span className="inline-flex flex-wrap items-center gap-1">
            <Button variant="ghost" size="sm" disabled aria-describedby={`why-${item.id}`}>
              <MessageCircleReply aria-hidden className="size-3.5" /> Reply privately
            </Button>
            <span id={`why-${item.id}`} className="text-xs text-muted-foreground">
              {blocked}
            </span>
          </span>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => onPrivateReply(item)}>
            <MessageCircleReply aria-hidden className="size-3.5" /> Reply privately
          </Button>
        )
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-destructive/10"
        onClick={() => onDelete(item)}
      >
        <Trash2 aria-hidden className="size-3.5" /> Delete
      </Button>
    </div>
  );
}
