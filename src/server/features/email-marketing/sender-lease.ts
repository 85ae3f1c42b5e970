import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '#server/platform/db/client.ts';

// One sender per business at a time, across every process (docs/decisions/100): the sender holds
// a lease on its business, a row of system.rate_limits (key `email-sender:<business>`, the
// lease's end in window_start, the holder's number in hits) that it renews while it runs and
// gives back when it stops. A sender that dies stops renewing, and the lease ends by itself.
// Taking a lease is serialised by an advisory lock for the length of that one transaction.

export interface SenderLease {
  /** Extends the lease; false when it was lost (it ended and another sender took it). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

const keyOf = (tenantId: string) => `email-sender:${tenantId}`;

export async function acquireSenderLease(
  database: Database,
  tenantId: string,
  leaseSeconds: number,
): Promise<SenderLease | null> {
  const key = keyOf(tenantId);
  const holder = randomInt(1, 2 ** 31 - 1);
  const until = sql`now() + make_interval(secs => ${leaseSeconds})`;
  const taken = await database.unsafeDb.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    await tx.execute(
      sql`delete from system.rate_limits where key = ${key} and window_start < now()`,
    );
    const held = rowsOf(await tx.execute(sql`select 1 from system.rate_limits where key = ${key}`));
    if (held.length > 0) return false;
    await tx.execute(
      sql`insert into system.rate_limits (key, window_start, hits) values (${key}, ${until}, ${holder})`,
    );
    return true;
  });
  if (!taken) return null;
  return {
    async renew() {
      const rows = rowsOf(
        await database.unsafeDb.execute(
          sql`update system.rate_limits set window_start = ${until}
            where key = ${key} and hits = ${holder} returning hits`,
        ),
      );
      return rows.length > 0;
    },
    async release() {
      await database.unsafeDb.execute(
        sql`delete from system.rate_limits where key = ${key} and hits = ${holder}`,
      );
    },
  };
}
