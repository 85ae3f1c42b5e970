import { ArrowLeft, CheckCircle2, RotateCcw } from 'lucide-react';
import type { ThreadDetail } from '#shared/contracts/inbox.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PlatformIcon } from '../../platforms/index.ts';
import { accountLabel, personName } from '../lib/format.ts';
import { AssignMenu } from './assign-menu.tsx';
import { PersonAvatar } from './person-avatar.tsx';
import { ReplyWindowCountdown } from './reply-window.tsx';
import { SentimentBadge } from './sentiment-badge.tsx';

interface ThreadHeaderProps {
  thread: ThreadDetail;
  meId: string;
  now: number;
  canReply: boolean;
  assignOpen: boolean;
  onAssignOpenChange(open: boolean): void;
  onAssign(userId: string | null, name: string): void;
  onToggleDone(): void;
  onBack(): void;
}

/** Who the thread is with, on which account, and its assignment and status. */
export function ThreadHeader(props: ThreadHeaderProps) {
  const { thread, meId, now, canReply } = props;
  const platform = thread.account.platform === 'instagram' ? 'Instagram' : 'Facebook';
  const kind = thread.kind === 'conversation' ? 'Message' : 'Comment';
  return (
    <header className="grid gap-3 border-b border-border p-4">
      <div className="flex min-w-0 items-start gap-3">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2 size-9 lg:hidden"
          aria-label="Back to the list"
          onClick={props.onBack}
        >
          <ArrowLeft aria-hidden className="size-4" />
        </Button>
        <PersonAvatar person={thread.participant} className="size-10" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2 className="truncate text-base font-semibold">
            {personName(thread.participant, thread.account.platform)}
          </h2>
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            <PlatformIcon
              platform={thread.account.platform}
              aria-hidden
              className="size-3.5 shrink-0"
            />
            <span className="truncate">
              {kind} · {platform} · {accountLabel(thread.account)}
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {thread.sentiment ? <SentimentBadge sentiment={thread.sentiment} /> : null}
        {thread.kind === 'conversation' ? <ReplyWindowCountdown thread={thread} now={now} /> : null}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <AssignMenu
            thread={thread}
            meId={meId}
            open={props.assignOpen}
            onOpenChange={props.onAssignOpenChange}
            onAssign={props.onAssign}
            disabled={!canReply}
          />
          {canReply ? (
            <Button
              variant={thread.status === 'done' ? 'outline' : 'default'}
              size="sm"
              aria-keyshortcuts="e"
              onClick={props.onToggleDone}
            >
              {thread.status === 'done' ? (
                <>
                  <RotateCcw aria-hidden className="size-3.5" /> Reopen
                </>
              ) : (
                <>
                  <CheckCircle2 aria-hidden className="size-3.5" /> Mark done
                </>
              )}
            </Button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
