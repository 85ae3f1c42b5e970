import type { CampaignStatus } from '#shared/contracts/campaigns.contract.ts';
import type { BadgeVariant } from '../../../components/ui/badge.tsx';
import { isValidTimeZone, parseDateKey, type PlainDate } from '../../../lib/zoned-time.ts';
import { useAuth } from '../../auth/index.ts';

// How campaigns read: their statuses, dates, formats and weekdays.

export const CAMPAIGN_STATUS_LIST: readonly CampaignStatus[] = [
  'draft',
  'scheduled',
  'active',
  'paused',
  'completed',
  'cancelled',
];

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const STATUS_VARIANTS: Record<CampaignStatus, BadgeVariant> = {
  draft: 'outline',
  scheduled: 'default',
  active: 'success',
  paused: 'warning',
  completed: 'secondary',
  cancelled: 'destructive',
};

export const FORMAT_LABELS: Record<string, string> = {
  post: 'Post',
  carousel: 'Carousel',
  reel: 'Reel',
  story: 'Story',
};

/** Sunday first, as the posting hours and the cadence count (0 = Sunday). */
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function dayText(date: PlainDate): string {
  return dayFormat.format(new Date(Date.UTC(date.year, date.month - 1, date.day)));
}

/** "Dec 1, 2026 – Dec 28, 2026", or what is known of it. */
export function dateRangeText(startsOn: string | null, endsOn: string | null): string {
  const start = startsOn ? parseDateKey(startsOn) : null;
  const end = endsOn ? parseDateKey(endsOn) : null;
  if (start && end) return `${dayText(start)} – ${dayText(end)}`;
  if (start) return `From ${dayText(start)}`;
  return 'No dates yet';
}

export function useBusinessTimeZone(): string {
  const zone = useAuth().businessProfile?.time_zone;
  return isValidTimeZone(zone) ? zone : 'UTC';
}
