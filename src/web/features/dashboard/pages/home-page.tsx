import { Link } from 'react-router';
import {
  AlertCircle,
  ArrowRight,
  CalendarDays,
  CheckCircle2,
  Circle,
  CircleHelp,
  Clock,
  CreditCard,
} from 'lucide-react';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { BusinessProfile, Subscription } from '#shared/contracts/account.contract.ts';
import { PLANS, TRIAL_DAYS } from '#shared/plans.ts';
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
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { trialDaysLeft } from '../../account/lib/subscription.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { useUpcomingEvents } from '../../calendar/api/list-upcoming-events.ts';
import { useEventsNeedingAttention } from '../../calendar/api/calendar-api.ts';
import { QueryContent } from '../../../components/ui/query-status.tsx';
import { useLiveStatus } from '../../calendar/api/live-status.ts';
import { calendarLinkFor } from '../../calendar/lib/links.ts';
import { PublishingQuotaCard } from '../components/publishing-quota-card.tsx';
import { usePublishingQuota } from '../api/publishing-quota.ts';

export function greetingFor(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function safeTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

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

function labelOf(value: string): string {
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

function UpcomingPosts({ userId, timeZone }: { userId: string; timeZone: string | undefined }) {
  const query = useUpcomingEvents(userId);
  return (
    <Card className="self-start lg:col-span-2">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Upcoming posts</CardTitle>
            <CardDescription>Your next 10 scheduled posts, soonest first.</CardDescription>
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
function NeedsAttention({ userId, timeZone }: { userId: string; timeZone: string | undefined }) {
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

function PlanCard({ subscription }: { subscription: Subscription | null }) {
  if (!subscription) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Your plan</CardTitle>
        </CardHeader>
        <CardContent>
          <Skeleton className="h-16 w-full" />
        </CardContent>
      </Card>
    );
  }
  const plan = PLANS[subscription.plan];
  const days = trialDaysLeft(subscription);
  const used =
    days === null ? 0 : Math.min(100, Math.max(0, ((TRIAL_DAYS - days) / TRIAL_DAYS) * 100));
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Your plan</CardTitle>
          <Badge variant={subscription.status === 'active' ? 'success' : 'destructive'}>
            {labelOf(subscription.status)}
          </Badge>
        </div>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <CreditCard aria-hidden className="size-5" />
          </div>
          <div>
            <p className="text-lg font-semibold text-foreground">{plan.name}</p>
            {days !== null ? (
              <p className="text-sm text-muted-foreground">
                {days === 0
                  ? 'Your trial ends today'
                  : `${days} ${days === 1 ? 'day' : 'days'} left in your trial`}
              </p>
            ) : null}
          </div>
        </div>
        {days !== null ? (
          <div
            role="progressbar"
            aria-label="Trial used"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(used)}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${used}%` }} />
          </div>
        ) : null}
        <Button asChild variant={subscription.plan === 'premium' ? 'outline' : 'default'}>
          <Link to="/dashboard/subscription">
            {subscription.plan === 'premium'
              ? 'Manage subscription'
              : `Upgrade to ${PLANS.premium.name}`}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

interface ChecklistItem {
  label: string;
  description: string;
  href: string;
  done: boolean;
}

export function onboardingChecklist(
  businessProfile: Pick<BusinessProfile, 'industry' | 'description'> | null,
  upcoming: readonly Pick<CalendarEvent, 'status'>[] | undefined,
  /** The business's connected accounts (the quota list has one entry per account). */
  connectedAccounts: readonly unknown[] | undefined,
): ChecklistItem[] {
  return [
    {
      label: 'Complete your business profile',
      description: 'Add your industry and a short description so AI content sounds like you.',
      href: '/dashboard/settings',
      done: Boolean(businessProfile?.industry?.trim() && businessProfile.description?.trim()),
    },
    {
      label: 'Connect a platform',
      description: 'Link a Facebook Page or an Instagram business account.',
      href: '/dashboard/platforms',
      done: (connectedAccounts ?? []).length > 0,
    },
    {
      label: 'Schedule your first post',
      description: 'Pick a time on the calendar and Soci Gen publishes it for you.',
      href: '/dashboard/calendar',
      done: (upcoming ?? []).some(
        (event) => event.status === 'scheduled' || event.status === 'published',
      ),
    },
  ];
}

function OnboardingChecklist({ items }: { items: ChecklistItem[] }) {
  const doneCount = items.filter((item) => item.done).length;
  if (doneCount === items.length) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Get started with Soci Gen</CardTitle>
        <CardDescription>
          {doneCount} of {items.length} steps done
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3 md:grid-cols-3">
          {items.map((item) => (
            <li key={item.href}>
              <Link
                to={item.href}
                className={cn(
                  'flex h-full gap-3 rounded-lg border border-border p-4 transition-colors hover:bg-muted',
                  item.done ? 'bg-muted/50' : '',
                )}
              >
                {item.done ? (
                  <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
                ) : (
                  <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                )}
                <span className="grid gap-1">
                  <span
                    className={cn(
                      'text-sm font-medium text-foreground',
                      item.done ? 'line-through decoration-muted-foreground' : '',
                    )}
                  >
                    {item.label}
                    <span className="sr-only">{item.done ? ' (done)' : ' (to do)'}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">{item.description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

export default function DashboardHomePage() {
  const { user, businessProfile, subscription } = useAuth();
  const upcoming = useUpcomingEvents(user?.id ?? null);
  // The same query as the quota card: one request, and it lists every connected account.
  const accounts = usePublishingQuota(Boolean(user));
  useLiveStatus(user?.id ?? null);
  const greeting = greetingFor(new Date().getHours());
  const name = businessProfile?.business_name?.trim();
  const timeZone = safeTimeZone(businessProfile?.time_zone);

  return (
    <div className="grid gap-6">
      <PageHeader
        title={name ? `${greeting}, ${name}` : greeting}
        description="Here is what is coming up for your business."
      />
      <OnboardingChecklist
        items={onboardingChecklist(businessProfile, upcoming.data, accounts.data)}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        {user ? <UpcomingPosts userId={user.id} timeZone={timeZone} /> : null}
        <div className="grid content-start gap-6">
          {user ? <NeedsAttention userId={user.id} timeZone={timeZone} /> : null}
          {user ? <PublishingQuotaCard /> : null}
          <PlanCard subscription={subscription} />
        </div>
      </div>
    </div>
  );
}
