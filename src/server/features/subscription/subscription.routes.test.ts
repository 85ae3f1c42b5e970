import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { subscriptionSchema } from '#shared/contracts/account.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Actor } from '#shared/permissions.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import * as repo from './subscription.repository.ts';
import * as subscriptions from './subscription.service.ts';
import { subscription } from './subscription.tables.ts';
import { expectError } from '#server/test/expect-error.ts';

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  [admin, owner] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  await makeAdmin(t, admin.userId);
});
afterEach(() => {
  vi.restoreAllMocks();
});

function ctxFor(userId: string, actor: Partial<Actor> = {}): ServiceContext {
  return {
    deps: t.runtime.deps,
    actor: { userId, tenantId: userId, tenantRole: 'owner', isAdmin: false, ...actor },
  };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('GET /api/subscription', () => {
  it("reads the account's real subscription: a new account's trial", async () => {
    const res = await owner.client.request('/api/subscription');
    expect(res.status).toBe(200);
    const sub = subscriptionSchema.parse(res.json.data);
    expect(sub).toMatchObject({
      user_id: owner.userId,
      plan: 'trial',
      status: 'active',
      addons: [],
    });
    expect(Date.parse(sub.trial_ends_at!)).toBeGreaterThan(Date.now());
  });

  it('answers 401 signed out, and 404 when the account has no subscription row', async () => {
    expectError(await new TestClient(t.app).request('/api/subscription'), 401, 'UNAUTHORIZED');
    const fresh = await createSignedInUser(t);
    await t.runtime.deps.database.unsafeDb
      .delete(subscription)
      .where(eq(subscription.userId, fresh.userId));
    expectError(await fresh.client.request('/api/subscription'), 404, 'NOT_FOUND');
  });
});

describe('PATCH /api/admin/users/{id}/subscription', () => {
  it('lets an administrator change plan and status', async () => {
    const target = await createSignedInUser(t);
    const path = `/api/admin/users/${target.userId}/subscription`;
    const res = await admin.client.request(path, { method: 'PATCH', json: { plan: 'premium' } });
    expect(res.status, res.text).toBe(200);
    expect(subscriptionSchema.parse(res.json.data)).toMatchObject({
      user_id: target.userId,
      plan: 'premium',
      status: 'active',
    });
    const inactive = await admin.client.request(path, {
      method: 'PATCH',
      json: { status: 'inactive' },
    });
    expect(inactive.json.data).toMatchObject({ plan: 'premium', status: 'inactive' });
    expect((await target.client.request('/api/subscription')).json.data).toMatchObject({
      plan: 'premium',
      status: 'inactive',
    });
    expect(Date.parse(inactive.json.data.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(res.json.data.updated_at),
    );
  });

  it('validates id and body, and answers 404 for an account without a subscription', async () => {
    const path = `/api/admin/users/${owner.userId}/subscription`;
    expectError(
      await admin.client.request(path, { method: 'PATCH', json: {} }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request(path, { method: 'PATCH', json: { plan: 'gold' } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request(path, {
        method: 'PATCH',
        json: { plan: 'free', addons: ['crm'] },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request('/api/admin/users/123/subscription', {
        method: 'PATCH',
        json: { plan: 'free' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await admin.client.request(`/api/admin/users/${crypto.randomUUID()}/subscription`, {
        method: 'PATCH',
        json: { plan: 'free' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('is refused to the account owner (403), who cannot upgrade themselves', async () => {
    const res = await owner.client.request(`/api/admin/users/${owner.userId}/subscription`, {
      method: 'PATCH',
      json: { plan: 'premium' },
    });
    expectError(res, 403, 'FORBIDDEN');
    expect((await owner.client.request('/api/subscription')).json.data.plan).toBe('trial');
  });
});

describe('subscription use cases', () => {
  it('refuses an invalid user id and another account', async () => {
    const invalid = await rejection(subscriptions.getSubscription(ctxFor(owner.userId), ''));
    expect(invalid.record).toMatchObject({
      code: 'VALIDATION_ERROR',
      userMessage: 'Invalid user ID provided',
    });
    expect(
      (await rejection(subscriptions.getSubscription(ctxFor(owner.userId), admin.userId))).code,
    ).toBe('FORBIDDEN');
    expect(
      (await subscriptions.getSubscription(ctxFor(admin.userId, { isAdmin: true }), owner.userId))
        .user_id,
    ).toBe(owner.userId);
  });

  it('fails with "Failed to fetch user subscription" / "Failed to update user subscription"', async () => {
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    vi.spyOn(repo, 'findSubscription').mockRejectedValue(timeout);
    vi.spyOn(repo, 'updateSubscription').mockRejectedValue(timeout);
    const read = await rejection(subscriptions.getSubscription(ctxFor(owner.userId), owner.userId));
    expect(read.record).toMatchObject({
      code: 'SUBSCRIPTION_ERROR',
      message: 'Failed to fetch user subscription',
      userMessage: 'Failed to fetch user subscription',
    });
    const write = await rejection(
      subscriptions.updateSubscription(ctxFor(admin.userId, { isAdmin: true }), owner.userId, {
        plan: 'free',
      }),
    );
    expect(write.record).toMatchObject({
      code: 'SUBSCRIPTION_ERROR',
      message: 'Failed to update user subscription',
    });
    const res = await owner.client.request('/api/subscription');
    expectError(res, 500, 'SUBSCRIPTION_ERROR');
    expect(res.json.error).toBe('Failed to fetch user subscription');
  });
});
