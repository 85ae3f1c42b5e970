import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { calendarFeedSchema } from '#shared/contracts/calendar.contract.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import {
  createDraft,
  readPost,
  savePostRequest,
  scheduleWithAccount,
} from '../posts/posts.test-helpers.ts';
import { FEED_RATE_LIMIT } from './calendar-feed.service.ts';

let t: TestApp;
let a: SignedInUser;
let b: SignedInUser;
beforeAll(async () => {
  t = await getTestApp();
  [a, b] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
});

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const anonymous = () => new TestClient(t.app);

/** A draft without accounts (POST /api/posts), as the calendar's quick dialog saves one. */
const create = (user: SignedInUser, post: Record<string, unknown>) => createDraft(user, post);

async function newLink(user: SignedInUser): Promise<string> {
  const res = await user.client.request('/api/calendar-events/feed', { method: 'POST' });
  expect(res.status, res.text).toBe(201);
  const feed = calendarFeedSchema.parse(res.json.data);
  expect(feed.active).toBe(true);
  expect(feed.url).toMatch(
    new RegExp(`/api/calendar-feeds/${user.userId}/${user.userId}/[A-Za-z0-9_-]{43}\\.ics$`),
  );
  return new URL(feed.url!).pathname;
}

/** The feed's lines with folding undone. */
const unfolded = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('signed-out visitors', () => {
  it.each(['GET', 'POST', 'DELETE'])('%s /api/calendar-events/feed answers 401', async (method) => {
    const res = await anonymous().request('/api/calendar-events/feed', { method });
    expect(res.status).toBe(401);
  });
});

describe('the private calendar feed', () => {
  it('is off until a link is made; the link is shown once, the status never shows it', async () => {
    const user = await createSignedInUser(t);
    const before = await user.client.request('/api/calendar-events/feed');
    expect(before.json.data).toEqual({ active: false, created_at: null, url: null });
    await newLink(user);
    const after = await user.client.request('/api/calendar-events/feed');
    expect(after.json.data).toMatchObject({ active: true, url: null });
    expect(after.json.data.created_at).toEqual(expect.any(String));
  });

  it('serves the dated events as iCalendar without a session', async () => {
    const planned = await create(a, {
      title: 'Spring menu, launch; day',
      content: 'Fresh bread\nand coffee',
      platforms: ['instagram', 'facebook'],
      scheduled_for: inHours(30),
    });
    // Scheduled once it has an account to publish to (docs/decisions/087).
    const scheduled = await scheduleWithAccount(t, a, planned.id, inHours(30));
    const note = await create(a, { title: 'Team photo', type: 'note', scheduled_for: inHours(5) });
    const draft = await create(a, { title: 'Unfinished idea', scheduled_for: inHours(8) });
    const path = await newLink(a);

    const res = await anonymous().request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of res.text.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    const lines = unfolded(res.text);
    const start = new Date(scheduled.scheduled_for!).toISOString().replace(/[-:]|\.\d{3}/g, '');
    expect(lines).toEqual(
      expect.arrayContaining([
        `UID:${scheduled.id}@localhost`,
        `DTSTART:${start}`,
        'SUMMARY:Spring menu\\, launch\\; day',
        'STATUS:CONFIRMED',
        `UID:${note.id}@localhost`,
        'SUMMARY:Note: Team photo',
        'STATUS:TENTATIVE',
      ]),
    );
    expect(lines.some((l) => l.startsWith('DESCRIPTION:Fresh bread\\nand coffee'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('DTSTAMP:')).length).toBe(2);
    // A draft post is work in progress, not a date anyone should plan around.
    expect(res.text).not.toContain(draft.id);
    // The same event keeps its UID on every poll.
    const again = await anonymous().request(path);
    expect(unfolded(again.text)).toContain(`UID:${scheduled.id}@localhost`);
  });

  it('answers 404 once the link is replaced or turned off, and for a wrong secret', async () => {
    const user = await createSignedInUser(t);
    const first = await newLink(user);
    expect((await anonymous().request(first)).status).toBe(200);

    const second = await newLink(user);
    expect(second).not.toBe(first);
    const old = await anonymous().request(first);
    expect(old.status).toBe(404);
    expect(old.json.metadata.errorCode).toBe('NOT_FOUND');
    expect((await anonymous().request(second)).status).toBe(200);

    const tampered = second.replace(/[A-Za-z0-9_-](?=\.ics$)/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await anonymous().request(tampered)).status).toBe(404);
    expect((await anonymous().request(second.replace('.ics', '.txt'))).status).toBe(404);

    const off = await user.client.request('/api/calendar-events/feed', { method: 'DELETE' });
    expect(off.status).toBe(200);
    expect(off.json.data.active).toBe(false);
    expect((await anonymous().request(second)).status).toBe(404);
  });

  it("never shows one account's events under another's link", async () => {
    const secretEvent = await scheduleWithAccount(
      t,
      b,
      (await create(b, { title: 'B only', scheduled_for: inHours(3) })).id,
      inHours(3),
    );
    const pathA = await newLink(a);
    const secretA = pathA.split('/').pop()!;
    // A's secret with B's ids: the hash is looked up in B's rows and does not match.
    await newLink(b);
    const forged = `/api/calendar-feeds/${b.userId}/${b.userId}/${secretA}`;
    expect((await anonymous().request(forged)).status).toBe(404);
    // A's ids with B as the person: B is not a member of A's business.
    const crossed = `/api/calendar-feeds/${a.userId}/${b.userId}/${secretA}`;
    expect((await anonymous().request(crossed)).status).toBe(404);
    const own = await anonymous().request(pathA);
    expect(own.text).not.toContain(secretEvent.id);
  });

  it('answers 404 for malformed links', async () => {
    for (const path of [
      '/api/calendar-feeds/not-a-uuid/also-not/abc.ics',
      `/api/calendar-feeds/${a.userId}/${a.userId}/short.ics`,
    ]) {
      expect((await anonymous().request(path)).status).toBe(404);
    }
  });

  it('is rate limited per link', async () => {
    const user = await createSignedInUser(t);
    const path = await newLink(user);
    await t.runtime.deps.database.unsafeDb.execute(
      sql`insert into system.rate_limits (key, window_start, hits)
          values (${`${FEED_RATE_LIMIT.name}:${user.userId}:${user.userId}`},
                  ${new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString()},
                  ${FEED_RATE_LIMIT.limit})`,
    );
    const res = await anonymous().request(path);
    expect(res.status).toBe(429);
    expect(res.json.metadata.errorCode).toBe('RATE_LIMIT_EXCEEDED');
  });
});

describe('calendar event lifecycle rules', () => {
  it('refuses to schedule a note', async () => {
    const post = { title: 'Note', type: 'note', scheduled_for: inHours(4) };
    const res = await savePostRequest(a, { post, intent: 'schedule' });
    expect(res.status).toBe(400);
    expect(res.json.metadata.errorCode).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.json)).toContain('A note is never published');
    const note = await create(a, post);
    const schedule = await savePostRequest(
      a,
      { post: { ...post, scheduled_for: inHours(6) }, intent: 'schedule' },
      note.id,
    );
    expect(schedule.status).toBe(400);
    // Moving a note is fine, and so is cancelling it.
    const move = await a.client.request(`/api/posts/${note.id}/schedule`, {
      method: 'PATCH',
      json: { scheduled_for: inHours(7) },
    });
    expect(move.status).toBe(200);
    const cancelled = await savePostRequest(a, { post, intent: 'cancel' }, note.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json.data).toMatchObject({ type: 'note', status: 'cancelled' });
  });

  it('refuses to change a published post, but lets it be deleted', async () => {
    const event = await create(a, { title: 'Out already', scheduled_for: inHours(2) });
    await t.runtime.deps.database.unsafeDb.execute(
      sql`update public.calendar_events set status = 'published' where id = ${event.id}`,
    );
    t.runtime.deps.cache.invalidateTenant(a.userId);
    const patch = await a.client.request(`/api/posts/${event.id}/schedule`, {
      method: 'PATCH',
      json: { scheduled_for: inHours(9) },
    });
    expect(patch.status).toBe(409);
    expect(patch.json.metadata.errorCode).toBe('WORKFLOW_STATE_INVALID');
    const del = await a.client.request(`/api/posts/${event.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
  });
});

describe('GET /api/posts/{id}: the deliveries the calendar shows', () => {
  it("shows each platform's delivery and the reason it failed; another account's id is 404", async () => {
    const event = await create(a, {
      title: 'Did not go out',
      platforms: ['instagram', 'facebook'],
      scheduled_for: inHours(2),
    });
    await t.runtime.deps.database.unsafeDb.execute(
      sql`insert into public.platform_posts (user_id, calendar_event_id, platform, status, attempts, last_error)
          values (${a.userId}, ${event.id}, 'instagram', 'failed', 3, 'Instagram needs an image or a video'),
                 (${a.userId}, ${event.id}, 'facebook', 'published', 1, null)`,
    );
    const post = await readPost(a, event.id);
    const byPlatform = [...post.deliveries].sort((x, y) => x.platform.localeCompare(y.platform));
    expect(byPlatform).toMatchObject([
      { platform: 'facebook', status: 'published', last_error: null },
      {
        platform: 'instagram',
        status: 'failed',
        attempts: 3,
        last_error: 'Instagram needs an image or a video',
      },
    ]);
    const other = await b.client.request(`/api/posts/${event.id}`);
    expect(other.status).toBe(404);
  });
});
