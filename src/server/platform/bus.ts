import pg from 'pg';
import type { Database, Tx } from './db/client.ts';
import { afterCommit } from './db/tenant.ts';
import type { Logger } from './logger.ts';

// Invalidations that every process must hear: a write drops cached lists, a sign-out drops
// cached sessions. Local subscribers run at once; on PostgreSQL the message also goes to the
// other processes with pg_notify (each LISTENs on one channel), tagged with the sending bus so
// that it does not hear its own message a second time. The embedded database has one process,
// so there the bus is local only.
//
// Some messages must only be heard if the change they describe happened: a post's new status
// (publishing-status). Those are queued with notifyAfterCommit inside the writing transaction and
// sent once it commits (never if it rolls back), batched per process, to every process including
// this one: through the LISTEN connection on PostgreSQL, directly on the embedded database (one
// process). They are hints for screens, not records: a process that dies between the commit and
// the send loses them (docs/decisions/081).

export const BUS_CHANNEL = 'socigen_invalidation';
const BUS_RETRY_FIRST_MS = 1_000;
const BUS_RETRY_MAX_MS = 30_000;
export type TransactionalTopic = 'publishing-status' | 'inbox';
export type BusTopic = 'tenant-cache' | 'user-sessions' | TransactionalTopic;
const TRANSACTIONAL: ReadonlySet<string> = new Set<TransactionalTopic>([
  'publishing-status',
  'inbox',
]);

/** pg_notify refuses a payload of 8000 bytes or more (topic and separator included). */
export const MAX_NOTIFY_BYTES = 7999;

export interface InvalidationBus {
  publish(topic: BusTopic, id: string): void;
  /** Returns a function that stops this handler. */
  subscribe(topic: BusTopic, handler: (id: string) => void): () => void;
  /** Runs when the bus closes (the process shuts down), before its connection ends. */
  onClose(handler: () => void): void;
  /**
   * Runs when the connection that hears other processes is open again after it dropped: what
   * they told in between was not heard, so anything kept from it should be dropped.
   */
  onResync(handler: () => void): void;
  close(): Promise<void>;
}

/**
 * Messages committed in this process, waiting for the next send: one pg_notify carries as many
 * as fit (a JSON array of strings), so a burst of commits costs a few notifications, not one
 * each (PostgreSQL serialises committing transactions that notify).
 */
class CommittedOutbox {
  readonly #database: Database;
  /** Each message as JSON text and its length in bytes, worked out once. */
  #queue: Array<{ topic: TransactionalTopic; json: string; bytes: number }> = [];
  #scheduled = false;
  logger: Logger | undefined;
  /**
   * The embedded database's buses: one process, so each message goes to them as soon as its
   * transaction commits, without a round trip (and without waiting for the event loop, which a
   * busy embedded database can keep from turning).
   */
  readonly local = new Set<(topic: TransactionalTopic, message: string) => void>();

  constructor(database: Database) {
    this.#database = database;
  }

  push(topic: TransactionalTopic, message: string): void {
    const json = JSON.stringify(message);
    const bytes = Buffer.byteLength(json);
    // What could not cross processes is not told in one either: the same on both databases.
    if (payloadBytes(topic, bytes, 1) > MAX_NOTIFY_BYTES) {
      this.logger?.warn({ topic, length: message.length }, 'bus message too long, dropped');
      return;
    }
    if (this.#database.kind !== 'postgres') {
      for (const deliver of this.local) deliver(topic, message);
      return;
    }
    this.#queue.push({ topic, json, bytes });
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => void this.#send());
  }

  async #send(): Promise<void> {
    const queued = this.#queue;
    this.#queue = [];
    const payloads: string[] = [];
    let batch: string[] = [];
    let batchBytes = 0;
    let topic: TransactionalTopic | undefined;
    const close = () => {
      if (topic && batch.length > 0) payloads.push(`${topic}:[${batch.join(',')}]`);
      batch = [];
      batchBytes = 0;
    };
    for (const item of queued) {
      if (item.topic !== topic) {
        close();
        topic = item.topic;
      }
      if (payloadBytes(topic, batchBytes + item.bytes, batch.length + 1) > MAX_NOTIFY_BYTES) {
        close();
      }
      batch.push(item.json);
      batchBytes += item.bytes;
    }
    close();
    for (const payload of payloads) {
      try {
        await this.#database.query('select pg_notify($1, $2)', [BUS_CHANNEL, payload]);
      } catch (error) {
        this.logger?.warn({ err: error }, 'committed messages not broadcast');
      }
    }
    // Whatever was committed meanwhile goes in the next send.
    this.#scheduled = false;
    if (this.#queue.length > 0) {
      this.#scheduled = true;
      setImmediate(() => void this.#send());
    }
  }
}

/**
 * The length of `topic:[m1,m2,…]` (the JSON array of `count` messages whose JSON texts take
 * `messageBytes` together), without writing it out.
 */
function payloadBytes(topic: string, messageBytes: number, count: number): number {
  return Buffer.byteLength(topic) + 1 + 2 + messageBytes + (count - 1);
}

const outboxes = new WeakMap<Database, CommittedOutbox>();
function outboxOf(database: Database): CommittedOutbox {
  let outbox = outboxes.get(database);
  if (!outbox) outboxes.set(database, (outbox = new CommittedOutbox(database)));
  return outbox;
}

/**
 * Queues `message` on `topic` in the withTenant transaction `tx`: every process's subscribers
 * hear it shortly after the transaction commits, and nobody does if it rolls back.
 */
export function notifyAfterCommit(tx: Tx, topic: TransactionalTopic, message: string): void {
  afterCommit(tx, (database) => outboxOf(database).push(topic, message));
}

/** The same for a change already committed (a one-statement step, withTenantStatement). */
export function notifyCommitted(
  database: Database,
  topic: TransactionalTopic,
  message: string,
): void {
  outboxOf(database).push(topic, message);
}

export async function connectInvalidationBus(
  database: Database,
  logger: Logger,
): Promise<InvalidationBus> {
  outboxOf(database).logger ??= logger;
  const handlers = new Map<BusTopic, Array<(id: string) => void>>();
  const closeHandlers: Array<() => void> = [];
  const deliver = (topic: BusTopic, id: string) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(id);
      } catch (error) {
        logger.error({ err: error, topic }, 'bus subscriber failed');
      }
    }
  };
  // Which bus sent a plain message: `topic@origin:id`. Its own subscribers heard it at once.
  const origin = crypto.randomUUID().slice(0, 8);
  // The topic is everything before the first colon (less an `@origin`); the rest (which may hold
  // colons) is the id, or for a transactional topic a JSON array of messages.
  const hear = (payload: string) => {
    const split = payload.indexOf(':');
    if (split <= 0 || split === payload.length - 1) return;
    const [topic, sender] = payload.slice(0, split).split('@', 2) as [BusTopic, string?];
    const rest = payload.slice(split + 1);
    if (!TRANSACTIONAL.has(topic)) {
      if (sender !== origin) deliver(topic, rest);
      return;
    }
    let messages: unknown;
    try {
      messages = JSON.parse(rest);
    } catch {
      return;
    }
    if (!Array.isArray(messages)) return;
    for (const message of messages) if (typeof message === 'string') deliver(topic, message);
  };

  // The LISTEN connection. When it drops (a database restart, an idle connection cut), it is
  // opened again with back-off (1 s doubling to 30 s); whatever was told while it was down is
  // lost, so every cache that listens is dropped as a whole once it is back (onResync).
  let listener: pg.Client | undefined;
  let closing = false;
  let retryTimer: NodeJS.Timeout | undefined;
  const resyncHandlers: Array<() => void> = [];
  const listen = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: database.connectionString! });
    client.on('error', (error) =>
      logger.error({ err: error }, 'invalidation bus connection failed'),
    );
    client.on('notification', (message) => {
      if (message.channel === BUS_CHANNEL) hear(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    client.once('end', () => {
      if (closing || listener !== client) return;
      listener = undefined;
      logger.warn('invalidation bus connection ended; opening it again');
      reopen(BUS_RETRY_FIRST_MS);
    });
    return client;
  };
  const reopen = (delayMs: number) => {
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      listen().then(
        (client) => {
          if (closing) {
            void client.end();
            return;
          }
          listener = client;
          logger.info('invalidation bus connection open again');
          for (const handler of resyncHandlers) handler();
        },
        (error: unknown) => {
          if (closing) return;
          logger.warn({ err: error }, 'invalidation bus connection not open yet');
          reopen(Math.min(delayMs * 2, BUS_RETRY_MAX_MS));
        },
      );
    }, delayMs);
    retryTimer.unref();
  };
  const remote = database.kind === 'postgres' && database.connectionString !== null;
  if (remote) listener = await listen();
  else outboxOf(database).local.add(deliver);

  return {
    publish(topic, id) {
      deliver(topic, id);
      if (!remote) return;
      database
        .query('select pg_notify($1, $2)', [BUS_CHANNEL, `${topic}@${origin}:${id}`])
        .catch((error: unknown) => {
          logger.warn({ err: error, topic, id }, 'invalidation not broadcast');
        });
    },
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      return () => {
        handlers.set(
          topic,
          (handlers.get(topic) ?? []).filter((h) => h !== handler),
        );
      };
    },
    onClose(handler) {
      closeHandlers.push(handler);
    },
    onResync(handler) {
      resyncHandlers.push(handler);
    },
    async close() {
      for (const handler of closeHandlers.splice(0)) {
        try {
          handler();
        } catch (error) {
          logger.error({ err: error }, 'bus close handler failed');
        }
      }
      closing = true;
      if (retryTimer) clearTimeout(retryTimer);
      handlers.clear();
      outboxOf(database).local.delete(deliver);
      await listener?.end();
    },
  };
}
