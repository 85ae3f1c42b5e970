import { describe, expect, it } from 'vitest';
import { BUS_CHANNEL, connectInvalidationBus } from './bus.ts';
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

  it.runIf(testDatabaseKind() === 'postgres')(
    'tells its own subscribers once, though its message also comes back through LISTEN',
    async () => {
      const database = await getTestDatabase();
      const [sender, other] = await Promise.all([
        connectInvalidationBus(database, logger),
        connectInvalidationBus(database, logger),
      ]);
      try {
        const id = crypto.randomUUID();
        const heardBySender: string[] = [];
        const heardByOther: string[] = [];
        sender.subscribe('tenant-cache', (heard) => heardBySender.push(heard));
        other.subscribe('tenant-cache', (heard) => heardByOther.push(heard));
        sender.publish('tenant-cache', id);
        expect(heardBySender).toEqual([id]);
        // Once the other bus has it through LISTEN, so has the sender's own LISTEN connection
        // (both hear every notification); a little longer for good measure.
        await expect.poll(() => heardByOther, { timeout: 5000 }).toEqual([id]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heardBySender).toEqual([id]);
      } finally {
        await sender.close();
        await other.close();
      }
    },
  );

  it.runIf(testDatabaseKind() === 'postgres')(
    'opens its listening connection again when it drops, and drops what it may have missed',
    async () => {
      const database = await getTestDatabase();
      const listening = async () =>
        new Set(
          (
            await database.query<{ pid: number }>(
              `select pid from pg_stat_activity where query = $1 and datname = current_database()`,
              [`LISTEN ${BUS_CHANNEL}`],
            )
          ).rows.map((r) => r.pid),
        );
      const before = await listening();
      const bus = await connectInvalidationBus(database, logger);
      const cache = new ServiceCache();
      cache.connect(bus);
      let resyncs = 0;
      bus.onResync(() => (resyncs += 1));
      try {
        const mine = [...(await listening())].filter((pid) => !before.has(pid));
        expect(mine).toHaveLength(1);
        const tenant = crypto.randomUUID();
        let loads = 0;
        const load = async () => ++loads;
        expect(await cache.getOrLoad(tenant, 'list', load)).toBe(1);

        // The server ends the connection (as a restart would).
        await database.query('select pg_terminate_backend($1)', [mine[0]]);
        await expect.poll(() => resyncs, { timeout: 15_000 }).toBe(1);
        // Whatever was told meanwhile was missed: the cached list is read again.
        expect(await cache.getOrLoad(tenant, 'list', load)).toBe(2);

        // And other processes are heard again.
        const heard: string[] = [];
        bus.subscribe('user-sessions', (id) => heard.push(id));
        await database.query('select pg_notify($1, $2)', [BUS_CHANNEL, 'user-sessions:u-after']);
        await expect.poll(() => heard, { timeout: 5000 }).toContain('u-after');
      } finally {
        await bus.close();
        cache.close();
      }
    },
    30_000,
  );
});
