import { spawn } from 'node:child_process';
import console from 'node:console';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

// What `npm start` runs, built ahead (decision 019):
//   web       Vite builds src/web into dist/web;
//   server    esbuild bundles each server entry into one file in dist/server (our TypeScript
//             compiled once instead of through tsx at every start; packages stay in node_modules);
//   template  the migrated database that new embedded data directories are copied from
//             (node_modules/.cache/soci-gen; src/server/platform/db/template.ts).
// Each built part has a stamp beside it with a hash of the contents of its inputs; with
// `ifChanged` a part is rebuilt only when that hash (or the output the stamp describes) differs,
// so a restart builds nothing and a `git pull` rebuilds what it changed.
//
//   node scripts/build.mjs               everything
//   node scripts/build.mjs --if-changed  only what changed (what `npm start` does first)
//
// Plain JavaScript: it runs before anything is compiled, and on every start.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const SERVER_DIST = path.join(DIST, 'server');
const WEB_STAMP = path.join(DIST, 'web.build.json');
const SERVER_STAMP = path.join(SERVER_DIST, 'build.json');

/** Server entry points: src path → output name (dist/server/<name>.mjs). */
const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  worker: 'src/server/worker.ts',
  'prepare-template': 'src/server/platform/db/prepare-template.ts',
};

/** Inputs of every build besides its sources: dependencies, compiler settings, this script. */
const COMMON_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
];
/** Everything Vite reads: the app and shared code (Tailwind scans src/web for class names). */
const WEB_INPUTS = [
  ...COMMON_INPUTS,
  'tsconfig.web.json',
  'tsconfig.shared.json',
  'vite.config.ts',
  'scripts/vite-precompress.ts',
  'src/web',
  'src/shared',
];
/** Besides the files esbuild reports it read: the migrations, which the template is made of. */
const SERVER_EXTRA_INPUTS = [...COMMON_INPUTS, 'tsconfig.server.json', 'db/migrations'];

const relative = (file) =>
  (file.startsWith(ROOT + path.sep) ? file.slice(ROOT.length + 1) : path.relative(ROOT, file))
    .split(path.sep)
    .join('/');

/** Files under each path (a file or a directory), relative to the root, sorted. */
function expand(paths) {
  const files = [];
  for (const p of paths) {
    const abs = path.join(ROOT, p);
    let entries;
    try {
      entries = fs.readdirSync(abs, { withFileTypes: true, recursive: true });
    } catch (error) {
      // A file, or missing (then hashed as missing).
      if (error.code === 'ENOTDIR' || error.code === 'ENOENT') files.push(relative(abs));
      else throw error;
      continue;
    }
    for (const entry of entries) {
      if (entry.isFile())
        files.push(relative(path.join(entry.parentPath ?? entry.path, entry.name)));
    }
  }
  return [...new Set(files)].sort();
}

/**
 * One hash of the names and contents of these files (a missing file counts as such); `known`
 * holds contents already read, which are hashed as they were read.
 */
export function hashFiles(files, known = new Map()) {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file + '\0');
    try {
      hash.update(known.get(file) ?? fs.readFileSync(path.join(ROOT, file)));
    } catch {
      hash.update('(missing)');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readOrNull(file) {
  try {
    return fs.readFileSync(path.join(ROOT, file));
  } catch {
    return null;
  }
}

/** Size and modification time: anything that rewrites a file (a build, a checkout) changes them. */
function fingerprint(files) {
  return Object.fromEntries(
    files.map((file) => {
      try {
        const stat = fs.statSync(path.join(ROOT, file));
        return [file, `${stat.size}:${stat.mtimeMs}`];
      } catch {
        return [file, 'missing'];
      }
    }),
  );
}

const sameFingerprint = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether these input files are the ones a stamp was made from. When every file has the size
 * and modification time the stamp recorded, they are (as make and rsync judge); otherwise their
 * contents decide, so a checkout that rewrote a file without changing it rebuilds nothing.
 */
function checkInputs(files, stamp) {
  const stats = fingerprint(files);
  if (stamp?.inputs && sameFingerprint(stamp.stats, stats)) {
    return { current: true, inputs: stamp.inputs, stats, restamp: false };
  }
  const inputs = hashFiles(files);
  const current = stamp?.inputs === inputs;
  return { current, inputs, stats, restamp: current };
}

function readStamp(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Written whole or not at all: a half-written file is never read as a stamp or a bundle. */
function writeAtomically(file, contents) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
}

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    let stdout = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(args[0] ?? command)} failed (${signal ?? code})`));
    });
  });
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// ---- web -------------------------------------------------------------------------------------

/** Vite rewrites both on every build, into a directory it empties first. */
const WEB_OUTPUTS = ['dist/web/index.html', 'dist/web/.vite/manifest.json'];

function webState() {
  const stamp = readStamp(WEB_STAMP);
  const files = expand(WEB_INPUTS);
  const check = checkInputs(files, stamp);
  const current = check.current && sameFingerprint(stamp.outputs, fingerprint(WEB_OUTPUTS));
  // Same contents, newer times: remember the times, so the next check reads no file.
  if (current && check.restamp) {
    writeAtomically(WEB_STAMP, JSON.stringify({ ...stamp, stats: check.stats }, null, 2) + '\n');
  }
  return { current, files };
}

async function buildWeb(files) {
  const started = performance.now();
  console.log('Building the web app (vite build) ...');
  fs.rmSync(WEB_STAMP, { force: true });
  // The inputs as they were when the build started: a file saved during it rebuilds next time.
  const stats = fingerprint(files);
  const inputs = hashFiles(files);
  await run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeAtomically(
    WEB_STAMP,
    JSON.stringify({ inputs, stats, outputs: fingerprint(WEB_OUTPUTS) }, null, 2) + '\n',
  );
  console.log(`Web app built in ${seconds(started)}`);
}

// ---- server ----------------------------------------------------------------------------------

/** The sources esbuild read for the last build, and the other inputs as they are now. */
const serverInputs = (sources) => [...new Set([...sources, ...expand(SERVER_EXTRA_INPUTS)])].sort();

function serverState() {
  let stamp = readStamp(SERVER_STAMP);
  if (!Array.isArray(stamp?.sources)) return { current: false, stamp: null };
  const outputs = Object.keys(stamp.outputs ?? {});
  const check = checkInputs(serverInputs(stamp.sources), stamp);
  const current =
    outputs.length > 0 && check.current && sameFingerprint(stamp.outputs, fingerprint(outputs));
  if (current && check.restamp) {
    stamp = { ...stamp, stats: check.stats };
    writeAtomically(SERVER_STAMP, JSON.stringify(stamp, null, 2) + '\n');
  }
  return { current, stamp };
}

/**
 * Reads each of our TypeScript files for esbuild, keeping what it read (the stamp hashes exactly
 * what was compiled, also when a file is saved during the build, and their times from just
 * before). The bundle runs from dist/server, so `import.meta.dirname` in a source file (paths to
 * db/migrations, dist/web) is rewritten to that file's own directory, relative to the bundle.
 */
function sourcesPlugin(read, stats) {
  return {
    name: 'soci-gen-sources',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const file = relative(args.path);
        Object.assign(stats, fingerprint([file]));
        const bytes = await fs.promises.readFile(args.path);
        read.set(file, bytes);
        let source = bytes.toString('utf8');
        if (source.includes('import.meta.dirname')) {
          const fromBundle = path
            .relative(SERVER_DIST, path.dirname(args.path))
            .split(path.sep)
            .join('/');
          source = source.replaceAll(
            'import.meta.dirname',
            `(import.meta.dirname + ${JSON.stringify('/' + fromBundle)})`,
          );
        }
        return { contents: source, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

async function buildServer() {
  const started = performance.now();
  console.log('Building the server (esbuild) ...');
  const esbuild = await import('esbuild');
  // The other inputs as they are when the build starts; the sources as esbuild read them.
  const extra = expand(SERVER_EXTRA_INPUTS);
  const stats = fingerprint(extra);
  const read = new Map(extra.map((file) => [file, readOrNull(file)]));
  // Each entry on its own, so that main and worker share no chunk: a chunk is only what an
  // entry imports lazily (import() of one of our modules), named by its contents.
  const results = await Promise.all(
    Object.entries(SERVER_ENTRIES).map(([name, entry]) =>
      esbuild.build({
        absWorkingDir: ROOT,
        entryPoints: { [name]: entry },
        outdir: SERVER_DIST,
        outExtension: { '.js': '.mjs' },
        chunkNames: '[name]-[hash]',
        bundle: true,
        splitting: true,
        format: 'esm',
        platform: 'node',
        target: 'node20.19',
        packages: 'external',
        tsconfig: 'tsconfig.server.json',
        sourcemap: 'linked',
        sourcesContent: false,
        legalComments: 'none',
        metafile: true,
        write: false,
        logLevel: 'warning',
        plugins: [sourcesPlugin(read, stats)],
      }),
    ),
  );
  fs.mkdirSync(SERVER_DIST, { recursive: true });
  const entryFiles = new Set(
    Object.keys(SERVER_ENTRIES).flatMap((name) => [`${name}.mjs`, `${name}.mjs.map`]),
  );
  const isEntry = (file) => entryFiles.has(path.basename(file.path));
  const isMap = (file) => file.path.endsWith('.map');
  // Chunks before the entries that import them, maps before the files that name them, the
  // stamp last: a process starting meanwhile finds either the old build or the new one.
  const byPath = new Map(results.flatMap((r) => r.outputFiles).map((file) => [file.path, file]));
  const outputs = [...byPath.values()].sort(
    (a, b) => isEntry(a) - isEntry(b) || isMap(b) - isMap(a) || a.path.localeCompare(b.path),
  );
  for (const file of outputs) writeAtomically(file.path, file.contents);
  pruneChunks(new Set(outputs.map((file) => path.basename(file.path))), entryFiles);
  const sources = [
    ...new Set(
      results.flatMap((r) =>
        Object.keys(r.metafile.inputs).filter((file) => !file.includes('node_modules/')),
      ),
    ),
  ].sort();
  const written = outputs.map((file) => relative(file.path)).sort();
  const files = serverInputs(sources);
  const stamp = {
    inputs: hashFiles(files, read),
    stats: { ...fingerprint(files), ...stats },
    sources,
    outputs: fingerprint(written),
    template: null,
  };
  writeAtomically(SERVER_STAMP, JSON.stringify(stamp, null, 2) + '\n');
  console.log(`Server built in ${seconds(started)} (${sources.length} source files)`);
  return stamp;
}

/**
 * Chunks of earlier builds are kept a week: a process started from one of them may still import
 * its lazy chunks. Older ones, and files left by an interrupted write, go.
 */
function pruneChunks(current, entryFiles) {
  const weekAgo = Date.now() - 7 * 86_400_000;
  for (const name of fs.readdirSync(SERVER_DIST)) {
    if (current.has(name) || entryFiles.has(name) || name === path.basename(SERVER_STAMP)) continue;
    const file = path.join(SERVER_DIST, name);
    try {
      if (fs.statSync(file).mtimeMs < weekAgo) fs.rmSync(file, { force: true });
    } catch {
      // Gone already.
    }
  }
}

// ---- database template -----------------------------------------------------------------------

const templateReady = (stamp) =>
  typeof stamp?.template === 'string' && fs.existsSync(path.join(stamp.template, 'PG_VERSION'));

async function prepareTemplate(stamp) {
  const started = performance.now();
  const stdout = await run(process.execPath, [path.join(SERVER_DIST, 'prepare-template.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { template } = JSON.parse(stdout.trim().split('\n').at(-1));
  writeAtomically(SERVER_STAMP, JSON.stringify({ ...stamp, template }, null, 2) + '\n');
  console.log(`Database template checked in ${seconds(started)}`);
}

// ---- all -------------------------------------------------------------------------------------

/**
 * Builds the web app, the server and the database template, or with `ifChanged` only those
 * whose inputs changed since they were built. `web: false` leaves the web app alone (the worker
 * process does not serve it); `template: false` skips the template (PostgreSQL installations).
 */
export async function build({ ifChanged = false, web = true, template = true } = {}) {
  const webApp = web ? webState() : null;
  const server = serverState();
  let stamp = server.stamp;
  // The web build runs in its own process while the server is bundled and the template made.
  const webBuild = webApp && !(ifChanged && webApp.current) ? buildWeb(webApp.files) : null;
  webBuild?.catch(() => {}); // awaited below; meanwhile a failure is not "unhandled"
  try {
    const rebuilt = !(ifChanged && server.current);
    if (rebuilt) stamp = await buildServer();
    if (template && (rebuilt || !templateReady(stamp))) await prepareTemplate(stamp);
  } finally {
    await webBuild;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifChanged = process.argv.includes('--if-changed');
  build({ ifChanged }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
