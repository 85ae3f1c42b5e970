import { Clock } from 'lucide-react';
import type { ThreadDetail } from '#shared/contracts/inbox.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { closedExplanation, windowState } from '../lib/reply-window.ts';

/** How long a free-form answer may still be sent (docs/product/meta-platform.md#messaging-window). */
export function ReplyWindowCountdown({ thread, now }: { thread: ThreadDetail; now: number }) {
  const state = windowState(thread.replyWindowEndsAt, now);
  if (!state.open) return null;
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
        state.closingSoon ? 'bg-warning/15 text-warning' : 'bg-muted text-muted-foreground',
      )}
    >
      <Clock aria-hidden className="size-3.5" />
      Reply window: {state.left}
      {thread.humanAgentTag ? ' (human agent, 7 days)' : ''}
    </p>
  );
}

/** The composer's place when the window has passed: why, and when it opens again. */
export function ReplyWindowClosed({ thread, now }: { thread: ThreadDetail; now: number }) {
  return (
    <Alert variant="warning" title="The reply window has closed">
      {closedExplanation(thread.account.platform, thread.humanAgentTag, thread.lastInboundAt, now)}
    </Alert>
  );
}

export function isWindowOpen(thread: ThreadDetail, now: number): boolean {
  return thread.kind !== 'conversation' || windowState(thread.replyWindowEndsAt, now).open;
}
