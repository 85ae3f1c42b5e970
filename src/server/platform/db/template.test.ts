import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import {
  MIGRATIONS_FOLDER,
  databaseTemplateKey,
  ensureDatabaseTemplate,
  seedFromTemplate,
} from './template.ts';

// A new data directory starts as a copy of a migrated template (decision 019).

const dirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const journalEntries = () =>
  (
    JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

describe('the database template', () => {
  it('changes its key when a migration changes', () => {
    const copy = tempDir('socigen-migrations-');
    fs.cpSync(MIGRATIONS_FOLDER, copy, { recursive: true });
    const key = databaseTemplateKey(copy);
    expect(databaseTemplateKey(copy)).toBe(key);
    const first = fs.readdirSync(copy).find((name) => name.endsWith('.sql'))!;
    fs.appendFileSync(path.join(copy, first), '\n-- changed\n');
    expect(databaseTemplateKey(copy)).not.toBe(key);
  });

  // initdb and every migration: seconds, more on a busy machine.
  it(
    'is made once, and a new data directory copied from it is migrated already',
    { timeout: 120_000 },
    async () => {
      const cacheDir = tempDir('socigen-template-cache-');
      const template = await ensureDatabaseTemplate({ cacheDir });
      expect(fs.existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
      expect(await ensureDatabaseTemplate({ cacheDir })).toBe(template);
      expect(fs.readdirSync(cacheDir)).toEqual([path.basename(template)]);

      const dataDir = tempDir('socigen-seeded-');
      const pgliteDir = path.join(dataDir, 'pglite');
      expect(await seedFromTemplate(pgliteDir, { cacheDir })).toBe(true);
      // Opened without migrating: every migration and pg-boss's schema are there already.
      const database = await openDatabase({ dataDir, migrate: false, template: false });
      try {
        const { rows } = await database.query<{ count: number }>(
          'select count(*)::int as count from drizzle.__drizzle_migrations',
        );
        expect(rows[0]!.count).toBe(journalEntries());
        const boss = await database.query<{ version: number }>(
          'select version from pgboss.version',
        );
        expect(boss.rows).toHaveLength(1);
      } finally {
        await database.close();
      }
      // A directory that holds anything is never overwritten.
      expect(await seedFromTemplate(pgliteDir, { cacheDir })).toBe(false);
    },
  );
});
