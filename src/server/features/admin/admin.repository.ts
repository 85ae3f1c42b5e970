import { sql } from 'drizzle-orm';
import type { AdminAccount } from '#shared/contracts/admin.contract.ts';
import { rowsOf, type AppDb } from '#server/platform/db/client.ts';

// Installation-wide reads and the one installation-wide write of the administration area. They
// bypass row-level security by design (they join auth.users, which the runtime role cannot read,
// and the pgboss schema); every caller checks 'admin:users' or 'admin:system' first, or — for the
// first administrator — that none exists yet.

export async function unsafeAdminExists(db: AppDb): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`select 1 from public.user_roles where role = 'admin' and tenant_id is null limit 1`,
    ),
  );
  return rows.length > 0;
}

/** Makes `userId` an administrator only while there is none, in one statement. */
export async function unsafeCreateFirstAdmin(db: AppDb, userId: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into public.user_roles (user_id, role)
      select ${userId}::uuid, 'admin'
      where not exists (select 1 from public.user_roles where role = 'admin' and tenant_id is null)
      returning id`),
  );
  return rows.length > 0;
}

interface AccountRow {
  id: string;
  email: string | null;
  full_name: string | null;
  business_name: string | null;
  status: string | null;
  plan: AdminAccount['plan'];
  subscription_status: AdminAccount['subscription_status'];
  trial_ends_at: Date | string | null;
  roles: string[] | null;
  created_at: Date | string;
  total: number | string;
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * docs/product/services.md#profiles list (page 50) with search on address, name and business
 * name; newest first.
 */
export async function unsafeSearchAccounts(
  db: AppDb,
  options: { search: string | undefined; limit: number; offset: number },
): Promise<{ items: AdminAccount[]; total: number }> {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const rows = rowsOf<AccountRow>(
    await db.execute(sql`
      select p.id, u.email, p.full_name, bp.business_name, p.settings->>'status' as status,
             s.plan, s.status as subscription_status, s.trial_ends_at, p.created_at,
             coalesce((select array_agg(distinct r.role order by r.role) from public.user_roles r
                       where r.user_id = p.id), '{}') as roles,
             count(*) over () as total
      from public.profiles p
      left join auth.users u on u.id = p.id
      left join public.business_profiles bp on bp.user_id = p.id
      left join public.subscription s on s.user_id = p.id
      where ${pattern}::text is null
         or u.email ilike ${pattern} or p.full_name ilike ${pattern} or bp.business_name ilike ${pattern}
      order by p.created_at desc, p.id desc
      limit ${options.limit} offset ${options.offset}`),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      full_name: row.full_name,
      business_name: row.business_name,
      status: row.status === 'inactive' ? 'inactive' : 'active',
      plan: row.plan,
      subscription_status: row.subscription_status,
      trial_ends_at: iso(row.trial_ends_at),
      roles: row.roles ?? [],
      created_at: iso(row.created_at)!,
    })),
  };
}

export interface QueueDepth {
  name: string;
  queued: number;
  active: number;
  retrying: number;
  failed: number;
  completed: number;
}

/** Jobs per queue and state, from pg-boss's own table. */
export async function unsafeQueueDepths(db: AppDb): Promise<QueueDepth[]> {
  const rows = rowsOf<{ name: string; state: string; n: number | string }>(
    await db.execute(
      sql`select name, state::text as state, count(*) as n from pgboss.job group by name, state`,
    ),
  );
  const byName = new Map<string, QueueDepth>();
  for (const row of rows) {
    const depth = byName.get(row.name) ?? {
      name: row.name,
      queued: 0,
      active: 0,
      retrying: 0,
      failed: 0,
      completed: 0,
    };
    const n = Number(row.n);
    if (row.state === 'created') depth.queued += n;
    else if (row.state === 'active') depth.active += n;
    else if (row.state === 'retry') depth.retrying += n;
    else if (row.state === 'failed') depth.failed += n;
    else if (row.state === 'completed') depth.completed += n;
    byName.set(row.name, depth);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function unsafeFailedJobs(db: AppDb, limit = 20) {
  const rows = rowsOf<{
    id: string;
    name: string;
    completed_on: Date | string | null;
    retry_count: number;
    output: unknown;
  }>(
    await db.execute(sql`
      select id::text as id, name, completed_on, retry_count, output from pgboss.job
      where state = 'failed' order by completed_on desc nulls last limit ${limit}`),
  );
  return rows.map((row) => {
    const output = row.output as { message?: unknown } | null;
    const error =
      output && typeof output === 'object' && typeof output.message === 'string'
        ? output.message
        : output
          ? JSON.stringify(output).slice(0, 500)
          : null;
    return {
      id: row.id,
      name: row.name,
      failedAt: iso(row.completed_on),
      retries: Number(row.retry_count),
      error,
    };
  });
}
