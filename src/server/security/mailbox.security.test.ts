import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '#server/app.ts';
import { loadEnv } from '#server/platform/env.ts';
import { mailboxKey, mailboxUrl } from '#server/features/dev/mailbox-access.ts';
import { expectError } from '#server/test/expect-error.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type TestApp,
} from '#server/test/app.ts';

// Finding 1 of the security review: the development mailbox read anyone's reset link. Replayed
// as the attacker did it, from another address without signing in, in each mailbox mode.

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

/** A victim with a fresh reset link waiting in the outbox. */
async function victimWithResetLink() {
  const victim = await createSignedInUser(t);
  const res = await new TestClient(t.app).request('/api/auth/forgot-password', {
    json: { email: victim.email },
  });
  expect(res.status).toBe(200);
  return victim;
}

function leaks(text: string): boolean {
  return /reset-password\?token=|api\/auth\/confirm\?token=/.test(text);
}

describe('development mailbox (outside production, no SMTP)', () => {
  it('is locked to a visitor without its key: no list, no filter by address, no message', async () => {
    const victim = await victimWithResetLink();
    const attacker = new TestClient(t.app);
    const all = await attacker.request('/api/dev/mailbox');
    expectError(all, 401, 'UNAUTHORIZED');
    const filtered = await attacker.request(
      `/api/dev/mailbox?to=${encodeURIComponent(victim.email)}`,
    );
    expectError(filtered, 401, 'UNAUTHORIZED');
    const one = await attacker.request(`/api/dev/mailbox/${crypto.randomUUID()}`);
    expectError(one, 401, 'UNAUTHORIZED');
    for (const res of [all, filtered, one]) expect(leaks(res.text)).toBe(false);
  });

  it('stays locked to a signed-in person who is not an administrator', async () => {
    await victimWithResetLink();
    const other = await createSignedInUser(t);
    expectError(await other.client.request('/api/dev/mailbox'), 401, 'UNAUTHORIZED');
  });

  it('opens with the key printed at start, and only with it', async () => {
    const victim = await victimWithResetLink();
    const developer = new TestClient(t.app);
    const wrong = await developer.request('/api/dev/mailbox/unlock', {
      json: { key: 'x'.repeat(43) },
    });
    expectError(wrong, 400, 'VALIDATION_ERROR');
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const right = await developer.request('/api/dev/mailbox/unlock', {
      json: { key: mailboxKey(t.runtime.deps.env) },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get('set-cookie')).toMatch(/sg_mailbox=.+HttpOnly.+SameSite=Strict/i);
    // The reset e-mail may be written just after the answer (the same time for any address).
    await expect
      .poll(async () => {
        const list = await developer.request(
          `/api/dev/mailbox?to=${encodeURIComponent(victim.email)}`,
        );
        expect(list.status).toBe(200);
        return list.json.data.map((m: { subject: string }) => m.subject).join('|');
      })
      .toMatch(/reset/i);
    // The cookie proves the key without being it.
    expect(right.headers.get('set-cookie')).not.toContain(mailboxKey(t.runtime.deps.env));
  });

  it('answers nothing to a request addressed to another host name (DNS rebinding)', async () => {
    const developer = new TestClient(t.app);
    await developer.request('/api/dev/mailbox/unlock', {
      json: { key: mailboxKey(t.runtime.deps.env) },
    });
    for (const host of ['attacker.example:3000', 'rebind.attacker.example']) {
      const res = await developer.request('/api/dev/mailbox', { headers: { host } });
      expectError(res, 404, 'NOT_FOUND');
    }
    for (const host of ['localhost:3000', '127.0.0.1:3000']) {
      const res = await developer.request('/api/dev/mailbox', { headers: { host } });
      expect(res.status).toBe(200);
    }
  });

  it('opens to an administrator without the key', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    expect((await admin.client.request('/api/dev/mailbox')).status).toBe(200);
  });

  it('prints the key in the fragment of the link, which browsers never send', () => {
    const url = new URL(mailboxUrl(t.runtime.deps.env));
    expect(url.pathname).toBe('/dev/mailbox');
    expect(url.search).toBe('');
    expect(url.hash).toBe(`#key=${mailboxKey(t.runtime.deps.env)}`);
  });
});

describe('outbox in production without SMTP', () => {
  let app: App;
  beforeAll(() => {
    const env = {
      ...t.runtime.deps.env,
      NODE_ENV: 'production' as const,
      mailbox: 'administrators' as const,
    };
    app = createApp({ ...t.runtime.deps, env }, { serveWeb: false });
  });

  it('is invisible to visitors and to people who are not administrators, key or not', async () => {
    await victimWithResetLink();
    const visitor = new TestClient(app);
    expectError(await visitor.request('/api/dev/mailbox'), 404, 'NOT_FOUND');
    expectError(
      await visitor.request('/api/dev/mailbox/unlock', {
        json: { key: mailboxKey(t.runtime.deps.env) },
      }),
      404,
      'NOT_FOUND',
    );
    const member = await createSignedInUser(t);
    const signedIn = new TestClient(app);
    signedIn.cookie = member.client.cookie;
    expectError(await signedIn.request('/api/dev/mailbox'), 404, 'NOT_FOUND');
  });

  it('is read by administrators', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const client = new TestClient(app);
    client.cookie = admin.client.cookie;
    expect((await client.request('/api/dev/mailbox')).status).toBe(200);
  });
});

describe('mailbox configuration', () => {
  it('refuses the development mailbox in production and keeps e-mails for administrators', () => {
    const production = { NODE_ENV: 'production', ENCRYPTION_KEYS: 'k:x' };
    expect(() => loadEnv({ ...production, DEV_MAILBOX: '1' })).toThrow(/refused in production/);
    expect(loadEnv(production).mailbox).toBe('administrators');
    expect(loadEnv({ ...production, SMTP_URL: 'smtp://mail.example:587' }).mailbox).toBe('off');
    expect(loadEnv({ NODE_ENV: 'development' }).mailbox).toBe('development');
    expect(loadEnv({ NODE_ENV: 'development', SMTP_URL: 'smtp://m:25' }).mailbox).toBe('off');
  });

  it('makes a key once per data directory, readable by the owner only, and keeps it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-mailbox-'));
    try {
      const first = mailboxKey(loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir }));
      const again = mailboxKey(loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir }));
      expect(first).toHaveLength(43);
      expect(again).toBe(first);
      const file = path.join(dataDir, 'dev-mailbox.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const configured = 'a-configured-key-of-enough-length';
      expect(
        mailboxKey(
          loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir, DEV_MAILBOX_KEY: configured }),
        ),
      ).toBe(configured);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
