import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { adminAccountPageSchema, systemHealthSchema } from '#shared/contracts/admin.contract.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type TestApp,
} from '#server/test/app.ts';
import { issueAdminSetupToken } from './admin.service.ts';
import { expectError } from '#server/test/expect-error.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

describe('first administrator setup', () => {
  it('needs the one-time token printed at start, and works only while no administrator exists', async () => {
    // Files of one worker run one after another: no other test is using administrators now.
    await t.runtime.deps.database.unsafeDb.execute(
      sql`delete from public.user_roles where role = 'admin'`,
    );
    const first = await createSignedInUser(t);
    const second = await createSignedInUser(t);
    const anonymous = new TestClient(t.app);
    expect((await anonymous.request('/api/admin/setup')).json.data).toEqual({ needed: true });
    expectError(
      await anonymous.request('/api/admin/setup', { json: { token: 'whatever' } }),
      401,
      'UNAUTHORIZED',
    );
    const token = issueAdminSetupToken(t.runtime.deps);

    const wrong = await first.client.request('/api/admin/setup', { json: { token: `${token}x` } });
    expectError(wrong, 400, 'VALIDATION_ERROR');
    expect(wrong.json.error).toMatch(/setup token is not valid/);
    expectError(await first.client.request('/api/admin/system'), 403, 'FORBIDDEN');

    const ok = await first.client.request('/api/admin/setup', { json: { token } });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect((await first.client.request('/api/admin/system')).status).toBe(200);
    expect((await anonymous.request('/api/admin/setup')).json.data).toEqual({ needed: false });

    // Once only, whoever tries next.
    const again = await second.client.request('/api/admin/setup', { json: { token } });
    expectError(again, 403, 'FORBIDDEN');
    expect(again.json.error).toBe('This installation already has an administrator.');
    issueAdminSetupToken(t.runtime.deps);
    expectError(
      await second.client.request('/api/admin/setup', { json: { token } }),
      403,
      'FORBIDDEN',
    );
  });
});

describe('user administration', () => {
  it('lists users 50 a page with search, plan, status and roles — administrators only', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const person = await createSignedInUser(t, { businessName: 'Searchable Florist' });
    expectError(await person.client.request('/api/admin/accounts'), 403, 'FORBIDDEN');

    const page = await admin.client.request('/api/admin/accounts');
    expect(page.status).toBe(200);
    const parsed = adminAccountPageSchema.parse(page.json.data);
    expect(parsed.limit).toBe(50);
    expect(parsed.items.length).toBeLessThanOrEqual(50);

    const found = await admin.client.request(
      `/api/admin/accounts?search=${encodeURIComponent(person.email)}`,
    );
    expect(found.json.data.total).toBe(1);
    expect(found.json.data.items[0]).toMatchObject({
      id: person.userId,
      email: person.email,
      business_name: 'Searchable Florist',
      status: 'active',
      plan: 'trial',
      subscription_status: 'active',
      roles: [],
    });
    const byBusiness = await admin.client.request('/api/admin/accounts?search=searchable%20flor');
    expect(byBusiness.json.data.items.map((i: { id: string }) => i.id)).toContain(person.userId);
    // A search for "%" is a literal percent sign, not a wildcard.
    expect(
      (await admin.client.request('/api/admin/accounts?search=%25%25%25')).json.data.total,
    ).toBe(0);
    expectError(await admin.client.request('/api/admin/accounts?limit=0'), 400, 'VALIDATION_ERROR');
    const second = await admin.client.request('/api/admin/accounts?limit=1&offset=1');
    expect(second.json.data.items).toHaveLength(1);
  });

  it('changes status, plan and roles through the existing admin calls, and shows them', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const person = await createSignedInUser(t);
    const status = await admin.client.request(`/api/admin/users/${person.userId}/status`, {
      method: 'PATCH',
      json: { status: 'inactive' },
    });
    expect(status.status).toBe(200);
    const plan = await admin.client.request(`/api/admin/users/${person.userId}/subscription`, {
      method: 'PATCH',
      json: { plan: 'premium' },
    });
    expect(plan.status).toBe(200);
    const role = await admin.client.request(`/api/admin/users/${person.userId}/roles`, {
      json: { role: 'admin' },
    });
    expect(role.status).toBe(201);
    const found = await admin.client.request(
      `/api/admin/accounts?search=${encodeURIComponent(person.email)}`,
    );
    expect(found.json.data.items[0]).toMatchObject({
      status: 'inactive',
      plan: 'premium',
      roles: ['admin'],
    });
    // The person's own profile now says inactive: the dashboard sends them to trial-expired.
    expect((await person.client.request('/api/profile')).json.data.settings.status).toBe(
      'inactive',
    );
  });
});

describe('system health', () => {
  it('shows the monitor, queue depths and failed jobs to administrators only', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const person = await createSignedInUser(t);
    expectError(await person.client.request('/api/admin/system'), 403, 'FORBIDDEN');
    for (let i = 0; i < 3; i += 1) await person.client.request('/api/profile');
    const res = await admin.client.request('/api/admin/system');
    expect(res.status).toBe(200);
    const health = systemHealthSchema.parse(res.json.data);
    expect(health.monitor.thresholds).toMatchObject({
      maxCalls: 1000,
      maxAlerts: 100,
      errorRate: 0.1,
      responseTimeMs: 5000,
      memoryPercent: 80,
      windowMs: 60_000,
      minCalls: 5,
      suppressMs: 300_000,
    });
    expect(health.monitor.recentCalls.some((c) => c.route === '/api/profile')).toBe(true);
    expect(health.monitor.recentCalls.every((c) => !c.route.includes(person.userId))).toBe(true);
    expect(health.queues.map((q) => q.name)).toContain('email__send-email__v2');
    expect(Array.isArray(health.failedJobs)).toBe(true);
  });
});

describe('an inactive account', () => {
  it('is closed to the API except what the trial-expired page needs, until reactivated', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const person = await createSignedInUser(t);
    expect((await person.client.request('/api/calendar-events')).status).toBe(200);
    await admin.client.request(`/api/admin/users/${person.userId}/status`, {
      method: 'PATCH',
      json: { status: 'inactive' },
    });
    const closed = await person.client.request('/api/calendar-events');
    expectError(closed, 403, 'FORBIDDEN');
    expect(closed.json.error).toBe('Your account is inactive. Contact support to open it again.');
    expectError(
      await person.client.request('/api/staff/invitations', {
        json: { email: 'x@example.com', role: 'staff' },
      }),
      403,
      'FORBIDDEN',
    );
    for (const path of [
      '/api/profile',
      '/api/subscription',
      '/api/business-profile',
      '/api/staff/me',
    ]) {
      expect((await person.client.request(path)).status, path).toBe(200);
    }
    await admin.client.request(`/api/admin/users/${person.userId}/status`, {
      method: 'PATCH',
      json: { status: 'active' },
    });
    expect((await person.client.request('/api/calendar-events')).status).toBe(200);
  });
});
