import type { SimContext } from './context.ts';
import type { InboxEvent } from './inbox-payloads.ts';
import { webhookBody, webhookSignature } from './webhooks.ts';

// Delivery of the comment and message webhooks (docs/product/meta-platform.md#webhook-delivery):
// each event a signed POST to the configured callback, as /webhooks/deliver does, never holding
// up the API answer that caused it. Meta delivers at least once, out of order, sometimes late and
// sometimes never; the faults make each of these happen on demand, seeded and repeatable
// (docs/product/meta-platform.md#fault-injection): duplicates, reordering, delay, drops (polling
// must repair them) and the echo of a send arriving before the send's answer.

export interface WebhookFaults {
  /** Seeds the choices of duplicateRate and dropRate, and the order of released events. */
  seed: number;
  /** Share of events delivered twice (0–1). */
  duplicateRate: number;
  /** Hold this many events, then deliver them shuffled (0: in order). */
  reorder: number;
  /** Wait this long before each delivery. */
  delayMs: number;
  /** Share of events never delivered (0–1). */
  dropRate: number;
  /** The echo of a Send API message is delivered before the call answers. */
  earlyEcho: boolean;
  /** Up to this many entries of one object in one POST (Meta: up to 1000). */
  batch: number;
}

export const NO_WEBHOOK_FAULTS: WebhookFaults = {
  seed: 1,
  duplicateRate: 0,
  reorder: 0,
  delayMs: 0,
  dropRate: 0,
  earlyEcho: false,
  batch: 1,
};

export interface DeliveryRecord {
  object: string;
  entryId: string;
  /** HTTP status of the callback's answer; 0: not sent (no callback, or a network error). */
  status: number;
  outcome: 'delivered' | 'dropped' | 'failed' | 'no-callback';
  body: string;
}

/** A small seeded generator (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const RETRIES = 3;
const RETRY_DELAY_MS = 500;
const LOG_SIZE = 2000;

export function createInboxWebhooks(ctx: SimContext) {
  const { cfg, outbound } = ctx;
  let faults: WebhookFaults = { ...NO_WEBHOOK_FAULTS };
  let random = seededRandom(faults.seed);
  let held: InboxEvent[] = [];
  let pending = 0;
  let waiters: (() => void)[] = [];
  const log: DeliveryRecord[] = [];

  const record = (entry: DeliveryRecord) => {
    log.push(entry);
    if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE);
  };

  const settle = () => {
    if (pending > 0) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };

  /** One signed POST of one object's entries, retried a few times after a failure as Meta does. */
  async function send(events: InboxEvent[]): Promise<void> {
    const first = events[0]!;
    const target = cfg().webhookCallbackUrl;
    const raw = webhookBody(
      first.object,
      events.map((e) => e.entry),
    );
    const entryId = String(first.entry.id);
    if (!target) {
      record({ object: first.object, entryId, status: 0, outcome: 'no-callback', body: raw });
      return;
    }
    const secret = first.signWith === 'instagram' ? cfg().igAppSecret : cfg().appSecret;
    const headers = {
      'content-type': 'application/json',
      'x-hub-signature-256': webhookSignature(raw, secret),
    };
    let status = 0;
    for (let attempt = 1; attempt <= RETRIES; attempt += 1) {
      try {
        const res = await outbound(target, { method: 'POST', headers, body: raw });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) break;
      } catch {
        status = 0;
      }
      if (attempt < RETRIES) await wait(RETRY_DELAY_MS * attempt);
    }
    const outcome = status >= 200 && status < 300 ? 'delivered' : 'failed';
    record({ object: first.object, entryId, status, outcome, body: raw });
  }

  /** Consecutive events of one object and secret, at most `batch` to a POST. */
  function posts(events: InboxEvent[]): InboxEvent[][] {
    const out: InboxEvent[][] = [];
    for (const event of events) {
      const last = out.at(-1);
      const joins =
        last &&
        last.length < Math.max(1, faults.batch) &&
        last[0]!.object === event.object &&
        last[0]!.signWith === event.signWith;
      if (joins) last.push(event);
      else out.push([event]);
    }
    return out;
  }

  // Events wait in the outbox for the next turn (after `delayMs`), then go out one POST after
  // the other, so the API answer that made them is never held up.
  let outbox: InboxEvent[] = [];
  let draining = false;
  function schedule(event: InboxEvent): void {
    outbox.push(event);
    if (draining) return;
    draining = true;
    pending += 1;
    const timer = setTimeout(() => {
      void (async () => {
        try {
          while (outbox.length > 0) {
            const batch = outbox;
            outbox = [];
            for (const post of posts(batch)) await send(post);
          }
        } finally {
          draining = false;
          pending -= 1;
          settle();
        }
      })();
    }, faults.delayMs);
    timer.unref?.();
  }

  function shuffle<T>(items: T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  function release(): void {
    const batch = shuffle(held);
    held = [];
    for (const event of batch) schedule(event);
  }

  return {
    /** Queues an event: delivered after the current call answers, with the faults set. */
    publish(event: InboxEvent | null): void {
      if (!event) return;
      if (random() < faults.dropRate) {
        const raw = webhookBody(event.object, [event.entry]);
        record({
          object: event.object,
          entryId: String(event.entry.id),
          status: 0,
          outcome: 'dropped',
          body: raw,
        });
        return;
      }
      const copies = random() < faults.duplicateRate ? 2 : 1;
      for (let i = 0; i < copies; i += 1) {
        if (faults.reorder > 0) {
          held.push(event);
          if (held.length >= faults.reorder) release();
        } else {
          schedule(event);
        }
      }
    },
    /** Delivers an echo before the Send API answers, when the early-echo fault is on. */
    async publishEcho(event: InboxEvent): Promise<void> {
      if (!faults.earlyEcho) {
        this.publish(event);
        return;
      }
      pending += 1;
      try {
        await send([event]);
      } finally {
        pending -= 1;
        settle();
      }
    },
    setFaults(next: Partial<WebhookFaults>): WebhookFaults {
      faults = { ...faults, ...next };
      if (next.seed !== undefined) random = seededRandom(next.seed);
      return { ...faults };
    },
    clearFaults(): void {
      faults = { ...NO_WEBHOOK_FAULTS };
      random = seededRandom(faults.seed);
      release();
    },
    faults: () => ({ ...faults }),
    /** Events held for reordering. */
    heldCount: () => held.length,
    /** Releases everything held (shuffled) and waits until every delivery has been made. */
    async flush(): Promise<void> {
      if (held.length > 0) release();
      await this.idle();
    },
    /** Resolves when no delivery is waiting or under way (held events stay held). */
    idle(): Promise<void> {
      if (pending === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    /** The deliveries made, newest last (at most the last 2,000). */
    log: (): readonly DeliveryRecord[] => log,
    reset(): void {
      faults = { ...NO_WEBHOOK_FAULTS };
      random = seededRandom(faults.seed);
      held = [];
      outbox = [];
      log.length = 0;
    },
  };
}

export type InboxWebhooks = ReturnType<typeof createInboxWebhooks>;

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
  });
}
