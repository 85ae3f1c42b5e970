import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import {
  backupCodesSchema,
  mfaSetupSchema,
  mfaStatusSchema,
} from '#shared/contracts/account-security.contract.ts';
import {
  STRONG_PASSWORD,
  TestClient,
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { mfaChallenges, mfaFactors } from './mfa.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const PERIOD_MS = 30_000;

function totpOf(manualKey: string): TOTP {
  return new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(manualKey.replace(/\s+/g, '')),
  });
}

/** A code of a step `offset` periods from now (±1 is inside the accepted window). */
function codeAt(totp: TOTP, offset = 0): string {
  return totp.generate({ timestamp: Date.now() + offset * PERIOD_MS });
}

async function enrol(user: SignedInUser) {
  const setup = await user.client.request('/api/mfa/setup', { method: 'POST' });
  expect(setup.status, setup.text).toBe(200);
  const data = mfaSetupSchema.parse(setup.json.data);
  const totp = totpOf(data.manualKey);
  const enable = await user.client.request('/api/mfa/enable', {
    json: { code: codeAt(totp, -1) },
  });
  expect(enable.status, enable.text).toBe(200);
  return { setup: data, totp, backupCodes: backupCodesSchema.parse(enable.json.data).backupCodes };
}

async function passwordStep(email: string, client = new TestClient(t.app)) {
  const res = await client.request('/api/auth/sign-in', {
    json: { email, password: STRONG_PASSWORD },
  });
  expect(res.status, res.text).toBe(200);
  return { client, res };
}

function verify(client: TestClient, challengeToken: string, code: string) {
  return client.request('/api/auth/mfa/verify', { json: { challengeToken, code } });
}

describe('enrolment', () => {
  it('shows a QR code and a manual key, enables with a code and answers 10 backup codes', async () => {
    const user = await createSignedInUser(t);
    const before = await user.client.request('/api/mfa');
    expect(mfaStatusSchema.parse(before.json.data)).toEqual({
      enabled: false,
      enabledAt: null,
      backupCodesRemaining: 0,
    });
    const { setup, backupCodes } = await enrol(user);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Soci%20Gen:/);
    expect(setup.otpauthUrl).toContain('algorithm=SHA1&digits=6&period=30');
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    const after = await user.client.request('/api/mfa');
    expect(after.json.data).toMatchObject({ enabled: true, backupCodesRemaining: 10 });

    // The secret is stored encrypted, bound to its user.
    const [factor] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, user.userId));
    expect(factor!.secretEncrypted).toMatch(/^v1\./);
    expect(factor!.secretEncrypted).not.toContain(setup.manualKey.replace(/\s+/g, ''));

    // Setting up again while on is refused.
    const again = await user.client.request('/api/mfa/setup', { method: 'POST' });
    expect(again.status).toBe(500);
    expect(again.json.metadata.errorCode).toBe('MFA_SETUP_ERROR');
    expect(again.json.error).toBe('Two-factor authentication is already on.');
  });

  it('refuses a wrong first code, bad input and an enable without setup', async () => {
    const user = await createSignedInUser(t);
    const noSetup = await user.client.request('/api/mfa/enable', { json: { code: '123456' } });
    expect(noSetup.json.metadata.errorCode).toBe('MFA_SETUP_ERROR');
    const setup = await user.client.request('/api/mfa/setup', { method: 'POST' });
    const totp = totpOf(setup.json.data.manualKey);
    const wrong = await user.client.request('/api/mfa/enable', {
      json: { code: codeAt(totp, 5) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.metadata.errorCode).toBe('MFA_VERIFICATION_ERROR');
    expect(wrong.json.metadata.fieldErrors.code).toBe(
      'This code is not valid or has already been used.',
    );
    const malformed = await user.client.request('/api/mfa/enable', { json: { code: '12ab' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.metadata.fieldErrors.code).toBe(
      'Enter the 6-digit code from your authenticator app',
    );
    expect((await user.client.request('/api/mfa')).json.data.enabled).toBe(false);
  });

  it('needs a session for every MFA call', async () => {
    const anonymous = new TestClient(t.app);
    for (const [path, method] of [
      ['/api/mfa', 'GET'],
      ['/api/mfa/setup', 'POST'],
      ['/api/mfa/enable', 'POST'],
      ['/api/mfa/disable', 'POST'],
      ['/api/mfa/backup-codes', 'POST'],
    ] as const) {
      const res = await anonymous.request(path, {
        method,
        ...(method === 'POST' ? { json: {} } : {}),
      });
      expect(res.status, path).toBe(401);
    }
  });
});

describe('sign-in with two-factor authentication', () => {
  it('answers a challenge instead of a session, then a session for a TOTP code', async () => {
    const user = await createSignedInUser(t);
    const { totp } = await enrol(user);
    const { client, res } = await passwordStep(user.email);
    expect(res.json.data).toMatchObject({ mfaRequired: true });
    expect(client.cookie).toBeUndefined();
    expect((await client.request('/api/auth/session')).json.data).toBeNull();

    const ok = await verify(client, res.json.data.challengeToken, codeAt(totp, 1));
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.data.user.email).toBe(user.email);
    expect(client.cookie).toBeDefined();
    expect((await client.request('/api/auth/session')).json.data.user.id).toBe(user.userId);

    // The challenge is spent.
    const replay = await verify(client, res.json.data.challengeToken, codeAt(totp, 1));
    expect(replay.status).toBe(401);
    expect(replay.json.metadata.errorCode).toBe('AUTH_SESSION_ERROR');
    expect(replay.json.error).toBe('Session error. Please log in again.');

    // An older code is refused once a later step was accepted.
    const second = await passwordStep(user.email);
    const older = await verify(second.client, second.res.json.data.challengeToken, codeAt(totp, 0));
    expect(older.status).toBe(400);
    expect(older.json.metadata.errorCode).toBe('MFA_VERIFICATION_ERROR');
  });

  it('accepts a code at most once when it is submitted 20 times at the same moment', async () => {
    const user = await createSignedInUser(t);
    const { totp } = await enrol(user);
    const challenges: { client: TestClient; token: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const { client, res } = await passwordStep(user.email);
      challenges.push({ client, token: res.json.data.challengeToken });
    }
    const code = codeAt(totp, 1);
    const results = await Promise.all(
      challenges.map(({ client, token }) => verify(client, token, code)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.json.metadata.errorCode).toBe('MFA_VERIFICATION_ERROR');
    }
    // Twenty tries in 15 minutes is the account's ceiling, however they are spread.
    const { client, res } = await passwordStep(user.email);
    const capped = await verify(client, res.json.data.challengeToken, codeAt(totp, 0));
    expect(capped.status).toBe(429);
  });

  it('spends a backup code once, also under 20 simultaneous submissions', async () => {
    const user = await createSignedInUser(t);
    const { backupCodes } = await enrol(user);
    const challenges: { client: TestClient; token: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const { client, res } = await passwordStep(user.email);
      challenges.push({ client, token: res.json.data.challengeToken });
    }
    // Typed without the dash and in capitals: still the same code.
    const typed = backupCodes[0]!.replace('-', '').toUpperCase();
    const results = await Promise.all(
      challenges.map(({ client, token }) => verify(client, token, typed)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const status = await results.find((r) => r.status === 200)!;
    expect(status.json.data.user.id).toBe(user.userId);
    expect((await user.client.request('/api/mfa')).json.data.backupCodesRemaining).toBe(9);
  });

  it('locks the challenge after five wrong codes, and refuses new challenges while locked', async () => {
    const user = await createSignedInUser(t);
    const { totp } = await enrol(user);
    const { client, res } = await passwordStep(user.email);
    const token = res.json.data.challengeToken;
    for (let i = 0; i < 4; i++) {
      const wrong = await verify(client, token, '000000');
      expect(wrong.status).toBe(400);
      expect(wrong.json.metadata.errorCode).toBe('MFA_VERIFICATION_ERROR');
    }
    const fifth = await verify(client, token, '000000');
    expect(fifth.status).toBe(429);
    expect(fifth.json.metadata.errorCode).toBe('RATE_LIMIT_EXCEEDED');
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(800);
    // Even the right code waits now.
    const right = await verify(client, token, codeAt(totp, 1));
    expect(right.status).toBe(429);
    // A new password step does not start a fresh set of attempts.
    const again = await new TestClient(t.app).request('/api/auth/sign-in', {
      json: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(again.status).toBe(429);
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.userId, user.userId));
    expect(row!.failedAttempts).toBe(5);
  });

  it('refuses an unknown challenge and malformed codes', async () => {
    const client = new TestClient(t.app);
    const unknown = await verify(client, 'x'.repeat(43), '123456');
    expect(unknown.status).toBe(401);
    expect(unknown.json.metadata.errorCode).toBe('AUTH_SESSION_ERROR');
    const malformed = await verify(client, 'x'.repeat(43), '12');
    expect(malformed.status).toBe(400);
    expect(malformed.json.metadata.fieldErrors.code).toBe('Enter a 6-digit code or a backup code');
  });
});

describe('backup codes and turning off', () => {
  it('regenerates the backup codes with the password; the old ones stop working', async () => {
    const user = await createSignedInUser(t);
    const { backupCodes } = await enrol(user);
    const wrong = await user.client.request('/api/mfa/backup-codes', {
      json: { password: 'not my password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.metadata.fieldErrors.password).toBe('Your password is not correct.');
    const fresh = await user.client.request('/api/mfa/backup-codes', {
      json: { password: STRONG_PASSWORD },
    });
    expect(fresh.status).toBe(200);
    const next = backupCodesSchema.parse(fresh.json.data).backupCodes;
    expect(next).toHaveLength(10);
    expect(next).not.toContain(backupCodes[0]);
    const { client, res } = await passwordStep(user.email);
    const old = await verify(client, res.json.data.challengeToken, backupCodes[0]!);
    expect(old.status).toBe(400);
    const ok = await verify(client, res.json.data.challengeToken, next[0]!);
    expect(ok.status).toBe(200);
  });

  it('turns off only with the password; sign-in then needs no code', async () => {
    const user = await createSignedInUser(t);
    await enrol(user);
    const wrong = await user.client.request('/api/mfa/disable', {
      json: { password: 'not my password' },
    });
    expect(wrong.status).toBe(400);
    expect((await user.client.request('/api/mfa')).json.data.enabled).toBe(true);
    const missing = await user.client.request('/api/mfa/disable', { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.metadata.fieldErrors.password).toBe('Enter your current password');
    const off = await user.client.request('/api/mfa/disable', {
      json: { password: STRONG_PASSWORD },
    });
    expect(off.status, off.text).toBe(200);
    expect((await user.client.request('/api/mfa')).json.data).toEqual({
      enabled: false,
      enabledAt: null,
      backupCodesRemaining: 0,
    });
    const { res } = await passwordStep(user.email);
    expect(res.json.data.user.email).toBe(user.email);
  });
});
