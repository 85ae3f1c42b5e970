import { LIVE_EVENTS, LIVE_STATUS } from '#shared/contracts/publishing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { can, type Actor } from '#shared/permissions.ts';
import { requireAccess } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { actorRequestOf, resolveActor } from '../auth/actor.ts';
import { authService, type AuthService } from '../auth/auth.service.ts';
import { decodeNotice } from '../posts/index.ts';
import { decodeInboxNotice } from '../inbox/inbox-live.ts';
import { perProcess } from '#server/platform/per-process.ts';

// GET /api/publishing/live: server-sent events telling the signed-in person's active business's
// open calendars that a post or one of its deliveries changed status (docs/decisions/081). One
// hub per process hears the bus's publishing-status topic once and passes each message to the
// streams of that business. A stream is re-checked on every heartbeat and whenever the person's
// sessions or memberships change, by the same resolveActor as every API request: signed out,
// removed from the business, made inactive or moved to a role without the calendar ends it.
// When the bus's connection comes back after a drop, every stream is told to read again.
// Shutting down ends every stream with a "closing" event.

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform: no proxy may compress (and so buffer) the stream; X-Accel-Buffering: nginx.
  'Cache-Control': 'no-store, no-transform',
  'X-Accel-Buffering': 'no',
};

/** A stream whose reader stopped reading: beyond this much unread, it is ended. */
const MAX_UNREAD_BYTES = 256 * 1024;

interface LiveStream {
  userId: string;
  tenantId: string;
  write(text: string): void;
  end(event?: { name: string; data: unknown }): void;
  recheck(): void;
}

export class LiveStatusHub {
  readonly #deps: AppDeps;
  readonly #auth: AuthService;
  readonly #byTenant = new Map<string, Set<LiveStream>>();
  readonly #byUser = new Map<string, Set<LiveStream>>();
  #closed = false;

  constructor(deps: AppDeps, auth: AuthService = authService(deps)) {
    this.#deps = deps;
    this.#auth = auth;
    deps.bus.subscribe('publishing-status', (payload) => this.#deliver(payload));
    // The social monitor's threads (docs/decisions/091 "Live"): every member reads the inbox,
    // and the stream itself is only open to those who may read the calendar.
    deps.bus.subscribe('inbox', (payload) => this.#deliverInbox(payload));
    // Membership and session caches drop the person's entries on the same message; the check
    // waits a turn so it reads past them.
    deps.bus.subscribe('user-sessions', (userId) => {
      const streams = this.#byUser.get(userId);
      if (streams) setTimeout(() => streams.forEach((s) => s.recheck()), 0);
    });
    // What other processes told while this one could not hear them is lost: the browsers read
    // everything again.
    deps.bus.onResync(() => this.#broadcast(`event: ${LIVE_EVENTS.resync}\ndata: {}\n\n`));
    deps.bus.onClose(() => this.close());
  }

  #broadcast(frame: string): void {
    for (const streams of this.#byTenant.values())
      for (const stream of streams) stream.write(frame);
  }

  /** Streams open in this process (for tests and the monitor). */
  get size(): number {
    let n = 0;
    for (const set of this.#byUser.values()) n += set.size;
    return n;
  }

  #deliver(payload: string): void {
    const notice = decodeNotice(payload);
    if (!notice) return;
    const streams = this.#byTenant.get(notice.tenantId);
    if (!streams || streams.size === 0) return;
    const frame = `event: ${LIVE_EVENTS.status}\ndata: ${JSON.stringify(notice.message)}\n\n`;
    for (const stream of streams) stream.write(frame);
  }

  #deliverInbox(payload: string): void {
    const notice = decodeInboxNotice(payload);
    if (!notice) return;
    const streams = this.#byTenant.get(notice.tenantId);
    if (!streams || streams.size === 0) return;
    const frame = `event: ${LIVE_EVENTS.inbox}\ndata: ${JSON.stringify(notice.message)}\n\n`;
    for (const stream of streams) stream.write(frame);
  }

  /** Opens a stream for the request's actor, or refuses with 403/429/503 in the error envelope. */
  open(c: AppContext, actor: Actor): Response {
    requireAccess(actor, 'read:calendar');
    if (this.#closed) {
      // Shutting down: the browser is told to reconnect, and another process answers.
      return new Response(`event: ${LIVE_EVENTS.closing}\ndata: {}\n\n`, { headers: SSE_HEADERS });
    }
    const mine = this.#byUser.get(actor.userId);
    if (mine && mine.size >= LIVE_STATUS.maxStreamsPerUser) {
      throw AppError.from('RATE_LIMIT_EXCEEDED', {
        userMessage: `Live updates are open in ${LIVE_STATUS.maxStreamsPerUser} windows already. Close one, then reload this page.`,
        technicalMessage: `${actor.userId} has ${mine.size} live streams open`,
        userId: actor.userId,
        details: { limit: LIVE_STATUS.maxStreamsPerUser },
      });
    }
    // The request's cookies, resolved again as the request itself was.
    const request = actorRequestOf(c);
    const deps = this.#deps;
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const timers: { heartbeat?: NodeJS.Timeout } = {};
    let ended = false;

    const stillAllowed = async (): Promise<boolean> => {
      const current = await resolveActor(deps, this.#auth, request);
      return (
        current !== null &&
        current.refusal === null &&
        current.actor.userId === actor.userId &&
        current.actor.tenantId === actor.tenantId &&
        can(current.actor, 'read:calendar')
      );
    };

    const stream: LiveStream = {
      userId: actor.userId,
      tenantId: actor.tenantId,
      write: (text) => {
        if (ended) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stream.end();
          return;
        }
        if ((controller.desiredSize ?? 0) < -MAX_UNREAD_BYTES) {
          // The browser reconnects and refetches; nothing piles up here meanwhile.
          stream.end();
        }
      },
      end: (event) => {
        if (ended) return;
        if (event) stream.write(`event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`);
        ended = true;
        clearInterval(timers.heartbeat);
        this.#remove(stream);
        try {
          controller.close();
        } catch {
          // Already cancelled by the reader.
        }
      },
      recheck: () => {
        if (ended) return;
        stillAllowed().then(
          (allowed) => {
            if (!allowed) stream.end({ name: LIVE_EVENTS.ended, data: { reason: 'access' } });
          },
          (error: unknown) => {
            deps.logger.warn({ err: error, userId: actor.userId }, 'live stream not re-checked');
          },
        );
      },
    };

    const body = new ReadableStream<Uint8Array>(
      {
        start: (c) => {
          controller = c;
        },
        cancel: () => stream.end(),
      },
      { highWaterMark: 16 * 1024, size: (chunk) => chunk?.byteLength ?? 0 },
    );
    this.#add(stream);
    // The first bytes go out at once, so proxies pass the headers on and the browser opens.
    stream.write(`: live status of ${actor.tenantId}\n\n`);
    timers.heartbeat = setInterval(() => {
      stream.write(': heartbeat\n\n');
      stream.recheck();
    }, LIVE_STATUS.heartbeatMs);
    timers.heartbeat.unref();
    c.req.raw.signal.addEventListener('abort', () => stream.end(), { once: true });

    return new Response(body, { status: 200, headers: SSE_HEADERS });
  }

  #add(stream: LiveStream): void {
    for (const [map, key] of [
      [this.#byTenant, stream.tenantId],
      [this.#byUser, stream.userId],
    ] as const) {
      let set = map.get(key);
      if (!set) map.set(key, (set = new Set()));
      set.add(stream);
    }
  }

  #remove(stream: LiveStream): void {
    for (const [map, key] of [
      [this.#byTenant, stream.tenantId],
      [this.#byUser, stream.userId],
    ] as const) {
      const set = map.get(key);
      set?.delete(stream);
      if (set?.size === 0) map.delete(key);
    }
  }

  /** Ends every stream with "closing" (the browser reconnects elsewhere); refuses new ones. */
  close(): void {
    this.#closed = true;
    for (const set of [...this.#byUser.values()]) {
      for (const stream of [...set]) stream.end({ name: LIVE_EVENTS.closing, data: {} });
    }
  }
}

/** The process's hub, subscribed to the bus once. */
export const liveStatusHub = perProcess((deps) => new LiveStatusHub(deps));
