import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '#server/platform/db/client.ts';
import { ownOrigins } from '#server/platform/http/own-origins.ts';
import { hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { users } from '#server/features/auth/auth.tables.ts';
import * as authRepo from '#server/features/auth/auth.repository.ts';
import { RATE_LIMITS } from '#server/features/auth/auth.service.ts';
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
import { liveMetaApp, type LiveMetaApp } from '#server/test/meta-simulator.ts';

// Replays of the findings of the accounts security review (OWASP ASVS 5.0 V6/V7, level 2):
// sign-up, sign-in, confirmation and password reset cannot be used to take, lock or discover an
// account (docs/decisions/026). Each test asserts what is refused.

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const ATTACKER_PASSWORD = 'mallory copper anvil 58';
const VICTIM_PASSWORD = 'quiet lantern meadow 19';
type Res = Awaited<ReturnType<TestClient['request']>>;

function client() {
  return new TestClient(t.app);
}

function db() {
  return t.runtime.deps.database.unsafeDb;
}

async function userRow(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email));
  return row;
}

function signUp(c: TestClient, email: string, password: string, extra: object = {}) {
  return c.request('/api/auth/sign-up', { json: { email, password, ...extra } });
}

function signIn(c: TestClient, email: string, password: string) {
  return c.request('/api/auth/sign-in', { json: { email, password } });
}

async function linkTo(email: string, path: string): Promise<string> {
  const mail = await latestEmailTo(t, email);
  return linkFrom(mail!.text, path);
}

function tokenOf(link: string): string {
  return new URL(link, 'http://x').searchParams.get('token')!;
}

async function resetLink(email: string): Promise<string> {
  const res = await client().request('/api/auth/forgot-password', { json: { email } });
  expect(res.status).toBe(200);
  return tokenOf(await linkTo(email, '/reset-password'));
}

function reset(token: string, password: string) {
  return client().request('/api/auth/reset-password', { json: { token, password } });
}

function expectInvalidResetLink(res: Res) {
  expect(res.status).toBe(400);
  expect(res.json.error).toBe(
    'This reset link is invalid or has expired. Please ask for a new one.',
  );
}

function expectInvalidConfirmation(res: Res) {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toMatch(/^\/login\?error=invalid_link&error_description=/);
  expect(res.headers.getSetCookie().some((c) => c.startsWith('sg_session='))).toBe(false);
}

function expectRefusedCredentials(res: Res) {
  expect(res.status).toBe(401);
  expect(res.json).toMatchObject({
    error: 'Invalid email or password.',
    metadata: { errorCode: 'INVALID_CREDENTIALS' },
  });
}

function expectRateLimited(res: Res) {
  expect(res.status).toBe(429);
  expect(res.json.metadata.errorCode).toBe('RATE_LIMIT_EXCEEDED');
}

describe('pre-account takeover: a second sign-up of an unconfirmed address', () => {
  it('replaces the first password and names, and ends its links and sessions', async () => {
    const email = uniqueEmail('victim');
    const attacker = client();
    expect(
      (await signUp(attacker, email, ATTACKER_PASSWORD, { businessName: 'Mallory Ltd' })).status,
    ).toBe(201);
    const attackersLink = await linkTo(email, '/api/auth/confirm');
    const attackersReset = await resetLink(email);
    const account = await userRow(email);
    // A session of the unconfirmed account (none can be made through the API; any must end).
    await authRepo.unsafeInsertSession(db(), {
      userId: account!.id,
      tokenHash: hashToken('attackers-session'),
      expiresAt: new Date(Date.now() + 3_600_000),
      idleExpiresAt: new Date(Date.now() + 3_600_000),
      absoluteExpiresAt: new Date(Date.now() + 3_600_000),
    });

    const victim = client();
    const again = await signUp(victim, email, VICTIM_PASSWORD, {
      businessName: 'Rosa’s Bakery',
      fullName: 'Rosa',
    });
    expect(again.status).toBe(201);
    expect(again.json.data).toMatchObject({ user: { email }, confirmationRequired: true });
    await settled(t);

    // The attacker's links and session are dead, before and after the victim confirms.
    expectInvalidConfirmation(await client().request(attackersLink));
    expectInvalidResetLink(await reset(attackersReset, 'attacker new passphrase 33'));
    const sessions = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from auth.sessions where user_id = ${account!.id}`,
      ),
    );
    expect(sessions[0]!.n).toBe(0);

    const victimsLink = await linkTo(email, '/api/auth/confirm');
    const confirmed = await victim.request(victimsLink);
    expect(confirmed.headers.get('location')).toBe('/?confirmed=1');
    expect(victim.cookie).toMatch(/^sg_session=/);

    expectRefusedCredentials(await signIn(client(), email, ATTACKER_PASSWORD));
    expect((await signIn(client(), email, VICTIM_PASSWORD)).status).toBe(200);
    // The same account (its id did not change), with the victim's names.
    expect((await userRow(email))!.id).toBe(account!.id);
    const names = rowsOf<{ full_name: string | null; business_name: string }>(
      await db().execute(sql`select p.full_name, b.business_name from public.profiles p
        join public.business_profiles b on b.user_id = p.id where p.id = ${account!.id}`),
    );
    expect(names[0]).toEqual({ full_name: 'Rosa', business_name: 'Rosa’s Bakery' });
    expectInvalidConfirmation(await client().request(attackersLink));
  });

  it('does not touch a confirmed account: its owner is told by e-mail instead', async () => {
    const owner = await createSignedInUser(t);
    const res = await signUp(client(), owner.email, ATTACKER_PASSWORD);
    expect(res.status).toBe(201);
    expect((await latestEmailTo(t, owner.email))!.subject).toBe(
      'You already have a Soci Gen account',
    );
    expectRefusedCredentials(await signIn(client(), owner.email, ATTACKER_PASSWORD));
    expect((await signIn(client(), owner.email, STRONG_PASSWORD)).status).toBe(200);
  });
});

describe('Continue with Facebook onto an unconfirmed account', () => {
  let live: LiveMetaApp;
  beforeAll(async () => {
    live = await liveMetaApp(t);
  });
  afterAll(() => live.close());

  it('removes the password set before the address was proven and ends earlier links', async () => {
    const world = live.simulator.provisionWorld(`accounts-security-${randomToken(6)}`);
    const email = live.simulator.state.people.get(world.personId)!.email;
    const attacker = client();
    expect((await signUp(attacker, email, ATTACKER_PASSWORD)).status).toBe(201);
    const attackersLink = await linkTo(email, '/api/auth/confirm');
    const attackersReset = await resetLink(email);

    const start = await live.app.request('/api/auth/facebook/start');
    const state = /sg_fb_state=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')![1]!;
    const dialog = `${start.headers.get('location')!}&sim_auto=allow&sim_person=${world.personId}`;
    const consent = await fetch(dialog, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const signedIn = await live.app.request(`${back.pathname}${back.search}`, {
      headers: { cookie: `sg_fb_state=${state}`, 'x-forwarded-for': '10.9.9.8' },
    });
    expect(signedIn.headers.get('location')).toBe('/dashboard');
    expect(signedIn.headers.get('set-cookie')).toMatch(/sg_session=/);

    const row = await userRow(email);
    expect(row!.emailConfirmedAt).not.toBeNull();
    expect(row!.passwordHash).toBeNull();
    expectRefusedCredentials(await signIn(attacker, email, ATTACKER_PASSWORD));
    expectInvalidConfirmation(await attacker.request(attackersLink));
    expectInvalidResetLink(await reset(attackersReset, 'attacker new passphrase 33'));
  });
});

describe('reset links', () => {
  it('an older link stops working once a newer one is used', async () => {
    const user = await createSignedInUser(t);
    const older = await resetLink(user.email);
    const newer = await resetLink(user.email);
    expect((await reset(newer, 'lighthouse marmalade sprint 7')).status).toBe(200);
    expectInvalidResetLink(await reset(older, 'attacker new passphrase 33'));
    expectRefusedCredentials(await signIn(client(), user.email, 'attacker new passphrase 33'));
    expect((await signIn(client(), user.email, 'lighthouse marmalade sprint 7')).status).toBe(200);
  });

  it('a link sent before a password change stops working', async () => {
    const user = await createSignedInUser(t);
    const link = await resetLink(user.email);
    const changed = await user.client.request('/api/account/password', {
      json: { currentPassword: STRONG_PASSWORD, newPassword: 'lighthouse marmalade sprint 7' },
    });
    expect(changed.status, changed.text).toBe(200);
    expectInvalidResetLink(await reset(link, 'attacker new passphrase 33'));
    expect((await signIn(client(), user.email, 'lighthouse marmalade sprint 7')).status).toBe(200);
  });

  it('a link sent to the old address stops working once the address changes', async () => {
    const user = await createSignedInUser(t);
    const link = await resetLink(user.email);
    const newEmail = uniqueEmail('moved');
    const asked = await user.client.request('/api/account/email', {
      json: { newEmail, password: STRONG_PASSWORD },
    });
    expect(asked.status, asked.text).toBe(200);
    const moved = await user.client.request(await linkTo(newEmail, '/api/account/email/confirm'));
    expect(moved.headers.get('location')).toBe('/dashboard/profile?email=changed');
    expectInvalidResetLink(await reset(link, 'attacker new passphrase 33'));
    expect((await signIn(client(), newEmail, STRONG_PASSWORD)).status).toBe(200);
  });
});

describe('lockout', () => {
  async function guess(from: TestClient, email: string, times: number) {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push((await signIn(from, email, `wrong ${i}`)).status);
    return statuses;
  }

  it('wrong passwords from one address do not lock the owner out from another', async () => {
    const owner = await createSignedInUser(t);
    const attacker = client();
    expect(await guess(attacker, owner.email, 10)).toEqual(Array(10).fill(401));
    // The attacker's address is stopped, even with the right password…
    expectRateLimited(await signIn(attacker, owner.email, STRONG_PASSWORD));
    expect(attacker.cookie).toBeUndefined();
    // …the owner elsewhere is not, even in a browser that never signed in before.
    const ownerElsewhere = client();
    expect((await signIn(ownerElsewhere, owner.email, STRONG_PASSWORD)).status).toBe(200);
    expect(ownerElsewhere.cookie).toMatch(/^sg_session=/);
  });

  it('guessing spread over many addresses stops new browsers, never the owner’s own', async () => {
    const owner = await createSignedInUser(t);
    // The browser that signed up and confirmed holds a device cookie for the account.
    expect(owner.client.jar.has('sg_device')).toBe(true);
    const perAccount = RATE_LIMITS.signInAccountUntrusted.limit;
    for (let i = 0; i < perAccount / 10; i++) {
      expect(await guess(client(), owner.email, 10)).toEqual(Array(10).fill(401));
    }
    // A browser without the account's device cookie is refused, right password or not…
    expectRateLimited(await signIn(client(), owner.email, STRONG_PASSWORD));
    const withOtherAccountsCookie = (await createSignedInUser(t)).client;
    expectRateLimited(await signIn(withOtherAccountsCookie, owner.email, STRONG_PASSWORD));
    const forged = client();
    forged.jar.set('sg_device', randomToken());
    expectRateLimited(await signIn(forged, owner.email, STRONG_PASSWORD));
    // …the owner's own browser signs in.
    const own = await signIn(owner.client, owner.email, STRONG_PASSWORD);
    expect(own.status).toBe(200);
    expect(own.json.data.user.email).toBe(owner.email);
  });

  it('a device cookie has a limit of its own, wherever it is used from', async () => {
    const owner = await createSignedInUser(t);
    const device = owner.client.jar.get('sg_device')!;
    for (let i = 0; i < RATE_LIMITS.signInDevice.limit; i++) {
      const copy = client();
      copy.jar.set('sg_device', device);
      expectRefusedCredentials(await signIn(copy, owner.email, `wrong ${i}`));
    }
    const copy = client();
    copy.jar.set('sg_device', device);
    expectRateLimited(await signIn(copy, owner.email, STRONG_PASSWORD));
  });
});

describe('confirmation links sign in only the browser that signed up', () => {
  it('confirms but does not sign in another browser, which lands on the login page', async () => {
    const email = uniqueEmail('confirm');
    const signingUp = client();
    await signUp(signingUp, email, STRONG_PASSWORD);
    const link = await linkTo(email, '/api/auth/confirm');
    const other = client();
    const res = await other.request(link);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?confirmed=1');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sg_session='))).toBe(false);
    expect(other.cookie).toBeUndefined();
    expect((await other.request('/api/auth/session')).json.data).toBeNull();
    // The address is confirmed: the other browser signs in with the password.
    expect((await userRow(email))!.emailConfirmedAt).not.toBeNull();
    expect((await signIn(other, email, STRONG_PASSWORD)).status).toBe(200);
    // Used once; the signing-up browser cannot use it afterwards either.
    expectInvalidConfirmation(await signingUp.request(link));
    expect(signingUp.cookie).toBeUndefined();
  });

  it('refuses a guessed or copied sign-up cookie', async () => {
    const email = uniqueEmail('confirm');
    const signingUp = client();
    await signUp(signingUp, email, STRONG_PASSWORD);
    const link = await linkTo(email, '/api/auth/confirm');
    const forger = client();
    forger.jar.set('sg_signup', randomToken());
    const res = await forger.request(link);
    expect(res.headers.get('location')).toBe('/login?confirmed=1');
    expect(forger.cookie).toBeUndefined();
  });

  it('signs in the browser that signed up, also through a resent link; only the newest works', async () => {
    const email = uniqueEmail('confirm');
    const signingUp = client();
    const res = await signUp(signingUp, email, STRONG_PASSWORD);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sg_signup='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/confirm/);
    const first = await linkTo(email, '/api/auth/confirm');
    await client().request('/api/auth/resend-confirmation', { json: { email } });
    const resent = await linkTo(email, '/api/auth/confirm');
    expect(resent).not.toBe(first);
    expectInvalidConfirmation(await signingUp.request(first));
    const confirmed = await signingUp.request(resent);
    expect(confirmed.headers.get('location')).toBe('/?confirmed=1');
    expect(signingUp.cookie).toMatch(/^sg_session=/);
    expect(signingUp.jar.has('sg_signup')).toBe(false);
  });
});

describe('the CSRF origin check', () => {
  function formPost(url: string, origin: string) {
    return t.app.request(url, {
      method: 'POST',
      body: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    });
  }

  it('refuses a foreign Host with a matching Origin', async () => {
    const res = await formPost('http://evil.example/api/auth/sign-out', 'http://evil.example');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { metadata: { errorCode: string } }).metadata.errorCode).toBe(
      'FORBIDDEN',
    );
    // Our own origin passes whatever the Host, as do its loopback spellings outside production.
    expect(
      (await formPost('http://evil.example/api/auth/sign-out', 'http://localhost:3000')).status,
    ).toBe(200);
    expect((await formPost('/api/auth/sign-out', 'http://127.0.0.1:3000')).status).toBe(200);
    expect((await formPost('/api/auth/sign-out', 'http://[::1]:3000')).status).toBe(200);
    expect((await formPost('/api/auth/sign-out', 'http://127.0.0.1:4000')).status).toBe(403);
  });

  it('accepts only APP_URL’s origin in production', () => {
    expect([
      ...ownOrigins({ appUrl: 'https://app.example.com', NODE_ENV: 'production', PORT: 3000 }),
    ]).toEqual(['https://app.example.com']);
    expect([
      ...ownOrigins({ appUrl: 'http://localhost:3000/', NODE_ENV: 'development', PORT: 3000 }),
    ]).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
  });
});

/** Status, envelope and cookies of an answer, without what differs by nature (ids, times). */
function shape(res: Res, email?: string) {
  const body = structuredClone(res.json) as {
    data?: { user?: { id?: string; email?: string } } | null;
    metadata?: Record<string, unknown>;
  };
  if (body.data?.user) {
    expect(body.data.user.id).toMatch(/^[0-9a-f-]{36}$/);
    if (email) expect(body.data.user.email).toBe(email);
    body.data.user = { id: '<id>', email: '<email>' };
  }
  for (const key of ['processingTime', 'timestamp', 'correlationId']) delete body.metadata?.[key];
  const cookies = res.headers.getSetCookie().map((c) => c.replace(/=[^;]*/, '=<value>'));
  return { status: res.status, body, cookies };
}

describe('enumeration: existing and unknown addresses get the same answers', () => {
  it('sign-up: confirmed, unconfirmed and unknown addresses; a weak password alike', async () => {
    const confirmed = await createSignedInUser(t);
    const unconfirmed = uniqueEmail('pending');
    await signUp(client(), unconfirmed, STRONG_PASSWORD);
    await settled(t);
    const unknown = uniqueEmail('nobody');
    const password = 'another long passphrase 77';
    const answers = [
      shape(await signUp(client(), confirmed.email, password), confirmed.email),
      shape(await signUp(client(), unconfirmed, password), unconfirmed),
      shape(await signUp(client(), unknown, password), unknown),
    ];
    expect(answers[0]!.status).toBe(201);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    // Strength is judged before anything else: a weak password is refused alike.
    const weak = [
      shape(await signUp(client(), confirmed.email, 'Password123!')),
      shape(await signUp(client(), unconfirmed, 'Password123!')),
      shape(await signUp(client(), uniqueEmail('nobody'), 'Password123!')),
    ];
    expect(weak[0]!.status).toBe(422);
    expect(weak[0]!.body.metadata).toMatchObject({ errorCode: 'WEAK_PASSWORD' });
    expect(weak[1]).toEqual(weak[0]);
    expect(weak[2]).toEqual(weak[0]);
  });

  it('forgot-password, resend-confirmation and sign-in', async () => {
    const confirmed = await createSignedInUser(t);
    const unconfirmed = uniqueEmail('pending');
    await signUp(client(), unconfirmed, STRONG_PASSWORD);
    await settled(t);
    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-confirmation']) {
      const answers = [];
      for (const email of [confirmed.email, unconfirmed, uniqueEmail('nobody')]) {
        answers.push(shape(await client().request(path, { json: { email } })));
      }
      expect(answers[0]).toMatchObject({ status: 200, body: { success: true, data: null } });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
    const wrong = shape(await signIn(client(), confirmed.email, 'wrong password here'));
    const unknown = shape(await signIn(client(), uniqueEmail('nobody'), 'wrong password here'));
    expect(wrong.status).toBe(401);
    expect(unknown).toEqual(wrong);
  });
});

/**
 * A live invitation to `email` from a new business (each has 5 staff seats): the link's token.
 * Signing up from it gives the person no business of their own (docs/decisions/035).
 */
async function invitationTo(email: string): Promise<string> {
  const owner = await createSignedInUser(t);
  const res = await owner.client.request('/api/staff/invitations', {
    json: { email, role: 'staff' },
  });
  expect(res.status, res.text).toBe(201);
  const mail = await latestEmailTo(t, email);
  return decodeURIComponent(linkFrom(mail!.text, '/accept-invitation/').split('/')[2]!);
}

describe('enumeration: a sign-up from an invitation answers alike', () => {
  it('for confirmed, unconfirmed and unknown invited addresses, and for a token that is no invitation', async () => {
    const confirmed = await createSignedInUser(t);
    const unconfirmed = uniqueEmail('pending');
    await signUp(client(), unconfirmed, STRONG_PASSWORD);
    await settled(t);
    const unknown = uniqueEmail('nobody');
    const password = 'another long passphrase 77';
    const answers = [];
    for (const email of [confirmed.email, unconfirmed, unknown]) {
      const invitationToken = await invitationTo(email);
      answers.push(shape(await signUp(client(), email, password, { invitationToken }), email));
    }
    const stranger = uniqueEmail('nobody');
    answers.push(
      shape(
        await signUp(client(), stranger, password, { invitationToken: 'x'.repeat(43) }),
        stranger,
      ),
    );
    expect(answers[0]!.status).toBe(201);
    expect(answers[0]!.cookies).toEqual([
      'sg_signup=<value>; Max-Age=86400; Path=/api/auth/confirm; HttpOnly; SameSite=Lax',
      'sg_signup_invitation=<value>; Max-Age=86400; Path=/api/auth/confirm; HttpOnly; SameSite=Lax',
    ]);
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    // What differed happened after the answers: only the unknown address is a new account, and
    // it has no business of its own.
    await settled(t);
    const [created] = rowsOf<{ business: number }>(
      await db().execute(sql`select count(bp.user_id)::int as business from auth.users u
        left join public.business_profiles bp on bp.user_id = u.id where lower(u.email) = ${unknown}`),
    );
    expect(created).toEqual({ business: 0 });
  });
});

describe('enumeration: rate limits count alike for existing and unknown addresses', () => {
  /** Statuses of `times` requests, each from a new client address. */
  async function fromManyAddresses(times: number, send: (c: TestClient) => Promise<Res>) {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) statuses.push((await send(client())).status);
    return statuses;
  }

  it('sign-up, forgot-password and resend-confirmation, per e-mail address', async () => {
    const limit = RATE_LIMITS.emailLinkRecipient.limit;
    for (const path of ['/api/auth/forgot-password', '/api/auth/resend-confirmation']) {
      // Each address has had one e-mailed link already (the existing one its sign-up).
      const existing = await createSignedInUser(t);
      const unknown = uniqueEmail('nobody');
      await client().request(path, { json: { email: unknown } });
      const send = (email: string) => (c: TestClient) => c.request(path, { json: { email } });
      const expected = [...Array(limit - 1).fill(200), 429];
      expect(await fromManyAddresses(limit, send(existing.email))).toEqual(expected);
      expect(await fromManyAddresses(limit, send(unknown))).toEqual(expected);
    }
    const existing = await createSignedInUser(t);
    const unknown = uniqueEmail('nobody');
    await client().request('/api/auth/forgot-password', { json: { email: unknown } });
    // A new password each time: the one who knows the account's password is told it exists.
    let n = 0;
    const send = (email: string) => (c: TestClient) =>
      signUp(c, email, `${VICTIM_PASSWORD} ${(n += 1)}`);
    const expected = [...Array(limit - 1).fill(201), 429];
    expect(await fromManyAddresses(limit, send(existing.email))).toEqual(expected);
    expect(await fromManyAddresses(limit, send(unknown))).toEqual(expected);
  });

  it('sign-in, per address and account, and per account', async () => {
    const existing = await createSignedInUser(t);
    const unknown = uniqueEmail('nobody');
    for (const email of [existing.email, unknown]) {
      const guesser = client();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await signIn(guesser, email, `wrong ${i}`)).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      for (let i = 0; i < RATE_LIMITS.signInAccountUntrusted.limit / 10 - 1; i++) {
        for (let j = 0; j < 10; j++) await signIn(client(), email, `wrong ${j}`);
      }
      expectRateLimited(await signIn(client(), email, 'wrong again'));
    }
  });
});

describe('enumeration: answers take as long for existing and unknown addresses', () => {
  const TRIES = 20;

  function median(values: number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }

  /** Alike: within 1.5 times, or within 5 ms (below that, machine noise dominates). */
  function alike(a: number, b: number): boolean {
    return Math.abs(a - b) <= 5 || Math.max(a, b) / Math.min(a, b) <= 1.5;
  }

  /**
   * Median time of the answer for existing and unknown addresses, alternating so that machine
   * load touches both alike; work left running after an answer is waited for, untimed. A noisy
   * round is measured again, up to three rounds: a real difference shows in every round.
   */
  async function compare(
    existing: () => Promise<string>,
    unknown: () => Promise<string>,
    send: (email: string) => Promise<Res>,
  ) {
    const timed = async (email: string) => {
      await settled(t);
      const started = performance.now();
      await send(email);
      return performance.now() - started;
    };
    const rounds: { existing: number; unknown: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < TRIES; i++) {
        const [first, second] = [await existing(), await unknown()];
        if (i % 2) {
          a.push(await timed(first));
          b.push(await timed(second));
        } else {
          b.push(await timed(second));
          a.push(await timed(first));
        }
      }
      rounds.push({ existing: median(a), unknown: median(b) });
      if (alike(median(a), median(b))) break;
    }
    const last = rounds.at(-1)!;
    expect(alike(last.existing, last.unknown), JSON.stringify(rounds)).toBe(true);
  }

  /** Existing addresses, each used at most `uses` times (the per-address e-mail limit). */
  function pool(make: () => Promise<string>, uses = RATE_LIMITS.emailLinkRecipient.limit - 1) {
    let current: string | undefined;
    let used = 0;
    return async () => {
      if (!current || used >= uses) {
        current = await make();
        used = 0;
      }
      used += 1;
      return current;
    };
  }
  const confirmedAccount = async () => (await createSignedInUser(t)).email;
  const unconfirmedAccount = async () => {
    const email = uniqueEmail('pending');
    await signUp(client(), email, STRONG_PASSWORD);
    await settled(t);
    return email;
  };
  const nobody = async () => uniqueEmail('nobody');

  it('forgot-password', async () => {
    await compare(pool(confirmedAccount), nobody, (email) =>
      client().request('/api/auth/forgot-password', { json: { email } }),
    );
  }, 120_000);

  it('resend-confirmation', async () => {
    await compare(pool(unconfirmedAccount), nobody, (email) =>
      client().request('/api/auth/resend-confirmation', { json: { email } }),
    );
  }, 120_000);

  it('sign-up, for confirmed and unconfirmed addresses', async () => {
    const confirmed = pool(confirmedAccount);
    const unconfirmed = pool(unconfirmedAccount);
    let turn = 0;
    const existing = () => (turn++ % 2 ? confirmed() : unconfirmed());
    await compare(existing, nobody, (email) =>
      signUp(client(), email, 'another long passphrase 77'),
    );
  }, 120_000);

  it('sign-up from an invitation, for confirmed and unknown invited addresses', async () => {
    // Each try has an invitation of its own, made before the timed request.
    const tokens = new Map<string, string>();
    const invited = (make: () => Promise<string>) => async () => {
      const email = await make();
      if (!tokens.has(email)) tokens.set(email, await invitationTo(email));
      return email;
    };
    await compare(invited(pool(confirmedAccount)), invited(nobody), (email) =>
      signUp(client(), email, 'another long passphrase 77', {
        invitationToken: tokens.get(email),
      }),
    );
  }, 240_000);

  it('sign-in with a wrong password', async () => {
    await compare(pool(confirmedAccount, 20), nobody, (email) =>
      signIn(client(), email, 'wrong password here'),
    );
  }, 120_000);
});
