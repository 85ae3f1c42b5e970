import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#shared/contracts/account-security.contract.ts';
import { TestClient, createSignedInUser, getTestApp, type TestApp } from '#server/test/app.ts';
import { getNotificationPreferences } from './notifications.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('notification preferences', () => {
  it('reads the defaults, stores a change and gives it to later features', async () => {
    const user = await createSignedInUser(t);
    const initial = await user.client.request('/api/account/notifications');
    expect(initial.status).toBe(200);
    expect(initial.json.data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);

    const saved = await user.client.request('/api/account/notifications', {
      method: 'PUT',
      json: { emailOnFailedPost: false, dailyInboxDigest: true },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.data).toEqual({ emailOnFailedPost: false, dailyInboxDigest: true });
    expect(await getNotificationPreferences(t.runtime.deps.database, user.userId)).toEqual({
      emailOnFailedPost: false,
      dailyInboxDigest: true,
    });
    // The account status beside them is untouched.
    const profile = await user.client.request('/api/profile');
    expect(profile.json.data.settings.notifications).toEqual(saved.json.data);
  });

  it('validates input and needs a session', async () => {
    const user = await createSignedInUser(t);
    const bad = await user.client.request('/api/account/notifications', {
      method: 'PUT',
      json: { emailOnFailedPost: 'yes', dailyInboxDigest: true, extra: 1 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.metadata.fieldErrors)).toEqual(
      expect.arrayContaining(['emailOnFailedPost', 'extra']),
    );
    expect((await new TestClient(t.app).request('/api/account/notifications')).status).toBe(401);
  });
});

describe('business logo', () => {
  async function uploadLogo(client: TestClient, bytes: Buffer, type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'logo');
    const request = new Request('http://localhost:3000/x', { method: 'POST', body: form });
    const response = await t.app.request('/api/business-profile/logo', {
      method: 'POST',
      headers: {
        'content-type': request.headers.get('content-type')!,
        cookie: client.cookie ?? '',
        'x-forwarded-for': client.ip,
        origin: 'http://localhost:3000',
      },
      body: new Uint8Array(await request.arrayBuffer()),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, json: (await response.json()) as any };
  }

  it('stores a resized logo and keeps its URL on the business profile', async () => {
    const user = await createSignedInUser(t);
    const jpeg = await sharp({
      create: { width: 1200, height: 400, channels: 3, background: '#0ea5e9' },
    })
      .jpeg()
      .toBuffer();
    const res = await uploadLogo(user.client, jpeg, 'image/jpeg');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.logo_url).toMatch(/^\/api\/account-images\//);
    const image = await t.app.request(res.json.data.logo_url, {
      headers: { cookie: user.client.cookie!, 'x-forwarded-for': user.client.ip },
    });
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([512, 171]);

    const svg = await uploadLogo(
      user.client,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    expect(svg.status).toBe(400);

    const removed = await user.client.request('/api/business-profile/logo', { method: 'DELETE' });
    expect(removed.json.data.logo_url).toBeNull();
    expect(
      (await new TestClient(t.app).request('/api/business-profile/logo', { method: 'DELETE' }))
        .status,
    ).toBe(401);
  });
});
