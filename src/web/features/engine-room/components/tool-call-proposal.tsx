import {
  checkPostArgsSchema,
  draftPostsArgsSchema,
  findMediaArgsSchema,
  planCampaignArgsSchema,
  suggestTimesArgsSchema,
  type ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import { dateRangeText, excerpt, FORMAT_LABELS, whenText } from '../lib/format.ts';
import { useAccountNames } from '../lib/use-account-names.ts';

// What a proposed tool call would do, read from its arguments (engine-room.contract.ts). The
// server checks them again when the call is confirmed; arguments it cannot read show as such.

function Unreadable() {
  return <p className="text-sm text-muted-foreground">The engine's proposal could not be read.</p>;
}

export function ToolCallProposal({ call, timeZone }: { call: ToolCall; timeZone: string }) {
  const accountName = useAccountNames();
  switch (call.tool) {
    case 'draft_posts': {
      const args = draftPostsArgsSchema.safeParse(call.args);
      if (!args.success) return <Unreadable />;
      return (
        <ul className="grid gap-2" aria-label="Proposed posts">
          {args.data.posts.map((post, index) => (
            <li key={index} className="grid gap-1 rounded-lg border border-border p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  {accountName(post.connectionId)}
                </span>
                <span aria-hidden>·</span>
                <span>{whenText(post.scheduledFor, timeZone)}</span>
                <span aria-hidden>·</span>
                <span>{FORMAT_LABELS[post.format] ?? post.format}</span>
              </div>
              <p className="break-words">{excerpt(post.caption) || 'No caption yet'}</p>
            </li>
          ))}
        </ul>
      );
    }
    case 'plan_campaign': {
      const args = planCampaignArgsSchema.safeParse(call.args);
      if (!args.success) return <Unreadable />;
      const brief = args.data;
      return (
        <dl className="grid gap-1.5 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">{brief.name}</dd>
          <dt className="text-muted-foreground">Goal</dt>
          <dd className="break-words">{brief.goal}</dd>
          <dt className="text-muted-foreground">Dates</dt>
          <dd>{dateRangeText(brief.startsOn, brief.endsOn)}</dd>
          <dt className="text-muted-foreground">Accounts</dt>
          <dd>{brief.connectionIds.map(accountName).join(', ')}</dd>
          <dt className="text-muted-foreground">Posts a week</dt>
          <dd>{brief.postsPerWeek}</dd>
        </dl>
      );
    }
    case 'find_media': {
      const args = findMediaArgsSchema.safeParse(call.args);
      if (!args.success) return <Unreadable />;
      const terms = [args.data.query, ...args.data.tags.map((t) => `#${t}`)].filter(Boolean);
      return (
        <p className="text-sm">
          Search your media library for{' '}
          <span className="font-medium">{terms.join(', ') || 'anything'}</span>.
        </p>
      );
    }
    case 'suggest_times': {
      const args = suggestTimesArgsSchema.safeParse(call.args);
      if (!args.success) return <Unreadable />;
      return (
        <p className="text-sm">
          {args.data.count} {args.data.count === 1 ? 'time' : 'times'} to post
          {args.data.connectionId ? ` on ${accountName(args.data.connectionId)}` : ''}.
        </p>
      );
    }
    case 'check_post': {
      const args = checkPostArgsSchema.safeParse(call.args);
      if (!args.success) return <Unreadable />;
      return (
        <div className="grid gap-1 text-sm">
          <p className="text-xs text-muted-foreground">
            {accountName(args.data.connectionId)} · {whenText(args.data.scheduledFor, timeZone)} ·{' '}
            {FORMAT_LABELS[args.data.format] ?? args.data.format}
          </p>
          <p className="break-words">{excerpt(args.data.caption) || 'No caption yet'}</p>
        </div>
      );
    }
  }
}
