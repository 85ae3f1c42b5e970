import { ExternalLink } from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { userMessageOf } from '../../../../lib/errors.ts';
import { usePostDeliveries } from '../../api/use-post-deliveries.ts';
import { needsAttention } from '../../lib/post-rules.ts';
import { PLATFORM_STYLES } from '../event-style.tsx';

/** Each platform's delivery: the permalink once out, or the reason it failed. */
export function Deliveries({ event }: { event: CalendarEvent }) {
  const query = usePostDeliveries(event.id);
  const attention = needsAttention(event);
  if (query.isPending) return <Skeleton className="h-16 w-full" />;
  if (query.isError) {
    return <Alert variant="destructive">{userMessageOf(query.error)}</Alert>;
  }
  const posts = query.data;
  if (attention) {
    const reasons = posts.filter((p) => p.last_error);
    return (
      <Alert
        variant={event.status === 'failed' ? 'destructive' : 'warning'}
        title={
          event.status === 'failed' ? 'This post was not published' : 'Publishing is not confirmed'
        }
      >
        {reasons.length > 0 ? (
          <ul className="grid gap-1">
            {reasons.map((p) => (
              <li key={p.id}>
                <span className="font-medium">{PLATFORM_STYLES[p.platform].label}:</span>{' '}
                {p.last_error}
                {p.attempts > 1 ? ` (after ${p.attempts} attempts)` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>
            {event.status === 'failed'
              ? 'No reason was recorded for this failure.'
              : 'The platform did not confirm the post. Check the platform before posting it again.'}
          </p>
        )}
      </Alert>
    );
  }
  const links = posts.filter((p) => p.permalink);
  if (links.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm">
      {links.map((p) => (
        <li key={p.id}>
          <a
            href={p.permalink!}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-link hover:underline"
          >
            View on {PLATFORM_STYLES[p.platform].label}{' '}
            <ExternalLink aria-hidden className="size-3.5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
