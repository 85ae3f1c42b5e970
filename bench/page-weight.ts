import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../e2e/chromium.ts';
import {
  REPO_ROOT,
  ensureWebBuild,
  formatMs,
  freePort,
  log,
  median,
  round,
  sleep,
  table,
  type BenchConfig,
} from './lib.ts';

// What a first visit costs on the wire: each page opened in a new browser (cold cache), the bytes
// transferred (bodies as sent, headers included) and the time until the page shows its content,
// as served (precompressed brotli/gzip) and, in the same run, with compression refused
// (Accept-Encoding: identity): every byte of the files. On loopback the time barely differs;
// the bytes are what a phone on a slow network waits for.

const MAILBOX_KEY = 'bench-page-weight-mailbox-key-0123456789';
const PASSWORD = 'violet kettle harbour 42';
/** /register before typing: the password dictionaries must not be part of it. */
export const REGISTER_TARGET_KB = 300;

interface PageSpec {
  path: string;
  signedIn: boolean;
  /** What shows once the page is usable. */
  ready: (page: Page) => Promise<void>;
}

const PAGES: PageSpec[] = [
  {
    path: '/',
    signedIn: false,
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
  {
    path: '/register',
    signedIn: false,
    ready: (page) => page.getByRole('button', { name: 'Create account' }).waitFor(),
  },
  {
    path: '/dashboard',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
  },
  {
    path: '/dashboard/calendar',
    signedIn: true,
    ready: (page) => page.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor(),
  },
];

export interface PageWeight {
  path: string;
  requests: number;
  /** Bytes on the wire as served (compressed where the build precompressed). */
  transferredBytes: number;
  /** The same page with compression refused. */
  identityBytes: number;
  /** Median time from navigation to the page's content, as served / with compression refused. */
  readyMs: number;
  identityReadyMs: number;
}

export interface PageWeightResult {
  name: 'page-weight';
  runs: number;
  pages: PageWeight[];
  target: { registerMaxKB: number; registerKB: number; met: boolean };
}

async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-bench-weight-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DEV_MAILBOX_KEY: MAILBOX_KEY,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, child, dataDir };
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error('page-weight: the server did not start');
}

/** Signs a new account up and confirms it in `context`, which then holds its session. */
async function signUpIn(context: BrowserContext, base: string): Promise<void> {
  const email = `bench.${Date.now()}@example.com`;
  const headers = { origin: base };
  const signUp = await context.request.post(`${base}/api/auth/sign-up`, {
    headers,
    data: { email, password: PASSWORD, businessName: 'Bench Bakery', fullName: 'Rosa' },
  });
  if (signUp.status() !== 201) throw new Error(`sign-up: ${signUp.status()}`);
  await context.request.post(`${base}/api/dev/mailbox/unlock`, {
    headers,
    data: { key: MAILBOX_KEY },
  });
  for (let i = 0; i < 100; i++) {
    const list = (await (
      await context.request.get(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
    ).json()) as { data: Array<{ id: string }> };
    const id = list.data[0]?.id;
    if (id) {
      const mail = (await (await context.request.get(`${base}/api/dev/mailbox/${id}`)).json()) as {
        data: { text: string };
      };
      const link = /https?:\/\/\S+\/api\/auth\/confirm\?token=[^\s"<]+/.exec(mail.data.text)?.[0];
      if (!link) throw new Error('page-weight: no confirmation link');
      await context.request.get(link);
      return;
    }
    await sleep(100);
  }
  throw new Error('page-weight: the confirmation e-mail never came');
}

async function measure(
  browser: Browser,
  base: string,
  spec: PageSpec,
  session: Awaited<ReturnType<BrowserContext['storageState']>> | undefined,
  identity: boolean,
): Promise<{ bytes: number; requests: number; readyMs: number }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(session ? { storageState: session } : {}),
    ...(identity ? { extraHTTPHeaders: { 'Accept-Encoding': 'identity' } } : {}),
  });
  const page = await context.newPage();
  const finished: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    finished.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
  });
  const t0 = performance.now();
  await page.goto(base + spec.path);
  await spec.ready(page);
  const readyMs = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(finished);
  await context.close();
  return { bytes: sizes.reduce((a, b) => a + b, 0), requests: sizes.length, readyMs };
}

export async function pageWeight(config: BenchConfig): Promise<PageWeightResult> {
  ensureWebBuild();
  const runs = Math.max(1, Math.round(3 * Math.min(config.scale, 1)));
  log('page-weight: starting the server ...');
  const server = await startServer();
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const login = await browser.newContext();
    await signUpIn(login, server.base);
    const session = await login.storageState();
    await login.close();
    const pages: PageWeight[] = [];
    for (const spec of PAGES) {
      log(`page-weight: ${spec.path} (${runs} cold loads each way) ...`);
      const served = [];
      const identity = [];
      for (let i = 0; i < runs; i++) {
        served.push(
          await measure(browser, server.base, spec, spec.signedIn ? session : undefined, false),
        );
        identity.push(
          await measure(browser, server.base, spec, spec.signedIn ? session : undefined, true),
        );
      }
      pages.push({
        path: spec.path,
        requests: served[0]!.requests,
        transferredBytes: median(served.map((s) => s.bytes)),
        identityBytes: median(identity.map((s) => s.bytes)),
        readyMs: round(median(served.map((s) => s.readyMs)), 0),
        identityReadyMs: round(median(identity.map((s) => s.readyMs)), 0),
      });
    }
    const registerKB = round(pages.find((p) => p.path === '/register')!.transferredBytes / 1000, 1);
    return {
      name: 'page-weight',
      runs,
      pages,
      target: {
        registerMaxKB: REGISTER_TARGET_KB,
        registerKB,
        met: registerKB <= REGISTER_TARGET_KB,
      },
    };
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export function printPageWeight(result: PageWeightResult): string {
  const kb = (bytes: number) => `${round(bytes / 1000, 1)} KB`;
  const rows: Array<Array<string | number>> = [
    [
      'page (cold cache)',
      'requests',
      'transferred',
      'identity',
      'ratio',
      'ready',
      'ready (identity)',
    ],
    ...result.pages.map((p) => [
      p.path,
      p.requests,
      kb(p.transferredBytes),
      kb(p.identityBytes),
      (p.transferredBytes / p.identityBytes).toFixed(2),
      formatMs(p.readyMs),
      formatMs(p.identityReadyMs),
    ]),
  ];
  return [
    table(rows),
    `target /register ≤ ${result.target.registerMaxKB} KB before typing: ${result.target.registerKB} KB (${result.target.met ? 'met' : 'NOT met'})`,
  ].join('\n');
}
