import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hubSignature } from '#server/integrations/meta/signatures.ts';
import type { FetchLike } from '#server/integrations/meta/http.ts';
import { loadEnv } from '#server/platform/env.ts';
import { DEMO_SECRETS_FILE, loadDemoSecrets } from '#server/features/platforms/demo-secrets.ts';
import { metaRuntime } from '#server/features/platforms/meta-runtime.ts';
import { serveSimulatorControl } from '#server/features/platforms/simulator-control.ts';
import { platformConnections } from '#server/features/platforms/platforms.tables.ts';
import {
  createSignedInUser,
  getTestApp,
  TestClient,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import {
  simulatedWorld,
  simulatorControl,
  simulatorControlRequest,
  simulatorOf,
} from '#server/test/meta-simulator.ts';
import { createMetaGraphSimulator, signedRequest } from '#simulators/meta-graph/simulator.ts';
import { SEED } from '#simulators/meta-graph/state.ts';

// Replays of the review of demo mode (docs/decisions/057): the Graph API simulator inside the
// app must not be a door into it. Each test shows what is refused, not only what works.

const ATTACKER = 'http://attacker.invalid';
const OLD_APP_SECRET = 'simulated-meta-app-secret';
const OLD_IG_APP_SECRET = 'simulated-instagram-app-secret';
const OLD_VERIFY_TOKEN = 'simulated-webhook-verify-token';

let t: TestApp;
/** Every URL the in-app simulator sent something to. */
const outbound: string[] = [];

beforeAll(async () => {
  t = await getTestApp();
  // What the simulator sends "from Meta" is written down, then reaches this app in process.
  const forward: FetchLike = async (url, init) => {
    outbound.push(url);
    const u = new URL(url);
    return t.app.request(`${u.pathname}${u.search}`, init);
  };
  metaRuntime(t.runtime.deps).setSimulatorOutbound(forward);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Start → the dialog address the app sends this business's browser to. */
async function dialogFor(user: SignedInUser, login: 'facebook' | 'instagram' = 'facebook') {
  const start = await user.client.request('/api/platforms/oauth/start', { json: { login } });
  expect(start.status, start.text).toBe(200);
  return new URL(start.json.data.url as string);
}

const local = (url: URL) => `${url.pathname}${url.search}`;

/** Dialog (auto consent) → callback: the candidate accounts the business is offered. */
async function candidatesOf(user: SignedInUser) {
  const dialog = await dialogFor(user);
  const consent = await user.client.request(`${local(dialog)}&sim_auto=allow`);
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const cb = await user.client.request('/api/platforms/oauth/callback', {
    json: { login: 'facebook', ...Object.fromEntries(back.searchParams) },
  });
  expect(cb.status, cb.text).toBe(200);
  return cb.json.data as {
    attempt_id: string;
    candidates: { external_id: string; name: string }[];
  };
}

async function connectAllOffered(user: SignedInUser) {
  const offered = await candidatesOf(user);
  const res = await user.client.request(`/api/platforms/oauth/${offered.attempt_id}/connect`, {
    json: { external_ids: offered.candidates.map((c) => c.external_id) },
  });
  expect(res.status, res.text).toBe(201);
  return offered.candidates.map((c) => c.external_id);
}

const connectionsOf = (userId: string) =>
  t.runtime.deps.database.unsafeDb
    .select()
    .from(platformConnections)
    .where(eq(platformConnections.userId, userId));

describe("the control API is not on the app's port", () => {
  const CONTROL: [method: string, path: string, body?: unknown][] = [
    ['GET', '/state'],
    ['POST', '/reset', {}],
    ['POST', '/config', { autoConsent: 'allow' }],
    ['POST', '/clock', { advanceSeconds: 86_400 }],
    ['POST', '/faults', { fault: 'server_error' }],
    ['DELETE', '/faults'],
    ['POST', '/tokens', { personId: SEED.personId, action: 'expire' }],
    ['POST', '/authorize', { login: 'facebook', redirectUri: `${ATTACKER}/cb`, scopes: [] }],
    ['POST', '/webhooks/verify', { callbackUrl: `${ATTACKER}/verify` }],
    ['POST', '/webhooks/deliver', { object: 'page', entry: [], callbackUrl: `${ATTACKER}/hook` }],
    ['POST', '/signed-request', { kind: 'deauthorize', url: `${ATTACKER}/deauthorize` }],
    ['POST', `/people/${SEED.personId}/password-changed`, {}],
  ];

  it.each(CONTROL)(
    '%s /simulator/meta/_sim%s answers 404 and changes nothing',
    async (method, p, body) => {
      const sim = simulatorOf(t);
      const before = { offset: sim.state.clockOffsetMs, faults: sim.state.faults.length };
      // A reset would drop this world.
      const probe = simulatedWorld(t, crypto.randomUUID());
      const worlds = sim.state.worlds.size;
      // As served with the web app: every GET the API does not answer is the single-page app's.
      const withWeb = new Hono();
      withWeb.route('/', t.app);
      withWeb.get('*', (c) => c.html('<!doctype html><title>Soci Gen</title>'));
      for (const app of [t.app, withWeb]) {
        const res = await app.request(`/simulator/meta/_sim${p}`, {
          method,
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('"success":true');
      }
      expect(sim.state.clockOffsetMs).toBe(before.offset);
      expect(sim.state.faults).toHaveLength(before.faults);
      expect(sim.state.worlds.size).toBe(worlds);
      expect(sim.state.people.has(probe.personId)).toBe(true);
      expect(sim.state.config.autoConsent).toBeNull();
      expect(outbound.filter((url) => url.startsWith(ATTACKER))).toEqual([]);
    },
  );

  it('keeps the avatars public, outside /_sim', async () => {
    const world = simulatedWorld(t, crypto.randomUUID());
    const res = await t.app.request(`/simulator/meta/cdn/avatar/${world.pageId}.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect((await t.app.request(`/simulator/meta/_sim/avatar/${world.pageId}.svg`)).status).toBe(
      404,
    );
  });

  it('serves the control API for browser tests only on 127.0.0.1, and never in production', async () => {
    const server = await serveSimulatorControl(t.runtime.deps, 0);
    try {
      const address = server.address();
      expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/_sim/state`);
      expect(res.status).toBe(200);
      // The loopback listener serves the control API and nothing else of the simulator or app.
      expect((await fetch(`http://127.0.0.1:${port}/simulator/meta/_sim/state`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/api/platforms/status`)).status).toBe(404);
    } finally {
      server.close();
    }
    expect(() => loadEnv({ NODE_ENV: 'production', META_SIMULATOR_CONTROL_PORT: '3101' })).toThrow(
      /META_SIMULATOR_CONTROL_PORT: the Graph API simulator control API is refused/,
    );
    expect(() =>
      loadEnv({ META_SIMULATOR_CONTROL_PORT: '3101', META_APP_ID: '1', META_APP_SECRET: 's' }),
    ).toThrow(/META_SIMULATOR_CONTROL_PORT/);
    expect(loadEnv({ META_SIMULATOR_CONTROL_PORT: '3101' }).META_SIMULATOR_CONTROL_PORT).toBe(3101);
  });
});

describe('the simulator sends only to the configured callbacks', () => {
  it('ignores callbackUrl and url: nothing is fetched from or signed for an attacker', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const from = outbound.length;
    const verified = await simulatorControl(t, '/webhooks/verify', {
      callbackUrl: `${ATTACKER}/verify`,
    });
    expect(verified).toMatchObject({ status: 200, verified: true });
    await simulatorControl(t, '/webhooks/deliver', {
      object: 'page',
      entry: [],
      callbackUrl: `${ATTACKER}/hook`,
    });
    const signed = await simulatorControl(t, '/signed-request', {
      kind: 'data_deletion',
      personId: simulatedWorld(t, crypto.randomUUID()).personId,
      url: `${ATTACKER}/data-deletion`,
    });
    expect(signed.status).toBe(200);
    const sent = outbound.slice(from);
    expect(sent).toHaveLength(3);
    for (const url of sent) expect(url).toMatch(/^http:\/\/localhost:3000\/meta\//);
    const fetched = spy.mock.calls.map(([input]) =>
      String(input instanceof Request ? input.url : input),
    );
    expect(fetched.filter((url) => url.includes('attacker.invalid'))).toEqual([]);
  });

  it('refuses to change where outbound calls go, the redirect URIs or the secrets', async () => {
    const sim = simulatorOf(t);
    const before = { ...sim.state.config };
    for (const change of [
      { webhookCallbackUrl: `${ATTACKER}/hook` },
      { deauthorizeUrl: `${ATTACKER}/d` },
      { dataDeletionUrl: `${ATTACKER}/d` },
      { igDeauthorizeUrl: `${ATTACKER}/d` },
      { igDataDeletionUrl: `${ATTACKER}/d` },
      { redirectUris: [] },
      { appSecret: OLD_APP_SECRET },
      { igAppSecret: OLD_IG_APP_SECRET },
      { requireLoginTicket: false },
    ]) {
      const config = await simulatorControlRequest(t, '/config', change);
      expect(config.status).toBe(400);
      expect(await config.text()).toContain('cannot be changed through the control API');
      const reset = await simulatorControlRequest(t, '/reset', { config: change });
      expect(reset.status).toBe(400);
    }
    expect(sim.state.config).toEqual(before);
  });
});

describe('each business has a simulated world of its own', () => {
  let a: SignedInUser;
  let b: SignedInUser;
  beforeAll(async () => {
    [a, b] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  });

  it('offers two businesses different Pages, shaped alike', async () => {
    const [mine, theirs] = [await candidatesOf(a), await candidatesOf(b)];
    const ids = (x: typeof mine) => x.candidates.map((c) => c.external_id);
    expect(ids(mine)).toHaveLength(4);
    expect(ids(theirs)).toHaveLength(4);
    expect(ids(mine).filter((id) => ids(theirs).includes(id))).toEqual([]);
    for (const seeded of Object.values(SEED)) expect(ids(mine)).not.toContain(seeded);
    const names = (x: typeof mine) => x.candidates.map((c) => c.name).sort();
    expect(names(mine)).toEqual(names(theirs));
    expect(names(mine)).toContain('Rosa Bakery');
    expect(simulatedWorld(t, a.userId)).toEqual(simulatedWorld(t, a.userId));
  });

  it('lets no one into the dialog as another person: no ticket, a forged person, a foreign ticket', async () => {
    const victim = simulatedWorld(t, a.userId);
    const dialog = await dialogFor(b);
    const ticket = dialog.searchParams.get('sim_login')!;
    expect(ticket).toBeTruthy();

    // Without a ticket, with sim_person naming the victim (or the seed person): no consent page.
    for (const person of [victim.personId, SEED.personId]) {
      const forged = new URL(dialog);
      forged.searchParams.delete('sim_login');
      forged.searchParams.set('sim_person', person);
      for (const auto of ['', '&sim_auto=allow']) {
        const res = await b.client.request(`${local(forged)}${auto}`);
        expect(res.status).toBe(403);
        expect(res.headers.get('location')).toBeNull();
        expect(res.text).not.toContain('Allow');
      }
    }

    // The consent page's hidden `person` field is not a way in either.
    const decide = `${dialog.pathname}/decide`;
    const form = (fields: Record<string, string>) =>
      b.client.request(decide, {
        body: new URLSearchParams({
          redirect_uri: dialog.searchParams.get('redirect_uri')!,
          state: dialog.searchParams.get('state')!,
          scope: dialog.searchParams.get('scope')!,
          decision: 'allow',
          ...fields,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const noTicket = await form({ person: victim.personId });
    expect(noTicket.status).toBe(403);
    expect(noTicket.headers.get('location')).toBeNull();

    // Another business's ticket is bound to that business's attempt: refused with ours.
    const theirs = await dialogFor(a);
    const stolen = new URL(dialog);
    stolen.searchParams.set('sim_login', theirs.searchParams.get('sim_login')!);
    expect((await b.client.request(local(stolen))).status).toBe(403);
    expect((await form({ sim_login: theirs.searchParams.get('sim_login')! })).status).toBe(403);

    // Our own ticket with the victim in `person`: the ticket's person, never the field's.
    const allowed = await form({ sim_login: ticket, person: victim.personId });
    expect(allowed.status).toBe(302);
    const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;
    expect(simulatorOf(t).state.codes.get(code)?.personId).toBe(
      simulatedWorld(t, b.userId).personId,
    );

    // A ticket is spent by its decision: the same link cannot be used again.
    expect((await b.client.request(local(dialog))).status).toBe(403);
    expect((await form({ sim_login: ticket })).status).toBe(403);
  });

  it("shows no business another's Pages through the Graph API", async () => {
    const sim = simulatorOf(t);
    const victim = simulatedWorld(t, a.userId);
    const own = simulatedWorld(t, b.userId);
    await connectAllOffered(b);
    const token = [...sim.state.tokens.values()].find(
      (x) => x.kind === 'USER' && x.personId === own.personId && !x.invalidSubcode,
    )!.value;
    const graph = (p: string) =>
      sim.app.request(
        `/simulator/meta/graph/v25.0${p}${p.includes('?') ? '&' : '?'}access_token=${token}`,
      );
    const accounts = (await (await graph('/me/accounts')).json()) as {
      data: { id: string }[];
    };
    expect(accounts.data.map((p) => p.id).sort()).toEqual([own.pageId, own.secondPageId].sort());
    for (const id of [victim.pageId, victim.igAccountId, `${victim.businessId}/owned_pages`]) {
      const res = await graph(`/${id}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await res.text()).not.toContain('Rosa');
    }
  });

  it("a simulated deauthorize of one business's person leaves the other's connections alone", async () => {
    const victim = await createSignedInUser(t);
    const bystander = await createSignedInUser(t);
    await connectAllOffered(victim);
    await connectAllOffered(bystander);
    const answer = await simulatorControl(t, '/signed-request', {
      kind: 'deauthorize',
      personId: simulatedWorld(t, victim.userId).personId,
    });
    expect(answer.status).toBe(200);
    for (const row of await connectionsOf(victim.userId)) expect(row.health).toBe('revoked');
    for (const row of await connectionsOf(bystander.userId)) {
      expect(row.health).toBe('healthy');
      expect(row.accessToken).not.toBe('');
    }
  });
});

describe('the consent decision checks redirect_uri', () => {
  it('refuses an unregistered redirect_uri in the app ("URL blocked"), without a redirect', async () => {
    const user = await createSignedInUser(t);
    const dialog = await dialogFor(user);
    for (const redirect of [`${ATTACKER}/steal`, 'http://localhost:3000/dashboard/connect/x', '']) {
      const res = await user.client.request(`${dialog.pathname}/decide`, {
        body: new URLSearchParams({
          redirect_uri: redirect,
          state: dialog.searchParams.get('state')!,
          scope: dialog.searchParams.get('scope')!,
          sim_login: dialog.searchParams.get('sim_login')!,
          decision: 'allow',
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(400);
      expect(res.text).toContain('URL blocked');
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('refuses it on a standalone simulator with registered URIs, and keeps any without', async () => {
    const post = (sim: ReturnType<typeof createMetaGraphSimulator>, redirect: string) =>
      sim.app.request('/facebook/v25.0/dialog/oauth/decide', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          redirect_uri: redirect,
          state: 's',
          scope: 'email',
          person: SEED.personId,
          decision: 'allow',
        }).toString(),
      });
    const registered = createMetaGraphSimulator({
      config: { redirectUris: ['http://localhost:3000/dashboard/connect'] },
    });
    expect((await post(registered, `${ATTACKER}/steal`)).status).toBe(400);
    expect((await post(registered, 'http://localhost:3000/dashboard/connect')).status).toBe(302);
    const open = createMetaGraphSimulator();
    expect((await post(open, 'https://client.example/cb')).status).toBe(302);
  });
});

describe('Continue with Facebook in demo mode', () => {
  it('refuses to start or finish, and sets no state cookie and no session', async () => {
    const client = new TestClient(t.app);
    for (const p of ['/api/auth/facebook/start', '/api/auth/facebook/callback?code=c&state=s']) {
      const res = await client.request(p, { headers: { cookie: 'sg_fb_state=s' } });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!, 'http://localhost:3000');
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('error')).toBe('facebook_sign_in');
      expect(location.searchParams.get('error_description')).toBe(
        'Continue with Facebook needs a Meta app; sign in with your e-mail address.',
      );
      expect(res.headers.get('set-cookie') ?? '').not.toMatch(/sg_session=[^;]/);
      expect(res.headers.get('set-cookie') ?? '').not.toMatch(/sg_fb_state=[^;]/);
    }
  });
});

describe("the demo app's secrets", () => {
  it('refuses requests signed with the old constant secrets', async () => {
    const user = await createSignedInUser(t);
    await connectAllOffered(user);
    const metaUserId = simulatedWorld(t, user.userId).personId;
    expect(metaRuntime(t.runtime.deps).signingSecrets).not.toContain(OLD_APP_SECRET);
    for (const secret of [OLD_APP_SECRET, OLD_IG_APP_SECRET]) {
      const forged = signedRequest(
        { algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), user_id: metaUserId },
        secret,
      );
      for (const p of ['/meta/deauthorize', '/meta/data-deletion']) {
        const res = await t.app.request(p, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ signed_request: forged }).toString(),
        });
        expect(res.status).toBe(400);
      }
      const raw = JSON.stringify({ object: 'page', entry: [] });
      const webhook = await t.app.request('/meta/webhooks', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': hubSignature(raw, secret),
        },
        body: raw,
      });
      expect(webhook.status).toBe(403);
    }
    const handshake = await t.app.request(
      `/meta/webhooks?hub.mode=subscribe&hub.challenge=123&hub.verify_token=${OLD_VERIFY_TOKEN}`,
    );
    expect(handshake.status).toBe(403);
    const rows = await connectionsOf(user.userId);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row).toMatchObject({ health: 'healthy', status: 'connected' });
  });

  describe('kept under DATA_DIR', () => {
    const dirs: string[] = [];
    const tempDir = () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'socigen-meta-demo-'));
      dirs.push(dir);
      return dir;
    };
    afterAll(() => {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('are made once per installation, readable only by the owner, and reused on restart', () => {
      const dataDir = path.join(tempDir(), 'data');
      const first = loadDemoSecrets({ dataDir });
      const file = path.join(dataDir, DEMO_SECRETS_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadDemoSecrets({ dataDir })).toEqual(first);
      expect(Object.values(first)).not.toContain(OLD_APP_SECRET);
      expect(new Set(Object.values(first)).size).toBe(3);
      // Another installation has other secrets.
      expect(loadDemoSecrets({ dataDir: tempDir() }).appSecret).not.toBe(first.appSecret);
    });

    it('are what the demo runtime signs with, the same after a restart', () => {
      const dataDir = tempDir();
      const env = { ...t.runtime.deps.env, NODE_ENV: 'development' as const, dataDir };
      const first = metaRuntime({ ...t.runtime.deps, env });
      const restarted = metaRuntime({ ...t.runtime.deps, env });
      expect(first).not.toBe(restarted);
      expect(restarted.signingSecrets).toEqual(first.signingSecrets);
      expect(restarted.webhookVerifyToken).toBe(first.webhookVerifyToken);
      expect(first.signingSecrets).toEqual([
        loadDemoSecrets({ dataDir }).appSecret,
        loadDemoSecrets({ dataDir }).igAppSecret,
      ]);
      expect(fs.existsSync(path.join(dataDir, DEMO_SECRETS_FILE))).toBe(true);
    });

    it('are random in memory for tests, never the old constants', () => {
      const a = loadDemoSecrets({ dataDir: '/nonexistent', ephemeral: true });
      const b = loadDemoSecrets({ dataDir: '/nonexistent', ephemeral: true });
      expect(a.appSecret).not.toBe(b.appSecret);
      expect(fs.existsSync('/nonexistent')).toBe(false);
    });
  });
});
