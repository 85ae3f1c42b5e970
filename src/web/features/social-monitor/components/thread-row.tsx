import type { Ref } from 'react';
import { CheckCircle2, CornerDownLeft, UserRound } from 'lucide-react';
import type { ThreadSummary } from '#shared/contracts/inbox.contract.ts';
import { cn } from '../../../lib/cn.ts';
import { PlatformIcon } from '../../platforms/index.ts';
import { accountLabel, formatAge, personName } from '../lib/format.ts';
import { PersonAvatar } from './person-avatar.tsx';
import { SentimentBadge } from './sentiment-badge.tsx';

interface ThreadRowProps {
  thread: ThreadSummary;
  selected: boolean;
  onOpen(): void;
  ref?: Ref<HTMLButtonElement>;
}

/** One thread in the list: who, where, what they said last, and what it needs. */
export function ThreadRow({ thread, selected, onOpen, ref }: ThreadRowProps) {
  const unread = thread.unreadCount > 0;
  const name = personName(thread.participant, thread.account.platform);
  const platform = thread.account.platform === 'instagram' ? 'Instagram' : 'Facebook';
  return (
    <button
      ref={ref}
      type="button"
      onClick={onOpen}
      aria-current={selected ? 'true' : undefined}
      data-thread-id={thread.id}
      className={cn(
        'flex w-full min-w-0 items-start gap-3 px-4 py-3 text-left transition-colors',
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        selected ? 'bg-primary/10' : 'hover:bg-muted',
      )}
    >
      <span className="relative">
        <PersonAvatar person={thread.participant} />
        <PlatformIcon
          platform={thread.account.platform}
          aria-hidden
          className="absolute -right-1 -bottom-1 size-4 rounded-full bg-card p-px"
        />
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-baseline gap-2">
          <span
            className={cn(
              'min-w-0 flex-1 truncate text-sm',
              unread ? 'font-semibold' : 'font-medium',
            )}
          >
            {name}
          </span>
          <time dateTime={thread.lastItemAt} className="shrink-0 text-xs text-muted-foreground">
            {formatAge(thread.lastItemAt)}
          </time>
        </span>
        <span className="truncate text-xs text-muted-foreground">
          {platform} · {accountLabel(thread.account)}
        </span>
        <span
          className={cn(
            'line-clamp-2 text-sm break-words',
            unread ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          {thread.preview || 'No text'}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-1.5 empty:hidden">
          {unread ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-primary px-1.5 py-0.5 text-[0.7rem] font-semibold text-primary-foreground">
              {thread.unreadCount} new
            </span>
          ) : null}
          {thread.needsReply ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-warning/15 px-1.5 py-0.5 text-[0.7rem] font-medium text-warning">
              <CornerDownLeft aria-hidden className="size-3" />
              Needs reply
            </span>
          ) : null}
          {thread.sentiment ? <SentimentBadge sentiment={thread.sentiment} /> : null}
          {thread.assignedTo ? (
            <span className="inline-flex max-w-40 items-center gap-1 rounded-full bg-muted px-1.5 py-0.5 text-[0.7rem] text-foreground">
              <UserRound aria-hidden className="size-3 shrink-0" />
              <span className="truncate">{thread.assignedTo.name}</span>
            </span>
          ) : null}
          {thread.status === 'done' ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-success/15 px-1.5 py-0.5 text-[0.7rem] font-medium text-success">
              <CheckCircle2 aria-hidden className="size-3" />
              Done
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
