import { CalendarPlus, Clock, ImageIcon, ListChecks, Megaphone } from 'lucide-react';
import {
  draftPostsArgsSchema,
  planCampaignArgsSchema,
  type EngineTool,
  type ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { userMessageOf } from '../../../lib/errors.ts';
import { useToolCallDecision } from '../api/use-engine-actions.ts';
import { TOOL_STATUS, TOOL_TITLES } from '../lib/format.ts';
import { ToolCallProposal } from './tool-call-proposal.tsx';
import { ToolCallResult } from './tool-call-result.tsx';

// A tool call the engine proposed, as a card the person confirms or dismisses before anything is
// written (docs/product/screens.md#engine-room); afterwards it shows what it did and its status.

const ICONS: Record<EngineTool, typeof CalendarPlus> = {
  draft_posts: CalendarPlus,
  plan_campaign: Megaphone,
  find_media: ImageIcon,
  suggest_times: Clock,
  check_post: ListChecks,
};

/** The confirm button's words: what confirming does. */
export function confirmLabel(call: ToolCall): string {
  switch (call.tool) {
    case 'draft_posts': {
      const args = draftPostsArgsSchema.safeParse(call.args);
      return args.success && args.data.intent === 'schedule'
        ? 'Schedule'
        : 'Add to calendar as drafts';
    }
    case 'plan_campaign': {
      const args = planCampaignArgsSchema.safeParse(call.args);
      return args.success && args.data.campaignId
        ? 'Change the campaign plan'
        : 'Create campaign draft';
    }
    case 'find_media':
      return 'Search my media';
    case 'suggest_times':
      return 'Suggest times';
    case 'check_post':
      return 'Check the post';
  }
}

export function ToolCallCard({
  call,
  sessionId,
  timeZone,
  waiting,
}: {
  call: ToolCall;
  sessionId: string;
  timeZone: string;
  /** The answer is still streaming: the card can be read but not yet decided. */
  waiting: boolean;
}) {
  const decision = useToolCallDecision(sessionId, call.id);
  const Icon = ICONS[call.tool];
  const status = TOOL_STATUS[call.status];
  const title = TOOL_TITLES[call.tool];
  const busy = decision.isPending ? decision.variables : null;
  return (
    <article
      aria-label={title}
      className="grid gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold">
          <Icon aria-hidden className="size-4 text-primary" /> {title}
        </h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </header>
      <ToolCallProposal call={call} timeZone={timeZone} />
      {call.result ? <ToolCallResult call={call} result={call.result} timeZone={timeZone} /> : null}
      {decision.isError ? (
        <Alert variant="destructive">{userMessageOf(decision.error)}</Alert>
      ) : null}
      {call.status === 'proposed' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button
            loading={busy === 'confirm'}
            disabled={waiting || busy !== null}
            onClick={() => decision.mutate('confirm')}
          >
            {confirmLabel(call)}
          </Button>
          <Button
            variant="outline"
            loading={busy === 'dismiss'}
            disabled={waiting || busy !== null}
            onClick={() => decision.mutate('dismiss')}
          >
            Dismiss
          </Button>
        </div>
      ) : null}
    </article>
  );
}
