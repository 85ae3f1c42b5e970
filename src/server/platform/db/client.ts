import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './lock-file.ts';
import { scopedMessage } from './inline-sql.ts';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../../db/migrations');
const MIGRATION_LOCK_KEY = 712_345_001;

export interface Database {
  kind: 'pglite' | 'postgres';
  /**
   * The connection's own role: bypasses row-level security. Only for platform code (auth
   * identities, outbox, rate limits, migrations) and functions named unsafe*.
   */
  unsafeDb: AppDb;
  /** Raw SQL for the job queue and benchmarks. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
  connectionString: string | null;
  /**
   * One transaction whose first act sets these settings for the transaction only
   * (`set_config(name, value, true)`; `role` switches role like SET LOCAL ROLE). Use withTenant.
   */
  scopedTransaction<T>(settings: Record<string, string>, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * One read statement under these settings in a single round trip: settings and statement go
   * as one simple-protocol message (values inlined as escaped literals, see inline-sql.ts) and
   * run as one implicit transaction. For hot list endpoints; use withTenantRead.
   */
  scopedRead<R>(
    settings: Record<string, string>,
    statement: { sql: string; params: readonly unknown[] },
  ): Promise<R[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; undefined means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  migrate?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir);
  if (options.migrate !== false) await runMigrations(database);
  return database;
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const client = new PGlite(dataDir ? path.join(dataDir, 'pglite') : undefined);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as AppDb;
    return {
      kind: 'pglite',
      unsafeDb: db,
      connectionString: null,
      // PGlite has one session: its transaction holds a lock, so the settings go inside it.
      scopedTransaction: (settings, fn) =>
        db.transaction(async (tx) => {
          await applySettings(tx as unknown as Tx, settings);
          return fn(tx as unknown as Tx);
        }),
      // exec takes the same lock as a transaction, so nothing runs between the two statements.
      async scopedRead<R>(
        settings: Record<string, string>,
        statement: { sql: string; params: readonly unknown[] },
      ) {
        const results = await client.exec(scopedMessage(settings, statement));
        return (results.at(-1)?.rows ?? []) as R[];
      },
      async query<R>(text: string, params?: unknown[]) {
        if (params && params.length > 0) {
          const result = await client.query<R>(text, params);
          return { rows: result.rows };
        }
        // Parameterless calls may hold several statements (the job queue's schema script).
        const results = await client.exec(text);
        return { rows: (results.at(-1)?.rows ?? []) as R[] };
      },
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as AppDb;
  return {
    kind: 'postgres',
    unsafeDb: db,
    connectionString,
    // BEGIN and the settings travel in one message (simple protocol, values as escaped
    // literals), saving a round trip on every request.
    async scopedTransaction(settings, fn) {
      const client = await pool.connect();
      let healthy = true;
      try {
        const calls = Object.entries(settings).map(
          ([name, value]) =>
            `set_config(${client.escapeLiteral(name)}, ${client.escapeLiteral(value)}, true)`,
        );
        await client.query(`begin; select ${calls.join(', ')}`);
        const result = await fn(drizzlePg({ client, schema }) as unknown as Tx);
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          healthy = false;
        }
        throw error;
      } finally {
        // A connection whose rollback failed is in an unknown state: destroy it, do not pool it.
        client.release(!healthy);
      }
    },
    async scopedRead<R>(
      settings: Record<string, string>,
      statement: { sql: string; params: readonly unknown[] },
    ) {
      const results = (await pool.query(scopedMessage(settings, statement))) as unknown as Array<{
        rows: R[];
      }>;
      return results.at(-1)?.rows ?? [];
    },
    async query<R>(text: string, params?: unknown[]) {
      const result = await pool.query(text, params as unknown[]);
      return { rows: result.rows as R[] };
    },
    async close() {
      await pool.end();
    },
  };
}

export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.unsafeDb as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // Several processes may start at once against one server: one migrates, the others wait.
  const client = new pg.Client({ connectionString: database.connectionString! });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

/** Sets transaction-local settings (`role` switches role) inside an open transaction. */
export async function applySettings(tx: Tx, settings: Record<string, string>): Promise<void> {
  const calls = Object.entries(settings).map(
    ([name, value]) => sql`set_config(${name}, ${value}, true)`,
  );
  await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

/** Rows of a raw `execute`, whose result type differs between the two drivers. */
export function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}
