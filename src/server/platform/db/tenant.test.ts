import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from './client.ts';
import { withTenant } from './tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import { createTenant, ownerScope, staffScope } from '#server/test/fixtures.ts';

let db: Database;
beforeAll(async () => {
  db = await getTestDatabase();
});

async function eventExists(id: string): Promise<boolean> {
  const rows = rowsOf(
    await db.unsafeDb.execute(sql`select 1 from public.calendar_events where id = ${id}`),
  );
  return rows.length > 0;
}

async function businessName(tenantId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ business_name: string }>(
    await db.unsafeDb.execute(
      sql`select business_name from public.business_profiles where user_id = ${tenantId}`,
    ),
  );
  return row?.business_name;
}

describe('withTenant', () => {
  it('runs the callback as app_runtime with the scope set, and returns its value', async () => {
    const a = await createTenant(db, 'a');
    for (const isAdmin of [false, true]) {
      const inside = await withTenant(db, { ...staffScope(a), isAdmin }, async (tx) => {
        const [row] = rowsOf<{ who: string; user: string; tenant: string; admin: string }>(
          await tx.execute(
            sql`select current_user::text as who, current_setting('app.user_id') as user,
                       current_setting('app.tenant_id') as tenant, current_setting('app.is_admin') as admin`,
          ),
        );
        return row;
      });
      expect(inside).toEqual({
        who: 'app_runtime',
        user: a.staffUserId,
        tenant: a.tenantId,
        admin: String(isAdmin),
      });
    }
  });

  it('rolls back every write of the transaction and rethrows when the callback throws', async () => {
    const a = await createTenant(db, 'a');
    const eventId = crypto.randomUUID();
    const boom = new Error('boom');
    const run = withTenant(db, ownerScope(a), async (tx) => {
      await tx.execute(
        sql`insert into public.calendar_events (id, user_id, title) values (${eventId}, ${a.tenantId}, 'Doomed')`,
      );
      await tx.execute(
        sql`update public.business_profiles set business_name = 'Renamed' where user_id = ${a.tenantId}`,
      );
      // The writes were made and are visible inside the transaction...
      expect(
        rowsOf(await tx.execute(sql`select 1 from public.calendar_events where id = ${eventId}`)),
      ).toHaveLength(1);
      throw boom;
    });
    await expect(run).rejects.toBe(boom);
    // ...and are gone once it has failed.
    expect(await eventExists(eventId)).toBe(false);
    expect(await businessName(a.tenantId)).toBe('a business');
  });

  it('rolls back earlier writes when a later statement is refused by row-level security', async () => {
    const a = await createTenant(db, 'a');
    const b = await createTenant(db, 'b');
    const eventId = crypto.randomUUID();
    const run = withTenant(db, ownerScope(a), async (tx) => {
      await tx.execute(
        sql`insert into public.calendar_events (id, user_id, title) values (${eventId}, ${a.tenantId}, 'First')`,
      );
      await tx.execute(
        sql`insert into public.calendar_events (user_id, title) values (${b.tenantId}, 'Into B')`,
      );
    });
    const error = await run.then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: { message?: string } },
    );
    expect(error?.cause?.message ?? error?.message).toMatch(/row-level security/);
    expect(await eventExists(eventId)).toBe(false);
  });

  it('commits the writes of a callback that completes', async () => {
    const a = await createTenant(db, 'a');
    const eventId = crypto.randomUUID();
    await withTenant(db, ownerScope(a), async (tx) => {
      await tx.execute(
        sql`insert into public.calendar_events (id, user_id, title) values (${eventId}, ${a.tenantId}, 'Kept')`,
      );
    });
    expect(await eventExists(eventId)).toBe(true);
  });
});
