import { Link } from 'react-router';
import {
  AlertCircle,
  ArrowRight,
  CalendarDays,
  CheckCircle2,
  CircleHelp,
  Clock,
} from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  calendarLinkFor,
  useEventsNeedingAttention,
  useUpcomingEvents,
} from '../../posts/index.ts';

// The home page's two lists of posts: what goes out next, and what needs attention.

function formatWhen(iso: string | null, timeZone: string | undefined): string {
  if (!iso) return 'Not scheduled';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Not scheduled';
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

const STATUS_VARIANTS: Record<CalendarEvent['status'], BadgeVariant> = {
  draft: 'outline',
  scheduled: 'secondary',
  publishing: 'warning',
  published: 'success',
  failed: 'destructive',
  unconfirmed: 'warning',
  cancelled: 'outline',
};

export function labelOf(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
}

function UpcomingRow({ event, timeZone }: { event: CalendarEvent; timeZone: string | undefined }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Clock aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <EventSummary
          event={event}
          timeZone={timeZone}
          className="min-w-0"
          after={event.platforms.length > 0 ? ` · ${event.platforms.map(labelOf).join(', ')}` : ''}
        />
      </div>
      <Badge variant={STATUS_VARIANTS[event.status]}>{labelOf(event.status)}</Badge>
    </li>
  );
}

export function UpcomingPosts({
  userId,
  timeZone,
}: {
  userId: string;
  timeZone: string | undefined;
}) {
  const query = useUpcomingEvents(userId);
  return (
    <Card className="self-start lg:col-span-2">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Upcoming posts</CardTitle>
            <CardDescription>
              The next 10 posts on your calendar, soonest first, drafts included.
            </CardDescription>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard/calendar">
              Calendar <ArrowRight aria-hidden className="size-4" />
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <QueryContent
          query={query}
          loading={{ label: 'Loading upcoming posts', rows: 3, rowClassName: 'h-14 w-full' }}
          errorTitle="Upcoming posts could not be loaded"
          empty={
            <EmptyState
              icon={CalendarDays}
              title="Nothing scheduled yet"
              description="Plan your first post and it will show up here."
              action={
                <Button asChild size="sm">
                  <Link to="/dashboard/calendar">Open the calendar</Link>
                </Button>
              }
            />
          }
        >
          {(events) => (
            <ul className="divide-y divide-border">
              {events.map((event) => (
                <UpcomingRow key={event.id} event={event} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </QueryContent>
      </CardContent>
    </Card>
  );
}

/** A post's title, linking to it on the calendar, over when it goes out (and `after` that). */
function EventSummary({
  event,
  timeZone,
  className,
  after,
}: {
  event: CalendarEvent;
  timeZone: string | undefined;
  className: string;
  after?: string;
}) {
  return (
    <div className={className}>
      <Link
        to={calendarLinkFor(event.id)}
        className="block truncate text-sm font-medium text-foreground hover:underline"
      >
        {event.title}
      </Link>
      <p className="text-xs text-muted-foreground">
        <time dateTime={event.scheduled_for ?? undefined}>
          {formatWhen(event.scheduled_for, timeZone)}
        </time>
        {after}
      </p>
    </div>
  );
}

function AttentionRow({ event, timeZone }: { event: CalendarEvent; timeZone: string | undefined }) {
  const failed = event.status === 'failed';
  const Icon = failed ? AlertCircle : CircleHelp;
  return (
    <li className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
      <Icon
        aria-hidden
        className={cn('size-4 shrink-0', failed ? 'text-destructive' : 'text-warning')}
      />
      <EventSummary event={event} timeZone={timeZone} className="min-w-0 flex-1" />
      <Badge variant={STATUS_VARIANTS[event.status]}>{labelOf(event.status)}</Badge>
    </li>
  );
}

/** Failed and unconfirmed posts: each opens on the calendar with the reason it did not go out. */
export function NeedsAttention({
  userId,
  timeZone,
}: {
  userId: string;
  timeZone: string | undefined;
}) {
  const query = useEventsNeedingAttention(userId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Posts needing attention</CardTitle>
        <CardDescription>Posts that failed or whose publishing is not confirmed.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryContent
          query={query}
          loading={{
            label: 'Loading posts needing attention',
            rows: 1,
            rowClassName: 'h-10 w-full',
          }}
          errorTitle="These posts could not be loaded"
          empty={
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CheckCircle2 aria-hidden className="size-4 text-success" />
              All clear: nothing failed.
            </p>
          }
        >
          {(events) => (
            <ul className="divide-y divide-border">
              {events.slice(0, 10).map((event) => (
                <AttentionRow key={event.id} event={event} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </QueryContent>
      </CardContent>
    </Card>
  );
}
