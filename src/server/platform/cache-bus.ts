import pg from 'pg';
import type { Database } from './db/client.ts';
import type { ServiceCache } from './cache.ts';
import type { Logger } from './logger.ts';

// With several processes on one PostgreSQL server, a write in one must drop the cached lists of
// the others. Each process LISTENs on one channel; an invalidation is sent with pg_notify after
// the write has committed. The embedded database has one process, so there is nothing to do.

export const CACHE_CHANNEL = 'socigen_cache_invalidation';

export async function connectCacheBus(
  database: Database,
  cache: ServiceCache,
  logger: Logger,
): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres' || !database.connectionString) return async () => {};
  const listener = new pg.Client({ connectionString: database.connectionString });
  listener.on('error', (error) => logger.error({ err: error }, 'cache bus connection failed'));
  await listener.connect();
  await listener.query(`LISTEN ${CACHE_CHANNEL}`);
  listener.on('notification', (message) => {
    if (message.channel === CACHE_CHANNEL && message.payload) {
      cache.invalidateTenant(message.payload, { broadcast: false });
    }
  });
  cache.setPublisher((tenantId) => {
    database
      .query('select pg_notify($1, $2)', [CACHE_CHANNEL, tenantId])
      .catch((error: unknown) => {
        logger.warn({ err: error, tenantId }, 'cache invalidation not broadcast');
      });
  });
  return async () => {
    cache.setPublisher(undefined);
    await listener.end();
  };
}
