import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ToolCall } from '#shared/contracts/engine-room.contract.ts';
import { Button } from '../../../components/ui/button.tsx';
import { mediaPaths } from '../../../lib/api-paths.ts';
import { calendarLinkFor } from '../../posts/index.ts';
import { campaignPagePath } from '../api/paths.ts';
import { engineRoomActions } from '../engine-room-store.ts';
import { excerpt, whenText } from '../lib/format.ts';

// What a confirmed tool call did (its `result`): the posts on the calendar, the campaign draft,
// the media found, the times, the problems a check found — each with a way to open it.

export function ToolCallResult({
  call,
  result,
  timeZone,
}: {
  call: ToolCall;
  result: NonNullable<ToolCall['result']>;
  timeZone: string;
}) {
  const failed = call.status === 'failed';
  return (
    <div className="grid gap-2 text-sm" aria-label="Result" role="group">
      {result.summary ? (
        <p className={failed ? 'text-destructive' : 'text-foreground'}>{result.summary}</p>
      ) : null}
      {result.postIds && result.postIds.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {result.postIds.map((id, index) => (
            <li key={id}>
              <Link to={calendarLinkFor(id)} className="font-medium text-link hover:underline">
                Open post {index + 1} in the calendar
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {result.campaignId ? (
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={campaignPagePath(result.campaignId)}
            className="font-medium text-link hover:underline"
          >
            Open the campaign
          </Link>
          <Button
            variant="outline"
            size="sm"
            onClick={() => engineRoomActions.viewCampaign(result.campaignId!)}
          >
            Show in the Campaign tab
          </Button>
        </div>
      ) : null}
      {result.mediaIds ? (
        result.mediaIds.length === 0 ? (
          <p className="text-muted-foreground">Nothing in your library matched.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Media found">
            {result.mediaIds.map((id) => (
              <li key={id}>
                <img
                  src={mediaPaths.file(id, 'thumbnail')}
                  alt="Media from your library"
                  loading="lazy"
                  className="aspect-square w-full rounded-md bg-muted object-cover"
                />
              </li>
            ))}
          </ul>
        )
      ) : null}
      {result.times && result.times.length > 0 ? (
        <ul className="grid gap-1" aria-label="Suggested times">
          {result.times.map((time) => (
            <li key={time} className="tabular-nums">
              {whenText(time, timeZone)}
            </li>
          ))}
        </ul>
      ) : null}
      {result.posts && result.posts.length > 0 ? (
        <p className="text-muted-foreground">
          {result.posts.length} planned {result.posts.length === 1 ? 'post' : 'posts'}, from{' '}
          {whenText(result.posts[0]!.scheduledFor, timeZone)}:{' '}
          {excerpt(result.posts[0]!.caption, 60)}
        </p>
      ) : null}
      {result.problems ? (
        result.problems.length === 0 ? (
          call.tool === 'check_post' ? (
            <p className="flex items-center gap-1.5 font-medium text-success">
              <CheckCircle2 aria-hidden className="size-4" /> Ready to publish
            </p>
          ) : null
        ) : (
          <ul className="grid list-disc gap-1 pl-5 text-destructive" aria-label="Problems">
            {result.problems.map((problem, index) => (
              <li key={index}>
                {problem.account ? `${problem.account}: ` : ''}
                {problem.message}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
