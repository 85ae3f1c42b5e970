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
import { giveAccount, scheduleWithAccount } from '../posts/posts.test-helpers.ts';

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

async function create(user: SignedInUser, body: Record<string, unknown>) {
  const res = await user.client.request('/api/calendar-events', { json: body });
  expect(res.status, res.text).toBe(201);
  return calendarEventSchema.parse(res.json.data);
}

describe('signed-out visitors', () => {
  it.each([
    ['GET', '/api/calendar-events'],
    ['GET', '/api/calendar-events/upcoming'],
    ['GET', '/api/calendar-events/ai-content'],
    ['POST', '/api/calendar-events'],
    ['GET', `/api/calendar-events/${crypto.randomUUID()}`],
    ['PATCH', `/api/calendar-events/${crypto.randomUUID()}`],
    ['DELETE', `/api/calendar-events/${crypto.randomUUID()}`],
    ['POST', `/api/calendar-events/${crypto.randomUUID()}/schedule`],
  ])('%s %s answers 401', async (method, path) => {
    const res = await new TestClient(t.app).request(path, {
      method,
      json: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expectError(res, 401, 'UNAUTHORIZED');
  });
});

describe('POST /api/calendar-events', () => {
  it('creates an event in the signed-in account', async () => {
    // A draft: scheduling needs an account to publish to, which this endpoint cannot choose
    // (docs/decisions/087; the refusal is tested in posts/calendar-adapters.test.ts).
    const res = await a.client.request('/api/calendar-events', {
      json: {
        title: 'Launch day',
        content: 'We open at 9',
        platforms: ['facebook', 'instagram'],
        status: 'draft',
        scheduled_for: inHours(5),
      },
    });
    expect(res.status).toBe(201);
    const event = calendarEventSchema.parse(res.json.data);
    expect(event).toMatchObject({
      user_id: a.userId,
      title: 'Launch day',
      status: 'draft',
      type: 'post',
    });
    expect(res.json.metadata).toEqual({
      processingTime: expect.any(Number),
      timestamp: expect.any(String),
    });
  });

  it('refuses a user_id in the body: the account is the session’s', async () => {
    const res = await a.client.request('/api/calendar-events', {
      json: { title: 'x', user_id: b.userId },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({ user_id: 'Unknown field' });
  });

  it('validates the body field by field', async () => {
    const res = await a.client.request('/api/calendar-events', {
      json: { title: '', platforms: ['myspace'], type: 'tweet', scheduled_for: 'tomorrow' },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(Object.keys(res.json.metadata.fieldErrors).sort()).toEqual([
      'platforms.0',
      'scheduled_for',
      'title',
      'type',
    ]);
    expect(res.json.metadata.fieldErrors.title).toBe('Title is required');
  });

  it('refuses to schedule in the past, on the scheduled_for field', async () => {
    const res = await a.client.request('/api/calendar-events', {
      json: { title: 'Too late', status: 'scheduled', scheduled_for: inHours(-1) },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.error).toBe('Please check your input and try again.');
    expect(res.json.metadata.fieldErrors).toEqual({ scheduled_for: 'Choose a time in the future' });
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

describe('/api/calendar-events/{id}', () => {
  it('reads, changes, schedules and deletes one event', async () => {
    const event = await create(a, { title: 'Draft' });
    const read = await a.client.request(`/api/calendar-events/${event.id}`);
    expect(read.status).toBe(200);
    expect(read.json.data).toEqual(event);

    const patched = await a.client.request(`/api/calendar-events/${event.id}`, {
      method: 'PATCH',
      json: { title: 'Final', content: null },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.data).toMatchObject({ id: event.id, title: 'Final', content: null });
    expect(Date.parse(patched.json.data.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(event.updated_at),
    );

    const when = inHours(4);
    await giveAccount(t, a.userId, event.id);
    const scheduled = await a.client.request(`/api/calendar-events/${event.id}/schedule`, {
      json: { scheduled_for: when },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.data).toMatchObject({ status: 'scheduled', scheduled_for: when });

    const deleted = await a.client.request(`/api/calendar-events/${event.id}`, {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json.data).toEqual({ id: event.id });
    expectError(await a.client.request(`/api/calendar-events/${event.id}`), 404, 'NOT_FOUND');
  });

  it('validates ids and bodies', async () => {
    expectError(await a.client.request('/api/calendar-events/not-a-uuid'), 400, 'VALIDATION_ERROR');
    expectError(
      await a.client.request('/api/calendar-events/not-a-uuid', {
        method: 'PATCH',
        json: { title: 'x' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await a.client.request('/api/calendar-events/not-a-uuid', { method: 'DELETE' }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await a.client.request('/api/calendar-events/not-a-uuid/schedule', {
        json: { scheduled_for: inHours(1) },
      }),
      400,
      'VALIDATION_ERROR',
    );
    const event = await create(a, { title: 'Valid' });
    const badPatch = await a.client.request(`/api/calendar-events/${event.id}`, {
      method: 'PATCH',
      json: { status: 'published' },
    });
    expectError(badPatch, 400, 'VALIDATION_ERROR');
    expect(badPatch.json.metadata.fieldErrors.status).toBeDefined();
    const pastSchedule = await a.client.request(`/api/calendar-events/${event.id}/schedule`, {
      json: { scheduled_for: inHours(-1) },
    });
    expectError(pastSchedule, 400, 'VALIDATION_ERROR');
    expect(pastSchedule.json.metadata.fieldErrors).toEqual({
      scheduled_for: 'Choose a time in the future',
    });
    expectError(
      await a.client.request(`/api/calendar-events/${event.id}/schedule`, { json: {} }),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('answers 404 for an id that does not exist', async () => {
    const id = crypto.randomUUID();
    expectError(await a.client.request(`/api/calendar-events/${id}`), 404, 'NOT_FOUND');
    expectError(
      await a.client.request(`/api/calendar-events/${id}`, {
        method: 'PATCH',
        json: { title: 'x' },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await a.client.request(`/api/calendar-events/${id}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await a.client.request(`/api/calendar-events/${id}/schedule`, {
        json: { scheduled_for: inHours(1) },
      }),
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
      await b.client.request(path, { method: 'PATCH', json: { title: 'Mine now' } }),
      await b.client.request(`${path}/schedule`, { json: { scheduled_for: inHours(2) } }),
      await b.client.request(path, { method: 'DELETE' }),
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

describe('plans (seed §6)', () => {
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

    const refused = await owner.client.request('/api/calendar-events', {
      json: { title: 'After' },
    });
    expectError(refused, 403, 'FEATURE_NOT_AVAILABLE');
    expect(refused.json.error).toBe('This feature is currently not available.');
    expectError(
      await owner.client.request(`/api/calendar-events/${existing.id}`, {
        method: 'PATCH',
        json: { title: 'x' },
      }),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    expectError(
      await owner.client.request(`/api/calendar-events/${existing.id}/schedule`, {
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
      (await owner.client.request('/api/calendar-events', { json: { title: 'Upgraded' } })).status,
    ).toBe(201);
  });
});
