import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import type { MailboxMode } from '#server/platform/env.ts';
import { mailboxKey } from '#server/features/dev/mailbox-access.ts';
import { TestClient, createSignedInUser, getTestApp, type TestApp } from '#server/test/app.ts';

// GET /api/auth/config tells the sign-up pages where this installation's e-mails go, so "Check
// your email" can point to the development mailbox (docs/decisions/036). Public: the same for
// everyone, with no key and nothing about the person asking.

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

function appWith(mailbox: MailboxMode) {
  const env = { ...t.runtime.deps.env, mailbox };
  return createApp({ ...t.runtime.deps, env }, { serveWeb: false });
}

describe('GET /api/auth/config', () => {
  it('says each mailbox mode, to visitors and to signed-in people alike', async () => {
    for (const mailbox of ['development', 'administrators', 'off'] as const) {
      const res = await new TestClient(appWith(mailbox)).request('/api/auth/config');
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({ mailbox });
    }
    const person = await createSignedInUser(t);
    const visitor = await new TestClient(t.app).request('/api/auth/config');
    const signedIn = await person.client.request('/api/auth/config');
    expect(signedIn.json.data).toEqual(visitor.json.data);
    expect(visitor.json.data).toEqual({ mailbox: 'development' });
  });

  it('never carries the mailbox key or sets a cookie', async () => {
    const res = await new TestClient(t.app).request('/api/auth/config');
    expect(res.text).not.toContain(mailboxKey(t.runtime.deps.env));
    expect(res.text).not.toMatch(/key/i);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
