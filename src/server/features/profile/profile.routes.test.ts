import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminUserSchema,
  profileSchema,
  userRoleSchema,
} from '#shared/contracts/account.contract.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { profiles } from './profile.tables.ts';
import { expectError } from '#server/test/expect-error.ts';

let t: TestApp;
let admin: SignedInUser;
let user: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  [admin, user] = await Promise.all([
    createSignedInUser(t),
    createSignedInUser(t, { fullName: 'Grace' }),
  ]);
  await makeAdmin(t, admin.userId);
});

describe('/api/profile', () => {
  it('answers 401 when signed out', async () => {
    const anonymous = new TestClient(t.app);
    expectError(await anonymous.request('/api/profile'), 401, 'UNAUTHORIZED');
    expectError(
      await anonymous.request('/api/profile', { method: 'PATCH', json: { full_name: 'x' } }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('reads your own profile', async () => {
    const res = await user.client.request('/api/profile');
    expect(res.status).toBe(200);
    expect(profileSchema.parse(res.json.data)).toMatchObject({
      id: user.userId,
      user_id: user.userId,
      full_name: 'Grace',
      roles: [],
      settings: { status: 'active' },
    });
  });

  it('creates the profile on first read when it is missing', async () => {
    const fresh = await createSignedInUser(t);
    await t.runtime.deps.database.unsafeDb.delete(profiles).where(eq(profiles.id, fresh.userId));
    const res = await fresh.client.request('/api/profile');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      id: fresh.userId,
      full_name: null,
      settings: { status: 'active' },
    });
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(profiles)
      .where(eq(profiles.id, fresh.userId));
    expect(rows).toHaveLength(1);
  });

  it('shows roles from user_roles', async () => {
    const res = await admin.client.request('/api/profile');
    expect(res.json.data.roles).toEqual(['admin']);
  });

  it('changes your own profile and sets updated_at', async () => {
    const before = (await user.client.request('/api/profile')).json.data;
    const res = await user.client.request('/api/profile', {
      method: 'PATCH',
      json: { full_name: 'Grace Hopper', avatar_url: 'https://example.com/g.png' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      full_name: 'Grace Hopper',
      avatar_url: 'https://example.com/g.png',
    });
    expect(Date.parse(res.json.data.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });

  it('validates the change', async () => {
    const res = await user.client.request('/api/profile', {
      method: 'PATCH',
      json: { avatar_url: 'not a url', roles: ['admin'] },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({
      avatar_url: 'Please enter a valid web address',
      roles: 'Unknown field',
    });
  });
});

describe('admin routes', () => {
  const unknownId = crypto.randomUUID();

  it.each([
    ['GET', '/api/admin/users', undefined],
    ['PATCH', `/api/admin/users/${unknownId}/status`, { status: 'inactive' }],
    ['GET', `/api/admin/users/${unknownId}/roles`, undefined],
    ['POST', `/api/admin/users/${unknownId}/roles`, { role: 'admin' }],
    ['DELETE', `/api/admin/users/${unknownId}/roles?role=admin`, undefined],
    ['PATCH', `/api/admin/users/${unknownId}/subscription`, { plan: 'premium' }],
  ])('%s %s: 403 for a non-administrator, 401 signed out', async (method, path, json) => {
    expectError(await user.client.request(path, { method, json }), 403, 'FORBIDDEN');
    expectError(await new TestClient(t.app).request(path, { method, json }), 401, 'UNAUTHORIZED');
  });

  it('also refuses a non-administrator their own roles through the admin area', async () => {
    expectError(
      await user.client.request(`/api/admin/users/${user.userId}/roles`),
      403,
      'FORBIDDEN',
    );
  });

  it('lists users with e-mail addresses, 50 by default, with limit and offset', async () => {
    const res = await admin.client.request('/api/admin/users');
    expect(res.status).toBe(200);
    const listed = z.array(adminUserSchema).parse(res.json.data);
    expect(listed.length).toBeLessThanOrEqual(50);
    const page = await admin.client.request('/api/admin/users?limit=500');
    const all = z.array(adminUserSchema).parse(page.json.data);
    expect(all.find((u) => u.id === user.userId)).toMatchObject({
      email: user.email,
      full_name: expect.any(String),
    });
    if (all.length > 50) expect(listed).toHaveLength(50);
    const slice = await admin.client.request('/api/admin/users?limit=2&offset=1');
    expect(slice.json.data.map((u: { id: string }) => u.id)).toEqual(
      listed.slice(1, 3).map((u) => u.id),
    );
    for (const query of ['?limit=0', '?limit=501', '?offset=-1', '?page=2']) {
      expectError(await admin.client.request(`/api/admin/users${query}`), 400, 'VALIDATION_ERROR');
    }
  });

  it("sets a person's status into settings.status", async () => {
    const target = await createSignedInUser(t);
    const res = await admin.client.request(`/api/admin/users/${target.userId}/status`, {
      method: 'PATCH',
      json: { status: 'inactive' },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ id: target.userId, settings: { status: 'inactive' } });
    expectError(
      await admin.client.request(`/api/admin/users/${target.userId}/status`, {
        method: 'PATCH',
        json: { status: 'banned' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request('/api/admin/users/not-a-uuid/status', {
        method: 'PATCH',
        json: { status: 'active' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request(`/api/admin/users/${unknownId}/status`, {
        method: 'PATCH',
        json: { status: 'active' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('gives, lists and takes roles', async () => {
    const target = await createSignedInUser(t);
    const rolesPath = `/api/admin/users/${target.userId}/roles`;
    expect((await admin.client.request(rolesPath)).json.data).toEqual([]);

    const given = await admin.client.request(rolesPath, { json: { role: 'admin' } });
    expect(given.status).toBe(201);
    expect(userRoleSchema.parse(given.json.data)).toMatchObject({
      user_id: target.userId,
      role: 'admin',
      tenant_id: null,
    });
    const listed = await admin.client.request(rolesPath);
    expect(listed.json.data).toEqual([given.json.data]);

    const twice = await admin.client.request(rolesPath, { json: { role: 'admin' } });
    expectError(twice, 400, 'VALIDATION_ERROR');
    expect(twice.json.error).toBe('This record already exists.');

    const staff = await admin.client.request(rolesPath, { json: { role: 'tenant_staff' } });
    expectError(staff, 400, 'VALIDATION_ERROR');
    expect(staff.json.metadata.fieldErrors).toEqual({
      tenant_id: 'A staff role needs the business it belongs to',
    });
    const staffOk = await admin.client.request(rolesPath, {
      json: { role: 'tenant_staff', tenant_id: admin.userId },
    });
    expect(staffOk.status).toBe(201);
    expectError(
      await admin.client.request(rolesPath, { json: { role: 'owner' } }),
      400,
      'VALIDATION_ERROR',
    );

    const removed = await admin.client.request(`${rolesPath}?role=admin`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.json.data).toEqual({ user_id: target.userId, role: 'admin' });
    expectError(
      await admin.client.request(`${rolesPath}?role=admin`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await admin.client.request(rolesPath, { method: 'DELETE' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(
      (await admin.client.request(rolesPath)).json.data.map((r: { role: string }) => r.role),
    ).toEqual(['tenant_staff']);

    expectError(await admin.client.request('/api/admin/users/nope/roles'), 400, 'VALIDATION_ERROR');
    const unknown = await admin.client.request(`/api/admin/users/${unknownId}/roles`, {
      json: { role: 'admin' },
    });
    expectError(unknown, 400, 'VALIDATION_ERROR');
    expect(unknown.json.error).toBe('Invalid reference to related data.');
  });
});
