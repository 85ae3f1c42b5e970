import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, parseSync } from 'vite';
import { REPO_ROOT, WEB_DIST, ensureWebBuild, log, round, table, type BenchConfig } from './lib.ts';

// The JavaScript a browser must fetch before a page renders, gzip level 9 as served, against the
// framework floor: react + react-dom alone, built by the same Vite in the same run.

export const HOME_TARGET_KIB = 150;
const WEB_ROOT = path.join(REPO_ROOT, 'src/web');
const ROUTER_FILE = path.join(WEB_ROOT, 'app/router.tsx');

/**
 * The lazy route modules that render each page (from src/web/app/router.tsx): the router loads
 * them before the page shows, so they are as initial as the entry. Paths relative to src/web.
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  '/': [
    'features/marketing/components/public-layout.tsx',
    'features/marketing/pages/home-page.tsx',
  ],
  '/dashboard': [
    'features/dashboard/components/dashboard-shell.tsx',
    'features/dashboard/pages/home-page.tsx',
  ],
  // Its charts load with this route only (docs/decisions/093).
  '/dashboard/analytics': [
    'features/dashboard/components/dashboard-shell.tsx',
    'features/analytics/pages/analytics-page.tsx',
  ],
};

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageBundle {
  page: string;
  /** Entry script and modulepreload links of index.html (plus their static imports). */
  html: { chunks: ChunkSize[]; gzipKiB: number; bytes: number };
  /** The above plus the route's lazy modules and their static imports. */
  route: { modules: string[]; chunks: ChunkSize[]; gzipKiB: number; bytes: number };
}

export interface BundleResult {
  name: 'bundle';
  builtWeb: boolean;
  /** When dist/web/index.html was written: the figures are of that build, not of src/web now. */
  distBuiltAt: string;
  graphSource: 'manifest' | 'sourcemaps';
  note?: string;
  warnings: string[];
  pages: PageBundle[];
  frameworkFloor: { gzipKiB: number; bytes: number; how: string };
  target: {
    homeMaxKiB: number;
    homeHtmlKiB: number;
    homeRouteKiB: number;
    htmlMet: boolean;
    routeMet: boolean;
  };
  ratios: Record<string, number>;
}

interface Chunk {
  file: string;
  code: string;
  staticImports: string[];
  sources: string[];
}

const gzipSize = (data: string | Buffer) => zlib.gzipSync(data, { level: 9 }).length;
const kib = (bytes: number) => round(bytes / 1024, 1);

function readChunks(): Map<string, Chunk> {
  const assets = path.join(WEB_DIST, 'assets');
  const chunks = new Map<string, Chunk>();
  for (const name of fs.readdirSync(assets)) {
    if (!name.endsWith('.js')) continue;
    const file = `assets/${name}`;
    const code = fs.readFileSync(path.join(assets, name), 'utf8');
    const parsed = parseSync(name, code);
    const staticImports = [
      ...parsed.module.staticImports.map((i) => i.moduleRequest.value),
      ...parsed.module.staticExports.flatMap((e) =>
        e.entries.map((x) => x.moduleRequest?.value ?? ''),
      ),
    ]
      .filter((spec) => spec.startsWith('./') || spec.startsWith('../') || spec.startsWith('/'))
      .map((spec) =>
        path.posix.normalize(
          spec.startsWith('/') ? spec.slice(1) : path.posix.join('assets', spec),
        ),
      );
    let sources: string[] = [];
    const mapPath = path.join(assets, `${name}.map`);
    if (fs.existsSync(mapPath)) {
      const map = JSON.parse(fs.readFileSync(mapPath, 'utf8')) as { sources?: string[] };
      sources = (map.sources ?? []).map((s) => path.resolve(assets, s));
    }
    chunks.set(file, { file, code, staticImports: [...new Set(staticImports)], sources });
  }
  return chunks;
}

/** `files` and everything they import statically, recursively. */
function closure(chunks: Map<string, Chunk>, files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of chunks.get(file)?.staticImports ?? []) visit(dep);
  };
  files.forEach(visit);
  return [...seen];
}

function sizes(chunks: Map<string, Chunk>, files: string[]) {
  const list: ChunkSize[] = files
    .map((file) => {
      const code = chunks.get(file)?.code;
      if (code === undefined) throw new Error(`${file} is referenced but not in dist/web`);
      return { file, bytes: Buffer.byteLength(code), gzipBytes: gzipSize(code) };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const gzip = list.reduce((sum, c) => sum + c.gzipBytes, 0);
  return { chunks: list, gzipKiB: kib(gzip), bytes: list.reduce((sum, c) => sum + c.bytes, 0) };
}

function htmlInitialFiles(): string[] {
  const html = fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = /^<script/.test(tag) && /type="module"/.test(tag);
    const isPreload = /^<link/.test(tag) && /rel="modulepreload"/.test(tag);
    const url = tag.match(/(?:src|href)="([^"]+)"/)?.[1];
    if ((isEntry || isPreload) && url && !/^https?:/.test(url)) files.push(url.replace(/^\//, ''));
  }
  if (files.length === 0) throw new Error('no entry script in dist/web/index.html');
  return files;
}

interface Manifest {
  [key: string]: { file: string; imports?: string[]; isEntry?: boolean };
}

/** The chunk files that carry `modules` (paths relative to src/web). */
function moduleChunks(
  chunks: Map<string, Chunk>,
  manifest: Manifest | undefined,
  modules: string[],
): string[] {
  return modules.map((module) => {
    if (manifest) {
      const entry = manifest[module] ?? manifest[`src/web/${module}`];
      if (!entry) throw new Error(`${module} is not in the Vite manifest`);
      return entry.file;
    }
    const absolute = path.join(WEB_ROOT, module);
    const holder = [...chunks.values()].find((chunk) => chunk.sources.includes(absolute));
    if (!holder) throw new Error(`no built chunk's source map lists ${module}`);
    return holder.file;
  });
}

/** React + react-dom alone, minified and tree-shaken by the same Vite (production mode). */
async function frameworkFloor(): Promise<{ gzipKiB: number; bytes: number; how: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-floor-'));
  try {
    const entry = path.join(dir, 'floor.js');
    fs.writeFileSync(
      entry,
      [
        "import { createRoot } from 'react-dom/client';",
        "import { jsx } from 'react/jsx-runtime';",
        "createRoot(document.getElementById('root')).render(jsx('div', { children: 'floor' }));",
      ].join('\n'),
    );
    const outDir = path.join(dir, 'dist');
    await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      mode: 'production',
      resolve: {
        alias: [
          {
            find: /^react-dom(\/.*)?$/,
            replacement: path.join(REPO_ROOT, 'node_modules/react-dom$1'),
          },
          { find: /^react(\/.*)?$/, replacement: path.join(REPO_ROOT, 'node_modules/react$1') },
        ],
      },
      build: {
        outDir,
        emptyOutDir: true,
        write: true,
        reportCompressedSize: false,
        modulePreload: false,
        rollupOptions: { input: entry },
      },
    });
    let bytes = 0;
    let gzip = 0;
    const walk = (d: string) => {
      for (const name of fs.readdirSync(d)) {
        const p = path.join(d, name);
        if (fs.statSync(p).isDirectory()) walk(p);
        else if (name.endsWith('.js')) {
          const code = fs.readFileSync(p);
          bytes += code.length;
          gzip += gzipSize(code);
        }
      }
    };
    walk(outDir);
    return {
      gzipKiB: kib(gzip),
      bytes,
      how: "Vite production build of `createRoot(...).render(jsx('div'))` (react, react-dom/client, scheduler); react's npm files are not minified, so they are built rather than read",
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function bundle(_config: BenchConfig): Promise<BundleResult> {
  const builtWeb = ensureWebBuild();
  const warnings: string[] = [];
  const manifestPath = path.join(WEB_DIST, '.vite/manifest.json');
  const manifest = fs.existsSync(manifestPath)
    ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest)
    : undefined;
  const note = manifest
    ? undefined
    : 'dist/web/.vite/manifest.json is missing: enable `build: { manifest: true }` in vite.config.ts; ' +
      'meanwhile the route chunks are found through the source maps and the import statements of the built JS.';

  const router = fs.readFileSync(ROUTER_FILE, 'utf8');
  for (const modules of Object.values(ROUTE_MODULES)) {
    for (const module of modules) {
      if (!router.includes(`'../${module}'`)) {
        warnings.push(
          `src/web/app/router.tsx no longer imports ../${module}: update ROUTE_MODULES in bench/bundle.ts`,
        );
      }
    }
  }

  log('bundle: reading dist/web ...');
  const chunks = readChunks();
  const initial = closure(chunks, htmlInitialFiles());
  const pages: PageBundle[] = Object.entries(ROUTE_MODULES).map(([page, modules]) => {
    const routeFiles = closure(chunks, [...initial, ...moduleChunks(chunks, manifest, modules)]);
    return { page, html: sizes(chunks, initial), route: { modules, ...sizes(chunks, routeFiles) } };
  });

  log('bundle: building the framework floor (react + react-dom) ...');
  const floor = await frameworkFloor();
  const home = pages.find((p) => p.page === '/')!;
  const ratios: Record<string, number> = {};
  for (const p of pages) {
    ratios[`${p.page} html vs floor`] = round(p.html.gzipKiB / floor.gzipKiB, 2);
    ratios[`${p.page} route vs floor`] = round(p.route.gzipKiB / floor.gzipKiB, 2);
  }
  return {
    name: 'bundle',
    builtWeb,
    distBuiltAt: fs.statSync(path.join(WEB_DIST, 'index.html')).mtime.toISOString(),
    graphSource: manifest ? 'manifest' : 'sourcemaps',
    ...(note ? { note } : {}),
    warnings,
    pages,
    frameworkFloor: floor,
    target: {
      homeMaxKiB: HOME_TARGET_KIB,
      homeHtmlKiB: home.html.gzipKiB,
      homeRouteKiB: home.route.gzipKiB,
      htmlMet: home.html.gzipKiB <= HOME_TARGET_KIB,
      routeMet: home.route.gzipKiB <= HOME_TARGET_KIB,
    },
    ratios,
  };
}

export function printBundle(result: BundleResult): string {
  const floor = result.frameworkFloor.gzipKiB;
  const rows: Array<Array<string | number>> = [
    ['initial JavaScript (gzip -9)', 'chunks', 'KiB raw', 'KiB gzip', '× framework floor'],
    ['framework floor: react + react-dom', '', kib(result.frameworkFloor.bytes), floor, '1.00'],
  ];
  for (const p of result.pages) {
    rows.push([
      `${p.page}: index.html entry + modulepreload`,
      p.html.chunks.length,
      kib(p.html.bytes),
      p.html.gzipKiB,
      (p.html.gzipKiB / floor).toFixed(2),
    ]);
    rows.push([
      `${p.page}: + lazy route modules`,
      p.route.chunks.length,
      kib(p.route.bytes),
      p.route.gzipKiB,
      (p.route.gzipKiB / floor).toFixed(2),
    ]);
  }
  const out = [table(rows)];
  const t = result.target;
  out.push(
    `target home ≤ ${t.homeMaxKiB} KiB gzip: index.html ${t.homeHtmlKiB} KiB (${t.htmlMet ? 'met' : 'NOT met'}), ` +
      `with the route's lazy modules ${t.homeRouteKiB} KiB (${t.routeMet ? 'met' : 'NOT met'})`,
  );
  for (const p of result.pages) {
    out.push(`${p.page} route modules: ${p.route.modules.join(', ')}`);
    out.push(
      `  largest chunks: ${p.route.chunks
        .slice(0, 5)
        .map((c) => `${c.file} ${kib(c.gzipBytes)} KiB`)
        .join(', ')}`,
    );
  }
  out.push(`dist/web built at ${result.distBuiltAt}; chunk graph from: ${result.graphSource}`);
  if (result.note) out.push(`note: ${result.note}`);
  for (const w of result.warnings) out.push(`warning: ${w}`);
  out.push(`floor: ${result.frameworkFloor.how}`);
  return out.join('\n');
}
