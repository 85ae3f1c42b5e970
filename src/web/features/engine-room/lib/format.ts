import type { CampaignStatus } from '#shared/contracts/campaigns.contract.ts';
import type { EngineTool, ToolCall } from '#shared/contracts/engine-room.contract.ts';
import type { BadgeVariant } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/date-format.ts';
import { isValidTimeZone, parseDateKey } from '../../../lib/zoned-time.ts';
import { useAuth } from '../../auth/index.ts';

// How the engine room reads: engines, tool calls, times, captions and campaigns.

/** The engine that answered, as its badge says it ("offline" is the fixed repertoire). */
export function engineLabel(engine: string | null): string | null {
  if (!engine) return null;
  return engine === 'offline' ? 'Offline engine' : engine;
}

export const TOOL_TITLES: Record<EngineTool, string> = {
  draft_posts: 'Posts to add',
  plan_campaign: 'Campaign plan',
  find_media: 'Media from your library',
  suggest_times: 'Times to post',
  check_post: 'Post check',
};

export const TOOL_STATUS: Record<ToolCall['status'], { label: string; variant: BadgeVariant }> = {
  proposed: { label: 'Waiting for you', variant: 'outline' },
  confirmed: { label: 'Running', variant: 'secondary' },
  dismissed: { label: 'Dismissed', variant: 'secondary' },
  done: { label: 'Done', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

export const FORMAT_LABELS: Record<string, string> = {
  post: 'Post',
  carousel: 'Carousel',
  reel: 'Reel',
  story: 'Story',
};

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The first `length` characters of a caption, on one line. */
export function excerpt(text: string, length = 90): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}

/** "Tue 1 Dec, 09:00" in the business time zone, or `fallback` without a time. */
export function whenText(iso: string | null, timeZone: string, fallback = 'No time yet'): string {
  if (!iso) return fallback;
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : formatDateTime(instant, timeZone);
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Dec 1, 2026" of a YYYY-MM-DD date. */
export function dayText(key: string | null): string | null {
  const date = key ? parseDateKey(key) : null;
  return date ? dayFormat.format(new Date(Date.UTC(date.year, date.month - 1, date.day))) : null;
}

export function dateRangeText(startsOn: string | null, endsOn: string | null): string {
  const start = dayText(startsOn);
  const end = dayText(endsOn);
  if (start && end) return `${start} – ${end}`;
  return start ? `From ${start}` : 'No dates yet';
}

export function useBusinessTimeZone(): string {
  const zone = useAuth().businessProfile?.time_zone;
  return isValidTimeZone(zone) ? zone : 'UTC';
}
