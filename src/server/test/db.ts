import { openDatabase, type Database } from '#server/platform/db/client.ts';
import { createScratchDatabase } from './scratch-database.ts';

// One migrated database per test worker, shared by the worker's files (they run without
// isolation), because creating and migrating PGlite takes seconds. Tests never depend on an
// empty database: each creates its own users.

/** The names createScratchDatabase(…, 'test') gives. */
export const TEST_DATABASE_PREFIX = 'socigen_test_';

let shared: Promise<Database> | undefined;

export function getTestDatabase(): Promise<Database> {
  shared ??= openTestDatabase();
  return shared;
}

async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: undefined });
  const scratch = await createScratchDatabase(serverUrl, 'test');
  return openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

/** The PostgreSQL server of TEST_DATABASE_URL, for tests that create databases of their own. */
export function testDatabaseServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}
