import { Link } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { useInboxUnread } from '../api/use-inbox-queries.ts';
import { formatCount } from '../lib/count.ts';

// The home page's "waiting for a reply" card (docs/decisions/091): open comment threads and
// conversations whose newest message is from the other person and has no answer yet, and the
// unread ones, from the same reading as the sidebar's badge.

export function WaitingForReplyCard() {
  const unread = useInboxUnread();
  const data = unread.data;
  const waiting = data?.waitingForReply ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MessagesSquare className="size-4 text-muted-foreground" aria-hidden="true" />
          Comments and messages
        </CardTitle>
        <CardDescription>Waiting for a reply in the social monitor.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {unread.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : unread.isError ? (
          <p className="text-sm text-muted-foreground">Not known right now.</p>
        ) : (
          <>
            <p className="text-sm">
              <span className="text-2xl font-semibold tabular-nums" data-testid="waiting-count">
                {formatCount(waiting)}
              </span>{' '}
              {waiting === 1 ? 'conversation waits' : 'conversations wait'} for a reply
            </p>
            {data && data.comments + data.messages > 0 ? (
              <p className="text-sm text-muted-foreground">
                Unread: {formatCount(data.comments)} comment{data.comments === 1 ? '' : 's'},{' '}
                {formatCount(data.messages)} message{data.messages === 1 ? '' : 's'}.
              </p>
            ) : null}
          </>
        )}
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link to="/dashboard/social-monitor">Open the social monitor</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
