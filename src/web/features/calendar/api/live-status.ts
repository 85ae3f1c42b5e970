import { useEffect } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CalendarEvent, PlatformPost } from '#shared/contracts/calendar.contract.ts';
import {
  LIVE_EVENTS,
  LIVE_STATUS,
  liveStatusMessageSchema,
  publishingRoutes,
  type LiveStatusMessage,
} from '#shared/contracts/publishing.contract.ts';
import { reportError } from '../../../lib/errors.ts';
import { publishingQuotaKey } from '../../dashboard/api/publishing-quota.ts';
import { PLATFORM_STYLES } from '../components/event-style.tsx';
import { calendarKeys } from './list-upcoming-events.ts';

// Status changes of the business's posts as they happen (GET /api/publishing/live, server-sent
// events, docs/decisions/081). One stream per tab, shared by every page that asks for it and kept
// a few seconds across page changes. Each message updates the lists on screen at once and has
// them read again shortly after; a post on screen that is published or fails is announced in a
// toast. While the stream is down it reconnects after 1, 2, 5, then every 10 s (seed §9), reads
// everything again once back, and meanwhile polls every 30 s if a post on screen is about to go
// out or is going out.

/** How often the lists are read again while the stream is down and a post is due. */
export const LIVE_POLL_MS = 30_000;
/** "About to go out": scheduled within this long from now (or overdue). */
export const LIVE_SOON_MS = 5 * 60_000;
/** Messages arriving together cause one refetch. */
const REFETCH_DELAY_MS = 1000;
/** A page change keeps the stream this long, so the next page does not reconnect. */
const RELEASE_DELAY_MS = 5000;
/** After the server says it is shutting down, reconnect within this long (spread out). */
const CLOSING_RECONNECT_MS = 3000;

type LiveConnectionState = 'connecting' | 'open' | 'down';

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'onopen' | 'onerror'>;

export interface LiveStatusOptions {
  /** A stand-in for the browser's EventSource (tests); none means polling only. */
  createSource?: ((url: string) => EventSourceLike) | null;
}

const defaultSource =
  typeof EventSource === 'undefined'
    ? null
    : (url: string): EventSourceLike => new EventSource(url, { withCredentials: true });

const isEventList = (data: unknown): data is CalendarEvent[] =>
  Array.isArray(data) && data.every((e) => typeof e === 'object' && e !== null && 'title' in e);

/** The calendar queries being looked at: observed by a mounted component. */
function activeCalendarQueries(client: QueryClient): Query[] {
  return client.getQueryCache().findAll({ queryKey: calendarKeys.all, type: 'active' });
}

/** Whether the event is on screen: in a list being looked at, or open with its deliveries. */
function isOnScreen(client: QueryClient, eventId: string): boolean {
  const open = client
    .getQueryCache()
    .find({ queryKey: calendarKeys.platformPosts(eventId), type: 'active' });
  return (
    open !== undefined ||
    activeCalendarQueries(client).some(
      (query) => isEventList(query.state.data) && query.state.data.some((e) => e.id === eventId),
    )
  );
}

/** The event's title from any cached list; empty when none has it (opened by its address). */
function cachedTitle(client: QueryClient, eventId: string): string {
  for (const [, data] of client.getQueriesData({ queryKey: calendarKeys.all })) {
    const found = isEventList(data) ? data.find((e) => e.id === eventId) : undefined;
    if (found) return found.title;
  }
  return '';
}

/** Whether a post on screen is going out now or within a few minutes. */
export function hasImminentPosts(client: QueryClient, now: number = Date.now()): boolean {
  for (const query of activeCalendarQueries(client)) {
    const data = query.state.data;
    if (!Array.isArray(data)) continue;
    for (const item of data as Array<Partial<CalendarEvent & PlatformPost>>) {
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
  for (const [key, data] of client.getQueriesData({ queryKey: calendarKeys.all })) {
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
  client.setQueryData<PlatformPost[]>(calendarKeys.platformPosts(message.event_id), (list) =>
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
export function announce(client: QueryClient, message: LiveStatusMessage): void {
  const delivery = message.delivery;
  if (!delivery || (delivery.status !== 'published' && delivery.status !== 'failed')) return;
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

/** One tab's stream, shared by the pages that use it. */
class LiveStatusConnection {
  readonly #client: QueryClient;
  readonly #createSource: ((url: string) => EventSourceLike) | null;
  #users = 0;
  #userId: string | null = null;
  #source: EventSourceLike | null = null;
  #state: LiveConnectionState = 'down';
  #failures = 0;
  #everOpened = false;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #openTimer: ReturnType<typeof setTimeout> | undefined;
  #releaseTimer: ReturnType<typeof setTimeout> | undefined;
  #refetchTimer: ReturnType<typeof setTimeout> | undefined;
  #pollTimer: ReturnType<typeof setInterval> | undefined;

  constructor(client: QueryClient, createSource: ((url: string) => EventSourceLike) | null) {
    this.#client = client;
    this.#createSource = createSource;
  }

  /** `userId`: who is signed in; someone else signing in on this tab opens a stream of theirs. */
  acquire(userId: string): () => void {
    this.#users += 1;
    clearTimeout(this.#releaseTimer);
    if (this.#userId !== userId && this.#pollTimer) this.#stop();
    this.#userId = userId;
    if (!this.#pollTimer) this.#start();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#users -= 1;
      if (this.#users === 0) {
        this.#releaseTimer = setTimeout(() => this.#stop(), RELEASE_DELAY_MS);
      }
    };
  }

  #start(): void {
    this.#pollTimer = setInterval(() => {
      if (this.#state !== 'open' && hasImminentPosts(this.#client)) this.#refetch();
    }, LIVE_POLL_MS);
    this.#connect();
  }

  #stop(): void {
    clearInterval(this.#pollTimer);
    this.#pollTimer = undefined;
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#openTimer);
    clearTimeout(this.#refetchTimer);
    this.#source?.close();
    this.#source = null;
    this.#state = 'down';
    this.#failures = 0;
    this.#everOpened = false;
  }

  #connect(): void {
    if (!this.#createSource) return;
    this.#state = 'connecting';
    const source = this.#createSource(publishingRoutes.live);
    this.#source = source;
    this.#openTimer = setTimeout(() => this.#fail(source), LIVE_STATUS.connectTimeoutMs);
    source.onopen = () => {
      if (this.#source !== source) return;
      clearTimeout(this.#openTimer);
      this.#state = 'open';
      // Whatever changed while the stream was down was not told: read it all again.
      if (this.#everOpened || this.#failures > 0) this.#refetch(0);
      this.#failures = 0;
      this.#everOpened = true;
    };
    source.onerror = () => this.#fail(source);
    source.addEventListener(LIVE_EVENTS.status, (event) => {
      if (this.#source !== source) return;
      const parsed = liveStatusMessageSchema.safeParse(
        safeJson((event as MessageEvent<string>).data),
      );
      if (parsed.success) {
        applyLiveMessage(this.#client, parsed.data);
        announce(this.#client, parsed.data);
      } else {
        // A message this tab cannot read (a newer server, say): kept in the error log, and the
        // lists are read again, since something did change.
        reportError(parsed.error, {
          component: 'live-status',
          context: { suppressToast: true },
        });
      }
      this.#refetch();
    });
    source.addEventListener(LIVE_EVENTS.resync, () => {
      if (this.#source !== source) return;
      // The server may have missed changes made meanwhile in other processes.
      this.#refetch(0);
    });
    source.addEventListener(LIVE_EVENTS.closing, () => {
      if (this.#source !== source) return;
      // Another server process answers; not a failure, so no growing wait.
      this.#drop(source);
      this.#retryTimer = setTimeout(
        () => this.#connect(),
        Math.round(Math.random() * CLOSING_RECONNECT_MS),
      );
    });
    source.addEventListener(LIVE_EVENTS.ended, () => this.#fail(source));
  }

  #drop(source: EventSourceLike): void {
    clearTimeout(this.#openTimer);
    source.close();
    if (this.#source === source) this.#source = null;
    this.#state = 'down';
  }

  /** The browser would retry on its own, but not after a refusal: every retry is ours. */
  #fail(source: EventSourceLike): void {
    if (this.#source !== source) return;
    this.#drop(source);
    const delays = LIVE_STATUS.reconnectDelaysMs;
    const delay = delays[Math.min(this.#failures, delays.length - 1)]!;
    this.#failures += 1;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => this.#connect(), delay);
  }

  /** Reads the lists again soon; several messages in a row cause one read. */
  #refetch(delay = REFETCH_DELAY_MS): void {
    if (this.#refetchTimer !== undefined && delay > 0) return;
    clearTimeout(this.#refetchTimer);
    this.#refetchTimer = setTimeout(() => {
      this.#refetchTimer = undefined;
      void this.#client.invalidateQueries({ queryKey: calendarKeys.all });
      // Quotas change as posts go out (the home page and the composer show them).
      void this.#client.invalidateQueries({ queryKey: publishingQuotaKey });
    }, delay);
  }
}

function safeJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

const connections = new WeakMap<QueryClient, LiveStatusConnection>();

/** The tab's connection for this query client (tests pass their own source). */
export function liveStatusConnection(
  client: QueryClient,
  options: LiveStatusOptions = {},
): LiveStatusConnection {
  let connection = connections.get(client);
  if (!connection) {
    connection = new LiveStatusConnection(
      client,
      options.createSource === undefined ? defaultSource : options.createSource,
    );
    connections.set(client, connection);
  }
  return connection;
}

/**
 * Keeps the calendar's lists, the home page's lists and an open post's deliveries current while
 * the calling page is mounted. `userId` null (not signed in yet) does nothing.
 */
export function useLiveStatus(userId: string | null, options?: LiveStatusOptions): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    return liveStatusConnection(client, options).acquire(userId);
    // The options are fixed for a tab; only who is signed in and the client matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, client]);
}
