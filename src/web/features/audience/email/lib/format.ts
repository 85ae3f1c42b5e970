import type {
  EmailCampaign,
  EmailCampaignStatus,
} from '#shared/contracts/email-marketing.contract.ts';
import type { BadgeVariant } from '../../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../../lib/date-format.ts';
import type { Suppression } from '../api/email-api.ts';

// How campaign e-mails read: their statuses, times, figures and addresses.

export const STATUS_LABELS: Record<EmailCampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const STATUS_VARIANTS: Record<EmailCampaignStatus, BadgeVariant> = {
  draft: 'outline',
  scheduled: 'default',
  sending: 'warning',
  sent: 'success',
  cancelled: 'destructive',
};

export const REASON_LABELS: Record<Suppression['reason'], string> = {
  unsubscribed: 'Unsubscribed',
  hard_bounce: 'Address refused',
  soft_bounce: 'Bounced repeatedly',
  manual: 'Added by hand',
};

/** When an e-mail went or goes out, in the business time zone, or why there is no time. */
export function whenText(campaign: EmailCampaign, timeZone: string): string {
  const at = (iso: string) => formatDateTime(new Date(iso), timeZone);
  switch (campaign.status) {
    case 'draft':
      return 'Not sent';
    case 'scheduled':
      return campaign.sendAt ? `Goes out ${at(campaign.sendAt)}` : 'Scheduled';
    case 'sending':
      return campaign.startedAt ? `Sending since ${at(campaign.startedAt)}` : 'Sending';
    case 'sent':
      return `Sent ${at(campaign.finishedAt ?? campaign.startedAt ?? campaign.updatedAt)}`;
    case 'cancelled':
      return campaign.startedAt ? `Stopped; began ${at(campaign.startedAt)}` : 'Cancelled';
  }
}

/** "1 person" / "312 people". */
export function people(count: number): string {
  return `${count.toLocaleString()} ${count === 1 ? 'person' : 'people'}`;
}

/** Of the recipients, how many are done (sent, refused, bounced or left out), 0–100. */
export function progressPercent(figures: EmailCampaign['figures']): number {
  if (figures.recipients === 0) return 0;
  const done = figures.sent + figures.refused + figures.bounced + figures.skipped;
  return Math.min(100, Math.round((done / figures.recipients) * 100));
}

export const emailUrl = (id: string) => `/dashboard/audience/emails/${encodeURIComponent(id)}`;
export const NEW_EMAIL_URL = '/dashboard/audience/emails/new';
export const SUPPRESSIONS_URL = '/dashboard/audience/emails/suppressions';
export const EMAILS_TAB_URL = '/dashboard/audience?tab=emails';
