import { eq, desc, sql } from 'drizzle-orm';
import { loadEnv } from '#server/platform/env.ts';
import { createRuntime, type Runtime } from '#server/runtime.ts';
import { createApp, type App } from '#server/app.ts';
import { emailOutbox } from '#server/platform/db/system.tables.ts';
import { backgroundWork } from '#server/platform/background.ts';
import { getTestDatabase } from './db.ts';

// The real app, in process, on the worker's test database, with job workers running.

export interface TestApp {
  app: App;
  runtime: Runtime;
}

let shared: Promise<TestApp> | undefined;

export function getTestApp(): Promise<TestApp> {
  shared ??= (async () => {
    const database = await getTestDatabase();
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
      TRUST_PROXY: '1',
      DEV_MAILBOX: '1',
    });
    const runtime = await createRuntime(env, { database });
    await runtime.startWorkers();
    return { app: createApp(runtime.deps, { serveWeb: false }), runtime };
  })();
  return shared;
}

let ipCounter = 0;
/** A distinct client address, so per-address rate limits of one test don't touch another. */
export function uniqueIp(): string {
  ipCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export const STRONG_PASSWORD = 'violet kettle harbour 42';

/**
 * A browser-like client: keeps the session cookie and sends JSON. `cookie` is the session cookie
 * (tests read it and add sg_tenant to it); the other cookies the app sets (the sign-up nonce, the
 * device cookie, …) are kept in `jar` and sent too, whatever their path.
 */
export class TestClient {
  cookie: string | undefined;
  readonly jar = new Map<string, string>();
  constructor(
    readonly app: App,
    readonly ip: string = uniqueIp(),
  ) {}

  async request(
    path: string,
    init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = {
      'x-forwarded-for': this.ip,
      origin: 'http://localhost:3000',
      ...init.headers,
    };
    const cookies = [this.cookie, ...[...this.jar].map(([name, value]) => `${name}=${value}`)];
    if (cookies.some(Boolean)) headers.cookie = cookies.filter(Boolean).join('; ');
    let body = init.body;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] ??= 'application/json';
    }
    const response = await this.app.request(path, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const live = /=.+/.test(pair) && !/Max-Age=0/i.test(setCookie);
      // sg_tenant is the tests' to add to `cookie`, as before.
      if (name === 'sg_tenant') continue;
      if (name === 'sg_session') this.cookie = live ? pair : undefined;
      else if (live) this.jar.set(name, pair.slice(name.length + 1));
      else this.jar.delete(name);
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, headers: response.headers, json: json as any, text };
  }
}

/**
 * Waits for the work requests left running after answering (sign-up creates the account and
 * sends its e-mail after the answer, forgot-password its link, …).
 */
export function settled(testApp: TestApp): Promise<void> {
  return backgroundWork(testApp.runtime.deps).settled();
}

/** The newest e-mail to an address, straight from the outbox, once that work is done. */
export async function latestEmailTo(testApp: TestApp, to: string) {
  await settled(testApp);
  const [row] = await testApp.runtime.deps.database.unsafeDb
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

export function linkFrom(text: string, pathPrefix: string): string {
  const match = text.match(
    new RegExp(`https?://[^\\s"]*${pathPrefix.replace(/[/?]/g, '\\$&')}[^\\s"<]*`),
  );
  if (!match) throw new Error(`No ${pathPrefix} link in: ${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

export interface SignedInUser {
  client: TestClient;
  userId: string;
  email: string;
}

/** Signs up through the API, confirms through the e-mailed link, and returns the signed-in client. */
export async function createSignedInUser(
  testApp: TestApp,
  input: { businessName?: string; fullName?: string } = {},
): Promise<SignedInUser> {
  const client = new TestClient(testApp.app);
  const email = uniqueEmail();
  const signUp = await client.request('/api/auth/sign-up', {
    json: {
      email,
      password: STRONG_PASSWORD,
      businessName: input.businessName ?? 'Test Bakery',
      fullName: input.fullName,
    },
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.text}`);
  const mail = await latestEmailTo(testApp, email);
  const confirm = await client.request(linkFrom(mail!.text, '/api/auth/confirm'));
  if (confirm.status !== 302) throw new Error(`confirm failed: ${confirm.status}`);
  return { client, userId: signUp.json.data.user.id, email };
}

/** Test-only: makes a user an installation administrator. */
export async function makeAdmin(testApp: TestApp, userId: string): Promise<void> {
  await testApp.runtime.deps.database.unsafeDb.execute(
    sql`insert into public.user_roles (user_id, role) values (${userId}, 'admin') on conflict do nothing`,
  );
  testApp.runtime.deps.bus.publish('user-sessions', userId);
}
