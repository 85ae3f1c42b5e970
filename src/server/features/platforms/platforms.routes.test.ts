import { FACEBOOK_SCOPES } from '#server/integrations/meta/client.ts';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '#server/platform/security/secrets.ts';
import { eq } from 'drizzle-orm';
import {
  connectionSchema,
  oauthCallbackResultSchema,
} from '#shared/contracts/platforms.contract.ts';
import { signedRequest } from '#simulators/meta-graph/simulator.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  latestEmailTo,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { findDeletionRequest } from '../account/deletion-requests.ts';
import { metaRuntime } from './meta-runtime.ts';
import { runTokenCheck } from './platforms.jobs.ts';
import { platformConnections } from './platforms.tables.ts';
import * as platforms from './platforms.service.ts';
import { connectionToken, tokenContext } from './connection-health.ts';
import { processWebhookEvent } from './webhooks.ts';
import { metaWebhookEvents } from './platforms.tables.ts';
import { expectError } from '#server/test/expect-error.ts';
import {
  liveMetaApp,
  simulatedWorld,
  simulatorControl,
  type LiveMetaApp,
} from '#server/test/meta-simulator.ts';

// Connecting accounts end to end against the in-process Graph API simulator (demo mode: the test
// app has no Meta app configured): the dialog, the callback, picking, health, reconnect,
// disconnect, Meta's callbacks and webhooks, and the daily token check. Each business signs in to
// the simulator as a person of its own (docs/decisions/057): its ids come from `world(user)`.

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
  // What the simulator sends "from Meta" reaches this app in process.
  metaRuntime(t.runtime.deps).setSimulatorOutbound(async (url, init) => {
    const u = new URL(url);
    return t.app.request(`${u.pathname}${u.search}`, init);
  });
});

/** The business's simulated person, Pages and Instagram accounts. */
const world = (user: SignedInUser) => simulatedWorld(t, user.userId);

const control = (path: string, body: unknown) => simulatorControl(t, path, body);

/** Start → dialog (auto consent or a form decision) → the redirect's query parameters. */
async function authorize(
  user: SignedInUser,
  login: 'facebook' | 'instagram',
  decision: 'allow' | 'deny' | { granted: string[] } = 'allow',
) {
  const start = await user.client.request('/api/platforms/oauth/start', { json: { login } });
  expect(start.status, start.text).toBe(200);
  const dialog = new URL(start.json.data.url);
  expect(dialog.pathname).toMatch(/^\/simulator\/meta\/(facebook|instagram)\//);
  let location: string;
  if (typeof decision === 'string') {
    const res = await user.client.request(
      `${dialog.pathname}${dialog.search}&sim_auto=${decision}`,
    );
    expect(res.status).toBe(302);
    location = res.headers.get('location')!;
  } else {
    const page = await user.client.request(`${dialog.pathname}${dialog.search}`);
    expect(page.text).toContain('Allow');
    const form = new URLSearchParams({
      redirect_uri: dialog.searchParams.get('redirect_uri')!,
      state: dialog.searchParams.get('state')!,
      scope: dialog.searchParams.get('scope')!,
      sim_login: dialog.searchParams.get('sim_login')!,
      decision: 'allow',
    });
    for (const g of decision.granted) form.append('granted', g);
    const res = await t.app.request(`${dialog.pathname}/decide`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(302);
    location = res.headers.get('location')!;
  }
  const back = new URL(location.replace(/#_$/, ''));
  expect(back.pathname).toBe(
    login === 'facebook' ? '/dashboard/connect' : '/dashboard/instagram-callback',
  );
  return Object.fromEntries(back.searchParams) as Record<string, string>;
}

async function callback(
  user: SignedInUser,
  login: 'facebook' | 'instagram',
  params: Record<string, string>,
) {
  return user.client.request('/api/platforms/oauth/callback', { json: { login, ...params } });
}

async function connectFacebook(
  user: SignedInUser,
  ids = [world(user).pageId, world(user).igAccountId],
) {
  const params = await authorize(user, 'facebook');
  const cb = await callback(user, 'facebook', params);
  expect(cb.status, cb.text).toBe(200);
  const res = await user.client.request(`/api/platforms/oauth/${cb.json.data.attempt_id}/connect`, {
    json: { external_ids: ids },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.data as { id: string; platform: string; external_id: string }[];
}

describe('connecting with Facebook', () => {
  it('answers the mode and the available logins', async () => {
    const user = await createSignedInUser(t);
    const res = await user.client.request('/api/platforms/status');
    expect(res.json.data).toMatchObject({
      mode: 'simulated',
      facebook_login: true,
      instagram_login: true,
      warning_days: 7,
    });
    expectError(await new TestClient(t.app).request('/api/platforms/status'), 401, 'UNAUTHORIZED');
  });

  it('offers Pages (also business-owned) and linked Instagram accounts, then connects the chosen ones', async () => {
    const user = await createSignedInUser(t);
    const params = await authorize(user, 'facebook');
    expect(params.code).toBeTruthy();
    const cb = await callback(user, 'facebook', params);
    expect(cb.status, cb.text).toBe(200);
    const result = oauthCallbackResultSchema.parse(cb.json.data);
    expect(result.simulated).toBe(true);
    expect(result.candidates.map((c) => `${c.platform}:${c.external_id}`).sort()).toEqual(
      [
        `facebook:${world(user).pageId}`,
        `facebook:${world(user).secondPageId}`,
        `facebook:${world(user).businessPageId}`,
        `instagram:${world(user).igAccountId}`,
      ].sort(),
    );
    expect(result.candidates.find((c) => c.platform === 'instagram')).toMatchObject({
      username: 'rosabakery',
      linked_page_id: world(user).pageId,
      linked_page_name: 'Rosa Bakery',
      missing_permissions: [],
    });
    // Tokens never reach the browser.
    expect(cb.text).not.toMatch(/EAAB|IGAA|access_token/);

    const connect = await user.client.request(`/api/platforms/oauth/${result.attempt_id}/connect`, {
      json: { external_ids: [world(user).pageId, world(user).igAccountId] },
    });
    expect(connect.status, connect.text).toBe(201);
    expect(connect.text).not.toMatch(/EAAB|IGAA|access_token"/);
    const list = await user.client.request('/api/platforms/connections');
    const connections = list.json.data.map((c: unknown) => connectionSchema.parse(c));
    expect(connections).toHaveLength(2);
    for (const c of connections) {
      expect(c).toMatchObject({
        status: 'connected',
        health: 'healthy',
        simulated: true,
        fix: null,
      });
      expect(c.granted_scopes).toContain('pages_show_list');
      expect(c.picture_url).toContain('/simulator/meta/cdn/avatar/');
    }
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.userId, user.userId));
    for (const row of rows) expect(row.accessToken).toMatch(/^v1\./);
    // The same attempt cannot connect twice.
    const again = await user.client.request(`/api/platforms/oauth/${result.attempt_id}/connect`, {
      json: { external_ids: [world(user).pageId] },
    });
    expectError(again, 400, 'OAUTH_VALIDATION_ERROR');
  });

  it('shows the same choice when the callback page is reloaded, and refuses a spent link', async () => {
    const user = await createSignedInUser(t);
    const params = await authorize(user, 'facebook');
    const first = await callback(user, 'facebook', params);
    const reload = await callback(user, 'facebook', params);
    expect(reload.json.data.attempt_id).toBe(first.json.data.attempt_id);
    await user.client.request(`/api/platforms/oauth/${first.json.data.attempt_id}/connect`, {
      json: { external_ids: [world(user).pageId] },
    });
    const spent = await callback(user, 'facebook', params);
    expectError(spent, 400, 'OAUTH_VALIDATION_ERROR');
    expect(spent.json.error).toBe(
      'This connection link was already used. Please start the connection again.',
    );
    // A new attempt carrying the old code: Meta says the code was used.
    const fresh = await authorize(user, 'facebook');
    const reused = await callback(user, 'facebook', { state: fresh.state!, code: params.code! });
    expectError(reused, 400, 'OAUTH_VALIDATION_ERROR');
    expect(reused.json.error).toContain('already used');
  });

  it('refuses a state that is unknown, of another session, or missing', async () => {
    const user = await createSignedInUser(t);
    const params = await authorize(user, 'facebook');
    const forged = await callback(user, 'facebook', { ...params, state: 'not-our-state' });
    expectError(forged, 400, 'OAUTH_STATE_ERROR');
    expect(forged.json.error).toBe(
      "This connection request doesn't match your session. Please start the connection again.",
    );
    const other = await createSignedInUser(t);
    expectError(await callback(other, 'facebook', params), 400, 'OAUTH_STATE_ERROR');
    expectError(await callback(user, 'facebook', { code: params.code! }), 400, 'OAUTH_STATE_ERROR');
    expectError(await callback(user, 'instagram', params), 400, 'OAUTH_STATE_ERROR');
  });

  it('ends a denied dialog with a clear message', async () => {
    const user = await createSignedInUser(t);
    const params = await authorize(user, 'facebook', 'deny');
    expect(params).toMatchObject({ error: 'access_denied', error_reason: 'user_denied' });
    const res = await callback(user, 'facebook', params);
    expectError(res, 502, 'FACEBOOK_CONNECTION_ERROR');
    expect(res.json.error).toBe(
      'You cancelled the Facebook connection, so nothing was connected. You can try again whenever you like.',
    );
  });

  it('names a missing permission: without pages_show_list nothing can be listed', async () => {
    const user = await createSignedInUser(t);
    const params = await authorize(user, 'facebook', {
      granted: ['pages_manage_posts', 'instagram_basic'],
    });
    const res = await callback(user, 'facebook', params);
    expectError(res, 502, 'FACEBOOK_CONNECTION_ERROR');
    expect(res.json.error).toContain('pages_show_list');
  });

  it('connects with a declined publishing permission as "permission missing" with the exact fix', async () => {
    const user = await createSignedInUser(t);
    // Every requested permission but Instagram publishing.
    const granted = FACEBOOK_SCOPES.filter((scope) => scope !== 'instagram_content_publish');
    const params = await authorize(user, 'facebook', { granted });
    const cb = await callback(user, 'facebook', params);
    expect(cb.json.data.declined_scopes).toEqual(['instagram_content_publish']);
    const ig = cb.json.data.candidates.find(
      (c: { platform: string }) => c.platform === 'instagram',
    );
    expect(ig.missing_permissions).toEqual(['instagram_content_publish']);
    const res = await user.client.request(
      `/api/platforms/oauth/${cb.json.data.attempt_id}/connect`,
      {
        json: { external_ids: [world(user).igAccountId] },
      },
    );
    expect(res.json.data[0]).toMatchObject({
      health: 'permission_missing',
      fix: 'Reconnect and grant instagram_content_publish.',
    });
  });

  it('reconnecting keeps the connection id; tokens expiring and expired show the warning and the fix', async () => {
    const user = await createSignedInUser(t);
    const [page] = await connectFacebook(user, [world(user).pageId]);
    await control('/tokens', {
      subjectId: world(user).pageId,
      action: 'expire_in',
      seconds: 3 * 86_400 - 60,
    });
    const expiring = await user.client.request(`/api/platforms/connections/${page!.id}/check`, {
      method: 'POST',
    });
    expect(expiring.json.data).toMatchObject({
      health: 'expiring',
      expires_in_days: 3,
      fix: 'Access ends in 3 days. Reconnect with Facebook to renew it.',
    });
    await control('/tokens', { subjectId: world(user).pageId, action: 'expire' });
    const expired = await user.client.request(`/api/platforms/connections/${page!.id}/check`, {
      method: 'POST',
    });
    expect(expired.json.data).toMatchObject({
      health: 'expired',
      fix: 'Access has expired. Reconnect with Facebook to keep publishing.',
    });
    const [again] = await connectFacebook(user, [world(user).pageId]);
    expect(again!.id).toBe(page!.id);
    const list = await user.client.request('/api/platforms/connections');
    expect(list.json.data).toHaveLength(1);
    expect(list.json.data[0].health).toBe('healthy');
  });

  it('shows revoked access when the person removed the app', async () => {
    const user = await createSignedInUser(t);
    const [page] = await connectFacebook(user, [world(user).pageId]);
    await control('/tokens', { subjectId: world(user).pageId, action: 'invalidate', subcode: 460 });
    const res = await user.client.request(`/api/platforms/connections/${page!.id}/check`, {
      method: 'POST',
    });
    expect(res.json.data).toMatchObject({
      health: 'revoked',
      fix: 'Access was removed on Facebook. Reconnect and approve Soci Gen again.',
    });
  });

  it('disconnects, asking what happens to scheduled posts', async () => {
    const user = await createSignedInUser(t);
    const [page] = await connectFacebook(user, [world(user).pageId]);
    const db = t.runtime.deps.database.unsafeDb;
    const [event] = await db
      .insert(calendarEvents)
      .values({
        userId: user.userId,
        title: 'Launch',
        status: 'scheduled',
        platforms: ['facebook'],
      })
      .returning();
    await db
      .insert(platformPosts)
      .values({ userId: user.userId, calendarEventId: event!.id, platform: 'facebook' });
    const list = await user.client.request('/api/platforms/connections');
    expect(list.json.data[0].scheduled_posts).toBe(1);
    expectError(
      await user.client.request(`/api/platforms/connections/${page!.id}/disconnect`, { json: {} }),
      400,
      'VALIDATION_ERROR',
    );
    const res = await user.client.request(`/api/platforms/connections/${page!.id}/disconnect`, {
      json: { scheduled_posts: 'cancel' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({
      cancelled_posts: 1,
      connection: { status: 'disconnected' },
    });
    const [row] = await db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, page!.id));
    expect(row!.accessToken).toBe('');
    const [post] = await db
      .select()
      .from(platformPosts)
      .where(eq(platformPosts.userId, user.userId));
    expect(post!.status).toBe('cancelled');
    const other = await createSignedInUser(t);
    expectError(
      await other.client.request(`/api/platforms/connections/${page!.id}/disconnect`, {
        json: { scheduled_posts: 'keep' },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('enforces the plan limit on connected accounts', async () => {
    const user = await createSignedInUser(t);
    await t.runtime.deps.database.unsafeDb.execute(
      // free plan: 2 accounts
      (await import('drizzle-orm'))
        .sql`update public.subscription set plan = 'free' where user_id = ${user.userId}`,
    );
    const params = await authorize(user, 'facebook');
    const cb = await callback(user, 'facebook', params);
    const res = await user.client.request(
      `/api/platforms/oauth/${cb.json.data.attempt_id}/connect`,
      {
        json: {
          external_ids: [world(user).pageId, world(user).igAccountId, world(user).secondPageId],
        },
      },
    );
    expectError(res, 422, 'BUSINESS_RULE_VIOLATION');
    expect(res.json.error).toContain('Your plan allows 2 connected accounts');
  });

  it('lets only those who manage platforms connect (service check)', async () => {
    const user = await createSignedInUser(t);
    const ctx = {
      deps: t.runtime.deps,
      actor: {
        userId: user.userId,
        tenantId: user.userId,
        tenantRole: 'staff' as const,
        isAdmin: false,
      },
    };
    await expect(
      platforms.startConnect(ctx, crypto.randomUUID(), 'facebook'),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(platforms.listConnections(ctx)).resolves.toEqual([]);
  });
});

describe('connecting with Instagram Login', () => {
  it('connects the professional account and refreshes its token once it is a day old', async () => {
    const user = await createSignedInUser(t);
    const params = await authorize(user, 'instagram');
    const cb = await callback(user, 'instagram', params);
    expect(cb.status, cb.text).toBe(200);
    expect(cb.json.data.candidates).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        external_id: world(user).igLoginAccountId,
        username: 'rosa.studio',
      }),
    ]);
    const res = await user.client.request(
      `/api/platforms/oauth/${cb.json.data.attempt_id}/connect`,
      {
        json: { external_ids: [world(user).igLoginAccountId] },
      },
    );
    const connection = res.json.data[0];
    expect(connection).toMatchObject({
      login: 'instagram',
      health: 'healthy',
      expires_in_days: 60,
    });
    const db = t.runtime.deps.database.unsafeDb;
    const [before] = await db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, connection.id));
    // A day later (on both clocks) the daily check refreshes the token.
    await control('/tokens', {
      subjectId: world(user).igLoginAccountId,
      action: 'age',
      seconds: 86_400,
    });
    await db
      .update(platformConnections)
      .set({ tokenIssuedAt: new Date(Date.now() - 86_400_000 - 1000) })
      .where(eq(platformConnections.id, connection.id));
    await runTokenCheck(t.runtime.deps);
    const [after] = await db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, connection.id));
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(after!.tokenIssuedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(after!.health).toBe('healthy');
  });
});

describe('the daily token check', () => {
  it('warns the owner by e-mail once, 7 days before an expiry it cannot extend', async () => {
    const user = await createSignedInUser(t);
    const [page] = await connectFacebook(user, [world(user).pageId]);
    await control('/tokens', {
      subjectId: world(user).pageId,
      action: 'expire_in',
      seconds: 5 * 86_400,
    });
    const report = await runTokenCheck(t.runtime.deps);
    expect(report.warned).toBeGreaterThanOrEqual(1);
    const mail = await latestEmailTo(t, user.email);
    expect(mail!.subject).toBe('Reconnect Rosa Bakery: access ends in 5 days');
    expect(mail!.text).toContain('/dashboard/platforms');
    const list = await user.client.request('/api/platforms/connections');
    expect(list.json.data.find((c: { id: string }) => c.id === page!.id).health).toBe('expiring');
    await runTokenCheck(t.runtime.deps);
    expect((await latestEmailTo(t, user.email))!.id).toBe(mail!.id);
  });
});

describe('token encryption', () => {
  it('re-encrypts tokens under the current key in the daily check after a key rotation', async () => {
    const user = await createSignedInUser(t);
    const [page] = await connectFacebook(user, [world(user).pageId]);
    const deps = t.runtime.deps;
    const db = deps.database.unsafeDb;
    const [row] = await db
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, page!.id));
    const plain = connectionToken(deps, row!)!;
    const k1 = { id: 'k1', key: randomBytes(32) };
    const k2 = { id: 'k2', key: randomBytes(32) };
    const original = deps.secrets;
    try {
      await db
        .update(platformConnections)
        .set({ accessToken: new SecretBox([k1]).encrypt(plain, tokenContext(page!.id)) })
        .where(eq(platformConnections.id, page!.id));
      deps.secrets = new SecretBox([k2, k1]);
      const report = await runTokenCheck(deps);
      expect(report.rotated).toBeGreaterThanOrEqual(1);
      const [after] = await db
        .select()
        .from(platformConnections)
        .where(eq(platformConnections.id, page!.id));
      expect(after!.accessToken).toMatch(/^v1\.k2\./);
      expect(connectionToken(deps, after!)).toBe(plain);
      expect(after!.health).toBe('healthy');
    } finally {
      deps.secrets = original;
      await db
        .update(platformConnections)
        .set({ accessToken: original.encrypt(plain, tokenContext(page!.id)) })
        .where(eq(platformConnections.id, page!.id));
    }
  });
});

describe("Meta's callbacks", () => {
  it('deauthorize: verifies the signed_request, removes the tokens, answers the status url and code', async () => {
    const user = await createSignedInUser(t);
    const [page] = await connectFacebook(user, [world(user).pageId]);
    const answer = await control('/signed-request', {
      kind: 'deauthorize',
      personId: world(user).personId,
    });
    expect(answer.status).toBe(200);
    const body = JSON.parse(String(answer.body)) as { url: string; confirmation_code: string };
    expect(body.url).toBe(
      `http://localhost:3000/deletion-confirmation?id=${body.confirmation_code}`,
    );
    expect(
      (await findDeletionRequest(t.runtime.deps.database, body.confirmation_code))?.status,
    ).toBe('completed');
    const [row] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.id, page!.id));
    expect(row).toMatchObject({ accessToken: '', health: 'revoked' });
  });

  it('data deletion: deletes the platform data of that Meta user', async () => {
    const user = await createSignedInUser(t);
    await connectFacebook(user, [world(user).pageId]);
    const answer = await control('/signed-request', {
      kind: 'data_deletion',
      personId: world(user).personId,
    });
    expect(answer.status).toBe(200);
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(platformConnections)
      .where(eq(platformConnections.userId, user.userId));
    expect(rows).toEqual([]);
  });

  it('refuses a signed_request with a bad signature, or none', async () => {
    const forged = signedRequest(
      { algorithm: 'HMAC-SHA256', user_id: '10222000000000001' },
      'wrong-secret',
    );
    for (const body of [`signed_request=${forged}`, 'signed_request=abc', '']) {
      const res = await t.app.request('/meta/data-deletion', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(res.status).toBe(400);
    }
  });
});

describe('webhooks', () => {
  it('answers the hub.* handshake with the challenge, and 403 to a wrong token', async () => {
    const verified = await control('/webhooks/verify', {});
    expect(verified).toMatchObject({ status: 200, verified: true });
    const wrong = await control('/webhooks/verify', { verifyToken: 'nope' });
    expect(wrong.status).toBe(403);
  });

  it('queues signed deliveries once, refuses bad signatures, and processes each event once', async () => {
    const entryId = `1784${Math.floor(Math.random() * 1e12)}`;
    const entry = [
      {
        id: entryId,
        time: 1755779280,
        changes: [
          {
            field: 'comments',
            value: {
              id: '17900000000000001',
              text: 'Love it ❤️',
              media: { id: '18050000000000000' },
            },
          },
          { field: 'comments', value: { id: '17900000000000002', text: 'Second' } },
        ],
      },
    ];
    const delivered = (await control('/webhooks/deliver', {
      object: 'instagram',
      entry,
      duplicate: true,
    })) as {
      results: { status: number }[];
    };
    expect(delivered.results.map((r) => r.status)).toEqual([200, 200]);
    const db = t.runtime.deps.database.unsafeDb;
    const rows = await db
      .select()
      .from(metaWebhookEvents)
      .where(eq(metaWebhookEvents.entryId, entryId));
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.field)).toEqual(['comments', 'comments']);
    const bad = (await control('/webhooks/deliver', {
      object: 'instagram',
      entry,
      signWith: 'wrong',
    })) as {
      results: { status: number }[];
    };
    expect(bad.results[0]!.status).toBe(403);
    const raw = await t.app.request('/meta/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ object: 'page', entry: [] }),
    });
    expect(raw.status).toBe(403);
    const processed = await Promise.all(rows.map((r) => processWebhookEvent(t.runtime.deps, r.id)));
    // The job may already have run; either way, each event ends processed exactly once.
    const again = await Promise.all(rows.map((r) => processWebhookEvent(t.runtime.deps, r.id)));
    expect(again).toEqual([false, false]);
    const after = await db
      .select()
      .from(metaWebhookEvents)
      .where(eq(metaWebhookEvents.entryId, entryId));
    for (const r of after) expect(r.processedAt).not.toBeNull();
    expect(processed.length).toBe(2);
  });
});

describe('Continue with Facebook', () => {
  it('refuses in demo mode: there is no Meta app, and the simulator would share one account', async () => {
    for (const path of ['/api/auth/facebook/start', '/api/auth/facebook/callback?code=x&state=y']) {
      const res = await t.app.request(path, { headers: { cookie: 'sg_fb_state=y' } });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!, 'http://localhost:3000');
      expect(location.pathname).toBe('/login');
      expect(Object.fromEntries(location.searchParams)).toEqual({
        error: 'facebook_sign_in',
        error_description:
          'Continue with Facebook needs a Meta app; sign in with your e-mail address.',
      });
      expect(res.headers.get('set-cookie') ?? '').not.toContain('sg_session=');
    }
    const available = await t.app.request('/api/auth/facebook/available');
    expect(((await available.json()) as { data: unknown }).data).toEqual({ available: false });
  });
});

// The real flow needs a Meta app: the app in live mode, Meta played by the simulator over HTTP.
describe('Continue with Facebook with a Meta app', () => {
  let live: LiveMetaApp;
  beforeAll(async () => {
    live = await liveMetaApp(t);
  });
  afterAll(() => live.close());

  async function startSignIn() {
    const start = await live.app.request('/api/auth/facebook/start');
    expect(start.status).toBe(302);
    const state = /sg_fb_state=([^;]+)/.exec(start.headers.get('set-cookie') ?? '')?.[1];
    expect(state).toBeTruthy();
    const dialog = new URL(start.headers.get('location')!);
    expect(dialog.origin).toBe(live.root);
    expect(dialog.searchParams.get('scope')).toBe('public_profile,email');
    return { state: state!, dialog };
  }

  async function finish(dialog: URL, state: string, decision = 'allow') {
    const consent = await fetch(`${dialog.toString()}&sim_auto=${decision}`, {
      redirect: 'manual',
    });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe('/api/auth/facebook/callback');
    return live.app.request(`${back.pathname}${back.search}`, {
      headers: { cookie: `sg_fb_state=${state}`, 'x-forwarded-for': '10.9.9.9' },
    });
  }

  it('answers that it is available', async () => {
    const res = await live.app.request('/api/auth/facebook/available');
    expect(((await res.json()) as { data: unknown }).data).toEqual({ available: true });
  });

  it('signs in (creating the account the first time) with a session whose provider is facebook', async () => {
    const { state, dialog } = await startSignIn();
    const res = await finish(dialog, state);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    const session = /sg_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    expect(session).toBeTruthy();
    const me = await t.app.request('/api/auth/session', {
      headers: { cookie: `sg_session=${session}` },
    });
    const body = (await me.json()) as {
      data: { user: { email: string; appMetadata: { provider: string } } };
    };
    expect(body.data.user).toMatchObject({
      email: 'rosa.martinez@example.com',
      appMetadata: { provider: 'facebook' },
    });
    // A second sign-in finds the same account.
    const again = await startSignIn();
    expect((await finish(again.dialog, again.state)).headers.get('location')).toBe('/dashboard');
  });

  it('ends a cancelled dialog or a state from elsewhere on the login page with the reason', async () => {
    const { state, dialog } = await startSignIn();
    const denied = await finish(dialog, state, 'deny');
    const location = new URL(denied.headers.get('location')!, 'http://localhost:3000');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error_description')).toBe('Facebook sign-in was cancelled.');
    const other = await startSignIn();
    const forged = await finish(other.dialog, 'another-browsers-state');
    expect(
      new URL(forged.headers.get('location')!, 'http://x').searchParams.get('error_description'),
    ).toContain('did not come from this browser');
    expect(forged.headers.get('set-cookie') ?? '').not.toContain('sg_session=');
  });
});
