import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  accountSessionSchema,
  deletionRequestStatusSchema,
} from '#shared/contracts/account-security.contract.ts';
import {
  STRONG_PASSWORD,
  TestClient,
  createSignedInUser,
  getTestApp,
  latestEmailTo,
  linkFrom,
  uniqueEmail,
  type TestApp,
} from '#server/test/app.ts';
import { users } from '../auth/auth.tables.ts';
import { profiles } from '../profile/profile.tables.ts';
import { businessProfiles } from '../settings/settings.tables.ts';
import { accountImages } from './account.tables.ts';
import { mediaStorage } from '../media/media.storage.ts';
import { mediaItems } from '../media/media.tables.ts';
import {
  completeDeletionRequest,
  createDeletionRequest,
  findDeletionRequest,
} from './deletion-requests.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const NEW_PASSWORD = 'amber lantern orchard 77';

async function signIn(email: string, password = STRONG_PASSWORD, userAgent?: string) {
  const client = new TestClient(t.app);
  const res = await client.request('/api/auth/sign-in', {
    json: { email, password },
    ...(userAgent ? { headers: { 'user-agent': userAgent } } : {}),
  });
  return { client, res };
}

function multipart(bytes: Buffer, name = 'photo.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

async function upload(client: TestClient, path: string, form: FormData) {
  const request = new Request(`http://localhost:3000${path}`, { method: 'POST', body: form });
  const headers: Record<string, string> = {
    'content-type': request.headers.get('content-type')!,
    'x-forwarded-for': client.ip,
    origin: 'http://localhost:3000',
  };
  if (client.cookie) headers.cookie = client.cookie;
  const response = await t.app.request(path, {
    method: 'POST',
    headers,
    body: new Uint8Array(await request.arrayBuffer()),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, json: (await response.json()) as any };
}

describe('deletion requests', () => {
  it('creates, completes and reads a request by its public code', async () => {
    const database = t.runtime.deps.database;
    const { code } = await createDeletionRequest(database, { kind: 'meta_data_deletion' });
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{16}$/);
    const pending = await new TestClient(t.app).request(`/api/deletion-requests/${code}`);
    expect(pending.status).toBe(200);
    expect(deletionRequestStatusSchema.parse(pending.json.data)).toMatchObject({
      code,
      kind: 'meta_data_deletion',
      status: 'pending',
      completedAt: null,
    });
    expect(await completeDeletionRequest(database, code)).toBe(true);
    expect(await completeDeletionRequest(database, code)).toBe(false);
    const done = await findDeletionRequest(database, code.toLowerCase());
    expect(done).toMatchObject({ status: 'completed', completedAt: expect.any(Date) });
  });

  it('answers 404 for an unknown or malformed code', async () => {
    const client = new TestClient(t.app);
    expect((await client.request('/api/deletion-requests/ABCDEFGHJKMNPQRS')).status).toBe(404);
    const bad = await client.request('/api/deletion-requests/%27%20or%201%3D1');
    expect(bad.status).toBe(404);
    expect(bad.json.metadata.errorCode).toBe('NOT_FOUND');
  });
});

describe('password change', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const user = await createSignedInUser(t);
    const other = await signIn(user.email);
    expect(other.res.status).toBe(200);

    const wrong = await user.client.request('/api/account/password', {
      json: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.metadata.errorCode).toBe('PASSWORD_CHANGE_ERROR');
    expect(wrong.json.error).toBe(
      'Password change failed. Please verify your current password and try again.',
    );

    const weak = await user.client.request('/api/account/password', {
      json: { currentPassword: STRONG_PASSWORD, newPassword: 'password1' },
    });
    expect(weak.status).toBe(422);
    expect(weak.json.metadata.fieldErrors.newPassword).toMatch(/^Password is too weak/);

    const same = await user.client.request('/api/account/password', {
      json: { currentPassword: STRONG_PASSWORD, newPassword: STRONG_PASSWORD },
    });
    expect(same.status).toBe(400);
    expect(same.json.metadata.fieldErrors.newPassword).toBe(
      'Choose a password different from your current one',
    );

    const changed = await user.client.request('/api/account/password', {
      json: { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await user.client.request('/api/auth/session')).json.data.user.id).toBe(user.userId);
    expect((await other.client.request('/api/auth/session')).json.data).toBeNull();
    expect((await signIn(user.email)).res.status).toBe(401);
    expect((await signIn(user.email, NEW_PASSWORD)).res.status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists sessions with device and marks the current one; signs out one or all others', async () => {
    const user = await createSignedInUser(t);
    const phone = await signIn(
      user.email,
      STRONG_PASSWORD,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const laptop = await signIn(
      user.email,
      STRONG_PASSWORD,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
    );
    const list = await user.client.request('/api/account/sessions');
    expect(list.status).toBe(200);
    const rows = list.json.data.map((r: unknown) => accountSessionSchema.parse(r));
    expect(rows).toHaveLength(3);
    expect(rows.filter((r: { current: boolean }) => r.current)).toHaveLength(1);
    const devices = rows.map((r: { device: string }) => r.device);
    expect(devices).toEqual(expect.arrayContaining(['Safari on iOS', 'Chrome on Windows']));

    const phoneRow = rows.find((r: { device: string }) => r.device === 'Safari on iOS');
    const one = await user.client.request(`/api/account/sessions/${phoneRow.id}`, {
      method: 'DELETE',
    });
    expect(one.status).toBe(200);
    expect(one.json.data).toEqual({ current: false });
    expect((await phone.client.request('/api/auth/session')).json.data).toBeNull();
    expect((await laptop.client.request('/api/auth/session')).json.data).not.toBeNull();

    // Another person's session id is not found, and is left alone.
    const stranger = await createSignedInUser(t);
    const strangerSessions = await stranger.client.request('/api/account/sessions');
    const foreign = await user.client.request(
      `/api/account/sessions/${strangerSessions.json.data[0].id}`,
      { method: 'DELETE' },
    );
    expect(foreign.status).toBe(404);
    expect((await stranger.client.request('/api/auth/session')).json.data).not.toBeNull();

    const all = await user.client.request('/api/account/sessions', { method: 'DELETE' });
    expect(all.json.data).toEqual({ signedOut: 1 });
    expect((await laptop.client.request('/api/auth/session')).json.data).toBeNull();
    expect((await user.client.request('/api/account/sessions')).json.data).toHaveLength(1);
    expect((await new TestClient(t.app).request('/api/account/sessions')).status).toBe(401);
  });
});

describe('e-mail change', () => {
  it('sends a link to the new address; following it moves the account there', async () => {
    const user = await createSignedInUser(t);
    const newEmail = uniqueEmail('moved');
    const wrong = await user.client.request('/api/account/email', {
      json: { newEmail, password: 'not it at all' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.metadata.fieldErrors.password).toBe('Your password is not correct.');
    const invalid = await user.client.request('/api/account/email', {
      json: { newEmail: 'not-an-address', password: STRONG_PASSWORD },
    });
    expect(invalid.json.metadata.fieldErrors.newEmail).toBe('Please enter a valid email address');

    const res = await user.client.request('/api/account/email', {
      json: { newEmail: newEmail.toUpperCase(), password: STRONG_PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
    expect((await user.client.request('/api/account')).json.data).toEqual({
      email: user.email,
      pendingEmail: newEmail,
    });
    const notice = await latestEmailTo(t, user.email);
    expect(notice!.subject).toBe('Your Soci Gen sign-in address is being changed');
    const mail = await latestEmailTo(t, newEmail);
    const link = linkFrom(mail!.text, '/api/account/email/confirm');
    const followed = await user.client.request(link);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/dashboard/profile?email=changed');
    expect((await user.client.request('/api/auth/session')).json.data.user.email).toBe(newEmail);
    expect((await signIn(newEmail)).res.status).toBe(200);
    expect((await signIn(user.email)).res.status).toBe(401);
    // The link works once.
    const again = await user.client.request(link);
    expect(again.headers.get('location')).toBe('/dashboard/profile?email=invalid');
  });

  it('answers the same for an address that already has an account, and tells its owner', async () => {
    const user = await createSignedInUser(t);
    const taken = await createSignedInUser(t);
    const free = await user.client.request('/api/account/email', {
      json: { newEmail: uniqueEmail('free'), password: STRONG_PASSWORD },
    });
    const inUse = await user.client.request('/api/account/email', {
      json: { newEmail: taken.email, password: STRONG_PASSWORD },
    });
    expect(inUse.status).toBe(free.status);
    expect(inUse.json.data).toEqual(free.json.data);
    expect((await latestEmailTo(t, taken.email))!.subject).toBe(
      'Someone tried to use this address for Soci Gen',
    );
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(users)
      .where(eq(users.id, user.userId));
    expect(row!.email).toBe(user.email);
  });

  it('rate limits the e-mails it sends', async () => {
    const user = await createSignedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await user.client.request('/api/account/email', {
        json: { newEmail: uniqueEmail('many'), password: STRONG_PASSWORD },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe('avatar', () => {
  it('decodes, resizes and re-encodes an upload and serves it to its owner only', async () => {
    const user = await createSignedInUser(t);
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#4f46e5' },
    })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret place' } } })
      .toBuffer();
    const res = await upload(user.client, '/api/account/avatar', multipart(png));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const url: string = res.json.data.avatar_url;
    expect(url).toMatch(/^\/api\/account-images\/[0-9a-f-]{36}$/);

    const image = await t.app.request(url, {
      headers: { cookie: user.client.cookie!, 'x-forwarded-for': user.client.ip },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('max-age=3600');
    const bytes = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([256, 256, 'webp']);
    expect(meta.exif).toBeUndefined();

    const stranger = await createSignedInUser(t);
    expect((await stranger.client.request(url)).status).toBe(404);
    expect((await new TestClient(t.app).request(url)).status).toBe(401);

    // A second upload replaces the first.
    await upload(user.client, '/api/account/avatar', multipart(png));
    const stored = await t.runtime.deps.database.unsafeDb
      .select({ id: accountImages.id })
      .from(accountImages)
      .where(eq(accountImages.userId, user.userId));
    expect(stored).toHaveLength(1);

    const removed = await user.client.request('/api/account/avatar', { method: 'DELETE' });
    expect(removed.json.data.avatar_url).toBeNull();
  });

  it('refuses SVG, non-images and empty forms with a clear error', async () => {
    const user = await createSignedInUser(t);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const form of [
      multipart(svg, 'logo.svg', 'image/svg+xml'),
      multipart(Buffer.from('not an image at all'), 'photo.png', 'image/png'),
    ]) {
      const res = await upload(user.client, '/api/account/avatar', form);
      expect(res.status).toBe(400);
      expect(res.json.metadata.fieldErrors.file).toBe(
        'Please choose a JPEG, PNG, WebP or GIF image.',
      );
    }
    const empty = await upload(user.client, '/api/account/avatar', new FormData());
    expect(empty.status).toBe(400);
    expect(empty.json.metadata.fieldErrors.file).toBe('Please choose an image to upload.');
    const json = await user.client.request('/api/account/avatar', { json: { file: 'x' } });
    expect(json.status).toBe(415);
  });
});

describe('account deletion', () => {
  it('needs the password, removes the data and lands on a completed deletion request', async () => {
    const user = await createSignedInUser(t);
    const other = await signIn(user.email);
    const wrong = await user.client.request('/api/account/delete', {
      json: { password: 'not it at all' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.metadata.fieldErrors.password).toBe('Your password is not correct.');

    // A media file of the business account, stored as the library stores it.
    const storage = mediaStorage(t.runtime.deps);
    const key = `${user.userId}/${crypto.randomUUID()}/original`;
    await storage.putBuffer(key, Buffer.from('not really a photo'), 'image/jpeg');
    await t.runtime.deps.database.unsafeDb.insert(mediaItems).values({
      userId: user.userId,
      name: 'shop-front.jpg',
      kind: 'image',
      mimeType: 'image/jpeg',
      sizeBytes: 18,
      storageKey: key,
      contentHash: 'a'.repeat(64),
    });

    const res = await user.client.request('/api/account/delete', {
      json: { password: STRONG_PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
    expect(await storage.exists(key)).toBe(false);
    const { code } = res.json.data;
    expect(user.client.cookie).toBeUndefined();
    expect((await other.client.request('/api/auth/session')).json.data).toBeNull();

    const db = t.runtime.deps.database.unsafeDb;
    expect(await db.select().from(users).where(eq(users.id, user.userId))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.id, user.userId))).toHaveLength(0);
    expect(
      await db.select().from(businessProfiles).where(eq(businessProfiles.userId, user.userId)),
    ).toHaveLength(0);

    const status = await new TestClient(t.app).request(`/api/deletion-requests/${code}`);
    expect(status.json.data).toMatchObject({ code, kind: 'account', status: 'completed' });
    expect((await signIn(user.email)).res.status).toBe(401);
  });
});
