import type { Contact } from '#shared/contracts/audience.contract.ts';
import { formatDateTime } from '../../../lib/date-format.ts';

// How the audience pages say a contact's figures.

export const PLATFORM_NAMES = { facebook: 'Facebook', instagram: 'Instagram' } as const;

export function sentimentLabel(sentiment: number | null): string {
  if (sentiment === null) return 'Not judged';
  const word = sentiment >= 0.25 ? 'Positive' : sentiment <= -0.25 ? 'Negative' : 'Neutral';
  return `${word} (${sentiment >= 0 ? '+' : ''}${sentiment.toFixed(1)})`;
}

export function lastInteraction(contact: Pick<Contact, 'lastInteractionAt'>, timeZone: string) {
  return contact.lastInteractionAt
    ? formatDateTime(new Date(contact.lastInteractionAt), timeZone)
    : 'Never';
}

export const contactUrl = (id: string) => `/dashboard/audience/contacts/${encodeURIComponent(id)}`;
export const segmentUrl = (id: string) => `/dashboard/audience/segments/${encodeURIComponent(id)}`;

/**
 * A conversation in the social monitor: its tab (comments or messages) and the open thread live in
 * the address (social-monitor/lib/use-inbox-state.ts).
 */
export function threadUrl(thread: { id: string; kind: string }): string {
  const params = new URLSearchParams();
  if (thread.kind !== 'comment') params.set('tab', 'messages');
  params.set('thread', thread.id);
  return `/dashboard/social-monitor?${params.toString()}`;
}
