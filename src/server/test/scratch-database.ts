import pg from 'pg';

// A database of its own on a PostgreSQL server, for the tests, the chaos run and the benchmarks:
// created empty (the app migrates it when it opens it) and dropped with its connections.

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh database on the server at `adminUrl`, dropped (with its connections) by drop(). */
export async function createScratchDatabase(
  adminUrl: string,
  label: string,
): Promise<ScratchDatabase> {
  const name = `socigen_${label}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
