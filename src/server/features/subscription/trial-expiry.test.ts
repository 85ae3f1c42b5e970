import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { subscription } from './subscription.tables.ts';
import { expireTrials } from './trial-expiry.ts';

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

async function endTrial(user: SignedInUser) {
  await t.runtime.deps.database.unsafeDb
    .update(subscription)
    .set({ trialEndsAt: new Date(Date.now() - 60_000) })
    .where(eq(subscription.userId, user.userId));
}

describe('trial lifecycle', () => {
  it('starts a new account on an active 14-day trial', async () => {
    const user = await createSignedInUser(t);
    const res = await user.client.request('/api/subscription');
    expect(res.json.data).toMatchObject({ plan: 'trial', status: 'active' });
    const days = (Date.parse(res.json.data.trial_ends_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('turns ended trials inactive, once, and leaves running ones alone', async () => {
    const ended = await createSignedInUser(t);
    const running = await createSignedInUser(t);
    await endTrial(ended);
    const changed = await expireTrials(t.runtime.deps);
    expect(changed).toContain(ended.userId);
    expect(changed).not.toContain(running.userId);
    expect(await expireTrials(t.runtime.deps)).not.toContain(ended.userId);
    expect((await ended.client.request('/api/subscription')).json.data.status).toBe('inactive');
    expect((await running.client.request('/api/subscription')).json.data.status).toBe('active');
  });

  it('lets the owner continue on Free after the trial, and only then', async () => {
    const user = await createSignedInUser(t);
    const early = await user.client.request('/api/subscription/continue-free', { method: 'POST' });
    expect(early.status).toBe(409);
    expect(early.json.error).toBe('Only an ended trial can continue on the Free plan.');
    await endTrial(user);
    await expireTrials(t.runtime.deps);
    const res = await user.client.request('/api/subscription/continue-free', { method: 'POST' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toMatchObject({ plan: 'free', status: 'active', addons: [] });
    const again = await user.client.request('/api/subscription/continue-free', { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('keeps continue-on-Free the owner’s: staff may not change the plan', async () => {
    const owner = await createSignedInUser(t);
    const staffer = await createSignedInUser(t);
    await t.runtime.deps.database.unsafeDb.execute(
      (await import('drizzle-orm'))
        .sql`insert into public.user_roles (user_id, role, tenant_id, staff_role) values (${staffer.userId}, 'tenant_staff', ${owner.userId}, 'manager')`,
    );
    t.runtime.deps.bus.publish('user-sessions', staffer.userId);
    staffer.client.cookie = `${staffer.client.cookie}; sg_tenant=${owner.userId}`;
    await endTrial(owner);
    await expireTrials(t.runtime.deps);
    const res = await staffer.client.request('/api/subscription/continue-free', { method: 'POST' });
    expect(res.status).toBe(403);
    expect((await owner.client.request('/api/subscription')).json.data.plan).toBe('trial');
  });

  it('answers 401 signed out', async () => {
    const { TestClient } = await import('#server/test/app.ts');
    const res = await new TestClient(t.app).request('/api/subscription/continue-free', {
      method: 'POST',
    });
    expect(res.status).toBe(401);
  });
});
