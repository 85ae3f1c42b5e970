import pg from 'pg';
import { TEST_DATABASE_PREFIX } from './db.ts';

/** Drops the databases earlier runs against PostgreSQL left behind. */
export default async function setup(): Promise<void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${TEST_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await admin.end();
  }
}
