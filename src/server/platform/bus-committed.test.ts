import { describe, expect, it } from 'vitest';
import { getTestDatabase } from '#server/test/db.ts';
import { BUS_CHANNEL, connectInvalidationBus, notifyAfterCommit } from './bus.ts';
import { withTenant } from './db/tenant.ts';
import { createLogger } from './logger.ts';

// Messages sent once their transaction commits (docs/decisions/081): heard by every process's
// bus, never for a rolled-back transaction, and batched so a burst of commits costs a few
// notifications.

const logger = createLogger('silent');
const scope = () => {
  const id = crypto.randomUUID();
  return { userId: id, tenantId: id };
};

/** Every raw notification on the bus channel, as another process sees them (PostgreSQL). */
async function countNotifications() {
  const database = await getTestDatabase();
  if (database.kind !== 'postgres') return { count: () => null, stop: async () => {} };
  let count = 0;
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: database.connectionString! });
  await client.connect();
  await client.query(`listen ${BUS_CHANNEL}`);
  client.on('notification', () => count++);
  return { count: () => count, stop: () => client.end() };
}

describe('messages sent after commit', () => {
  it('reach every bus once the transaction commits, and never when it rolls back', async () => {
    const database = await getTestDatabase();
    const [one, two] = await Promise.all([
      connectInvalidationBus(database, logger),
      connectInvalidationBus(database, logger),
    ]);
    const heard: string[][] = [[], []];
    one.subscribe('publishing-status', (m) => heard[0]!.push(m));
    two.subscribe('publishing-status', (m) => heard[1]!.push(m));
    const marker = crypto.randomUUID();
    try {
      await expect(
        withTenant(database, scope(), async (tx) => {
          notifyAfterCommit(tx, 'publishing-status', `${marker}:rolled-back`);
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      await withTenant(database, scope(), async (tx) => {
        notifyAfterCommit(tx, 'publishing-status', `${marker}:a:with:colons`);
        notifyAfterCommit(tx, 'publishing-status', `${marker}:b`);
        // Not before the commit.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(heard[0]!.filter((m) => m.startsWith(marker))).toEqual([]);
      });
      for (const list of heard) {
        await expect
          .poll(() => list.filter((m) => m.startsWith(marker)))
          .toEqual([`${marker}:a:with:colons`, `${marker}:b`]);
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('sends a burst of commits in a few notifications, each once, and drops only what cannot fit', async () => {
    const database = await getTestDatabase();
    const bus = await connectInvalidationBus(database, logger);
    const heard: string[] = [];
    bus.subscribe('publishing-status', (m) => heard.push(m));
    const raw = await countNotifications();
    const marker = crypto.randomUUID();
    try {
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          withTenant(database, scope(), async (tx) => {
            notifyAfterCommit(tx, 'publishing-status', `${marker}:${i}:${'x'.repeat(100)}`);
            if (i === 100) notifyAfterCommit(tx, 'publishing-status', 'y'.repeat(9000));
          }),
        ),
      );
      await expect.poll(() => heard.filter((m) => m.startsWith(marker)).length).toBe(200);
      // Each once (the order is the order of commits, not of starts).
      const seen = heard.filter((m) => m.startsWith(marker)).map((m) => Number(m.split(':')[1]));
      expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
      expect(heard.some((m) => m.startsWith('y'))).toBe(false);
      // About 150 bytes each, up to 8000 bytes a notification.
      const sent = raw.count();
      if (sent !== null) {
        expect(sent).toBeGreaterThanOrEqual(4);
        expect(sent).toBeLessThan(40);
      }
    } finally {
      await raw.stop();
      await bus.close();
    }
  });
});
