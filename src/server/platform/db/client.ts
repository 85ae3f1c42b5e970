import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, PgliteSession, PgliteTransaction } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, NodePgDatabase, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import {
  PgDialect,
  type PgDatabase,
  type PgQueryResultHKT,
  type PgTransaction,
} from 'drizzle-orm/pg-core';
import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  sql,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
  type TablesRelationalConfig,
} from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { acquireDataDirLock } from './lock-file.ts';
import { MIGRATIONS_FOLDER, seedFromTemplate } from './template.ts';
import type { Logger } from '../logger.ts';
import { scopedMessage, settingsStatement, sqlLiteral, type InlineValue } from './inline-sql.ts';

export type Schema = typeof schema;
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export { MIGRATIONS_FOLDER };
const MIGRATION_LOCK_KEY = 712_345_001;

/**
 * The schema's relational config and a dialect, made once: a transaction's query builder is made
 * from them, where drizzle() would extract the config from the schema again each time (about a
 * millisecond of CPU per transaction).
 */
let builderParts:
  { dialect: PgDialect; relational: RelationalSchemaConfig<TablesRelationalConfig> } | undefined;
function transactionBuilderParts() {
  if (!builderParts) {
    const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
    builderParts = {
      dialect: new PgDialect(),
      relational: {
        fullSchema: schema,
        schema: tables.tables,
        tableNamesMap: tables.tableNamesMap,
      },
    };
  }
  return builderParts;
}

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
   * One statement (a read or a write) under these settings in a single round trip: settings and
   * statement go as one simple-protocol message (values inlined as escaped literals, see
   * inline-sql.ts) and run as one implicit transaction, rolled back whole on an error. Use
   * withTenantStatement.
   */
  scopedStatement<R>(
    settings: Record<string, string>,
    statement: { sql: string; params: readonly unknown[] },
  ): Promise<R[]>;
  /**
   * A fixed statement the server keeps planned for the connection: prepared once, then executed
   * with these values (bound on PostgreSQL; written as escaped literals on PGlite, whose API has
   * no named statements). For the statements every uncached request runs besides its own (the
   * session lookup), where planning them again cost more than running them. `name` is a constant.
   */
  queryPrepared<R>(name: string, text: string, params: readonly InlineValue[]): Promise<R[]>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for PGlite's files; undefined means in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  migrate?: boolean;
  /**
   * A new data directory starts as a copy of the migrated template (template.ts, decision 019)
   * instead of initdb and every migration; false runs initdb. Embedded database only.
   */
  template?: boolean;
  /** Says when the template is being made (seconds, once per set of migrations). */
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options);
  if (options.migrate !== false) await runMigrations(database);
  return database;
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const { dataDir } = options;
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const pgliteDir = dataDir ? path.join(dataDir, 'pglite') : undefined;
    // Under the lock: only this process looks at or fills the new directory.
    if (pgliteDir && options.template !== false) {
      await seedFromTemplate(pgliteDir, { log: options.logger });
    }
    // The template was made with these same options (none): keep them in step.
    const client = new PGlite(pgliteDir);
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as AppDb;
    const prepared = new Map<string, Promise<void>>();
    return {
      kind: 'pglite',
      unsafeDb: db,
      connectionString: null,
      // PGlite has one session: its transaction holds a lock, so the settings go inside it, as
      // one simple-protocol statement (values as escaped literals): the query builder's
      // parameterised statement costs several protocol steps and a copy of PGlite's type parsers.
      scopedTransaction: (settings, fn) =>
        client.transaction(async (pgliteTx) => {
          await pgliteTx.exec(settingsStatement(settings));
          const { dialect, relational } = transactionBuilderParts();
          const session = new PgliteSession(pgliteTx as never, dialect, relational);
          return fn(new PgliteTransaction(dialect, session, relational) as unknown as Tx);
        }),
      // exec takes the same lock as a transaction, so nothing runs between the two statements.
      async scopedStatement<R>(
        settings: Record<string, string>,
        statement: { sql: string; params: readonly unknown[] },
      ) {
        const results = await client.exec(scopedMessage(settings, statement));
        return (results.at(-1)?.rows ?? []) as R[];
      },
      async queryPrepared<R>(name: string, text: string, params: readonly InlineValue[]) {
        let ready = prepared.get(name);
        if (!ready) {
          ready = client.exec(`prepare ${preparedName(name)} as ${text}`).then(() => {});
          prepared.set(name, ready);
          ready.catch(() => prepared.delete(name));
        }
        await ready;
        const values = params.length > 0 ? `(${params.map(sqlLiteral).join(', ')})` : '';
        const results = await client.exec(`execute ${preparedName(name)}${values}`);
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
        await client.query(`begin; ${settingsStatement(settings)}`);
        const { dialect, relational } = transactionBuilderParts();
        const session = new NodePgSession(client, dialect, relational, {});
        const result = await fn(
          new NodePgDatabase(dialect, session, relational as never) as unknown as Tx,
        );
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
    async scopedStatement<R>(
      settings: Record<string, string>,
      statement: { sql: string; params: readonly unknown[] },
    ) {
      const results = (await pool.query(scopedMessage(settings, statement))) as unknown as Array<{
        rows: R[];
      }>;
      return results.at(-1)?.rows ?? [];
    },
    async queryPrepared<R>(name: string, text: string, params: readonly InlineValue[]) {
      const result = await pool.query({ name: preparedName(name), text, values: [...params] });
      return result.rows as R[];
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

/** A prepared statement's name, checked: it is written into the statement as it stands. */
function preparedName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a statement name: ${name}`);
  return name;
}

/** Rows of a raw `execute`, whose result type differs between the two drivers. */
export function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}
