import type { Query, QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CalendarEvent } from '#shared/contracts/calendar.contract.ts';
import type { Delivery } from '#shared/contracts/posts.contract.ts';
import type { LiveStatusMessage } from '#shared/contracts/publishing.contract.ts';
import { PLATFORM_STYLES } from '../components/event-style.tsx';
import { postKeys } from './keys.ts';

// What a live status message (live-status.ts, docs/decisions/081) does to the query cache: the
// new status goes into every cached list at once, an open post's deliveries follow, and a post
// on screen that is published or fails is announced.

/** "About to go out": scheduled within this long from now (or overdue). */
export const LIVE_SOON_MS = 5 * 60_000;

const isEventList = (data: unknown): data is CalendarEvent[] =>
  Array.isArray(data) && data.every((e) => typeof e === 'object' && e !== null && 'title' in e);

/** The lists and deliveries being looked at: observed by a mounted component. */
function activePostQueries(client: QueryClient): Query[] {
  return client.getQueryCache().findAll({ queryKey: postKeys.all, type: 'active' });
}

/** Whether the event is on screen: in a list being looked at, or open with its deliveries. */
function isOnScreen(client: QueryClient, eventId: string): boolean {
  const open = client
    .getQueryCache()
    .findAll({ queryKey: postKeys.platformPosts(eventId), type: 'active' });
  return (
    open.length > 0 ||
    activePostQueries(client).some(
      (query) => isEventList(query.state.data) && query.state.data.some((e) => e.id === eventId),
    )
  );
}

/** The event's title from any cached list; empty when none has it (opened by its address). */
function cachedTitle(client: QueryClient, eventId: string): string {
  for (const [, data] of client.getQueriesData({ queryKey: postKeys.all })) {
    const found = isEventList(data) ? data.find((e) => e.id === eventId) : undefined;
    if (found) return found.title;
  }
  return '';
}

/** Whether a post on screen is going out now or within a few minutes. */
export function hasImminentPosts(client: QueryClient, now: number = Date.now()): boolean {
  for (const query of activePostQueries(client)) {
    const data = query.state.data;
    if (!Array.isArray(data)) continue;
    for (const item of data as Array<Partial<CalendarEvent & Delivery>>) {
      if (item.status === 'publishing' || item.status === 'unconfirmed') return true;
      // Deliveries carry no time here; their event, in the lists, says when it is due.
      if (item.status === 'scheduled' && item.scheduled_for) {
        if (Date.parse(item.scheduled_for) <= now + LIVE_SOON_MS) return true;
      }
    }
  }
  return false;
}

/** Puts the new status into every cached list at once (the refetch that follows confirms it). */
export function applyLiveMessage(client: QueryClient, message: LiveStatusMessage): void {
  for (const [key, data] of client.getQueriesData({ queryKey: postKeys.all })) {
    if (!isEventList(data) || !data.some((e) => e.id === message.event_id)) continue;
    client.setQueryData<CalendarEvent[]>(key, (list) =>
      message.status === null
        ? list?.filter((e) => e.id !== message.event_id)
        : list?.map((e) => (e.id === message.event_id ? { ...e, status: message.status! } : e)),
    );
  }
  const delivery = message.delivery;
  if (!delivery) return;
  // Only an event whose deliveries were read has them cached; otherwise this changes nothing.
  client.setQueriesData<Delivery[]>(
    { queryKey: postKeys.platformPosts(message.event_id) },
    (list) =>
      list?.map((p) =>
        p.id === delivery.id
          ? {
              ...p,
              status: delivery.status,
              permalink: delivery.permalink ?? p.permalink,
              last_error: delivery.last_error,
            }
          : p,
      ),
  );
}

/** "Published to Instagram" (with a link) or why it was not, for a post on screen. */
/** The "Publishing now" toast of a post: replaced once an account has answered. */
export function publishingToastId(eventId: string): string {
  return `publishing-${eventId}`;
}

export function announce(client: QueryClient, message: LiveStatusMessage): void {
  const delivery = message.delivery;
  if (!delivery || (delivery.status !== 'published' && delivery.status !== 'failed')) return;
  toast.dismiss(publishingToastId(message.event_id));
  if (!isOnScreen(client, message.event_id)) return;
  const platform = PLATFORM_STYLES[delivery.platform].label;
  const known = cachedTitle(client, message.event_id);
  const title = known ? `“${known}”` : 'Your post';
  if (delivery.status === 'published') {
    const link = delivery.permalink;
    toast.success(`Published to ${platform}`, {
      id: `live-${delivery.id}-published`,
      description: title,
      duration: 8000,
      ...(link
        ? {
            action: {
              label: 'View post',
              onClick: () => window.open(link, '_blank', 'noopener,noreferrer'),
            },
          }
        : {}),
    });
  } else {
    toast.error(`${title} was not published to ${platform}`, {
      id: `live-${delivery.id}-failed`,
      description: delivery.last_error ?? 'Open the post to see why.',
      duration: 8000,
    });
  }
}
