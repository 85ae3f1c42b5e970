import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isProcessAlive } from './lock-file.ts';

// A new embedded data directory starts as a copy of a template: a PGlite data directory that has
// been through initdb, every migration and the job queue's schema, made once per set of
// migrations (and PGlite and pg-boss versions) and kept under node_modules/.cache. Copying it
// takes a fraction of a second where initdb and the migrations take several (decision 019).
// Never used with DATABASE_URL, and never for a data directory that already holds a database.

/** Bump when the recipe below changes, so that templates made by the old one are not used. */
const TEMPLATE_FORMAT = 2;

/** db/migrations: what drizzle's migrator reads, and what the template is made of. */
export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../../../db/migrations');

interface TemplateLog {
  info(message: string): void;
  warn(object: object, message: string): void;
}

export interface TemplateOptions {
  /** MIGRATIONS_FOLDER unless told otherwise. */
  migrationsFolder?: string;
  /** Where templates live; node_modules/.cache/soci-gen beside the migrations by default. */
  cacheDir?: string;
  log?: TemplateLog | undefined;
}

const requireHere = createRequire(import.meta.url);

/** The version in a package's package.json, found from its entry point (exports may hide it). */
function packageVersion(name: string): string {
  let dir = path.dirname(requireHere.resolve(name));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === name && pkg.version) return pkg.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json found for ${name}`);
    dir = parent;
  }
}

function filesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full));
    else if (entry.isFile()) found.push(full);
  }
  return found.sort();
}

/**
 * What the template depends on: every file of the migrations folder, the PGlite version (its
 * PostgreSQL writes the files) and the pg-boss version (its schema is in the template).
 */
export function databaseTemplateKey(migrationsFolder = MIGRATIONS_FOLDER): string {
  const hash = createHash('sha256');
  hash.update(`format ${TEMPLATE_FORMAT}\n`);
  hash.update(`@electric-sql/pglite ${packageVersion('@electric-sql/pglite')}\n`);
  hash.update(`pg-boss ${packageVersion('pg-boss')}\n`);
  for (const file of filesUnder(migrationsFolder)) {
    hash.update(`${path.relative(migrationsFolder, file).split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

function cacheDirFor(options: TemplateOptions): string {
  return (
    options.cacheDir ??
    path.resolve(
      options.migrationsFolder ?? MIGRATIONS_FOLDER,
      '../../node_modules/.cache/soci-gen',
    )
  );
}

/** Templates of other keys, and half-made ones whose maker has gone. */
function removeStaleTemplates(cacheDir: string, keep: string): void {
  for (const name of fs.readdirSync(cacheDir)) {
    if (!name.startsWith('pglite-template-') || name === keep) continue;
    const maker = /\.tmp-(\d+)-/.exec(name);
    if (maker && isProcessAlive(Number(maker[1]))) continue;
    fs.rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

/** initdb, the migrations and pg-boss's schema into `dir` (a new directory), then a clean close. */
async function makeTemplate(dir: string, migrationsFolder: string): Promise<void> {
  const [{ PGlite }, { drizzle }, { migrate }, { default: PgBoss }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('pg-boss'),
  ]);
  // The same options as openDatabase's PGlite: the files must be what it would have written.
  const client = new PGlite(dir);
  try {
    await client.waitReady;
    await migrate(drizzle({ client }), { migrationsFolder });
    // What the job queue's first start does (JobQueue.start): pg-boss installs its schema,
    // nothing more (its cron scheduler is off, as in JobQueue). Stopped at once.
    const boss = new PgBoss({
      schema: 'pgboss',
      schedule: false,
      db: {
        executeSql: async (text: string, values?: unknown[]) =>
          values && values.length > 0
            ? client.query(text, values)
            : { rows: (await client.exec(text)).at(-1)?.rows ?? [] },
      },
    });
    boss.on('error', () => {});
    await boss.start();
    await boss.stop({ graceful: false, close: false });
  } finally {
    await client.close();
  }
}

/**
 * The template's directory for the current migrations, made first if there is none. Several
 * processes may make it at once: each in a directory of its own, renamed into place whole.
 */
export async function ensureDatabaseTemplate(options: TemplateOptions = {}): Promise<string> {
  const cacheDir = cacheDirFor(options);
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const name = `pglite-template-${databaseTemplateKey(migrationsFolder)}`;
  const dir = path.join(cacheDir, name);
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;

  const started = performance.now();
  options.log?.info(
    'Preparing the embedded database template (once per set of migrations): initdb and migrations ...',
  );
  fs.mkdirSync(cacheDir, { recursive: true });
  const temporary = path.join(
    cacheDir,
    `${name}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  fs.mkdirSync(temporary);
  try {
    await makeTemplate(temporary, migrationsFolder);
    try {
      fs.renameSync(temporary, dir);
    } catch (error) {
      // Another process got there first: theirs is as good as ours.
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    }
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
  try {
    removeStaleTemplates(cacheDir, name);
  } catch {
    // Only disk space is at stake.
  }
  options.log?.info(
    `Embedded database template ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return dir;
}

function isEmptyOrMissing(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * Fills a new PGlite data directory (`pgliteDir`, inside a locked DATA_DIR) from the template.
 * Does nothing when the directory already holds anything. Returns whether it copied; on any
 * failure it leaves nothing behind and returns false, so PGlite runs initdb as it would have.
 */
export async function seedFromTemplate(
  pgliteDir: string,
  options: TemplateOptions,
): Promise<boolean> {
  if (!isEmptyOrMissing(pgliteDir)) return false;
  const parent = path.dirname(pgliteDir);
  const partial = path.join(parent, `${path.basename(pgliteDir)}.seeding`);
  try {
    const template = await ensureDatabaseTemplate(options);
    // Copied beside it and renamed into place, so an interrupted copy is never taken for a
    // database. The data directory's lock makes this process the only one here.
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(template, partial, { recursive: true });
    fs.rmSync(pgliteDir, { recursive: true, force: true });
    fs.renameSync(partial, pgliteDir);
    return true;
  } catch (error) {
    options.log?.warn(
      { err: error },
      'Could not use the database template; running initdb instead',
    );
    fs.rmSync(partial, { recursive: true, force: true });
    return false;
  }
}
