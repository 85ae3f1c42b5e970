import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { getTestDatabase } from '#server/test/db.ts';
import { mapBackendError } from '#shared/errors/index.ts';
import {
  createTwoTenants,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';

// Row-level security of ai_generations and ai_usage, command by command: acting as tenant A,
// B's rows cannot be seen, changed, removed or created, while the same statements on A's own
// rows succeed — so each refusal is the policy's doing.

let db: Database;
let a: TenantFixture;
let b: TenantFixture;
const generationOf = new Map<string, string>();
const PERIOD = '2031-01';

beforeAll(async () => {
  db = await getTestDatabase();
  ({ a, b } = await createTwoTenants(db));
  for (const tenant of [a, b]) {
    const id = crypto.randomUUID();
    generationOf.set(tenant.tenantId, id);
    await db.unsafeDb.execute(sql`
      insert into public.ai_generations (id, user_id, created_by, prompt, options, provider_kind, provider_label)
      values (${id}, ${tenant.tenantId}, ${tenant.tenantId}, 'A prompt', '{}'::jsonb, 'offline', 'Offline generator')`);
    await db.unsafeDb.execute(sql`
      insert into public.ai_usage (user_id, period, used) values (${tenant.tenantId}, ${PERIOD}, 5)`);
  }
});

/**
 * The database's refusal, through docs/product/errors.md#backend-mapping (its own message is on
 * the cause).
 */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${mapBackendError(error).code} ${cause instanceof Error ? cause.message : String(error)}`;
  }
  throw new Error('The statement was not refused');
}

async function count(scope: ReturnType<typeof ownerScope>, statement: ReturnType<typeof sql>) {
  return withTenant(
    db,
    scope,
    async (tx) => rowsOf<{ n: number }>(await tx.execute(statement)).length,
  );
}

describe('ai_generations', () => {
  it('shows a tenant (owner and staff) only its own generations', async () => {
    for (const scope of [ownerScope(a), staffScope(a)]) {
      const rows = await withTenant(db, scope, async (tx) =>
        rowsOf<{ user_id: string }>(
          await tx.execute(
            sql`select user_id from public.ai_generations where user_id in (${a.tenantId}, ${b.tenantId})`,
          ),
        ),
      );
      expect(rows.map((r) => r.user_id)).toEqual([a.tenantId]);
    }
  });

  it('refuses updates and deletes of another tenant’s generation, allows its own', async () => {
    const theirs = generationOf.get(b.tenantId)!;
    const mine = generationOf.get(a.tenantId)!;
    expect(
      await count(
        ownerScope(a),
        sql`update public.ai_generations set prompt = 'x' where id = ${theirs} returning id`,
      ),
    ).toBe(0);
    expect(
      await count(
        ownerScope(a),
        sql`delete from public.ai_generations where id = ${theirs} returning id`,
      ),
    ).toBe(0);
    expect(
      await count(
        ownerScope(a),
        sql`update public.ai_generations set prompt = 'y' where id = ${mine} returning id`,
      ),
    ).toBe(1);
    const [row] = rowsOf<{ prompt: string }>(
      await db.unsafeDb.execute(sql`select prompt from public.ai_generations where id = ${theirs}`),
    );
    expect(row!.prompt).toBe('A prompt');
  });

  it('refuses inserting a generation for another tenant', async () => {
    const insert = (tenantId: string) => sql`
      insert into public.ai_generations (user_id, created_by, prompt, options, provider_kind, provider_label)
      values (${tenantId}, ${a.tenantId}, 'p', '{}'::jsonb, 'offline', 'Offline generator')`;
    expect(
      await refusal(withTenant(db, ownerScope(a), (tx) => tx.execute(insert(b.tenantId)))),
    ).toMatch(/^FORBIDDEN .*row-level security/);
    await withTenant(db, ownerScope(a), (tx) => tx.execute(insert(a.tenantId)));
  });
});

describe('ai_usage', () => {
  it('shows, changes and removes only the tenant’s own count', async () => {
    const seen = await withTenant(db, ownerScope(a), async (tx) =>
      rowsOf<{ user_id: string }>(
        await tx.execute(
          sql`select user_id from public.ai_usage where period = ${PERIOD} and user_id in (${a.tenantId}, ${b.tenantId})`,
        ),
      ),
    );
    expect(seen.map((r) => r.user_id)).toEqual([a.tenantId]);
    expect(
      await count(
        ownerScope(a),
        sql`update public.ai_usage set used = 0 where user_id = ${b.tenantId} returning used`,
      ),
    ).toBe(0);
    expect(
      await count(
        ownerScope(a),
        sql`delete from public.ai_usage where user_id = ${b.tenantId} returning used`,
      ),
    ).toBe(0);
    expect(
      await count(
        ownerScope(a),
        sql`update public.ai_usage set used = 6 where user_id = ${a.tenantId} and period = ${PERIOD} returning used`,
      ),
    ).toBe(1);
    const [row] = rowsOf<{ used: number }>(
      await db.unsafeDb.execute(
        sql`select used from public.ai_usage where user_id = ${b.tenantId} and period = ${PERIOD}`,
      ),
    );
    expect(row!.used).toBe(5);
  });

  it('refuses inserting a count for another tenant, and a count below zero', async () => {
    const insert = (tenantId: string, period: string, used: number) =>
      sql`insert into public.ai_usage (user_id, period, used) values (${tenantId}, ${period}, ${used})`;
    expect(
      await refusal(
        withTenant(db, ownerScope(a), (tx) => tx.execute(insert(b.tenantId, '2031-02', 0))),
      ),
    ).toMatch(/^FORBIDDEN .*row-level security/);
    expect(
      await refusal(
        withTenant(db, ownerScope(a), (tx) => tx.execute(insert(a.tenantId, '2031-03', -1))),
      ),
    ).toMatch(/ai_usage_used_not_negative/);
    await withTenant(db, ownerScope(a), (tx) => tx.execute(insert(a.tenantId, '2031-04', 1)));
  });
});
