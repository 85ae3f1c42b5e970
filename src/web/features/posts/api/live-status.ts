import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LIVE_EVENTS, LIVE_STATUS } from '#shared/contracts/live-status.ts';
import type { LiveStatusMessage } from '#shared/contracts/publishing.contract.ts';
import { reportError } from '../../../lib/errors.ts';
import { publishingPaths } from '../../../lib/api-paths.ts';
import { postKeys } from './keys.ts';
import { announce, applyLiveMessage, hasImminentPosts } from './live-cache.ts';

// Status changes of the business's posts as they happen (GET /api/publishing/live, server-sent
// events, docs/decisions/081). One stream per tab, shared by every page that asks for it and kept a
// few seconds across page changes. Each message updates the lists on screen at once and has them
// read again shortly after; a post on screen that is published or fails is announced in a toast.
// While the stream is down it reconnects after 1, 2, 5, then every 10 s
// (docs/product/constants.md#realtime), reads everything again once back, and meanwhile polls every
// 30 s if a post on screen is about to go out or is going out.

/** How often the lists are read again while the stream is down and a post is due. */
export const LIVE_POLL_MS = 30_000;
/** Messages arriving together cause one refetch. */
const REFETCH_DELAY_MS = 1000;
/** A page change keeps the stream this long, so the next page does not reconnect. */
const RELEASE_DELAY_MS = 5000;
/** After the server says it is shutting down, reconnect within this long (spread out). */
const CLOSING_RECONNECT_MS = 3000;

type LiveConnectionState = 'connecting' | 'open' | 'down';

type MessageCheck = { success: true; data: LiveStatusMessage } | { success: false; error: Error };

let messageReader: Promise<(data: unknown) => MessageCheck> | null = null;

/**
 * The message's schema (zod) is loaded when a stream first opens, not with the page: the
 * dashboard's first load stays without the schemas. Messages wait for it in their order.
 */
function readMessage(): Promise<(data: unknown) => MessageCheck> {
  messageReader ??= import('#shared/contracts/publishing.contract.ts').then(
    ({ liveStatusMessageSchema }) =>
      (data: unknown) =>
        liveStatusMessageSchema.safeParse(data),
  );
  return messageReader;
}

/**
 * Told of each `inbox` message (its parsed data), and with `null` when everything should be read
 * again (the stream came back, or the server may have missed changes): the social monitor
 * (docs/decisions/091) shares this tab's stream instead of opening its own.
 */
export type LiveInboxListener = (data: unknown) => void;

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'onopen' | 'onerror'>;

export interface LiveStatusOptions {
  /** A stand-in for the browser's EventSource (tests); none means polling only. */
  createSource?: ((url: string) => EventSourceLike) | null;
}

const defaultSource =
  typeof EventSource === 'undefined'
    ? null
    : (url: string): EventSourceLike => new EventSource(url, { withCredentials: true });

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
  readonly #inboxListeners = new Set<LiveInboxListener>();

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

  /** Listens to the inbox's messages while the returned function has not been called. */
  onInbox(listener: LiveInboxListener): () => void {
    this.#inboxListeners.add(listener);
    return () => this.#inboxListeners.delete(listener);
  }

  #tellInbox(data: unknown): void {
    for (const listener of this.#inboxListeners) listener(data);
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
    const source = this.#createSource(publishingPaths.live);
    this.#source = source;
    this.#openTimer = setTimeout(() => this.#fail(source), LIVE_STATUS.connectTimeoutMs);
    source.onopen = () => {
      if (this.#source !== source) return;
      clearTimeout(this.#openTimer);
      this.#state = 'open';
      // Whatever changed while the stream was down was not told: read it all again.
      if (this.#everOpened || this.#failures > 0) this.#refetch(0);
      // The inbox is read again on every open, the first one too: a comment that arrived between
      // the page's first read and this moment was told to no stream.
      this.#tellInbox(null);
      this.#failures = 0;
      this.#everOpened = true;
    };
    source.onerror = () => this.#fail(source);
    const reader = readMessage();
    source.addEventListener(LIVE_EVENTS.status, (event) => {
      if (this.#source !== source) return;
      const data = safeJson((event as MessageEvent<string>).data);
      void reader.then((check) => {
        if (this.#source !== source) return;
        const parsed = check(data);
        if (parsed.success) {
          applyLiveMessage(this.#client, parsed.data);
          announce(this.#client, parsed.data);
        } else {
          // A message this tab cannot read (a newer server, say): kept in the error log, and
          // the lists are read again, since something did change.
          reportError(parsed.error, {
            component: 'live-status',
            context: { suppressToast: true },
          });
        }
        this.#refetch();
      });
    });
    source.addEventListener(LIVE_EVENTS.resync, () => {
      if (this.#source !== source) return;
      // The server may have missed changes made meanwhile in other processes.
      this.#refetch(0);
      this.#tellInbox(null);
    });
    source.addEventListener(LIVE_EVENTS.inbox, (event) => {
      if (this.#source !== source) return;
      this.#tellInbox(safeJson((event as MessageEvent<string>).data) ?? null);
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
      void this.#client.invalidateQueries({ queryKey: postKeys.all });
      // Quotas change as posts go out (the home page and the composer show them).
      void this.#client.invalidateQueries({ queryKey: postKeys.quotas });
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

/**
 * The inbox's messages on the tab's one stream, while the calling page is mounted (the stream is
 * opened if no other page holds it). `listener` gets each message's data, or null to read
 * everything again.
 */
export function useLiveInbox(
  userId: string | null,
  listener: LiveInboxListener,
  options?: LiveStatusOptions,
): void {
  const client = useQueryClient();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!userId) return;
    const connection = liveStatusConnection(client, options);
    const stopListening = connection.onInbox((data) => latest.current(data));
    const release = connection.acquire(userId);
    return () => {
      stopListening();
      release();
    };
    // The options are fixed for a tab; only who is signed in and the client matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, client]);
}
