import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from './client.ts';
import { withTenant, type TenantScope } from './tenant.ts';
import { mapBackendError } from '#shared/errors/index.ts';
import { getTestDatabase } from '#server/test/db.ts';
import {
  createAdmin,
  createTenant,
  createTwoTenants,
  createUser,
  ownerScope,
  staffScope,
  type TenantFixture,
} from '#server/test/fixtures.ts';

// Row-level security, command by command, for every tenant table: acting as tenant A through
// withTenant, B's rows cannot be seen, changed, removed or created, while the same statements
// on A's own rows succeed — so a refusal is the policy's doing, not a typo in the test. Every
// test builds its own tenants; the worker's database is shared and never emptied.

let db: Database;
let adminId: string;
beforeAll(async () => {
  db = await getTestDatabase();
  adminId = await createAdmin(db);
});

/** An installation administrator working on `tenant`'s business. */
function adminScope(tenant: TenantFixture): TenantScope {
  return { userId: adminId, tenantId: tenant.tenantId, isAdmin: true };
}

/** Who the policies let do a command on a tenant's own rows. */
type Allowed = 'tenant' | 'admin';

interface TableSpec {
  table: string;
  pk: string;
  /** The column saying whose row it is. */
  tenantKey: string;
  /** The tenant's fixture row in this table. */
  rowOf(t: TenantFixture): string;
  /** Tenant-key values of the rows a tenant's owner may see. */
  visibleKeys(t: TenantFixture): string[];
  /**
   * A new row for tenant key `key`, written by `actor`. Without RETURNING: that would make the
   * SELECT policy check the new row as well, and hide a too-lenient INSERT policy behind it.
   */
  newRow(actor: TenantFixture, key: string): NewRow;
  /** At most one row per tenant: the fixture's row must go before the tenant can insert one. */
  onePerTenant: boolean;
  allowed: { insert: Allowed; update: Allowed; delete: Allowed };
}

interface NewRow {
  id: string;
  statement: SQL;
}

function withNewId(statement: (id: string) => SQL): NewRow {
  const id = crypto.randomUUID();
  return { id, statement: statement(id) };
}

const EVERYONE: TableSpec['allowed'] = { insert: 'tenant', update: 'tenant', delete: 'tenant' };

const SPECS: TableSpec[] = [
  {
    table: 'profiles',
    pk: 'id',
    tenantKey: 'id',
    rowOf: (t) => t.tenantId,
    // Owner and staff see each other's profiles (the staff list).
    visibleKeys: (t) => [t.tenantId, t.staffUserId],
    newRow: (_actor, key) => ({
      id: key,
      statement: sql`insert into public.profiles (id, full_name) values (${key}, 'New profile')`,
    }),
    onePerTenant: true,
    allowed: EVERYONE,
  },
  {
    table: 'user_roles',
    pk: 'id',
    tenantKey: 'tenant_id',
    rowOf: (t) => t.staffRoleId,
    visibleKeys: (t) => [t.tenantId],
    // The realistic attack: the actor makes itself staff of the tenant `key`.
    newRow: (actor, key) =>
      withNewId(
        (id) => sql`insert into public.user_roles (id, user_id, role, tenant_id)
                    values (${id}, ${actor.tenantId}, 'tenant_staff', ${key})`,
      ),
    onePerTenant: false,
    // The owner may remove their own staff (tested on its own below); granting and changing
    // roles is for administrators.
    allowed: { insert: 'admin', update: 'admin', delete: 'tenant' },
  },
  {
    table: 'business_profiles',
    pk: 'user_id',
    tenantKey: 'user_id',
    rowOf: (t) => t.tenantId,
    visibleKeys: (t) => [t.tenantId],
    newRow: (_actor, key) => ({
      id: key,
      statement: sql`insert into public.business_profiles (user_id, business_name)
                     values (${key}, 'New business')`,
    }),
    onePerTenant: true,
    allowed: EVERYONE,
  },
  {
    table: 'subscription',
    pk: 'id',
    tenantKey: 'user_id',
    rowOf: (t) => t.subscriptionId,
    visibleKeys: (t) => [t.tenantId],
    // The one row a tenant may create itself: an active trial.
    newRow: (_actor, key) =>
      withNewId(
        (id) => sql`insert into public.subscription (id, user_id, plan, status, trial_ends_at)
                    values (${id}, ${key}, 'trial', 'active', now() + interval '14 days')`,
      ),
    onePerTenant: true,
    allowed: { insert: 'tenant', update: 'admin', delete: 'admin' },
  },
  {
    table: 'calendar_events',
    pk: 'id',
    tenantKey: 'user_id',
    rowOf: (t) => t.calendarEventId,
    visibleKeys: (t) => [t.tenantId],
    newRow: (_actor, key) =>
      withNewId(
        (id) => sql`insert into public.calendar_events (id, user_id, title)
                    values (${id}, ${key}, 'New event')`,
      ),
    onePerTenant: false,
    allowed: EVERYONE,
  },
  {
    table: 'platform_posts',
    pk: 'id',
    tenantKey: 'user_id',
    rowOf: (t) => t.platformPostId,
    visibleKeys: (t) => [t.tenantId],
    // The actor's own event, so that only the tenant key is wrong when key is another tenant's.
    newRow: (actor, key) =>
      withNewId(
        (id) => sql`insert into public.platform_posts (id, user_id, calendar_event_id, platform)
                    values (${id}, ${key}, ${actor.calendarEventId}, 'instagram')`,
      ),
    onePerTenant: false,
    allowed: EVERYONE,
  },
  {
    table: 'staff_invitations',
    pk: 'id',
    tenantKey: 'tenant_user_id',
    rowOf: (t) => t.staffInvitationId,
    visibleKeys: (t) => [t.tenantId],
    newRow: (_actor, key) =>
      withNewId(
        (id) => sql`insert into public.staff_invitations
                      (id, tenant_user_id, email, invitation_token, expires_at)
                    values (${id}, ${key}, ${`invitee.${crypto.randomUUID()}@example.com`},
                            ${crypto.randomUUID()}, now() + interval '7 days')`,
      ),
    onePerTenant: false,
    allowed: EVERYONE,
  },
];

const SPECS_BY_TABLE = Object.fromEntries(SPECS.map((spec) => [spec.table, spec])) as Record<
  | 'profiles'
  | 'user_roles'
  | 'business_profiles'
  | 'subscription'
  | 'calendar_events'
  | 'platform_posts'
  | 'staff_invitations',
  TableSpec
>;

const MARK = '2000-01-01T00:00:00Z';

function table(spec: TableSpec): SQL {
  return sql`public.${sql.identifier(spec.table)}`;
}

function col(name: string): SQL {
  return sql`${sql.identifier(name)}`;
}

/** Runs `query` in `scope` and returns the `id` column of its rows. */
async function idsAs(scope: TenantScope, query: SQL): Promise<string[]> {
  return withTenant(db, scope, async (tx) =>
    rowsOf<{ id: string }>(await tx.execute(query)).map((r) => r.id),
  );
}

function selectRows(spec: TableSpec, ids: string[]): SQL {
  return sql`select ${col(spec.pk)}::text as id from ${table(spec)}
             where ${col(spec.pk)} in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})
             order by ${col(spec.pk)}::text collate "C"`;
}

function markRow(spec: TableSpec, id: string): SQL {
  return sql`update ${table(spec)} set updated_at = ${MARK}::timestamptz
             where ${col(spec.pk)} = ${id} returning ${col(spec.pk)}::text as id`;
}

function deleteRow(spec: TableSpec, id: string): SQL {
  return sql`delete from ${table(spec)} where ${col(spec.pk)} = ${id} returning ${col(spec.pk)}::text as id`;
}

type Executor = Pick<Database['unsafeDb'], 'execute'>;

/**
 * The row as the connection's own role sees it, past every policy; undefined when it is gone.
 * `marked` says whether an update in these tests reached it.
 */
async function readPastPolicies(
  spec: TableSpec,
  id: string,
  executor: Executor = db.unsafeDb,
): Promise<{ marked: boolean } | undefined> {
  const rows = rowsOf<{ marked: boolean }>(
    await executor.execute(
      sql`select updated_at = ${MARK}::timestamptz as marked from ${table(spec)}
          where ${col(spec.pk)} = ${id}`,
    ),
  );
  return rows[0];
}

/**
 * Runs a statement that reads nothing from its table (no WHERE, no RETURNING) as `scope`, so
 * that the command's own policy alone decides which rows it reaches: with a WHERE clause the
 * SELECT policy applies too and would hide a too-lenient UPDATE or DELETE policy. Then, back in
 * the connection's own role, `inspect` looks at what happened, and everything is rolled back.
 */
async function blindly<T>(
  scope: TenantScope,
  statement: SQL,
  inspect: (tx: Executor) => Promise<T>,
): Promise<T> {
  const rollback = new Error('rollback');
  let inspected: { value: T } | undefined;
  await withTenant(db, scope, async (tx) => {
    await tx.execute(statement);
    await tx.execute(sql`set local role none`);
    inspected = { value: await inspect(tx) };
    throw rollback;
  }).catch((error: unknown) => {
    if (error !== rollback) throw error;
  });
  return inspected!.value;
}

/** What a failed statement threw: Drizzle wraps the PostgreSQL error in `cause`. */
async function failureOf(
  work: Promise<unknown>,
): Promise<Error & { cause?: { message?: string } }> {
  const outcome = await work.then(
    () => ({ failed: false as const }),
    (error: unknown) => ({ failed: true as const, error }),
  );
  if (!outcome.failed) throw new Error('expected the statement to be refused, but it succeeded');
  expect(outcome.error).toBeInstanceOf(Error);
  return outcome.error as Error & { cause?: { message?: string } };
}

async function databaseMessageOf(work: Promise<unknown>): Promise<string> {
  const error = await failureOf(work);
  return error.cause?.message ?? error.message;
}

const RLS_VIOLATION = /row-level security/;

describe.each(['select', 'update', 'delete', 'insert'] as const)('%s', (command) => {
  const cases = SPECS.map((spec) => {
    const rule =
      command === 'select'
        ? 'each tenant sees only its own rows'
        : spec.allowed[command] === 'tenant'
          ? 'refused on B’s rows, allowed on A’s own'
          : 'refused to a tenant, allowed to an administrator';
    return [spec.table, rule, spec] as const;
  });

  it.each(cases)('%s: %s', async (_table, _rule, spec) => {
    const { a, b } = await createTwoTenants(db);
    switch (command) {
      case 'select':
        return checkSelect(spec, a, b);
      case 'update':
        return checkUpdate(spec, a, b);
      case 'delete':
        return checkDelete(spec, a, b);
      case 'insert':
        return checkInsert(spec, a, b);
    }
  });
});

async function checkSelect(spec: TableSpec, a: TenantFixture, b: TenantFixture): Promise<void> {
  for (const [me, other] of [
    [a, b],
    [b, a],
  ] as const) {
    const both = [spec.rowOf(me), spec.rowOf(other)];
    expect(await idsAs(ownerScope(me), selectRows(spec, both))).toEqual([spec.rowOf(me)]);
    expect(await idsAs(ownerScope(me), selectRows(spec, [spec.rowOf(other)]))).toEqual([]);
    // Staff work on the tenant's rows too: the policies key on the tenant, not on who acts.
    expect(await idsAs(staffScope(me), selectRows(spec, both))).toEqual([spec.rowOf(me)]);

    // Not only the fixture rows: nothing in the whole table belongs to anyone else.
    const keys = await withTenant(db, ownerScope(me), async (tx) =>
      rowsOf<{ key: string | null }>(
        await tx.execute(
          sql`select distinct ${col(spec.tenantKey)}::text as key from ${table(spec)}`,
        ),
      ).map((r) => r.key),
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(spec.visibleKeys(me)).toContain(key);
  }
}

async function checkUpdate(spec: TableSpec, a: TenantFixture, b: TenantFixture): Promise<void> {
  const tenantMay = spec.allowed.update === 'tenant';

  // As the app writes it: aimed at one row.
  expect(await idsAs(ownerScope(a), markRow(spec, spec.rowOf(b)))).toEqual([]);
  expect(await readPastPolicies(spec, spec.rowOf(b))).toEqual({ marked: false });
  expect(await idsAs(ownerScope(a), markRow(spec, spec.rowOf(a)))).toEqual(
    tenantMay ? [spec.rowOf(a)] : [],
  );
  expect(await readPastPolicies(spec, spec.rowOf(a))).toEqual({ marked: tenantMay });

  // Aimed at the whole table, so that only the UPDATE policy stands between A and B's row.
  const markAll = sql`update ${table(spec)} set updated_at = ${MARK}::timestamptz`;
  const { a: mine, b: theirs } = await blindly(ownerScope(a), markAll, async (tx) => ({
    a: await readPastPolicies(spec, spec.rowOf(a), tx),
    b: await readPastPolicies(spec, spec.rowOf(b), tx),
  }));
  expect(theirs).toEqual({ marked: false });
  expect(mine).toEqual({ marked: tenantMay });

  if (tenantMay) {
    // WITH CHECK: A's rows cannot be handed over to B.
    const handOver = sql`update ${table(spec)} set ${col(spec.tenantKey)} = ${b.tenantId}`;
    expect(await databaseMessageOf(idsAs(ownerScope(a), handOver))).toMatch(RLS_VIOLATION);
    expect(await readPastPolicies(spec, spec.rowOf(a))).toBeDefined();
  } else {
    expect(await idsAs(adminScope(a), markRow(spec, spec.rowOf(b)))).toEqual([spec.rowOf(b)]);
    expect(await readPastPolicies(spec, spec.rowOf(b))).toEqual({ marked: true });
  }
}

async function checkDelete(spec: TableSpec, a: TenantFixture, b: TenantFixture): Promise<void> {
  const tenantMay = spec.allowed.delete === 'tenant';

  // Aimed at the whole table first (rolled back), so that only the DELETE policy decides.
  const deleteAll = sql`delete from ${table(spec)}`;
  const { a: mine, b: theirs } = await blindly(ownerScope(a), deleteAll, async (tx) => ({
    a: await readPastPolicies(spec, spec.rowOf(a), tx),
    b: await readPastPolicies(spec, spec.rowOf(b), tx),
  }));
  expect(theirs).toBeDefined();
  expect(mine === undefined).toBe(tenantMay);

  // As the app writes it: aimed at one row.
  expect(await idsAs(ownerScope(a), deleteRow(spec, spec.rowOf(b)))).toEqual([]);
  expect(await readPastPolicies(spec, spec.rowOf(b))).toBeDefined();
  expect(await idsAs(ownerScope(a), deleteRow(spec, spec.rowOf(a)))).toEqual(
    tenantMay ? [spec.rowOf(a)] : [],
  );
  expect(await readPastPolicies(spec, spec.rowOf(a))).toEqual(
    tenantMay ? undefined : { marked: false },
  );

  if (!tenantMay) {
    expect(await idsAs(adminScope(a), deleteRow(spec, spec.rowOf(b)))).toEqual([spec.rowOf(b)]);
    expect(await readPastPolicies(spec, spec.rowOf(b))).toBeUndefined();
  }
}

async function checkInsert(spec: TableSpec, a: TenantFixture, b: TenantFixture): Promise<void> {
  const intoB = spec.newRow(a, b.tenantId);
  const before = await readPastPolicies(spec, intoB.id);
  expect(await databaseMessageOf(idsAs(ownerScope(a), intoB.statement))).toMatch(RLS_VIOLATION);
  expect(await readPastPolicies(spec, intoB.id)).toEqual(before);

  if (spec.allowed.insert === 'tenant') {
    if (spec.onePerTenant) {
      await db.unsafeDb.execute(
        sql`delete from ${table(spec)} where ${col(spec.tenantKey)} = ${a.tenantId}`,
      );
    }
    const intoA = spec.newRow(a, a.tenantId);
    await withTenant(db, ownerScope(a), (tx) => tx.execute(intoA.statement));
    expect(await readPastPolicies(spec, intoA.id)).toBeDefined();
  } else {
    const intoA = spec.newRow(a, a.tenantId);
    expect(await databaseMessageOf(idsAs(ownerScope(a), intoA.statement))).toMatch(RLS_VIOLATION);
    expect(await readPastPolicies(spec, intoA.id)).toBeUndefined();
    await withTenant(db, adminScope(a), (tx) => tx.execute(intoB.statement));
    expect(await readPastPolicies(spec, intoB.id)).toBeDefined();
  }
}

describe('subscription', () => {
  it('lets a tenant start itself only on an active trial, not on a paid plan', async () => {
    const a = await createTenant(db, 'a');
    await db.unsafeDb.execute(sql`delete from public.subscription where user_id = ${a.tenantId}`);
    for (const [plan, status, endsIn, addons] of [
      ['premium', 'active', '14 days', '{}'],
      ['trial', 'inactive', '14 days', '{}'],
      // A trial that never ends, or one that brings paid add-ons along, is not a trial.
      ['trial', 'active', '1000 days', '{}'],
      ['trial', 'active', null, '{}'],
      ['trial', 'active', '14 days', '{crm}'],
    ]) {
      const ends = endsIn === null ? sql`null` : sql`now() + ${endsIn}::interval`;
      const insert = sql`insert into public.subscription (user_id, plan, status, trial_ends_at, addons)
                         values (${a.tenantId}, ${plan}, ${status}, ${ends}, ${addons}::text[])`;
      expect(await databaseMessageOf(idsAs(ownerScope(a), insert))).toMatch(RLS_VIOLATION);
    }
    const allowed = sql`insert into public.subscription (user_id, plan, status, trial_ends_at)
                        values (${a.tenantId}, 'trial', 'active', now() + interval '14 days') returning id`;
    expect(await idsAs(ownerScope(a), allowed)).toHaveLength(1);
  });

  it('lets only an administrator change the plan', async () => {
    const a = await createTenant(db, 'a');
    const upgrade = sql`update public.subscription set plan = 'premium'
                        where user_id = ${a.tenantId} returning id`;
    expect(await idsAs(ownerScope(a), upgrade)).toEqual([]);
    expect(await idsAs(adminScope(a), upgrade)).toEqual([a.subscriptionId]);
  });
});

describe('user_roles', () => {
  it('lets a tenant owner remove their own staff, not another tenant’s', async () => {
    const { a, b } = await createTwoTenants(db);
    expect(await idsAs(ownerScope(a), deleteRow(SPECS_BY_TABLE.user_roles, b.staffRoleId))).toEqual(
      [],
    );
    expect(await readPastPolicies(SPECS_BY_TABLE.user_roles, b.staffRoleId)).toBeDefined();
    expect(await idsAs(ownerScope(a), deleteRow(SPECS_BY_TABLE.user_roles, a.staffRoleId))).toEqual(
      [a.staffRoleId],
    );
  });

  it('does not let a staff member remove staff, even of their own tenant', async () => {
    const a = await createTenant(db, 'a');
    const colleague = await createUser(db, { label: 'colleague' });
    const [colleagueRoleId] = rowsOf<{ id: string }>(
      await db.unsafeDb.execute(
        sql`insert into public.user_roles (user_id, role, tenant_id)
            values (${colleague}, 'tenant_staff', ${a.tenantId}) returning id`,
      ),
    ).map((r) => r.id);
    const remove = deleteRow(SPECS_BY_TABLE.user_roles, colleagueRoleId!);
    expect(await idsAs(staffScope(a), remove)).toEqual([]);
    expect(await idsAs(staffScope(a), deleteRow(SPECS_BY_TABLE.user_roles, a.staffRoleId))).toEqual(
      [],
    );
    expect(await idsAs(ownerScope(a), remove)).toEqual([colleagueRoleId]);
  });

  it('lets the owner remove only tenant_staff rows of their tenant, nothing else', async () => {
    const a = await createTenant(db, 'a');
    const [otherRoleId] = rowsOf<{ id: string }>(
      await db.unsafeDb.execute(
        sql`insert into public.user_roles (user_id, role, tenant_id)
            values (${a.staffUserId}, 'admin', ${a.tenantId}) returning id`,
      ),
    ).map((r) => r.id);
    expect(await idsAs(ownerScope(a), deleteRow(SPECS_BY_TABLE.user_roles, otherRoleId!))).toEqual(
      [],
    );
    expect(await idsAs(adminScope(a), deleteRow(SPECS_BY_TABLE.user_roles, otherRoleId!))).toEqual([
      otherRoleId,
    ]);
  });

  it('does not let a tenant make itself or its staff an administrator', async () => {
    const a = await createTenant(db, 'a');
    const grant = sql`insert into public.user_roles (user_id, role) values (${a.tenantId}, 'admin')`;
    expect(await databaseMessageOf(idsAs(ownerScope(a), grant))).toMatch(RLS_VIOLATION);
    const promote = sql`update public.user_roles set role = 'admin'
                        where id = ${a.staffRoleId} returning id`;
    expect(await idsAs(ownerScope(a), promote)).toEqual([]);
    const [row] = rowsOf<{ role: string }>(
      await db.unsafeDb.execute(
        sql`select role from public.user_roles where id = ${a.staffRoleId}`,
      ),
    );
    expect(row?.role).toBe('tenant_staff');
  });
});

describe('profiles', () => {
  it('shows a tenant the profiles of its own staff only', async () => {
    const { a, b } = await createTwoTenants(db);
    const c = await createUser(db, { label: 'c' });
    const seeC = selectRows(SPECS_BY_TABLE.profiles, [c]);
    expect(await idsAs(ownerScope(a), seeC)).toEqual([]);

    // Staff of B, or holding some other role in A, is still not A's staff.
    await db.unsafeDb.execute(
      sql`insert into public.user_roles (user_id, role, tenant_id) values
            (${c}, 'tenant_staff', ${b.tenantId}), (${c}, 'tenant_viewer', ${a.tenantId})`,
    );
    expect(await idsAs(ownerScope(a), seeC)).toEqual([]);
    expect(await idsAs(ownerScope(b), seeC)).toEqual([c]);

    await db.unsafeDb.execute(
      sql`insert into public.user_roles (user_id, role, tenant_id) values (${c}, 'tenant_staff', ${a.tenantId})`,
    );
    expect(await idsAs(ownerScope(a), seeC)).toEqual([c]);
    // The staff member sees the owner and colleagues, not B's people.
    const people = [a.tenantId, a.staffUserId, b.tenantId, b.staffUserId, c];
    expect(await idsAs(staffScope(a), selectRows(SPECS_BY_TABLE.profiles, people))).toEqual(
      [a.tenantId, a.staffUserId, c].sort(),
    );
  });

  it('lets a user change their own profile only, not their staff’s', async () => {
    const a = await createTenant(db, 'a');
    expect(await idsAs(ownerScope(a), markRow(SPECS_BY_TABLE.profiles, a.staffUserId))).toEqual([]);
    expect(await idsAs(staffScope(a), markRow(SPECS_BY_TABLE.profiles, a.tenantId))).toEqual([]);
    expect(await idsAs(staffScope(a), markRow(SPECS_BY_TABLE.profiles, a.staffUserId))).toEqual([
      a.staffUserId,
    ]);
  });
});

describe('platform_posts', () => {
  // Foreign keys are checked past row-level security, so only the composite key
  // (calendar_event_id, user_id) → calendar_events(id, user_id) stops A attaching a post to B's
  // event (db/migrations/0002).
  it('refuses a post that points at another tenant’s calendar event', async () => {
    const { a, b } = await createTwoTenants(db);
    const insert = sql`insert into public.platform_posts (user_id, calendar_event_id, platform)
                       values (${a.tenantId}, ${b.calendarEventId}, 'facebook')`;
    expect(
      await databaseMessageOf(withTenant(db, ownerScope(a), (tx) => tx.execute(insert))),
    ).toMatch(/row-level security|foreign key/);
  });
});

describe('outside a tenant scope', () => {
  it('shows the runtime role nothing and lets it write nothing when no tenant is set', async () => {
    const { a } = await createTwoTenants(db);
    const seen = await db.unsafeDb.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'app_runtime', true)`);
      return rowsOf<{ id: string }>(
        await tx.execute(
          sql`select id::text from public.calendar_events where user_id = ${a.tenantId}`,
        ),
      );
    });
    expect(seen).toEqual([]);

    const write = db.unsafeDb.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('role', 'app_runtime', true), set_config('app.tenant_id', '', true)`,
      );
      await tx.execute(SPECS_BY_TABLE.calendar_events.newRow(a, a.tenantId).statement);
    });
    expect(await databaseMessageOf(write)).toMatch(RLS_VIOLATION);
  });

  it.each(['auth.users', 'auth.sessions', 'system.email_outbox', 'system.rate_limits'])(
    'refuses %s to a tenant outright',
    async (name) => {
      const a = await createTenant(db, 'a');
      const read = idsAs(ownerScope(a), sql`select 1 as id from ${sql.raw(name)} limit 1`);
      expect(await databaseMessageOf(read)).toMatch(/permission denied for schema/);
    },
  );
});

describe('the tenant scope does not leak', () => {
  it('leaves the connection in its own role with no tenant once the transaction ends', async () => {
    const { a, b } = await createTwoTenants(db);
    // As many transactions at once as the pool holds connections, then as many plain queries:
    // every connection that ran a tenant transaction is checked afterwards.
    const width = 8;
    const scopedPids = await Promise.all(
      Array.from({ length: width }, (_, i) =>
        withTenant(db, { ...ownerScope(i % 2 === 0 ? a : b), isAdmin: i % 4 === 0 }, async (tx) => {
          const [row] = rowsOf<{ pid: number; who: string }>(
            await tx.execute(
              sql`select pg_backend_pid() as pid, current_user::text as who from pg_sleep(0.02)`,
            ),
          );
          expect(row?.who).toBe('app_runtime');
          return row!.pid;
        }),
      ),
    );
    const plain = await Promise.all(
      Array.from({ length: width }, async () => {
        const [row] = rowsOf<{
          pid: number;
          who: string;
          session: string;
          tenant: string | null;
          user: string | null;
          admin: string | null;
        }>(
          await db.unsafeDb.execute(
            sql`select pg_backend_pid() as pid, current_user::text as who, session_user::text as session,
                       current_setting('app.tenant_id', true) as tenant,
                       current_setting('app.user_id', true) as user,
                       current_setting('app.is_admin', true) as admin
                  from pg_sleep(0.02)`,
          ),
        );
        return row!;
      }),
    );
    for (const row of plain) {
      expect(row.who).not.toBe('app_runtime');
      expect(row.who).toBe(row.session);
      expect([null, '']).toContain(row.tenant);
      expect([null, '']).toContain(row.user);
      expect([null, '']).toContain(row.admin);
    }
    const plainPids = new Set(plain.map((r) => r.pid));
    for (const pid of scopedPids) expect(plainPids).toContain(pid);

    // And the owner connection still sees across tenants, as it must for platform code.
    const ids = rowsOf<{ id: string }>(
      await db.unsafeDb.execute(
        sql`select id::text from public.calendar_events where id in (${a.calendarEventId}, ${b.calendarEventId})`,
      ),
    );
    expect(ids).toHaveLength(2);
  });

  it('keeps concurrent transactions for A and B apart', async () => {
    const { a, b } = await createTwoTenants(db);
    const runs = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a : b));
    const results = await Promise.all(
      runs.map((tenant) =>
        withTenant(db, ownerScope(tenant), async (tx) => {
          const [setting] = rowsOf<{ tenant: string }>(
            await tx.execute(sql`select current_setting('app.tenant_id', true) as tenant`),
          );
          // Yield between statements so that the other tenant's transactions run in between.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
          const events = rowsOf<{ id: string }>(
            await tx.execute(
              sql`select id::text from public.calendar_events
                  where id in (${a.calendarEventId}, ${b.calendarEventId})`,
            ),
          ).map((r) => r.id);
          const businesses = rowsOf<{ id: string }>(
            await tx.execute(sql`select user_id::text as id from public.business_profiles`),
          ).map((r) => r.id);
          return { tenant, setting: setting?.tenant, events, businesses };
        }),
      ),
    );
    for (const { tenant, setting, events, businesses } of results) {
      expect(setting).toBe(tenant.tenantId);
      expect(events).toEqual([tenant.calendarEventId]);
      expect(businesses).toEqual([tenant.tenantId]);
    }
  });
});

describe('error mapping', () => {
  it('maps a real row-level-security refusal to FORBIDDEN with the access-denied message', async () => {
    const { a, b } = await createTwoTenants(db);
    const error = await failureOf(
      idsAs(ownerScope(a), SPECS_BY_TABLE.calendar_events.newRow(a, b.tenantId).statement),
    );
    const mapped = mapBackendError(error);
    expect(mapped.code).toBe('FORBIDDEN');
    expect(mapped.record.userMessage).toBe('Access denied. Please check your permissions.');
  });
});

describe('profiles.settings.status', () => {
  it('cannot be changed by the user themselves, only by an administrator', async () => {
    const a = await createTenant(db, 'a');
    await db.unsafeDb.execute(
      sql`update public.profiles set settings = '{"status":"inactive"}' where id = ${a.tenantId}`,
    );
    const reactivate = sql`update public.profiles set settings = settings || '{"status":"active"}'
                           where id = ${a.tenantId} returning id`;
    expect(await databaseMessageOf(idsAs(ownerScope(a), reactivate))).toMatch(/permission denied/);
    // Other settings stay the user's own.
    const other = sql`update public.profiles set settings = settings || '{"theme":"dark"}'
                      where id = ${a.tenantId} returning id`;
    expect(await idsAs(ownerScope(a), other)).toEqual([a.tenantId]);
    expect(await idsAs(adminScope(a), reactivate)).toEqual([a.tenantId]);
  });
});
