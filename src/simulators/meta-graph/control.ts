import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { FAULTS, type FaultName, type GraphErrorSpec } from './faults.ts';
import { SIM_HOSTS, type SimContext } from './context.ts';
import type { mountDialogs } from './dialogs.ts';
import { mountInboxControl, type InboxControlDeps } from './inbox-control.ts';
import { createState, FIXED_CONFIG_KEYS, type SimConfig } from './state.ts';
import { mountWebhookControl } from './webhooks.ts';

// The control API (`/_sim`, docs/product/meta-platform.md#simulator-state): state, reset,
// config, clock, faults, token events, the consent helper, and the deliveries of webhooks.ts.
// Inside the app it is served only on its own (docs/decisions/057).

export function createControl(
  ctx: SimContext,
  dialogs: Pick<ReturnType<typeof mountDialogs>, 'decide'>,
  inbox: InboxControlDeps,
): Hono {
  const { options, state, cfg, nowMs, nowSec, containerStatus } = ctx;
  const { decide } = dialogs;

  const control = new Hono();
  control.get('/state', (c) =>
    c.json({
      config: { ...cfg(), appSecret: undefined, igAppSecret: undefined },
      now: nowMs(),
      people: [...state.people.values()],
      pages: [...state.pages.values()],
      igAccounts: [...state.igAccounts.values()],
      tokens: [...state.tokens.values()].map((t) => ({ ...t, value: `${t.value.slice(0, 8)}…` })),
      containers: [...state.containers.values()].map((k) => ({
        ...k,
        status: containerStatus(k).code,
      })),
      posts: [...state.posts.values()],
      faults: state.faults,
    }),
  );
  // Where outbound calls go, the registered redirect URIs and the secrets are the creator's
  // choice, never a request's (docs/decisions/057).
  const refuseFixed = (c: Context, config: Partial<SimConfig> | undefined) => {
    const fixed = FIXED_CONFIG_KEYS.filter((key) => config && Object.hasOwn(config, key));
    return fixed.length === 0
      ? null
      : c.json({ error: `${fixed.join(', ')} cannot be changed through the control API` }, 400);
  };
  control.post('/reset', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { config?: Partial<SimConfig> };
    const refused = refuseFixed(c, body.config);
    if (refused) return refused;
    const fresh = createState({ ...options.config, ...body.config });
    inbox.crowd.stop();
    inbox.webhooks.reset();
    Object.assign(state, fresh);
    return c.json({ success: true });
  });
  control.post('/config', async (c) => {
    const body = (await c.req.json()) as Partial<SimConfig>;
    const refused = refuseFixed(c, body);
    if (refused) return refused;
    Object.assign(state.config, body);
    return c.json({ success: true });
  });
  control.post('/clock', async (c) => {
    const body = (await c.req.json()) as { advanceSeconds?: number };
    state.clockOffsetMs += (body.advanceSeconds ?? 0) * 1000;
    return c.json({ now: nowMs(), offsetMs: state.clockOffsetMs });
  });
  control.post('/faults', async (c) => {
    const body = (await c.req.json()) as {
      fault?: FaultName;
      error?: GraphErrorSpec;
      method?: string;
      path?: string;
      resource?: string;
      host?: string;
      times?: number | null;
    };
    const error = body.fault ? FAULTS[body.fault] : body.error;
    if (!error) return c.json({ error: `Unknown fault ${String(body.fault)}` }, 400);
    const fault = {
      id: randomBytes(6).toString('hex'),
      error,
      ...(body.method ? { method: body.method } : {}),
      ...(body.path ? { path: body.path } : {}),
      ...(body.resource ? { resource: body.resource } : {}),
      ...(body.host ? { host: body.host } : {}),
      // Per call by default; per resource (or path) until cleared with times: null.
      remaining: body.times === null ? null : (body.times ?? 1),
    };
    state.faults.push(fault);
    return c.json({ id: fault.id });
  });
  control.delete('/faults', (c) => {
    state.faults = [];
    return c.json({ success: true });
  });
  // Token events (docs/product/meta-platform.md#simulator-state): expire (463), expire in N
  // seconds, or invalidate with 458/459/460/492.
  control.post('/tokens', async (c) => {
    const body = (await c.req.json()) as {
      token?: string;
      personId?: string;
      subjectId?: string;
      action: 'expire' | 'expire_in' | 'invalidate' | 'age';
      seconds?: number;
      subcode?: number;
    };
    let count = 0;
    for (const t of state.tokens.values()) {
      const hit =
        (body.token && t.value === body.token) ||
        (body.subjectId && t.subjectId === body.subjectId) ||
        (body.personId && t.personId === body.personId && !body.subjectId);
      if (!hit) continue;
      count += 1;
      if (body.action === 'expire') t.expiresAt = nowSec() - 1;
      if (body.action === 'expire_in') t.expiresAt = nowSec() + (body.seconds ?? 0);
      if (body.action === 'age') {
        t.issuedAt -= body.seconds ?? 0;
      }
      if (body.action === 'invalidate') t.invalidSubcode = body.subcode ?? 458;
    }
    return c.json({ updated: count });
  });
  // The password change event invalidates every user and Page token of the person (460).
  control.post('/people/:id/password-changed', (c) => {
    let count = 0;
    for (const t of state.tokens.values()) {
      if (t.personId === c.req.param('id')) {
        t.invalidSubcode = 460;
        count += 1;
      }
    }
    return c.json({ updated: count });
  });
  // Auto-consent helper for tests: a code as if the person had clicked Allow.
  control.post('/authorize', async (c) => {
    const body = (await c.req.json()) as {
      login: 'facebook' | 'instagram';
      redirectUri: string;
      scopes: string[];
      granted?: string[];
      state?: string;
      personId?: string;
    };
    const person = body.personId ?? [...state.people.keys()][0]!;
    const location = decide(
      body.login,
      'allow',
      person,
      body.redirectUri,
      body.state ?? '',
      body.scopes,
      body.granted ?? body.scopes,
    );
    const code = new URL(location.replace(/#_$/, '')).searchParams.get('code');
    return c.json({ code, location });
  });
  mountWebhookControl(ctx, control);
  mountInboxControl(control, inbox);
  return control;
}

/** Serves `control` under /_sim of `app`, or answers 404 there (docs/decisions/057). */
export function mountControl(app: Hono, control: Hono, mount: boolean) {
  if (mount) {
    app.route(SIM_HOSTS.control, control);
  } else {
    // Inside the app nothing under /_sim is served, nor falls through to the app's own pages.
    app.all(SIM_HOSTS.control, (c) => c.text('Not Found', 404));
    app.all(`${SIM_HOSTS.control}/*`, (c) => c.text('Not Found', 404));
  }
}
