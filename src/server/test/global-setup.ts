import pg from 'pg';
import { TEST_DATABASE_PREFIX } from './db.ts';

const STALE_AFTER_MS = 3_600_000;

/**
 * Drops the databases earlier runs against PostgreSQL left behind. Names end in the creation
 * time; only those over an hour old go, so two runs at once on one server do not collide.
 */
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
    for (const { datname } of rows) {
      const createdAt = Number(datname.split('_').at(-1));
      if (Number.isFinite(createdAt) && Date.now() - createdAt > STALE_AFTER_MS) {
        await admin.query(`drop database if exists ${datname} with (force)`);
      }
    }
  } finally {
    await admin.end();
  }
}
