import { describe, expect, it } from 'vitest';
import { ServiceCache } from './cache.ts';
import { connectCacheBus } from './cache-bus.ts';
import { createLogger } from './logger.ts';
import { getTestDatabase, testDatabaseKind } from '#server/test/db.ts';

describe('cache bus', () => {
  it.runIf(testDatabaseKind() === 'postgres')(
    'drops a tenant’s cached entries in another process’s cache when one process writes',
    async () => {
      const database = await getTestDatabase();
      const logger = createLogger('silent');
      const writer = new ServiceCache();
      const reader = new ServiceCache();
      const disconnectWriter = await connectCacheBus(database, writer, logger);
      const disconnectReader = await connectCacheBus(database, reader, logger);
      try {
        const tenant = crypto.randomUUID();
        let loads = 0;
        const load = async () => ++loads;
        expect(await reader.getOrLoad(tenant, 'list', load)).toBe(1);
        expect(await reader.getOrLoad(tenant, 'list', load)).toBe(1);
        writer.invalidateTenant(tenant);
        await expect.poll(() => reader.getOrLoad(tenant, 'list', load), { timeout: 5000 }).toBe(2);
      } finally {
        await disconnectWriter();
        await disconnectReader();
        writer.close();
        reader.close();
      }
    },
  );

  it('is a no-op on the embedded database, where one process owns the data', async () => {
    const cache = new ServiceCache();
    const disconnect = await connectCacheBus(
      { kind: 'pglite', connectionString: null } as never,
      cache,
      createLogger('silent'),
    );
    await disconnect();
    cache.close();
  });
});
