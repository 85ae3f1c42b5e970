import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_STATUS } from '#shared/contracts/publishing.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { addMember } from '#server/test/team.ts';
import { MembershipCache } from '../staff/membership.ts';
import { actorRequestOf, resolveActor, type ActorRequest } from './actor.ts';
import * as repo from './auth.repository.ts';
import { authService, createAuthService } from './auth.service.ts';

// Who a request is from, resolved once for the API's session middleware and the live status
// stream alike: the session, the business account chosen with sg_tenant, and whether an inactive
// account is closed to the request.

let t: TestApp;
let owner: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  owner = await createSignedInUser(t);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** What actorRequestOf reads from a request with these cookies. */
async function requestWith(
  cookie: string | undefined,
  path = '/api/calendar-events',
  method = 'GET',
): Promise<ActorRequest> {
  let request: ActorRequest | undefined;
  await new Hono()
    .all('*', (c) => {
      request = actorRequestOf(c as never);
      return c.body(null);
    })
    .request(path, { method, headers: cookie ? { cookie } : {} });
  return request!;
}

async function resolve(cookie: string | undefined, path?: string, method?: string) {
  return resolveActor(
    t.runtime.deps,
    authService(t.runtime.deps),
    await requestWith(cookie, path, method),
  );
}

async function setStatus(admin: SignedInUser, userId: string, status: 'active' | 'inactive') {
  const res = await admin.client.request(`/api/admin/users/${userId}/status`, {
    method: 'PATCH',
    json: { status },
  });
  expect(res.status, res.text).toBe(200);
}

describe('resolveActor', () => {
  it('finds no one without a session cookie, or behind a session that ended', async () => {
    expect(await resolve(undefined)).toBeNull();
    expect(await resolve('sg_session=not-a-session')).toBeNull();

    const person = await createSignedInUser(t);
    expect((await resolve(person.client.cookie))?.actor.userId).toBe(person.userId);
    // Past its idle limit in the database: a process that has not cached it finds it ended.
    await t.runtime.deps.database.unsafeDb.execute(
      sql`update auth.sessions set idle_expires_at = now() - interval '1 second' where user_id = ${person.userId}`,
    );
    const elsewhere = createAuthService(t.runtime.deps);
    expect(
      await resolveActor(t.runtime.deps, elsewhere, await requestWith(person.client.cookie)),
    ).toBeNull();
  });

  it('acts in the own business, or in the one sg_tenant names while the person is staff there', async () => {
    const mine = await resolve(owner.client.cookie);
    expect(mine).toMatchObject({
      session: { userId: owner.userId },
      actor: { userId: owner.userId, tenantId: owner.userId, tenantRole: 'owner', isAdmin: false },
      refusal: null,
    });

    const member = await addMember(t, owner, 'viewer');
    expect((await resolve(member.client.cookie))?.actor).toMatchObject({
      userId: member.userId,
      tenantId: owner.userId,
      tenantRole: 'viewer',
    });
    // A cookie that is not an account id is not looked for.
    const session = member.client.cookie!.split(';')[0]!;
    expect((await requestWith(`${session}; sg_tenant=x' or 1=1`)).requestedTenant).toBeUndefined();
    expect((await resolve(`${session}; sg_tenant=nonsense`))?.actor.tenantId).toBe(member.userId);

    const removed = await owner.client.request(`/api/staff/members/${member.userId}`, {
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await resolve(member.client.cookie))?.actor).toMatchObject({
      tenantId: member.userId,
      tenantRole: 'owner',
    });
  });

  it('closes an inactive account to all but what the trial-expired page needs; not administrators', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const person = await createSignedInUser(t);
    await setStatus(admin, person.userId, 'inactive');

    const closed = await resolve(person.client.cookie, '/api/calendar-events');
    expect(closed?.actor.userId).toBe(person.userId);
    expect(closed?.refusal?.record).toMatchObject({
      code: 'FORBIDDEN',
      userMessage: 'Your account is inactive. Contact support to open it again.',
    });
    expect((await resolve(person.client.cookie, '/api/profile'))?.refusal).toBeNull();
    expect((await resolve(person.client.cookie, '/api/profile', 'PATCH'))?.refusal).not.toBeNull();

    await setStatus(admin, admin.userId, 'inactive');
    expect((await resolve(admin.client.cookie, '/api/calendar-events'))?.refusal).toBeNull();
  });
});

describe('the live status stream', () => {
  /** Reads a stream's text until it ends. */
  function collect(res: Response): { text: () => string; done: Promise<void> } {
    let text = '';
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    const done = (async () => {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) return;
        text += decoder.decode(value, { stream: true });
      }
    })();
    return { text: () => text, done };
  }

  async function open(user: SignedInUser): Promise<Response> {
    return t.app.request('/api/publishing/live', {
      headers: { 'x-forwarded-for': user.client.ip, cookie: user.client.cookie! },
    });
  }

  it('re-checks an open stream through the API’s own sessions, not a second copy of them', async () => {
    const person = await createSignedInUser(t);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const res = await open(person);
    expect(res.status).toBe(200);
    // Opening the stream resolved (and cached) the session; the heartbeat's re-check finds it.
    const lookups = vi.spyOn(repo, 'unsafeFindSessionByTokenHash');
    const rechecked = vi.spyOn(MembershipCache.prototype, 'facts');
    vi.advanceTimersByTime(LIVE_STATUS.heartbeatMs);
    await expect.poll(() => rechecked.mock.calls.length).toBeGreaterThan(0);
    // Counted, not matched: a failure would print the database handle among the arguments.
    expect(lookups.mock.calls.length).toBe(0);
    await res.body!.cancel();
  });

  it('ends when the account is made inactive, as the API closes to it', async () => {
    const admin = await createSignedInUser(t);
    await makeAdmin(t, admin.userId);
    const person = await createSignedInUser(t);
    const stream = collect(await open(person));
    await setStatus(admin, person.userId, 'inactive');
    await stream.done;
    expect(stream.text()).toMatch(/event: ended\ndata: \{"reason":"access"\}\n\n$/);
    expect((await person.client.request('/api/calendar-events')).status).toBe(403);
  });
});
