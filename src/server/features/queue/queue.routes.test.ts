import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postSchema } from '#shared/contracts/posts.contract.ts';
import { createSignedInUser, getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { publishJobsSentDuring, readPost } from '../posts/posts.test-helpers.ts';
import {
  accountQueue,
  addRequest,
  daily,
  queueBusiness,
  queuePost,
  readQueue,
  setSlots,
  simConfig,
  type QueueBusiness,
} from './queue.test-helpers.ts';

// "Add to queue" and the next free posting time (docs/decisions/077): from the business's posting
// hours in its time zone, or the defaults; one post per account, each saved through the one
// save as a scheduled post (docs/decisions/087); a time another post holds is skipped, and so is
// one that Instagram's 24-hour quota would refuse; an account that could not publish the post
// refuses the whole add, and nothing is queued.

let t: TestApp;
const restore: Array<() => void> = [];

beforeAll(async () => {
  t = await getTestApp();
});

afterEach(() => {
  while (restore.length > 0) restore.pop()!();
});

const db = () => t.runtime.deps.database.unsafeDb;

/** "HH:MM" of an instant on the clocks of a zone. */
function wallClock(at: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}

async function business(): Promise<QueueBusiness> {
  return queueBusiness(t, await createSignedInUser(t));
}

describe('posting times', () => {
  it('are 09:00, 12:30 and 18:00 every day until the business has posting hours', async () => {
    const b = await business();
    const queue = await readQueue(b.user);
    expect(queue.time_zone).toBe('UTC');
    expect(queue.accounts.map((a) => a.connection_id)).toEqual(
      expect.arrayContaining([b.page.id, b.instagram.id]),
    );
    const page = queue.accounts.find((a) => a.connection_id === b.page.id)!;
    expect(page.slots_source).toBe('default');
    expect(page.slots).toHaveLength(21);
    expect(page.posts).toEqual([]);
    expect(page.timeline.length).toBeGreaterThanOrEqual(3);
    expect(page.timeline.every((e) => e.kind === 'empty')).toBe(true);
    expect(['09:00', '12:30', '18:00']).toContain(wallClock(page.next_slot_at!, 'UTC'));
  });

  it('follow the posting hours in the business time zone, and a post goes in the next one', async () => {
    const b = await business();
    const hours = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '10:15', end: '11:00' }));
    const profile = await b.user.client.request('/api/business-profile', {
      method: 'PATCH',
      json: { time_zone: 'America/New_York', posting_hours: hours },
    });
    expect(profile.status, profile.text).toBe(200);
    const before = await accountQueue(b.user, b.page.id);
    expect(before.slots_source).toBe('posting_hours');
    expect(before.slots).toEqual(hours.map((h) => ({ weekday: h.day, time: '10:15' })));
    expect(wallClock(before.next_slot_at!, 'America/New_York')).toBe('10:15');

    const jobs = await publishJobsSentDuring(t, async () => {
      const [queued] = await queuePost(b, 'Cinnamon buns');
      expect(queued!.slot_at).toBe(before.next_slot_at);
      expect(queued!.post.status).toBe('scheduled');
      expect(queued!.post.scheduled_for).toBe(queued!.slot_at);
      expect(queued!.post.deliveries.map((d) => [d.status, d.scheduled_for])).toEqual([
        ['scheduled', queued!.slot_at],
      ]);
    });
    expect(jobs.map((j) => j.at?.toISOString())).toEqual([before.next_slot_at]);

    // Its queue now has times of its own, kept when the posting hours change.
    const after = await accountQueue(b.user, b.page.id);
    expect(after.slots_source).toBe('account');
    expect(after.posts.map((p) => p.post.title)).toEqual(['Cinnamon buns']);
    expect(after.timeline[0]).toMatchObject({ kind: 'queued', at: before.next_slot_at });
  });

  it('refuse more in 24 hours than Instagram lets the account publish', async () => {
    const b = await business();
    const config = simConfig(t);
    const total = config.quotaTotal;
    restore.push(() => (config.quotaTotal = total));
    config.quotaTotal = 2;
    const res = await b.user.client.request(`/api/queue/accounts/${b.instagram.id}/slots`, {
      method: 'PUT',
      json: { slots: daily('09:00', '12:30', '18:00') },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({
      slots:
        'Instagram lets this account publish 2 posts in 24 hours; these times put 3 in one day',
    });
    expect((await accountQueue(b.user, b.instagram.id)).slots_source).toBe('default');
    // The Page has no such limit.
    const page = await setSlots(b.user, b.page.id, daily('09:00', '12:30', '18:00'));
    expect(page.slots_source).toBe('account');
  });

  it('refuses a time twice, too many a day and a malformed one, field by field', async () => {
    const b = await business();
    const res = await b.user.client.request(`/api/queue/accounts/${b.page.id}/slots`, {
      method: 'PUT',
      json: {
        slots: [
          { weekday: 1, time: '09:00' },
          { weekday: 1, time: '09:00' },
          { weekday: 7, time: '25:00' },
        ],
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({
      'slots.1.time': 'This time is already there',
      'slots.2.weekday': 'Choose a day',
      'slots.2.time': 'Use HH:MM',
    });
  });
});

describe('add to queue', () => {
  it('puts posts in consecutive free times, one post per account', async () => {
    const b = await business();
    await setSlots(b.user, b.page.id, daily('09:00', '18:00'));
    await setSlots(b.user, b.instagram.id, daily('11:00'));
    const page = await accountQueue(b.user, b.page.id);
    const [first] = await queuePost(b, 'Sourdough');
    const both = await queuePost(b, 'Croissants', [b.page, b.instagram]);
    expect(first!.slot_at).toBe(page.timeline[0]!.at);
    expect(both.map((q) => [q.connection_id, q.slot_at])).toEqual([
      [b.page.id, page.timeline[1]!.at],
      [b.instagram.id, (await accountQueue(b.user, b.instagram.id)).posts[0]!.slot_at],
    ]);
    // Two posts, each to one account, not one post to two.
    expect(both[0]!.post.id).not.toBe(both[1]!.post.id);
    expect(both.map((q) => q.post.deliveries.map((d) => d.connection_id))).toEqual([
      [b.page.id],
      [b.instagram.id],
    ]);
    expect(wallClock(both[1]!.slot_at, 'UTC')).toBe('11:00');
    const after = await accountQueue(b.user, b.page.id);
    expect(after.posts.map((p) => p.post.title)).toEqual(['Sourdough', 'Croissants']);
    expect(after.timeline.slice(0, 3).map((e) => e.kind)).toEqual(['queued', 'queued', 'empty']);
  });

  it('skips a time another post of the account holds, and shows it taken', async () => {
    const b = await business();
    await setSlots(b.user, b.page.id, daily('09:00', '18:00'));
    const next = (await accountQueue(b.user, b.page.id)).next_slot_at!;
    const manual = await b.user.client.request('/api/posts', {
      json: {
        post: { title: 'Planned by hand', content: 'x', scheduled_for: next },
        targets: [{ connection_id: b.page.id, format: 'post', media_ids: [b.photo] }],
        intent: 'schedule',
      },
    });
    expect(manual.status, manual.text).toBe(201);
    const [queued] = await queuePost(b, 'Rye loaf');
    expect(queued!.slot_at > next).toBe(true);
    const q = await accountQueue(b.user, b.page.id);
    expect(q.timeline[0]).toMatchObject({ at: next, kind: 'taken', title: 'Planned by hand' });
    expect(q.timeline[1]).toMatchObject({ at: queued!.slot_at, kind: 'queued' });
    expect(q.posts.map((p) => p.post.title)).toEqual(['Rye loaf']);
  });

  it('skips the times Instagram’s 24-hour quota would refuse', async () => {
    const b = await business();
    await setSlots(b.user, b.instagram.id, daily('09:00', '18:00'));
    const config = simConfig(t);
    const total = config.quotaTotal;
    restore.push(() => (config.quotaTotal = total));
    config.quotaTotal = 1;
    const [first] = await queuePost(b, 'Macarons', [b.instagram]);
    const [second] = await queuePost(b, 'Eclairs', [b.instagram]);
    // One a day: the next free time a full day after the first.
    expect(Date.parse(second!.slot_at) - Date.parse(first!.slot_at)).toBe(86_400_000);
  });

  it('refuses as scheduling does when one account could not publish the post: nothing queued', async () => {
    const b = await business();
    const before = await db()
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, b.user.userId));
    const res = await addRequest(b.user, {
      post: { title: 'Text only', content: 'Fresh today' },
      targets: [
        { connection_id: b.page.id, format: 'post', media_ids: [] },
        { connection_id: b.instagram.id, format: 'post', media_ids: [] },
      ],
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.error).toBe('Failed to schedule content');
    expect(Object.keys(res.json.metadata.fieldErrors as object)).toEqual([
      expect.stringMatching(/^targets\.1\./),
    ]);
    const after = await db()
      .select()
      .from(calendarEvents)
      .where(eq(calendarEvents.userId, b.user.userId));
    expect(after).toHaveLength(before.length);
    const queue = await readQueue(b.user);
    expect(queue.accounts.every((a) => a.posts.length === 0)).toBe(true);
  });

  it('refuses no account, an account twice, another’s account and a body that does not parse', async () => {
    const b = await business();
    const none = await addRequest(b.user, { post: { title: 'x' }, targets: [] });
    expectError(none, 400, 'VALIDATION_ERROR');
    expect(none.json.metadata.fieldErrors).toEqual({
      targets: 'Choose at least one account to publish to',
    });
    const target = { connection_id: b.page.id, format: 'post', media_ids: [b.photo] };
    const twice = await addRequest(b.user, { post: { title: 'x' }, targets: [target, target] });
    expect(twice.json.metadata.fieldErrors).toEqual({
      'targets.1.connection_id': 'This account is chosen twice',
    });
    const stranger = await addRequest(b.user, {
      post: { title: 'x' },
      targets: [{ ...target, connection_id: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(stranger.json.metadata.fieldErrors).toEqual({
      'targets.0.connection_id':
        'This account is not connected. Connect it on the Platforms page first',
    });
    const garbled = await addRequest(b.user, {
      post: { title: '', scheduled_for: 'soon' },
      targets: [target],
    });
    expectError(garbled, 400, 'VALIDATION_ERROR');
    expect(garbled.json.error).toBe('Failed to schedule content');
    expect(garbled.json.metadata.fieldErrors).toMatchObject({ title: 'Title is required' });
  });

  it('queues a saved draft as it is, and a note never', async () => {
    const b = await business();
    const draft = await b.user.client.request('/api/posts', {
      json: { post: { title: 'Draft first' }, intent: 'draft' },
    });
    const id = postSchema.parse(draft.json.data).id;
    const res = await addRequest(b.user, {
      post_id: id,
      post: { title: 'Draft first', content: 'Now queued' },
      targets: [{ connection_id: b.page.id, format: 'post', media_ids: [b.photo] }],
    });
    expect(res.status, res.text).toBe(201);
    const post = await readPost(b.user, id);
    expect(post.status).toBe('scheduled');
    expect(post.content).toBe('Now queued');
    expect((await accountQueue(b.user, b.page.id)).posts.map((p) => p.post.id)).toEqual([id]);

    const note = await addRequest(b.user, {
      post: { title: 'Remember flour', type: 'note' },
      targets: [{ connection_id: b.page.id, format: 'post', media_ids: [] }],
    });
    expectError(note, 400, 'VALIDATION_ERROR');
    const rows = await db()
      .select()
      .from(platformPosts)
      .where(eq(platformPosts.userId, b.user.userId));
    expect(rows).toHaveLength(1);
  });
});
