import { describe, expect, it } from 'vitest';
import { connectInvalidationBus } from './bus.ts';
import { ServiceCache } from './cache.ts';
import { createLogger } from './logger.ts';
import { getTestDatabase, testDatabaseKind } from '#server/test/db.ts';

const logger = createLogger('silent');

describe('invalidation bus', () => {
  it('delivers to local subscribers at once', async () => {
    const bus = await connectInvalidationBus(
      { kind: 'pglite', connectionString: null } as never,
      logger,
    );
    const heard: string[] = [];
    bus.subscribe('tenant-cache', (id) => heard.push(id));
    bus.publish('tenant-cache', 't1');
    bus.publish('user-sessions', 'u1');
    expect(heard).toEqual(['t1']);
    await bus.close();
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'drops a tenant’s cached lists in another process when one process writes',
    async () => {
      const database = await getTestDatabase();
      const [writerBus, readerBus] = await Promise.all([
        connectInvalidationBus(database, logger),
        connectInvalidationBus(database, logger),
      ]);
      const writer = new ServiceCache();
      const reader = new ServiceCache();
      writer.connect(writerBus);
      reader.connect(readerBus);
      try {
        const tenant = crypto.randomUUID();
        let loads = 0;
        const load = async () => ++loads;
        expect(await reader.getOrLoad(tenant, 'list', load)).toBe(1);
        expect(await reader.getOrLoad(tenant, 'list', load)).toBe(1);
        writer.invalidateTenant(tenant);
        await expect.poll(() => reader.getOrLoad(tenant, 'list', load), { timeout: 5000 }).toBe(2);
      } finally {
        await writerBus.close();
        await readerBus.close();
        writer.close();
        reader.close();
      }
    },
  );
});
