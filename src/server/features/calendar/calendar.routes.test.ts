import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarEventSchema } from '#shared/contracts/calendar.contract.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { createDraft, savePostRequest, scheduleWithAccount } from '../posts/posts.test-helpers.ts';

let t: TestApp;
let a: SignedInUser;
let b: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  [a, b] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
});

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const eventList = z.array(calendarEventSchema);

/** A draft without accounts (POST /api/posts), as the calendar's quick dialog saves one. */
const create = (user: SignedInUser, post: Record<string, unknown>) => createDraft(user, post);

describe('signed-out visitors', () => {
  it.each([
    ['GET', '/api/calendar-events'],
    ['GET', '/api/calendar-events/upcoming'],
    ['GET', '/api/calendar-events/ai-content'],
    ['GET', `/api/calendar-events/${crypto.randomUUID()}`],
  ])('%s %s answers 401', async (method, path) => {
    const res = await new TestClient(t.app).request(path, { method });
    expectError(res, 401, 'UNAUTHORIZED');
  });
});

describe('the calendar is the read side (docs/decisions/087)', () => {
  it('has no endpoint that changes an event: a post is saved through /api/posts', async () => {
    const event = await create(a, { title: 'Planned', scheduled_for: inHours(5) });
    for (const [method, path] of [
      ['POST', '/api/calendar-events'],
      ['PATCH', `/api/calendar-events/${event.id}`],
      ['DELETE', `/api/calendar-events/${event.id}`],
      ['POST', `/api/calendar-events/${event.id}/schedule`],
      ['GET', `/api/calendar-events/${event.id}/targets`],
      ['PUT', `/api/calendar-events/${event.id}/targets`],
      ['POST', `/api/calendar-events/${event.id}/publish-now`],
      ['GET', `/api/calendar-events/${event.id}/platform-posts`],
    ] as const) {
      const res = await a.client.request(path, {
        method,
        json: method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' },
      });
      expectError(res, 404, 'NOT_FOUND');
    }
    expect((await a.client.request(`/api/calendar-events/${event.id}`)).json.data).toEqual(event);
  });
});

describe('GET /api/calendar-events', () => {
  let user: SignedInUser;
  let fb: string;
  let ig: string;
  let ai: string;
  beforeAll(async () => {
    user = await createSignedInUser(t);
    fb = (await create(user, { title: 'fb', platforms: ['facebook'], scheduled_for: inHours(1) }))
      .id;
    ig = (await create(user, { title: 'ig', platforms: ['instagram'], scheduled_for: inHours(2) }))
      .id;
    // Scheduled once it has an account to publish to (docs/decisions/087).
    await scheduleWithAccount(t, user, ig, inHours(2));
    ai = (
      await create(user, {
        title: 'ai',
        type: 'ai_generated',
        platforms: ['facebook', 'instagram'],
        scheduled_for: inHours(3),
      })
    ).id;
  });

  async function list(query: string) {
    const res = await user.client.request(`/api/calendar-events${query}`);
    expect(res.status, res.text).toBe(200);
    return eventList.parse(res.json.data).map((e) => e.id);
  }

  it('lists the account’s events, soonest first', async () => {
    expect(await list('')).toEqual([fb, ig, ai]);
  });

  it('takes the filters from the query string', async () => {
    expect(await list('?type=ai_generated')).toEqual([ai]);
    expect(await list('?status=scheduled')).toEqual([ig]);
    expect(await list('?platforms=instagram')).toEqual([ig, ai]);
    expect(await list('?platforms=facebook&platforms=instagram')).toEqual([fb, ig, ai]);
    expect(await list('?platforms=facebook,instagram&type=post')).toEqual([fb, ig]);
    const events = eventList.parse((await user.client.request('/api/calendar-events')).json.data);
    const [start, end] = [events[0]!.scheduled_for!, events[1]!.scheduled_for!];
    expect(
      await list(`?startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`),
    ).toEqual([fb, ig]);
    expect(await list('?limit=1&offset=1')).toEqual([ig]);
  });

  it('refuses malformed filters', async () => {
    for (const query of [
      '?limit=0',
      '?limit=501',
      '?offset=-1',
      '?type=tweet',
      '?status=lost',
      '?platforms=myspace',
      '?startDate=yesterday',
      '?colour=red',
    ]) {
      const res = await user.client.request(`/api/calendar-events${query}`);
      expectError(res, 400, 'VALIDATION_ERROR');
    }
  });

  it('answers upcoming and AI content', async () => {
    const upcoming = await user.client.request('/api/calendar-events/upcoming?limit=2');
    expect(eventList.parse(upcoming.json.data).map((e) => e.id)).toEqual([fb, ig]);
    expectError(
      await user.client.request('/api/calendar-events/upcoming?limit=0'),
      400,
      'VALIDATION_ERROR',
    );
    const aiContent = await user.client.request('/api/calendar-events/ai-content');
    expect(eventList.parse(aiContent.json.data).map((e) => e.id)).toEqual([ai]);
    expectError(
      await user.client.request('/api/calendar-events/ai-content?offset=x'),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('shows a new event straight after it is created (the cache is dropped)', async () => {
    const before = await list('');
    const added = await create(user, { title: 'later', scheduled_for: inHours(10) });
    expect(await list('')).toEqual([...before, added.id]);
  });
});

describe('GET /api/calendar-events/{id}', () => {
  it('reads one event, and shows what a save changed', async () => {
    const event = await create(a, { title: 'Draft' });
    const read = await a.client.request(`/api/calendar-events/${event.id}`);
    expect(read.status).toBe(200);
    expect(read.json.data).toEqual(event);

    const when = inHours(4);
    await scheduleWithAccount(t, a, event.id, when);
    const again = await a.client.request(`/api/calendar-events/${event.id}`);
    expect(again.json.data).toMatchObject({ status: 'scheduled', scheduled_for: when });

    expect((await a.client.request(`/api/posts/${event.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    expectError(await a.client.request(`/api/calendar-events/${event.id}`), 404, 'NOT_FOUND');
  });

  it('validates the id, and answers 404 for one that does not exist', async () => {
    expectError(await a.client.request('/api/calendar-events/not-a-uuid'), 400, 'VALIDATION_ERROR');
    expectError(
      await a.client.request(`/api/calendar-events/${crypto.randomUUID()}`),
      404,
      'NOT_FOUND',
    );
  });
});

describe('tenant isolation', () => {
  it("answers another account's event id with 404 and never lists it", async () => {
    const secret = await create(a, {
      title: 'A secret',
      type: 'ai_generated',
      scheduled_for: inHours(1),
    });
    const path = `/api/calendar-events/${secret.id}`;
    for (const res of [
      await b.client.request(path),
      await b.client.request(`/api/posts/${secret.id}`, { method: 'DELETE' }),
    ]) {
      expectError(res, 404, 'NOT_FOUND');
      expect(res.json.error).toBe('The requested resource could not be found.');
    }
    for (const listPath of [
      '/api/calendar-events',
      '/api/calendar-events/upcoming',
      '/api/calendar-events/ai-content',
      '/api/calendar-events?limit=500',
    ]) {
      const res = await b.client.request(listPath);
      expect(res.status).toBe(200);
      const listed = eventList.parse(res.json.data);
      expect(listed.map((e) => e.id)).not.toContain(secret.id);
      expect(listed.every((e) => e.user_id === b.userId)).toBe(true);
    }
    expect((await a.client.request(path)).json.data).toEqual(secret);
  });
});

describe('plans (docs/product/roles-and-plans.md#features-by-plan)', () => {
  it('refuses calendar writes on the free plan with FEATURE_NOT_AVAILABLE, and reading stays allowed', async () => {
    const [owner, admin] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
    await makeAdmin(t, admin.userId);
    const existing = await create(owner, { title: 'Before the downgrade' });

    const downgrade = await admin.client.request(`/api/admin/users/${owner.userId}/subscription`, {
      method: 'PATCH',
      json: { plan: 'free' },
    });
    expect(downgrade.status, downgrade.text).toBe(200);
    expect(downgrade.json.data).toMatchObject({
      user_id: owner.userId,
      plan: 'free',
      status: 'active',
    });

    const refused = await savePostRequest(owner, { post: { title: 'After' }, intent: 'draft' });
    expectError(refused, 403, 'FEATURE_NOT_AVAILABLE');
    expect(refused.json.error).toBe('This feature is currently not available.');
    expectError(
      await savePostRequest(owner, { post: { title: 'x' }, intent: 'draft' }, existing.id),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    expectError(
      await owner.client.request(`/api/posts/${existing.id}/schedule`, {
        method: 'PATCH',
        json: { scheduled_for: inHours(1) },
      }),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    const listed = await owner.client.request('/api/calendar-events');
    expect(listed.status).toBe(200);
    expect(listed.json.data.map((e: { id: string }) => e.id)).toEqual([existing.id]);

    await admin.client.request(`/api/admin/users/${owner.userId}/subscription`, {
      method: 'PATCH',
      json: { plan: 'premium' },
    });
    expect(
      (await savePostRequest(owner, { post: { title: 'Upgraded' }, intent: 'draft' })).status,
    ).toBe(201);
  });
});
