import { INBOX_LIMITS } from '#shared/contracts/inbox.contract.ts';

// The messaging window (docs/product/meta-platform.md#messaging-window): a free-form message may
// be sent within 24 hours of the person's last message, 7 days with the human-agent tag where it
// is configured. The server says until when (replyWindowEndsAt); this says how it reads.

export interface WindowState {
  open: boolean;
  /** "5 h 12 min left", "38 min left". */
  left: string | null;
  /** Less than an hour to go. */
  closingSoon: boolean;
}

export function formatDuration(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${Math.max(mins, 1)} min`;
}

export function windowState(endsAt: string | null, now: number): WindowState {
  const end = endsAt ? Date.parse(endsAt) : NaN;
  if (!Number.isFinite(end) || end <= now) return { open: false, left: null, closingSoon: false };
  return {
    open: true,
    left: `${formatDuration(end - now)} left`,
    closingSoon: end - now < 3_600_000,
  };
}

/** Why the composer is closed, in the person's words. */
export function closedExplanation(
  platform: 'instagram' | 'facebook',
  humanAgentTag: boolean,
  lastInboundAt: string | null,
  now: number,
): string {
  const name = platform === 'instagram' ? 'Instagram' : 'Facebook';
  const span = humanAgentTag ? '7 days' : '24 hours';
  const since = lastInboundAt ? Date.parse(lastInboundAt) : NaN;
  const ago = Number.isFinite(since)
    ? ` Their last message was ${formatDuration(now - since)} ago.`
    : '';
  return `${name} lets a business answer a message only within ${span} of the person’s last message.${ago} You can reply again as soon as they write to you.`;
}

/** Whether a private reply to a comment written at `sentAt` may still be sent. */
export function privateReplyBlocked(
  item: { sentAt: string; privateReplyAt: string | null },
  now: number,
): string | null {
  if (item.privateReplyAt) return 'A private reply was already sent for this comment.';
  if (now - Date.parse(item.sentAt) > INBOX_LIMITS.privateReplyWindowMs) {
    return 'Private replies can be sent only within 7 days of the comment.';
  }
  return null;
}
