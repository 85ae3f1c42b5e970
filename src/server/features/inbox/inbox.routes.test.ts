import { beforeAll, describe, expect, it } from 'vitest';
import type {
  InboxNotification,
  InboxUnread,
  SyncState,
  ThreadDetail,
  ThreadListResponse,
  ThreadSummary,
} from '#shared/contracts/inbox.contract.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { inboxNotifications } from './inbox.tables.ts';
import {
  expectOk,
  inboxOwner,
  seedThread,
  threadRow,
  uid,
  type InboxOwner,
} from './inbox.test-helpers.ts';

// Reading the social monitor and the team's work on threads (docs/decisions/091): the list in
// the platform's order with its filters, counts and pages, a thread with its items, notes and
// post (reading it marks it read), assignment with its notification, status, notes and the
// unread figures; another business sees none of it.

let t: TestApp;
let a: InboxOwner;

beforeAll(async () => {
  t = await getTestApp();
  a = await inboxOwner(t);
});

const list = async (owner: InboxOwner, query = ''): Promise<ThreadListResponse> =>
  expectOk(await owner.user.client.request(`/api/inbox/threads${query}`));

describe('the thread list', () => {
  it('orders threads by the platform time of their newest item, not by arrival', async () => {
    const b = await inboxOwner(t);
    const older = await seedThread(t, b.tenantId, b.ig, {
      items: [{ direction: 'in', text: 'arrived last, written first', minutesAgo: 90 }],
    });
    const newer = await seedThread(t, b.tenantId, b.ig, {
      items: [{ direction: 'in', text: 'written later', minutesAgo: 5 }],
    });
    const first = await seedThread(t, b.tenantId, b.page, {
      items: [{ direction: 'in', text: 'middle', minutesAgo: 30 }],
    });
    const page = await list(b);
    expect(page.threads.map((x) => x.id)).toEqual([newer.threadId, first.threadId, older.threadId]);
    expect(page.threads[0]!.account).toMatchObject({
      connectionId: b.ig.id,
      platform: 'instagram',
    });
    expect(page.counts).toMatchObject({ open: 3, needsReply: 3, unassigned: 3, done: 0 });
    expect(page.nextCursor).toBeNull();
  });

  it('filters by tab, platform, account, unread, needs reply, sentiment, status and search', async () => {
    const b = await inboxOwner(t);
    const unread = await seedThread(t, b.tenantId, b.ig, {
      items: [{ direction: 'in', text: 'Price of 50% off_items?', minutesAgo: 3 }],
      unread: 1,
      sentiment: 'negative',
    });
    const answered = await seedThread(t, b.tenantId, b.page, {
      items: [
        { direction: 'in', text: 'hello', minutesAgo: 10 },
        { direction: 'out', text: 'hi there', minutesAgo: 8 },
      ],
      participant: { name: 'Zoë Quist' },
    });
    const dm = await seedThread(t, b.tenantId, b.ig, {
      kind: 'conversation',
      items: [{ direction: 'in', text: 'a direct message', minutesAgo: 1 }],
    });
    const ids = (r: ThreadListResponse) => r.threads.map((x) => x.id);
    expect(ids(await list(b, '?tab=messages'))).toEqual([dm.threadId]);
    expect(ids(await list(b, '?platform=facebook'))).toEqual([answered.threadId]);
    expect(ids(await list(b, `?connectionId=${b.ig.id}`))).toEqual([unread.threadId]);
    expect(ids(await list(b, '?unread=true'))).toEqual([unread.threadId]);
    // "false" is no filter, not a true string.
    expect(ids(await list(b, '?unread=false'))).toEqual(ids(await list(b)));
    expect(ids(await list(b, '?needsReply=true'))).toEqual([unread.threadId]);
    expect(ids(await list(b, '?sentiment=negative'))).toEqual([unread.threadId]);
    // Wildcards are searched for literally; names and every item's text are searched.
    expect(ids(await list(b, `?q=${encodeURIComponent('50%')}`))).toEqual([unread.threadId]);
    expect(ids(await list(b, `?q=${encodeURIComponent('%')}`))).toEqual([unread.threadId]);
    expect(ids(await list(b, '?q=off_items'))).toEqual([unread.threadId]);
    expect(ids(await list(b, '?q=zo%C3%AB'))).toEqual([answered.threadId]);
    expect(ids(await list(b, '?q=hello'))).toEqual([answered.threadId]);
    await expectOk(
      await b.user.client.request(`/api/inbox/threads/${answered.threadId}/status`, {
        method: 'PUT',
        json: { status: 'done' },
      }),
    );
    expect(ids(await list(b))).toEqual([unread.threadId]);
    expect(ids(await list(b, '?status=done'))).toEqual([answered.threadId]);
    expect((await list(b, '?status=all')).threads).toHaveLength(2);
    expect((await list(b)).counts).toMatchObject({ open: 1, done: 1, unread: 1 });
  });

  it('pages with an opaque cursor and caps each count at 100', async () => {
    const b = await inboxOwner(t);
    for (let i = 0; i < 101; i += 1) {
      await seedThread(t, b.tenantId, b.ig, {
        items: [{ direction: 'in', text: `comment ${i}`, minutesAgo: 200 - i }],
        unread: 1,
      });
    }
    const first = await list(b);
    expect(first.threads).toHaveLength(30);
    expect(first.counts).toEqual({
      open: 100,
      unread: 100,
      needsReply: 100,
      mine: 0,
      unassigned: 100,
      done: 0,
    });
    const seen = new Set(first.threads.map((x) => x.id));
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await list(b, `?cursor=${encodeURIComponent(cursor)}`);
      for (const x of next.threads) {
        expect(seen.has(x.id)).toBe(false);
        seen.add(x.id);
      }
      cursor = next.nextCursor;
    }
    expect(seen.size).toBe(101);
    expect(first.threads[0]!.preview).toBe('comment 100');
  });
});

describe('a thread', () => {
  it('has its items in platform order, its post, and reading it marks it read', async () => {
    const media = uid('media');
    const eventId = crypto.randomUUID();
    const db = t.runtime.deps.database.unsafeDb;
    await db.insert(calendarEvents).values({
      id: eventId,
      userId: a.tenantId,
      title: 'Autumn menu',
      content: 'Our autumn menu is here',
      platforms: ['instagram'],
      status: 'published',
    });
    await db.insert(platformPosts).values({
      userId: a.tenantId,
      calendarEventId: eventId,
      platform: 'instagram',
      status: 'published',
      externalId: media,
      permalink: 'https://www.instagram.com/p/abc/',
      connectionId: a.ig.id,
    });
    const seeded = await seedThread(t, a.tenantId, a.ig, {
      postExternalId: media,
      items: [
        { direction: 'in', text: 'second written, stored first', minutesAgo: 5 },
        { direction: 'in', text: 'first written', minutesAgo: 20, parentExternalId: null },
      ],
      unread: 2,
    });
    const detail: ThreadDetail = await expectOk(
      await a.user.client.request(`/api/inbox/threads/${seeded.threadId}`),
    );
    expect(detail.items.map((i) => i.text)).toEqual([
      'first written',
      'second written, stored first',
    ]);
    expect(detail.post).toMatchObject({
      externalId: media,
      caption: 'Our autumn menu is here',
      permalink: 'https://www.instagram.com/p/abc/',
      calendarEventId: eventId,
    });
    expect(detail.replyWindowEndsAt).toBeNull();
    expect(detail.unreadCount).toBe(0);
    expect((await threadRow(t, seeded.threadId)).unreadCount).toBe(0);
  });

  it('of a conversation says until when a message may be sent', async () => {
    const seeded = await seedThread(t, a.tenantId, a.ig, {
      kind: 'conversation',
      items: [{ direction: 'in', text: 'hi', minutesAgo: 60 }],
    });
    const detail: ThreadDetail = await expectOk(
      await a.user.client.request(`/api/inbox/threads/${seeded.threadId}`),
    );
    const ends = Date.parse(detail.replyWindowEndsAt!);
    expect(Math.abs(ends - (Date.now() - 60 * 60_000 + 24 * 3_600_000))).toBeLessThan(60_000);
    expect(detail.humanAgentTag).toBe(false);
    expect(detail.post).toBeNull();
  });

  it('of another business is not found, to read or to change', async () => {
    const other = await inboxOwner(t);
    const seeded = await seedThread(t, other.tenantId, other.ig, {
      items: [{ direction: 'in', text: 'private', minutesAgo: 1 }],
    });
    const path = `/api/inbox/threads/${seeded.threadId}`;
    expectError(await a.user.client.request(path), 404, 'NOT_FOUND');
    for (const res of [
      await a.user.client.request(`${path}/read`, { method: 'POST' }),
      await a.user.client.request(`${path}/status`, { method: 'PUT', json: { status: 'done' } }),
      await a.user.client.request(`${path}/assignee`, { method: 'PUT', json: { userId: null } }),
      await a.user.client.request(`${path}/notes`, { json: { body: 'sneaky' } }),
    ]) {
      expectError(res, 404, 'NOT_FOUND');
    }
    expect((await list(a, '?status=all')).threads.map((x) => x.id)).not.toContain(seeded.threadId);
  });
});

describe('teamwork', () => {
  it('assigns to a member, who is told; not to a stranger or a viewer', async () => {
    const b = await inboxOwner(t);
    const staff = await addMember(t, b.user, 'staff');
    const viewer = await addMember(t, b.user, 'viewer');
    const seeded = await seedThread(t, b.tenantId, b.ig, {
      items: [{ direction: 'in', text: 'who takes this?', minutesAgo: 1 }],
      participant: { name: 'Ada Lovelace' },
    });
    const path = `/api/inbox/threads/${seeded.threadId}/assignee`;
    const assigned: ThreadSummary = await expectOk(
      await b.user.client.request(path, { method: 'PUT', json: { userId: staff.userId } }),
    );
    expect(assigned.assignedTo?.userId).toBe(staff.userId);
    const unread: InboxUnread = await expectOk(await staff.client.request('/api/inbox/unread'));
    expect(unread.notifications).toBe(1);
    const notes: InboxNotification[] = await expectOk(
      await staff.client.request('/api/inbox/notifications'),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ threadId: seeded.threadId, readAt: null });
    expect(notes[0]!.body).toContain('Ada Lovelace');
    const mine = await list({ ...b, user: staff }, '?assignee=me');
    expect(mine.threads.map((x) => x.id)).toEqual([seeded.threadId]);
    expect(mine.counts.mine).toBe(1);
    await expectOk(await staff.client.request('/api/inbox/notifications/read', { method: 'POST' }));
    expect(
      ((await expectOk(await staff.client.request('/api/inbox/unread'))) as InboxUnread)
        .notifications,
    ).toBe(0);
    const stranger = await inboxOwner(t);
    expectError(
      await b.user.client.request(path, { method: 'PUT', json: { userId: stranger.tenantId } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await b.user.client.request(path, { method: 'PUT', json: { userId: viewer.userId } }),
      400,
      'VALIDATION_ERROR',
    );
    // A viewer reads but does not assign.
    expectError(
      await viewer.client.request(path, { method: 'PUT', json: { userId: null } }),
      403,
      'FORBIDDEN',
    );
    const rows = await t.runtime.deps.database.unsafeDb.select().from(inboxNotifications);
    expect(rows.filter((r) => r.threadId === seeded.threadId)).toHaveLength(1);
  });

  it('writes notes, marks read, and counts what waits for the sidebar and the home page', async () => {
    const b = await inboxOwner(t);
    const comment = await seedThread(t, b.tenantId, b.ig, {
      items: [{ direction: 'in', text: 'q', minutesAgo: 3 }],
      unread: 2,
    });
    await seedThread(t, b.tenantId, b.page, {
      kind: 'conversation',
      items: [{ direction: 'in', text: 'dm', minutesAgo: 2 }],
      unread: 1,
    });
    await seedThread(t, b.tenantId, b.page, {
      items: [
        { direction: 'in', text: 'q', minutesAgo: 3 },
        { direction: 'out', text: 'a', minutesAgo: 2 },
      ],
    });
    const before: InboxUnread = await expectOk(await b.user.client.request('/api/inbox/unread'));
    expect(before).toEqual({ comments: 1, messages: 1, waitingForReply: 2, notifications: 0 });
    const note: { body: string; author: { userId: string } } = await expectOk(
      await b.user.client.request(`/api/inbox/threads/${comment.threadId}/notes`, {
        json: { body: '  Call them back  ' },
      }),
      201,
    );
    expect(note).toMatchObject({ body: 'Call them back', author: { userId: b.tenantId } });
    const read: ThreadSummary = await expectOk(
      await b.user.client.request(`/api/inbox/threads/${comment.threadId}/read`, {
        method: 'POST',
      }),
    );
    expect(read.unreadCount).toBe(0);
    const detail: ThreadDetail = await expectOk(
      await b.user.client.request(`/api/inbox/threads/${comment.threadId}`),
    );
    expect(detail.notes.map((n) => n.body)).toEqual(['Call them back']);
    const after: InboxUnread = await expectOk(await b.user.client.request('/api/inbox/unread'));
    expect(after.comments).toBe(0);
  });

  it('lets a viewer read but not write', async () => {
    const viewer = await addMember(t, a.user, 'viewer');
    const seeded = await seedThread(t, a.tenantId, a.ig, {
      items: [{ direction: 'in', text: 'read me', minutesAgo: 1 }],
      unread: 1,
    });
    const detail: ThreadDetail = await expectOk(
      await viewer.client.request(`/api/inbox/threads/${seeded.threadId}`),
    );
    expect(detail.items).toHaveLength(1);
    for (const res of [
      await viewer.client.request(`/api/inbox/threads/${seeded.threadId}/notes`, {
        json: { body: 'x' },
      }),
      await viewer.client.request(`/api/inbox/threads/${seeded.threadId}/notes`, {
        json: { body: '' },
      }),
      await viewer.client.request(`/api/inbox/threads/${seeded.threadId}/status`, {
        method: 'PUT',
        json: { status: 'done' },
      }),
    ]) {
      expectError(res, 403, 'FORBIDDEN');
    }
  });
});

describe('sync', () => {
  it('shows every account and syncs now on request; not a viewer, not another business', async () => {
    const b = await inboxOwner(t);
    const states: SyncState[] = await expectOk(await b.user.client.request('/api/inbox/sync'));
    expect(states.map((s) => s.connectionId).sort()).toEqual([b.ig.id, b.page.id].sort());
    const asked: SyncState[] = await expectOk(
      await b.user.client.request('/api/inbox/sync', { json: { connectionId: b.ig.id } }),
    );
    expect(asked.find((s) => s.connectionId === b.ig.id)?.syncing).toBe(true);
    expectError(
      await b.user.client.request('/api/inbox/sync', { json: { connectionId: a.ig.id } }),
      404,
      'NOT_FOUND',
    );
    const viewer = await addMember(t, b.user, 'viewer');
    expectError(await viewer.client.request('/api/inbox/sync', { json: {} }), 403, 'FORBIDDEN');
  });
});
