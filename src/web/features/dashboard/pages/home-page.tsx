import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { BusinessProfile } from '#shared/contracts/account.contract.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useAuth } from '../../auth/index.ts';
import { useActorCan } from '../../staff/index.ts';
import { useLiveStatus, usePublishingQuota, useUpcomingEvents } from '../../posts/index.ts';
import { NeedsAttention, UpcomingPosts } from '../components/home-posts.tsx';
import { OnboardingChecklist, type ChecklistItem } from '../components/onboarding-checklist.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import { PublishingQuotaCard } from '../components/publishing-quota-card.tsx';
import { WaitingForReplyCard } from '../../social-monitor/index.ts';
import { HomeKpiCards } from '../../analytics/index.ts';

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

export default function DashboardHomePage() {
  const { user, businessProfile, subscription } = useAuth();
  const actor = useActorCan();
  const upcoming = useUpcomingEvents(user?.id ?? null);
  // The same query as the quota card: one request, and it lists every connected account.
  const accounts = usePublishingQuota(Boolean(user));
  useLiveStatus(user?.id ?? null);
  const greeting = greetingFor(new Date().getHours());
  const name = businessProfile?.business_name?.trim();
  const timeZone = safeTimeZone(businessProfile?.time_zone);

  // One column on a phone that never grows past the screen: an implicit grid column is as wide
  // as its widest content, and a long post title would widen the whole page (docs/decisions/090).
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title={name ? `${greeting}, ${name}` : greeting}
        description="Here is what is coming up for your business."
      />
      <OnboardingChecklist
        items={onboardingChecklist(businessProfile, upcoming.data, accounts.data)}
      />
      {user ? <HomeKpiCards /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {user ? <UpcomingPosts userId={user.id} timeZone={timeZone} /> : null}
        <div className="grid content-start gap-6">
          {user ? <NeedsAttention userId={user.id} timeZone={timeZone} /> : null}
          {user ? <WaitingForReplyCard /> : null}
          {user ? <PublishingQuotaCard /> : null}
          <PlanCard
            subscription={subscription}
            managesSubscription={actor.known && actor.can('manage:subscription')}
          />
        </div>
      </div>
    </div>
  );
}
