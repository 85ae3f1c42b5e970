import { createHmac } from 'node:crypto';
import { missing } from './http.ts';
import {
  API_VERSION,
  createState,
  randomId,
  type Obj,
  type SimState,
  type WebhookEndpoint,
} from './state.ts';

// Shared by every resource module: the state, the clock, storing and reading objects, `expand`,
// and events with their signed deliveries to the webhook endpoints.

export interface StripeSimulatorOptions {
  /** The secret key clients must send as Bearer (default `sk_test_simulator`). */
  secretKey?: string;
  /** A webhook endpoint configured from the start, signed with `webhookSecret`. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** Public origin of the simulator for hosted pages (default: the request's origin). */
  publicUrl?: string;
  /** Outbound HTTP for webhook deliveries (default: global fetch). */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** The path the hosted pages are served under, for their forms (default: none). */
  basePath?: string;
  /** Serve the control API under /_sim (default true). */
  mountControl?: boolean;
}

export const DEFAULT_SECRET_KEY = 'sk_test_simulator';
export const DEFAULT_WEBHOOK_SECRET = 'whsec_simulator';

/** Stripe's signature header: `t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signPayload(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function createContext(options: StripeSimulatorOptions) {
  const state: SimState = createState();
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const outbound = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const pending = new Set<Promise<void>>();
  let origin = options.publicUrl?.replace(/\/$/, '') ?? 'http://localhost:12111';

  const nowMs = () => Date.now() + state.clockOffsetMs;
  const nowSec = () => Math.floor(nowMs() / 1000);

  function put<T extends Obj>(o: T): T {
    state.objects.set(o.id, o);
    return o;
  }
  function make<T extends Record<string, unknown>>(prefix: string, object: string, fields: T) {
    return put({
      id: randomId(prefix),
      object,
      created: nowSec(),
      livemode: false,
      ...fields,
    } as unknown as Obj & T);
  }
  function get(id: string, object: string, kind = object, param = 'id'): Obj {
    const o = state.objects.get(id);
    if (!o || o.object !== object || o.deleted) throw missing(kind, id, param);
    return o;
  }
  function all(object: string, filter: (o: Obj) => boolean = () => true): Obj[] {
    return [...state.objects.values()]
      .filter((o) => o.object === object && !o.deleted && filter(o))
      .reverse();
  }
  const clone = <T>(o: T): T => structuredClone(o);

  /** Replaces ids at the `expand` paths with their objects (`items.data.price`, `data.x`…). */
  function expand(o: unknown, paths: string[]): unknown {
    const out = clone(o);
    for (const path of paths) walk(out, path.split('.'));
    return out;
  }
  function walk(node: unknown, segs: string[]) {
    if (!node || typeof node !== 'object' || segs.length === 0) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, segs);
      return;
    }
    const rec = node as Record<string, unknown>;
    const [head, ...rest] = segs as [string, ...string[]];
    let value = rec[head];
    if (typeof value === 'string' && state.objects.has(value)) {
      value = clone(state.objects.get(value));
      rec[head] = value;
    } else if (Array.isArray(value)) {
      rec[head] = value.map((v) =>
        typeof v === 'string' && state.objects.has(v) ? clone(state.objects.get(v)) : v,
      );
      value = rec[head];
    }
    if (rest.length) walk(value, rest);
  }

  function endpoints(): WebhookEndpoint[] {
    return all('webhook_endpoint') as WebhookEndpoint[];
  }

  /** Test mode retries a failed delivery three times over a few hours (on the clock here). */
  const MAX_ATTEMPTS = 4;

  async function deliver(event: Obj, endpoint: WebhookEndpoint, attempt = 1): Promise<void> {
    const body = JSON.stringify(event, null, 2);
    const signature = signPayload(body, endpoint.secret, nowSec());
    const times = state.webhookMode.duplicate ? 2 : 1;
    for (let i = 0; i < times; i += 1) {
      const record = {
        id: randomId('whd', 12),
        event: event.id,
        type: String(event.type),
        url: endpoint.url,
        status: null as number | null,
        error: null as string | null,
        at: nowSec(),
        attempt,
      };
      state.deliveries.push(record);
      try {
        const res = await outbound(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signature,
          },
          body,
        });
        record.status = res.status;
        await res.text().catch(() => '');
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
      const ok = record.status !== null && record.status >= 200 && record.status < 300;
      if (!ok && i === 0 && attempt < MAX_ATTEMPTS) {
        state.retries.push({
          event,
          endpoint,
          attempt: attempt + 1,
          at: record.at + attempt * 3600,
        });
      }
    }
  }

  function send(event: Obj, endpoint: WebhookEndpoint, attempt = 1) {
    if (state.webhookMode.hold) {
      state.held.push({ event, endpoint });
      return;
    }
    const delay = state.webhookMode.delayMs;
    const p = (async () => {
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      await deliver(event, endpoint, attempt);
    })();
    pending.add(p);
    void p.finally(() => pending.delete(p));
  }

  function dispatch(event: Obj) {
    for (const endpoint of endpoints()) {
      if (endpoint.status !== 'enabled') continue;
      const wanted = endpoint.enabled_events;
      if (!wanted.includes('*') && !wanted.includes(String(event.type))) continue;
      send(event, endpoint);
    }
  }

  /** Records an event for a state change and sends it to every endpoint that wants it. */
  function emit(type: string, object: Obj, previous?: Record<string, unknown>) {
    const event = make('evt', 'event', {
      api_version: API_VERSION,
      type,
      data: {
        object: clone(object),
        ...(previous && Object.keys(previous).length ? { previous_attributes: previous } : {}),
      },
      pending_webhooks: endpoints().length,
      request: { id: null, idempotency_key: null },
    });
    dispatch(event);
    return event;
  }

  function seedEndpoint() {
    if (!options.webhookUrl) return;
    make('we', 'webhook_endpoint', {
      url: options.webhookUrl,
      secret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
      enabled_events: ['*'],
      status: 'enabled',
      api_version: API_VERSION,
      description: 'Configured at start',
      metadata: {},
    });
  }

  return {
    options,
    state,
    secretKey,
    nowMs,
    nowSec,
    put,
    make,
    get,
    all,
    clone,
    expand,
    emit,
    dispatch,
    deliver,
    /** Sends the retries due at `at` (called by the clock). */
    retryDue(at: number) {
      const due = state.retries.filter((r) => r.at <= at);
      state.retries = state.retries.filter((r) => r.at > at);
      for (const r of due) send(r.event, r.endpoint, r.attempt);
    },
    seedEndpoint,
    origin: () => origin,
    basePath: (options.basePath ?? '').replace(/\/$/, ''),
    setOrigin(url: string) {
      if (!options.publicUrl) origin = url;
    },
    /** Resolves when every delivery started so far has finished. */
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
    releaseHeld() {
      const held = state.held.splice(0);
      for (const { event, endpoint } of held) {
        const p = deliver(event, endpoint);
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
      return held.length;
    },
  };
}

export type SimContext = ReturnType<typeof createContext>;
