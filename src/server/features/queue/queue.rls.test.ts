import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '#server/platform/db/tenant.ts';
import { createSignedInUser, getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { postingQueues, postingSlots, queuedPosts } from './queue.tables.ts';
import {
  accountQueue,
  addRequest,
  daily,
  queueBusiness,
  queuePost,
  readQueue,
  setSlots,
  type QueueBusiness,
} from './queue.test-helpers.ts';

// Another business can neither see nor change a business's queue: its posting times, its paused
// state and which posts it placed (docs/decisions/004, 077). The routes answer 404 for another
// business's account (row-level security hides it), and the database itself refuses the rows —
// in the other business's name by its policies, in its own name naming this business's account
// or post by the (id, user_id) keys.

let t: TestApp;
let a: QueueBusiness;
let b: QueueBusiness;
let queuedId: string;

beforeAll(async () => {
  t = await getTestApp();
  a = await queueBusiness(t, await createSignedInUser(t));
  b = await queueBusiness(t, await createSignedInUser(t));
  await setSlots(a.user, a.page.id, daily('08:00', '16:00'));
  queuedId = (await queuePost(a, 'A only'))[0]!.post.id;
});

const scopeB = () => ({ userId: b.user.userId, tenantId: b.user.userId });

describe('another business', () => {
  it('does not see the queue, nor change it through any route', async () => {
    const before = await accountQueue(a.user, a.page.id);
    const seen = await readQueue(b.user);
    expect(seen.accounts.map((x) => x.connection_id)).not.toContain(a.page.id);
    const path = `/api/queue/accounts/${a.page.id}`;
    for (const res of [
      await b.user.client.request(`${path}/slots`, {
        method: 'PUT',
        json: { slots: daily('03:00') },
      }),
      await b.user.client.request(`${path}/order`, { json: { post_ids: [queuedId] } }),
      await b.user.client.request(`${path}/shuffle`, { method: 'POST' }),
      await b.user.client.request(`${path}/posts/${queuedId}/top`, { method: 'POST' }),
      await b.user.client.request(`${path}/posts/${queuedId}`, { method: 'DELETE' }),
      await b.user.client.request(`${path}/pause`, { method: 'POST' }),
      await b.user.client.request(`${path}/resume`, { method: 'POST' }),
    ]) {
      expectError(res, 404, 'NOT_FOUND');
    }
    // Nor queue a post of its own for that account, nor take over this business's post.
    const add = await addRequest(b.user, {
      post: { title: 'Borrowed' },
      targets: [{ connection_id: a.page.id, format: 'post', media_ids: [b.photo] }],
    });
    expectError(add, 400, 'VALIDATION_ERROR');
    const takeOver = await addRequest(b.user, {
      post_id: queuedId,
      post: { title: 'Mine now' },
      targets: [{ connection_id: b.page.id, format: 'post', media_ids: [b.photo] }],
    });
    expectError(takeOver, 404, 'NOT_FOUND');
    expect(await accountQueue(a.user, a.page.id)).toEqual(before);
  });

  it('reads no row of the queue and changes none', async () => {
    await withTenant(t.runtime.deps.database, scopeB(), async (tx) => {
      expect(
        await tx.select().from(postingQueues).where(eq(postingQueues.connectionId, a.page.id)),
      ).toEqual([]);
      expect(
        await tx.select().from(postingSlots).where(eq(postingSlots.connectionId, a.page.id)),
      ).toEqual([]);
      expect(
        await tx.select().from(queuedPosts).where(eq(queuedPosts.calendarEventId, queuedId)),
      ).toEqual([]);
      expect(
        await tx
          .update(postingQueues)
          .set({ pausedAt: new Date() })
          .where(eq(postingQueues.connectionId, a.page.id))
          .returning(),
      ).toEqual([]);
      expect(
        await tx.delete(postingSlots).where(eq(postingSlots.connectionId, a.page.id)).returning(),
      ).toEqual([]);
      expect(
        await tx.delete(queuedPosts).where(eq(queuedPosts.calendarEventId, queuedId)).returning(),
      ).toEqual([]);
    });
    const q = await accountQueue(a.user, a.page.id);
    expect(q.paused).toBe(false);
    expect(q.slots).toEqual(daily('08:00', '16:00').sort((x, y) => x.weekday - y.weekday));
    expect(q.posts.map((p) => p.post.id)).toEqual([queuedId]);
  });

  it('cannot write rows in this business’s name, nor name its account or post in its own', async () => {
    const database = t.runtime.deps.database;
    const attempts = [
      // In A's name: the policies refuse them.
      (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
        tx.insert(postingSlots).values({
          userId: a.user.userId,
          connectionId: a.page.id,
          weekday: 1,
          minuteOfDay: 180,
        }),
      (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
        tx.insert(postingQueues).values({ userId: a.user.userId, connectionId: a.instagram.id }),
      // In B's own name, naming A's account or post: the (id, user_id) keys refuse them.
      (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
        tx.insert(postingQueues).values({ userId: b.user.userId, connectionId: a.instagram.id }),
      (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
        tx.insert(queuedPosts).values({
          userId: b.user.userId,
          calendarEventId: queuedId,
          connectionId: b.page.id,
          slotAt: new Date(),
        }),
      (tx: Parameters<Parameters<typeof withTenant>[2]>[0]) =>
        tx.insert(queuedPosts).values({
          userId: b.user.userId,
          calendarEventId: queuedId,
          connectionId: a.page.id,
          slotAt: new Date(),
        }),
    ];
    for (const attempt of attempts) {
      await expect(withTenant(database, scopeB(), attempt)).rejects.toThrow();
    }
    const q = await accountQueue(a.user, a.instagram.id);
    expect(q.slots_source).toBe('default');
  });
});
