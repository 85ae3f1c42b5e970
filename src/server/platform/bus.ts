import pg from 'pg';
import type { Database } from './db/client.ts';
import type { Logger } from './logger.ts';

// Invalidations that every process must hear: a write drops cached lists, a sign-out drops
// cached sessions. Local subscribers run at once; on PostgreSQL the message also goes to the
// other processes with pg_notify (each LISTENs on one channel). The embedded database has one
// process, so there the bus is local only.

export const BUS_CHANNEL = 'socigen_invalidation';
export type BusTopic = 'tenant-cache' | 'user-sessions';

export interface InvalidationBus {
  publish(topic: BusTopic, id: string): void;
  subscribe(topic: BusTopic, handler: (id: string) => void): void;
  close(): Promise<void>;
}

export async function connectInvalidationBus(
  database: Database,
  logger: Logger,
): Promise<InvalidationBus> {
  const handlers = new Map<BusTopic, Array<(id: string) => void>>();
  const deliver = (topic: BusTopic, id: string) => {
    for (const handler of handlers.get(topic) ?? []) handler(id);
  };

  let listener: pg.Client | undefined;
  if (database.kind === 'postgres' && database.connectionString) {
    listener = new pg.Client({ connectionString: database.connectionString });
    listener.on('error', (error) =>
      logger.error({ err: error }, 'invalidation bus connection failed'),
    );
    await listener.connect();
    await listener.query(`LISTEN ${BUS_CHANNEL}`);
    listener.on('notification', (message) => {
      const [topic, id] = (message.payload ?? '').split(':');
      if (message.channel === BUS_CHANNEL && topic && id) deliver(topic as BusTopic, id);
    });
  }

  return {
    publish(topic, id) {
      deliver(topic, id);
      if (!listener) return;
      database
        .query('select pg_notify($1, $2)', [BUS_CHANNEL, `${topic}:${id}`])
        .catch((error: unknown) => {
          logger.warn({ err: error, topic, id }, 'invalidation not broadcast');
        });
    },
    subscribe(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    async close() {
      handlers.clear();
      await listener?.end();
    },
  };
}
