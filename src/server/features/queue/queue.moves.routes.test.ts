import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountQueueSchema } from '#shared/contracts/queue.contract.ts';
import { createSignedInUser, getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { publishJobsSentDuring, readPost } from '../posts/posts.test-helpers.ts';
import {
  accountQueue,
  changed,
  daily,
  order,
  queueBusiness,
  queuePost,
  setSlots,
  type QueueBusiness,
} from './queue.test-helpers.ts';

// The queue view's moves (docs/decisions/077), each one operation in one transaction through the
// one save (docs/decisions/087): the queue's order and the posts' own times always agree — a new
// order, "Move to top" and "Shuffle" give the same times to the posts in another order; removing
// a post makes it a draft and moves the later ones up; pausing makes the posts drafts in their
// order, resuming schedules them again in the next free times; new posting times place the
// queue again. A move that one post refuses changes nothing.

let t: TestApp;
beforeAll(async () => {
  t = await getTestApp();
});

const base = (b: QueueBusiness, connectionId = b.page.id) => `/api/queue/accounts/${connectionId}`;

/** A business whose Page has three posts queued at two times a day. */
async function withThree() {
  const b = await queueBusiness(t, await createSignedInUser(t));
  await setSlots(b.user, b.page.id, daily('09:00', '18:00'));
  const ids: Record<string, string> = {};
  for (const title of ['A', 'B', 'C']) ids[title] = (await queuePost(b, title))[0]!.post.id;
  const q = await accountQueue(b.user, b.page.id);
  const times = q.posts.map((p) => p.slot_at);
  expect(order(q)).toEqual([
    ['A', times[0]],
    ['B', times[1]],
    ['C', times[2]],
  ]);
  return { b, ids, times };
}

/** Each post's own time and its delivery's agree with the queue. */
async function expectPostsAt(b: QueueBusiness, expected: Array<[string, string]>) {
  const q = await accountQueue(b.user, b.page.id);
  expect(order(q)).toEqual(expected);
  for (const { post } of q.posts) {
    const read = await readPost(b.user, post.id);
    const at = expected.find(([title]) => title === read.title)![1];
    expect(read.scheduled_for).toBe(at);
    expect(read.deliveries.map((d) => [d.status, d.scheduled_for])).toEqual([['scheduled', at]]);
  }
}

describe('reordering', () => {
  it('gives the same times to the posts in the new order, and sends their jobs again', async () => {
    const { b, ids, times } = await withThree();
    const jobs = await publishJobsSentDuring(t, () =>
      changed(b.user, `${base(b)}/order`, { json: { post_ids: [ids.C, ids.A, ids.B] } }),
    );
    await expectPostsAt(b, [
      ['C', times[0]!],
      ['A', times[1]!],
      ['B', times[2]!],
    ]);
    // Every post moved, each with a job at its new time for a new version.
    expect(jobs.map((j) => j.at?.toISOString()).sort()).toEqual([...times].sort());
    expect(jobs.every((j) => j.version === 2)).toBe(true);
  });

  it('moves a post to the top, the ones before it one time later', async () => {
    const { b, ids, times } = await withThree();
    await changed(b.user, `${base(b)}/posts/${ids.C}/top`);
    await expectPostsAt(b, [
      ['C', times[0]!],
      ['A', times[1]!],
      ['B', times[2]!],
    ]);
  });

  it('shuffles the posts over the same times', async () => {
    const { b, times } = await withThree();
    const q = await changed(b.user, `${base(b)}/shuffle`);
    expect(q.posts.map((p) => p.slot_at)).toEqual(times);
    expect(q.posts.map((p) => p.post.title).sort()).toEqual(['A', 'B', 'C']);
    await expectPostsAt(b, order(q) as Array<[string, string]>);
  });

  it('refuses an order that is not the queue as it is now, changing nothing', async () => {
    const { b, ids, times } = await withThree();
    for (const post_ids of [
      [ids.A, ids.B],
      [ids.A, ids.B, ids.B],
      [ids.C, ids.B, ids.A, ids.A],
    ]) {
      const res = await b.user.client.request(`${base(b)}/order`, { json: { post_ids } });
      expectError(res, 409, 'WORKFLOW_STATE_INVALID');
    }
    await expectPostsAt(b, [
      ['A', times[0]!],
      ['B', times[1]!],
      ['C', times[2]!],
    ]);
  });
});

describe('removing a post', () => {
  it('makes it a draft at its time and moves the later ones up a time', async () => {
    const { b, ids, times } = await withThree();
    const q = await changed(b.user, `${base(b)}/posts/${ids.A}`, { method: 'DELETE' });
    expect(order(q)).toEqual([
      ['B', times[0]],
      ['C', times[1]],
    ]);
    expect(q.timeline.slice(0, 3).map((e) => e.kind)).toEqual(['queued', 'queued', 'empty']);
    await expectPostsAt(b, [
      ['B', times[0]!],
      ['C', times[1]!],
    ]);
    const removed = await readPost(b.user, ids.A!);
    expect(removed.status).toBe('draft');
    expect(removed.scheduled_for).toBe(times[0]);
    expect(removed.deliveries.map((d) => d.status)).toEqual(['draft']);
  });

  it('answers 404 for a post that is not in the queue', async () => {
    const { b } = await withThree();
    const res = await b.user.client.request(
      `${base(b)}/posts/00000000-0000-4000-8000-000000000000`,
      { method: 'DELETE' },
    );
    expectError(res, 404, 'NOT_FOUND');
  });
});

describe('pausing and resuming', () => {
  it('takes the posts off the schedule in their order, and places them again on resume', async () => {
    const { b, ids, times } = await withThree();
    const jobs = await publishJobsSentDuring(t, async () => {
      const paused = await changed(b.user, `${base(b)}/pause`);
      expect(paused.paused).toBe(true);
      expect(paused.posts.map((p) => [p.post.title, p.post.status])).toEqual([
        ['A', 'draft'],
        ['B', 'draft'],
        ['C', 'draft'],
      ]);
      expect(paused.timeline).toEqual([]);
    });
    expect(jobs).toEqual([]);
    expect((await readPost(b.user, ids.B!)).deliveries.map((d) => d.status)).toEqual(['draft']);

    // A post added meanwhile waits at the end, as a draft.
    const [added] = await queuePost(b, 'D');
    expect(added!.paused).toBe(true);
    expect(added!.post.status).toBe('draft');
    await changed(b.user, `${base(b)}/posts/${ids.A}/top`);

    const resumed = await changed(b.user, `${base(b)}/resume`);
    expect(resumed.paused).toBe(false);
    expect(resumed.posts.map((p) => [p.post.title, p.post.status])).toEqual([
      ['A', 'scheduled'],
      ['B', 'scheduled'],
      ['C', 'scheduled'],
      ['D', 'scheduled'],
    ]);
    expect(resumed.posts.slice(0, 3).map((p) => p.slot_at)).toEqual(times);
  });

  it('refuses to resume when a post could not be published, and stays paused', async () => {
    const b = await queueBusiness(t, await createSignedInUser(t));
    await queuePost(b, 'Macarons', [b.instagram]);
    await changed(b.user, `${base(b, b.instagram.id)}/pause`);
    // The access to the account ended while the queue was paused.
    await t.runtime.deps.database.unsafeDb
      .update(platformConnections)
      .set({ health: 'expired' })
      .where(eq(platformConnections.id, b.instagram.id));
    const res = await b.user.client.request(`${base(b, b.instagram.id)}/resume`, {
      method: 'POST',
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.error).toBe('Failed to schedule content');
    expect(Object.values(res.json.metadata.fieldErrors as object)).toEqual([
      '“Macarons” on @rosabakery: The access to this account has ended. Reconnect it on the Platforms page',
    ]);
    const q = await accountQueue(b.user, b.instagram.id);
    expect(q.paused).toBe(true);
    expect(q.can_publish).toBe(false);
    expect(q.posts.map((p) => p.post.status)).toEqual(['draft']);
  });
});

describe('new posting times', () => {
  it('place the queue again, in order, in the first free new times', async () => {
    const { b } = await withThree();
    const q = await setSlots(b.user, b.page.id, daily('07:45'));
    expect(q.posts.map((p) => p.post.title)).toEqual(['A', 'B', 'C']);
    const [a, bb, c] = q.posts.map((p) => Date.parse(p.slot_at));
    expect(bb! - a!).toBe(86_400_000);
    expect(c! - bb!).toBe(86_400_000);
    expect(new Date(a!).toISOString().slice(11, 16)).toBe('07:45');
    await expectPostsAt(b, order(q) as Array<[string, string]>);
  });

  it('are refused when the queue would not fit, changing nothing', async () => {
    const { b, times } = await withThree();
    const res = await b.user.client.request(`${base(b)}/slots`, {
      method: 'PUT',
      json: { slots: [] },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({
      slots:
        'There are not enough free posting times for the 3 queued posts in the next 8 weeks. Add posting times to this account',
    });
    await expectPostsAt(b, [
      ['A', times[0]!],
      ['B', times[1]!],
      ['C', times[2]!],
    ]);
  });
});

describe('who may change a queue', () => {
  it('lets a viewer read it but change nothing', async () => {
    const { b, ids } = await withThree();
    const viewer = await addMember(t, b.user, 'viewer');
    const read = await viewer.client.request('/api/queue');
    expect(read.status, read.text).toBe(200);
    for (const [path, method] of [
      [`${base(b)}/shuffle`, 'POST'],
      [`${base(b)}/pause`, 'POST'],
      [`${base(b)}/posts/${ids.A}`, 'DELETE'],
    ] as const) {
      expectError(await viewer.client.request(path, { method }), 403, 'FORBIDDEN');
    }
    const staff = await addMember(t, b.user, 'staff');
    const res = await staff.client.request(`${base(b)}/posts/${ids.C}/top`, { method: 'POST' });
    expect(res.status, res.text).toBe(200);
    expect(accountQueueSchema.parse(res.json.data).posts[0]!.post.title).toBe('C');
  });
});
