import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { getTestDatabase } from '#server/test/db.ts';

// Reads the catalog rather than trusting the migrations: a table added later without RLS, FORCE,
// a policy for some command or an index on its tenant key fails here by name, before any
// behavioural test would have thought to look at it.

const RUNTIME_ROLE = 'app_runtime';
const COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;
const TENANT_TABLES = [
  'account_images',
  'analytics_breakdowns',
  'analytics_daily',
  'analytics_online_hours',
  'analytics_post_samples',
  'analytics_posts',
  'analytics_reports',
  'analytics_sync_states',
  'audience_activities',
  'audience_contacts',
  'audience_deletions',
  'audience_identities',
  'audience_notes',
  'audience_segments',
  'billing_coupon_redemptions',
  'billing_coupons',
  'billing_events',
  'billing_grants',
  'billing_invoices',
  'billing_webhook_failures',
  'business_profiles',
  'calendar_events',
  'campaign_posts',
  'campaigns',
  'email_campaigns',
  'email_recipients',
  'email_suppressions',
  'engine_messages',
  'engine_sessions',
  'inbox_items',
  'inbox_moderation_actions',
  'inbox_moderation_rules',
  'inbox_notes',
  'inbox_notifications',
  'inbox_pending_changes',
  'inbox_saved_replies',
  'inbox_sync_states',
  'inbox_threads',
  'platform_connections',
  'platform_oauth_states',
  'platform_posts',
  'posting_queues',
  'posting_slots',
  'profiles',
  'queued_posts',
  'staff_invitations',
  'subscription',
  'user_roles',
];
/** The column a table's index must lead with, where it is not user_id or tenant_user_id. */
const TENANT_KEY_EXCEPTIONS: Record<string, readonly string[]> = {
  profiles: ['id'],
  // Stored insights are read per account (one account belongs to one business, through the
  // (connection_id, user_id) key): their primary key leads with the account.
  analytics_daily: ['connection_id'],
  analytics_breakdowns: ['connection_id'],
  analytics_online_hours: ['connection_id'],
  // Billing (docs/decisions/094): webhook events, their failures and manual coupons belong to no
  // business (administrators only); a redemption is found by its coupon, once per business.
  billing_events: ['id'],
  billing_webhook_failures: ['id'],
  billing_coupons: ['id'],
  billing_coupon_redemptions: ['coupon_id'],
};
const DEFAULT_TENANT_KEYS = ['user_id', 'tenant_user_id'];

let db: Database;
beforeAll(async () => {
  db = await getTestDatabase();
});

interface TableRow {
  table_name: string;
  rls: boolean;
  force: boolean;
}

async function publicTables(): Promise<TableRow[]> {
  const { rows } = await db.query<TableRow>(
    `select c.relname as table_name, c.relrowsecurity as rls, c.relforcerowsecurity as force
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`,
  );
  return rows;
}

describe('row-level security in the catalog', () => {
  it('sees every tenant table (so the checks below are not vacuous)', async () => {
    const names = (await publicTables()).map((t) => t.table_name);
    expect(names).toEqual(expect.arrayContaining(TENANT_TABLES));
  });

  it('has ENABLE and FORCE row level security on every table in schema public', async () => {
    const tables = await publicTables();
    const withoutRls = tables.filter((t) => !t.rls).map((t) => t.table_name);
    const withoutForce = tables.filter((t) => !t.force).map((t) => t.table_name);
    expect(
      withoutRls,
      `tables without ENABLE ROW LEVEL SECURITY: ${withoutRls.join(', ')}`,
    ).toEqual([]);
    expect(
      withoutForce,
      `tables without FORCE ROW LEVEL SECURITY: ${withoutForce.join(', ')}`,
    ).toEqual([]);
  });

  it('has a permissive policy for app_runtime on every command of every table in schema public', async () => {
    const tables = await publicTables();
    // A policy TO PUBLIC applies to app_runtime too; a restrictive policy alone grants nothing.
    const { rows } = await db.query<{ table_name: string; cmd: string }>(
      `select tablename as table_name, cmd
         from pg_catalog.pg_policies
        where schemaname = 'public' and permissive = 'PERMISSIVE'
          and ($1 = any(roles) or 'public' = any(roles))`,
      [RUNTIME_ROLE],
    );
    const missing: string[] = [];
    for (const { table_name } of tables) {
      const commands = new Set(rows.filter((r) => r.table_name === table_name).map((r) => r.cmd));
      for (const command of COMMANDS) {
        if (!commands.has(command) && !commands.has('ALL'))
          missing.push(`${table_name} ${command}`);
      }
    }
    expect(missing, `no policy for app_runtime on: ${missing.join(', ')}`).toEqual([]);
  });

  it('has an index leading with the tenant key on every table in schema public', async () => {
    const tables = await publicTables();
    const { rows } = await db.query<{ table_name: string; first_column: string | null }>(
      `select c.relname as table_name, a.attname as first_column
         from pg_catalog.pg_index i
         join pg_catalog.pg_class c on c.oid = i.indrelid
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
        where n.nspname = 'public'`,
    );
    const unindexed = tables
      .map((t) => t.table_name)
      .filter((name) => {
        const keys = TENANT_KEY_EXCEPTIONS[name] ?? DEFAULT_TENANT_KEYS;
        return !rows.some(
          (r) => r.table_name === name && r.first_column !== null && keys.includes(r.first_column),
        );
      });
    expect(
      unindexed,
      `tables without an index leading with their tenant key: ${unindexed.join(', ')}`,
    ).toEqual([]);
  });
});

describe('the runtime role', () => {
  it('is neither a superuser nor allowed to bypass row-level security', async () => {
    const { rows } = await db.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
      'select rolsuper, rolbypassrls from pg_catalog.pg_roles where rolname = $1',
      [RUNTIME_ROLE],
    );
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
  });

  it.each(['public', 'app'])('cannot create objects in schema %s', async (schema) => {
    // A table it created itself would be its own, outside every policy written here.
    const { rows } = await db.query<{ create: boolean }>(
      `select has_schema_privilege($1, $2, 'CREATE') as create`,
      [RUNTIME_ROLE, schema],
    );
    expect(rows).toEqual([{ create: false }]);
  });

  it.each(['auth', 'system'])('has no privilege on schema %s or its tables', async (schema) => {
    const { rows: schemaRows } = await db.query<{ usage: boolean; create: boolean }>(
      `select has_schema_privilege($1, $2, 'USAGE') as usage, has_schema_privilege($1, $2, 'CREATE') as create`,
      [RUNTIME_ROLE, schema],
    );
    expect(schemaRows).toEqual([{ usage: false, create: false }]);

    const { rows: tables } = await db.query<{ table_name: string; granted: boolean }>(
      `select c.relname as table_name,
              has_table_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER') as granted
         from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $2 and c.relkind in ('r', 'p', 'v', 'm')`,
      [RUNTIME_ROLE, schema],
    );
    expect(tables.length).toBeGreaterThan(0);
    const granted = tables.filter((t) => t.granted).map((t) => t.table_name);
    expect(granted, `app_runtime holds privileges on ${schema}: ${granted.join(', ')}`).toEqual([]);
  });
});
