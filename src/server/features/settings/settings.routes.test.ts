import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessProfileSchema } from '#shared/contracts/account.contract.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import * as repo from './settings.repository.ts';
import { businessProfiles } from './settings.tables.ts';
import { expectError } from '#server/test/expect-error.ts';

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  owner = await createSignedInUser(t, { businessName: 'Rosa Bakery' });
});

async function deleteBusinessProfile(userId: string) {
  await t.runtime.deps.database.unsafeDb
    .delete(businessProfiles)
    .where(eq(businessProfiles.userId, userId));
}

describe('GET /api/business-profile', () => {
  it("reads the account's business profile", async () => {
    const res = await owner.client.request('/api/business-profile');
    expect(res.status).toBe(200);
    expect(businessProfileSchema.parse(res.json.data)).toMatchObject({
      user_id: owner.userId,
      business_name: 'Rosa Bakery',
      time_zone: 'UTC',
      default_platforms: [],
      posting_hours: [],
    });
  });

  it('answers 401 signed out and 404 when there is none', async () => {
    expectError(await new TestClient(t.app).request('/api/business-profile'), 401, 'UNAUTHORIZED');
    const fresh = await createSignedInUser(t);
    await deleteBusinessProfile(fresh.userId);
    expectError(await fresh.client.request('/api/business-profile'), 404, 'NOT_FOUND');
  });
});

describe('PATCH /api/business-profile', () => {
  it('updates the supplied fields and updated_at, returning the row', async () => {
    const before = (await owner.client.request('/api/business-profile')).json.data;
    const res = await owner.client.request('/api/business-profile', {
      method: 'PATCH',
      json: {
        industry: 'Food',
        website: 'https://rosa.example',
        time_zone: 'Europe/Lisbon',
        default_platforms: ['instagram'],
        posting_hours: [{ day: 1, start: '09:00', end: '12:00' }],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      business_name: 'Rosa Bakery',
      industry: 'Food',
      website: 'https://rosa.example',
      time_zone: 'Europe/Lisbon',
      default_platforms: ['instagram'],
      posting_hours: [{ day: 1, start: '09:00', end: '12:00' }],
    });
    expect(Date.parse(res.json.data.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    const cleared = await owner.client.request('/api/business-profile', {
      method: 'PATCH',
      json: { website: '' },
    });
    expect(cleared.json.data.website).toBeNull();
  });

  it('validates the change field by field', async () => {
    const res = await owner.client.request('/api/business-profile', {
      method: 'PATCH',
      json: {
        business_name: ' ',
        time_zone: 'Mars/Olympus',
        default_platforms: ['myspace'],
        user_id: owner.userId,
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toMatchObject({
      business_name: 'Business name is required',
      time_zone: 'Please choose a valid time zone',
      user_id: 'Unknown field',
    });
    expectError(
      await new TestClient(t.app).request('/api/business-profile', { method: 'PATCH', json: {} }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('answers a database failure with the fallback text in the error envelope', async () => {
    const spy = vi
      .spyOn(repo, 'updateBusinessProfile')
      .mockRejectedValue(
        Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      );
    try {
      const res = await owner.client.request('/api/business-profile', {
        method: 'PATCH',
        json: { description: 'Fresh bread every morning' },
      });
      expectError(res, 500, 'BUSINESS_PROFILE_ERROR');
      expect(res.json.error).toBe('Failed to update business profile');
      expect(res.json.metadata.retryable).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});
