import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/platform/db/client.ts';
import {
  STRONG_PASSWORD,
  TestClient,
  createSignedInUser,
  getTestApp,
  latestEmailTo,
  linkFrom,
  settled,
  uniqueEmail,
  type TestApp,
} from '#server/test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

function client() {
  return new TestClient(t.app);
}

describe('sign-up', () => {
  it('creates the account with a profile, business profile and trial, and e-mails a confirmation link to /', async () => {
    const c = client();
    const email = uniqueEmail('owner');
    const res = await c.request('/api/auth/sign-up', {
      json: {
        email: email.toUpperCase(),
        password: STRONG_PASSWORD,
        businessName: 'Rosa’s Bakery',
        fullName: 'Rosa',
      },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      success: true,
      data: { user: { email }, confirmationRequired: true },
    });
    expect(res.json.metadata).toEqual({
      processingTime: expect.any(Number),
      timestamp: expect.any(String),
    });
    expect(c.cookie).toBeUndefined();

    // The account is made after the answer (docs/decisions/026).
    await settled(t);
    const userId = res.json.data.user.id;
    const rows = rowsOf<{
      business_name: string;
      plan: string;
      status: string;
      trial_days: number;
      settings: unknown;
    }>(
      await t.runtime.deps.database.unsafeDb.execute(sql`
        select b.business_name, s.plan, s.status, p.settings,
               round(extract(epoch from (s.trial_ends_at - s.created_at)) / 86400) as trial_days
        from public.profiles p join public.business_profiles b on b.user_id = p.id join public.subscription s on s.user_id = p.id
        where p.id = ${userId}`),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      business_name: 'Rosa’s Bakery',
      plan: 'trial',
      status: 'active',
      settings: { status: 'active' },
    });
    expect(Number(rows[0]!.trial_days)).toBe(14);

    const mail = await latestEmailTo(t, email);
    expect(mail?.subject).toMatch(/Confirm your e-mail/);
    const link = linkFrom(mail!.text, '/api/auth/confirm');
    const confirm = await c.request(link);
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe('/?confirmed=1');
    expect(c.cookie).toMatch(/^sg_session=/);

    const session = await c.request('/api/auth/session');
    expect(session.json.data.user).toMatchObject({
      id: userId,
      email,
      appMetadata: { provider: 'email' },
    });
    expect(session.json.data.expiresIn).toBeGreaterThan(3000);

    // The link works once.
    const again = await client().request(link);
    expect(again.headers.get('location')).toMatch(
      /^\/login\?error=invalid_link&error_description=/,
    );
  });

  it('names the business "Unknown Business" when none is given', async () => {
    const c = client();
    const res = await c.request('/api/auth/sign-up', {
      json: { email: uniqueEmail(), password: STRONG_PASSWORD },
    });
    await settled(t);
    const rows = rowsOf<{ business_name: string }>(
      await t.runtime.deps.database.unsafeDb.execute(
        sql`select business_name from public.business_profiles where user_id = ${res.json.data.user.id}`,
      ),
    );
    expect(rows[0]?.business_name).toBe('Unknown Business');
  });

  it('refuses a guessable password with WEAK_PASSWORD on the password field', async () => {
    const res = await client().request('/api/auth/sign-up', {
      json: { email: uniqueEmail(), password: 'Password123!' },
    });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({
      success: false,
      error: 'Password is too weak. Please choose a stronger password.',
      metadata: {
        errorCode: 'WEAK_PASSWORD',
        retryable: false,
        correlationId: expect.stringMatching(/^err_\d{13}_[a-z0-9]{9}$/),
      },
    });
    expect(res.json.metadata.fieldErrors.password).toMatch(
      /^Password is too weak\. Please choose a stronger password\./,
    );
  });

  it('refuses a password made of the e-mail address', async () => {
    const email = uniqueEmail('margaret.holloway');
    const res = await client().request('/api/auth/sign-up', {
      json: { email, password: email.split('@')[0] },
    });
    expect(res.status).toBe(422);
  });

  it('validates fields and reports them by name', async () => {
    const res = await client().request('/api/auth/sign-up', {
      json: { email: 'not-an-email', password: 'short' },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('Please check your input and try again.');
    expect(res.json.metadata.fieldErrors).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('does not reveal an existing address to someone without its password', async () => {
    const existing = await createSignedInUser(t);
    const res = await client().request('/api/auth/sign-up', {
      json: { email: existing.email, password: 'some other long passphrase 9' },
    });
    expect(res.status).toBe(201);
    expect(res.json.data.user.id).not.toBe(existing.userId);
    const mail = await latestEmailTo(t, existing.email);
    expect(mail?.subject).toBe('You already have a Soci Gen account');
  });

  it('tells the owner of the address (who knows the password) that the account exists', async () => {
    const existing = await createSignedInUser(t);
    const res = await client().request('/api/auth/sign-up', {
      json: { email: existing.email, password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      error: 'An account with this email already exists.',
      metadata: { errorCode: 'EMAIL_ALREADY_EXISTS' },
    });
  });
});

describe('sign-in', () => {
  it('refuses an unconfirmed account with EMAIL_NOT_CONFIRMED, and resends on request', async () => {
    const c = client();
    const email = uniqueEmail();
    await c.request('/api/auth/sign-up', { json: { email, password: STRONG_PASSWORD } });
    await settled(t);
    const res = await c.request('/api/auth/sign-in', {
      json: { email, password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      error: 'Please check your email and confirm your account.',
      metadata: { errorCode: 'EMAIL_NOT_CONFIRMED' },
    });
    const first = await latestEmailTo(t, email);
    const resend = await c.request('/api/auth/resend-confirmation', { json: { email } });
    expect(resend.status).toBe(200);
    const second = await latestEmailTo(t, email);
    expect(second?.id).not.toBe(first?.id);
  });

  it('signs in, and the same message answers a wrong password and an unknown address', async () => {
    const user = await createSignedInUser(t);
    const c = client();
    const wrong = await c.request('/api/auth/sign-in', {
      json: { email: user.email, password: 'wrong password here' },
    });
    const unknown = await c.request('/api/auth/sign-in', {
      json: { email: uniqueEmail(), password: 'wrong password here' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({
        error: 'Invalid email or password.',
        metadata: { errorCode: 'INVALID_CREDENTIALS' },
      });
    }
    const good = await c.request('/api/auth/sign-in', {
      json: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(good.status).toBe(200);
    expect(good.json.data.user.id).toBe(user.userId);
    expect(c.cookie).toBeDefined();
    const cookieHeader = good.headers.get('set-cookie')!;
    expect(cookieHeader).toMatch(/HttpOnly/);
    expect(cookieHeader).toMatch(/SameSite=Lax/);
  });

  it('rate limits attempts on one account from one address', async () => {
    const user = await createSignedInUser(t);
    const guesser = client();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await guesser.request('/api/auth/sign-in', {
        json: { email: user.email, password: `wrong password ${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await guesser.request('/api/auth/sign-in', {
      json: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(limited.status).toBe(429);
    expect(guesser.cookie).toBeUndefined();
    expect(limited.json).toMatchObject({
      error: 'Too many requests. Please wait a moment before trying again.',
      metadata: { errorCode: 'RATE_LIMIT_EXCEEDED', retryable: true },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rate limits attempts from one address across accounts', async () => {
    const c = client();
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await c.request('/api/auth/sign-in', {
          json: { email: uniqueEmail(), password: 'wrong password here' },
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe('session', () => {
  it('is null without a cookie, refreshes, and ends at sign-out', async () => {
    expect((await client().request('/api/auth/session')).json).toMatchObject({
      success: true,
      data: null,
    });
    const { client: c } = await createSignedInUser(t);
    const refreshed = await c.request('/api/auth/refresh', { method: 'POST' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.data.expiresIn).toBeGreaterThan(3500);
    const cookie = c.cookie;
    const out = await c.request('/api/auth/sign-out', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(c.cookie).toBeUndefined();
    // The old cookie is dead on the server too, not just forgotten by the browser.
    c.cookie = cookie;
    expect((await c.request('/api/auth/session')).json.data).toBeNull();
    const refreshAfter = await c.request('/api/auth/refresh', { method: 'POST' });
    expect(refreshAfter.status).toBe(401);
    expect(refreshAfter.json.metadata.errorCode).toBe('AUTH_SESSION_ERROR');
  });

  it('stops accepting an access period that ended, renews it while the idle limit allows, and never past the absolute limit', async () => {
    const auth = (await import('./auth.service.ts')).createAuthService(t.runtime.deps);
    const user = await createSignedInUser(t);
    const token = decodeURIComponent(user.client.cookie!.split('=')[1]!);
    const hour = 3_600_000;
    const later = new Date(Date.now() + hour + 60_000);
    expect(await auth.resolveSession(token, { refresh: false }, later)).toBeNull();
    const renewed = await auth.resolveSession(token, { refresh: true }, later);
    expect(renewed?.expiresAt.getTime()).toBeGreaterThan(later.getTime());
    const pastAbsolute = new Date(Date.now() + 31 * 24 * hour);
    expect(await auth.resolveSession(token, { refresh: true }, pastAbsolute)).toBeNull();
  });
});

describe('sign-out after the access period ended', () => {
  it('still ends the stored session, so the cookie cannot be renewed afterwards', async () => {
    const user = await createSignedInUser(t);
    await t.runtime.deps.database.unsafeDb.execute(
      sql`update auth.sessions set expires_at = now() - interval '1 minute' where user_id = ${user.userId}`,
    );
    const cookie = user.client.cookie;
    expect((await user.client.request('/api/auth/sign-out', { method: 'POST' })).status).toBe(200);
    const left = rowsOf<{ n: number }>(
      await t.runtime.deps.database.unsafeDb.execute(
        sql`select count(*)::int as n from auth.sessions where user_id = ${user.userId}`,
      ),
    );
    expect(left[0]?.n).toBe(0);
    user.client.cookie = cookie;
    expect((await user.client.request('/api/auth/refresh', { method: 'POST' })).status).toBe(401);
  });
});

describe('password reset', () => {
  it('e-mails a single-use link, sets the new password and ends old sessions', async () => {
    const user = await createSignedInUser(t);
    const c = client();
    const res = await c.request('/api/auth/forgot-password', { json: { email: user.email } });
    expect(res.status).toBe(200);
    const mail = await latestEmailTo(t, user.email);
    const link = linkFrom(mail!.text, '/reset-password');
    const token = new URL(link, 'http://x').searchParams.get('token')!;

    const weak = await c.request('/api/auth/reset-password', {
      json: { token, password: 'password1234' },
    });
    expect(weak.status).toBe(422);

    const newPassword = 'lighthouse marmalade sprint 7';
    const done = await c.request('/api/auth/reset-password', {
      json: { token, password: newPassword },
    });
    expect(done.status).toBe(200);
    expect((await user.client.request('/api/auth/session')).json.data).toBeNull();
    const reuse = await c.request('/api/auth/reset-password', {
      json: { token, password: 'another fine passphrase 8' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.json.error).toMatch(/invalid or has expired/);
    const signIn = await c.request('/api/auth/sign-in', {
      json: { email: user.email, password: newPassword },
    });
    expect(signIn.status).toBe(200);
  });

  it('keeps the time the address was first confirmed', async () => {
    const user = await createSignedInUser(t);
    const confirmedAt = async () =>
      rowsOf<{ at: string }>(
        await t.runtime.deps.database.unsafeDb.execute(
          sql`select email_confirmed_at::text as at from auth.users where id = ${user.userId}`,
        ),
      )[0]?.at;
    const before = await confirmedAt();
    expect(before).toBeTruthy();
    const c = client();
    await c.request('/api/auth/forgot-password', { json: { email: user.email } });
    const link = linkFrom((await latestEmailTo(t, user.email))!.text, '/reset-password');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const done = await c.request('/api/auth/reset-password', {
      json: { token, password: 'copper lantern orbit 31' },
    });
    expect(done.status).toBe(200);
    expect(await confirmedAt()).toBe(before);
  });

  it('answers the same for an unknown address', async () => {
    const res = await client().request('/api/auth/forgot-password', {
      json: { email: uniqueEmail() },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, data: null });
  });
});

describe('bad input at the API', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await client().request('/api/auth/sign-in', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, metadata: { errorCode: 'VALIDATION_ERROR' } });
  });

  it('refuses unknown fields and wrong types by name', async () => {
    const res = await client().request('/api/auth/sign-in', {
      json: { email: 'a@example.com', password: 42, admin: true },
    });
    expect(res.status).toBe(400);
    expect(res.json.metadata.fieldErrors).toMatchObject({
      password: expect.any(String),
      admin: 'Unknown field',
    });
  });

  it('refuses another content type with 415', async () => {
    const res = await client().request('/api/auth/sign-in', {
      body: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(res.json.metadata.errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await client().request('/api/auth/sign-in', {
      json: { email: 'a@example.com', password: 'x'.repeat(2_000_000) },
    });
    expect(res.status).toBe(413);
    expect(res.json.metadata.errorCode).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const res = await client().request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, metadata: { errorCode: 'NOT_FOUND' } });
  });

  it('refuses a cross-site form post', async () => {
    const res = await client().request('/api/auth/sign-out', {
      method: 'POST',
      body: 'x=1',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    });
    expect(res.status).toBe(403);
    expect(res.json.metadata.errorCode).toBe('FORBIDDEN');
  });

  it('sends security headers', async () => {
    const res = await client().request('/api/auth/session');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('session cache', () => {
  it('serves a live session without reading it again, and a sign-out elsewhere revokes it at once', async () => {
    const { createAuthService } = await import('./auth.service.ts');
    const repo = await import('./auth.repository.ts');
    const { vi } = await import('vitest');
    // Two auth services on one bus stand for two API processes.
    const first = createAuthService(t.runtime.deps);
    const second = createAuthService(t.runtime.deps);
    const user = await createSignedInUser(t);
    const token = decodeURIComponent(user.client.cookie!.split('=')[1]!);

    const lookups = vi.spyOn(repo, 'unsafeFindSessionByTokenHash');
    const resolved = await second.resolveSession(token, { refresh: false });
    expect(resolved?.user.id).toBe(user.userId);
    await second.resolveSession(token, { refresh: false });
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();

    await first.signOut(token);
    expect(await second.resolveSession(token, { refresh: false })).toBeNull();
  });
});
