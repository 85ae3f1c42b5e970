import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { metaWebhookEvents } from '../platforms/platforms.tables.ts';
import { inboxItems, inboxPendingChanges, inboxSyncStates, inboxThreads } from './inbox.tables.ts';
import { claimPendingItem, onInboxItemsIngested, type IngestedItem } from './ingest.ts';
import {
  connectAccount,
  deliver,
  feed,
  igComment,
  inboxBusiness,
  itemsOf,
  message,
  post,
  read,
  threadsOf,
  uniqueId,
  type InboxBusiness,
} from './ingest.test-helpers.ts';

// Every webhook shape the inbox takes (docs/product/meta-platform.md#webhook-payloads), sent
// signed through /meta/webhooks and processed by the webhook job: exactly one row per comment or
// message however often and in whatever order it comes (docs/decisions/091), changes that come
// before their item, echoes of what we sent and of what was written on the phone.

let t: TestApp;
let b: InboxBusiness;
const heard: IngestedItem[] = [];
let stopListening: () => void;
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);
const at = (s: number) => new Date(T0 + s * 1000);

beforeAll(async () => {
  t = await getTestApp();
  b = await inboxBusiness(t);
  stopListening = onInboxItemsIngested((_deps, tenantId, items) => {
    if (tenantId === b.tenantId) heard.push(...items);
  });
});
afterAll(() => stopListening());

const items = () => itemsOf(t, b.tenantId);
const itemOf = async (externalId: string) =>
  (await items()).filter((i) => i.externalId === externalId);
const threadOf = async (threadId: string) =>
  (await threadsOf(t, b.tenantId)).find((th) => th.id === threadId)!;

describe('Instagram comments', () => {
  it('stores a comment once however often it is delivered, with its thread, sentiment and listeners told', async () => {
    const media = uniqueId('18');
    const id = uniqueId('179');
    const delivery = igComment(b.ig.externalId, {
      id,
      text: 'I love this ❤️',
      from: '9001',
      media,
      at: at(0),
    });
    await deliver(t, delivery);
    await deliver(t, delivery);
    // The same change in another delivery (a retry Meta wraps anew) meets the same row.
    await deliver(t, {
      ...delivery,
      entry: [{ ...delivery.entry[0]!, time: delivery.entry[0]!.time + 5 }],
    });
    const rows = await itemOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      direction: 'in',
      source: 'webhook',
      sentiment: 'positive',
      authorHandle: 'user_9001',
      sentAt: at(0),
    });
    const thread = await threadOf(rows[0]!.threadId);
    expect(thread).toMatchObject({
      kind: 'comment',
      externalKey: id,
      postExternalId: media,
      participantId: '9001',
      unreadCount: 1,
      needsReply: true,
      preview: 'I love this ❤️',
      sentiment: 'positive',
      lastItemAt: at(0),
      lastInboundAt: at(0),
    });
    expect(heard.filter((h) => h.externalId === id)).toHaveLength(1);
  });

  it('puts a reply in its top-level comment thread, even when the reply comes first; our reply answers it', async () => {
    const media = uniqueId('18');
    const top = uniqueId('179');
    const reply = uniqueId('179');
    const ours = uniqueId('179');
    await deliver(
      t,
      igComment(b.ig.externalId, {
        id: reply,
        text: 'me too',
        from: '9003',
        media,
        parent: top,
        at: at(20),
      }),
    );
    await deliver(
      t,
      igComment(b.ig.externalId, {
        id: top,
        text: 'Where is this?',
        from: '9002',
        media,
        at: at(10),
      }),
    );
    await deliver(
      t,
      igComment(b.ig.externalId, {
        id: ours,
        text: 'In Lyon!',
        from: b.ig.externalId,
        media,
        parent: top,
        at: at(30),
      }),
    );
    const all = (await items()).filter((i) => [top, reply, ours].includes(i.externalId));
    expect(new Set(all.map((i) => i.threadId)).size).toBe(1);
    const thread = await threadOf(all[0]!.threadId);
    expect(thread).toMatchObject({
      externalKey: top,
      participantId: '9002',
      needsReply: false,
      preview: 'In Lyon!',
      lastItemAt: at(30),
      lastInboundAt: at(20),
      unreadCount: 2,
    });
    expect(all.find((i) => i.externalId === ours)).toMatchObject({
      direction: 'out',
      origin: 'platform',
    });
  });

  it('takes a mention in a comment, and drops a caption mention (no comment to answer)', async () => {
    const media = uniqueId('18');
    const comment = uniqueId('179');
    const mention = (value: object) => ({
      object: 'instagram',
      entry: [
        {
          id: b.ig.externalId,
          time: Math.floor(T0 / 1000),
          changes: [{ field: 'mentions', value }],
        },
      ],
    });
    await deliver(t, mention({ media_id: media, comment_id: comment }));
    await deliver(t, mention({ media_id: media }));
    expect(await itemOf(comment)).toHaveLength(1);
    expect((await items()).filter((i) => i.externalId === media)).toHaveLength(0);
  });
});

describe('Facebook feed comments', () => {
  it('adds, edits, hides, unhides and removes a comment; an older edit arriving late is ignored', async () => {
    const postId = `${b.page.externalId}_${uniqueId('1')}`;
    const id = `${postId}_${uniqueId('2')}`;
    const base = { id, post: postId, from: '777' };
    await deliver(
      t,
      feed(b.page.externalId, { ...base, verb: 'add', text: 'Nice shop', at: at(0) }),
    );
    await deliver(
      t,
      feed(b.page.externalId, { ...base, verb: 'edited', text: 'Terrible shop', at: at(20) }),
    );
    await deliver(
      t,
      feed(b.page.externalId, { ...base, verb: 'edited', text: 'Nice shop!!', at: at(10) }),
    );
    let [row] = await itemOf(id);
    expect(row).toMatchObject({ text: 'Terrible shop', editedAt: at(20), sentiment: 'negative' });
    expect((await threadOf(row!.threadId)).sentiment).toBe('negative');
    await deliver(t, feed(b.page.externalId, { ...base, verb: 'hide', at: at(30) }));
    [row] = await itemOf(id);
    expect(row).toMatchObject({ hidden: true, hiddenBy: 'platform' });
    expect((await threadOf(row!.threadId)).needsReply).toBe(false);
    await deliver(t, feed(b.page.externalId, { ...base, verb: 'unhide', at: at(40) }));
    await deliver(t, feed(b.page.externalId, { ...base, verb: 'remove', at: at(50) }));
    [row] = await itemOf(id);
    expect(row).toMatchObject({ hidden: false, deletedAt: at(50) });
    const thread = await threadOf(row!.threadId);
    expect(thread).toMatchObject({ needsReply: false, preview: '' });
  });

  it('applies an edit and a removal that came before their comment, in event order', async () => {
    const postId = `${b.page.externalId}_${uniqueId('1')}`;
    const edited = `${postId}_${uniqueId('2')}`;
    const removed = `${postId}_${uniqueId('2')}`;
    await deliver(
      t,
      feed(b.page.externalId, {
        id: edited,
        post: postId,
        verb: 'edited',
        text: 'second',
        at: at(20),
      }),
    );
    await deliver(
      t,
      feed(b.page.externalId, {
        id: edited,
        post: postId,
        verb: 'edited',
        text: 'third',
        at: at(30),
      }),
    );
    await deliver(
      t,
      feed(b.page.externalId, { id: removed, post: postId, verb: 'remove', at: at(25) }),
    );
    const pending = await t.runtime.deps.database.unsafeDb
      .select()
      .from(inboxPendingChanges)
      .where(eq(inboxPendingChanges.userId, b.tenantId));
    expect(pending.filter((p) => [edited, removed].includes(p.externalId))).toHaveLength(3);
    await deliver(
      t,
      feed(b.page.externalId, { id: edited, post: postId, verb: 'add', text: 'first', at: at(0) }),
    );
    await deliver(
      t,
      feed(b.page.externalId, { id: removed, post: postId, verb: 'add', text: 'gone', at: at(1) }),
    );
    expect((await itemOf(edited))[0]).toMatchObject({
      text: 'third',
      editedAt: at(30),
      deletedAt: null,
    });
    expect((await itemOf(removed))[0]).toMatchObject({ deletedAt: at(25) });
    const left = await t.runtime.deps.database.unsafeDb
      .select()
      .from(inboxPendingChanges)
      .where(eq(inboxPendingChanges.userId, b.tenantId));
    expect(left.filter((p) => [edited, removed].includes(p.externalId))).toEqual([]);
  });

  it('joins a reply to a reply to the thread of the comment it answers', async () => {
    const postId = `${b.page.externalId}_${uniqueId('1')}`;
    const top = `${postId}_${uniqueId('2')}`;
    const reply = `${postId}_${uniqueId('2')}`;
    const deeper = `${postId}_${uniqueId('2')}`;
    await deliver(
      t,
      feed(b.page.externalId, { id: top, post: postId, verb: 'add', text: 'a', at: at(0) }),
    );
    await deliver(
      t,
      feed(b.page.externalId, {
        id: reply,
        post: postId,
        parent: top,
        verb: 'add',
        text: 'b',
        at: at(1),
      }),
    );
    await deliver(
      t,
      feed(b.page.externalId, {
        id: deeper,
        post: postId,
        parent: reply,
        verb: 'add',
        text: 'c',
        at: at(2),
      }),
    );
    const rows = (await items()).filter((i) => [top, reply, deeper].includes(i.externalId));
    expect(new Set(rows.map((r) => r.threadId)).size).toBe(1);
  });
});

describe('messages', () => {
  it('stores Instagram and Messenger messages once, one conversation per person, by platform time', async () => {
    const person = uniqueId('66');
    const m1 = uniqueId('mid.');
    const m2 = uniqueId('mid.');
    await deliver(
      t,
      message('instagram', b.ig.externalId, { mid: m2, person, text: 'hello?', at: at(60) }),
    );
    await deliver(
      t,
      message('instagram', b.ig.externalId, {
        mid: m1,
        person,
        text: 'Hi, thanks so much!',
        at: at(50),
      }),
    );
    await deliver(
      t,
      message('instagram', b.ig.externalId, {
        mid: m1,
        person,
        text: 'Hi, thanks so much!',
        at: at(50),
      }),
    );
    const fb = uniqueId('mid.');
    await deliver(
      t,
      message('page', b.page.externalId, { mid: fb, person, text: 'Open today?', at: at(70) }),
    );
    const [one] = await itemOf(m1);
    const [two] = await itemOf(m2);
    expect(one!.threadId).toBe(two!.threadId);
    expect((await itemOf(fb))[0]!.platform).toBe('facebook');
    expect((await itemOf(fb))[0]!.threadId).not.toBe(one!.threadId);
    expect(await threadOf(one!.threadId)).toMatchObject({
      kind: 'conversation',
      externalKey: `${b.ig.externalId}:${person}`,
      participantId: person,
      lastItemAt: at(60),
      preview: 'hello?',
      unreadCount: 2,
      needsReply: true,
      sentiment: 'neutral',
    });
  });

  it('applies an unsend that came before its message', async () => {
    const person = uniqueId('66');
    const mid = uniqueId('mid.');
    await deliver(
      t,
      message('instagram', b.ig.externalId, { mid, person, deleted: true, at: at(90) }),
    );
    await deliver(
      t,
      message('instagram', b.ig.externalId, { mid, person, text: 'oops', at: at(80) }),
    );
    const [row] = await itemOf(mid);
    expect(row!.deletedAt).toEqual(at(90));
    expect((await threadOf(row!.threadId)).needsReply).toBe(false);
  });

  it('gives our pending message the echo’s id, whether the echo or the send answer comes first', async () => {
    const person = uniqueId('66');
    await deliver(
      t,
      message('instagram', b.ig.externalId, {
        mid: uniqueId('mid.'),
        person,
        text: 'Hi',
        at: at(100),
      }),
    );
    const threadId = (await threadsOf(t, b.tenantId)).find(
      (th) => th.externalKey === `${b.ig.externalId}:${person}`,
    )!.id;
    const pendingRow = async (clientRef: string) => {
      await t.runtime.deps.database.unsafeDb.insert(inboxItems).values({
        userId: b.tenantId,
        threadId,
        platform: 'instagram',
        kind: 'message',
        externalId: `pending:${clientRef}`,
        direction: 'out',
        origin: 'app',
        source: 'app',
        text: 'Hello from the shop',
        sentAt: at(101),
        clientRef,
      });
    };
    // The echo first: it finds the row by our metadata.
    const early = crypto.randomUUID();
    const earlyMid = uniqueId('mid.');
    await pendingRow(early);
    await deliver(
      t,
      message('instagram', b.ig.externalId, {
        mid: earlyMid,
        person,
        text: 'Hello from the shop',
        at: at(102),
        echo: true,
        metadata: early,
      }),
    );
    const claimedByEcho = await withTenant(
      t.runtime.deps.database,
      businessScope(b.tenantId),
      (tx) => claimPendingItem(tx, b.tenantId, early, earlyMid),
    );
    expect(claimedByEcho).toMatchObject({ merged: false });
    let rows = await itemOf(earlyMid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ origin: 'app', clientRef: early, sentAt: at(102) });
    // The send answer first: the echo finds the row already named.
    const late = crypto.randomUUID();
    const lateMid = uniqueId('mid.');
    await pendingRow(late);
    await withTenant(t.runtime.deps.database, businessScope(b.tenantId), (tx) =>
      claimPendingItem(tx, b.tenantId, late, lateMid),
    );
    await deliver(
      t,
      message('instagram', b.ig.externalId, {
        mid: lateMid,
        person,
        text: 'Hello from the shop',
        at: at(103),
        echo: true,
        metadata: late,
      }),
    );
    rows = await itemOf(lateMid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ origin: 'app', clientRef: late });
    expect((await items()).filter((i) => i.externalId.startsWith('pending:'))).toEqual([]);
    expect(await threadOf(threadId)).toMatchObject({ needsReply: false, unreadCount: 1 });
  });

  it('merges a row the webhook stored before our send answer named it (a comment reply)', async () => {
    const media = uniqueId('18');
    const top = uniqueId('179');
    await deliver(
      t,
      igComment(b.ig.externalId, { id: top, text: 'Price?', from: '9100', media, at: at(0) }),
    );
    const [topRow] = await itemOf(top);
    const clientRef = crypto.randomUUID();
    await t.runtime.deps.database.unsafeDb.insert(inboxItems).values({
      userId: b.tenantId,
      threadId: topRow!.threadId,
      platform: 'instagram',
      kind: 'comment',
      externalId: `pending:${clientRef}`,
      parentExternalId: top,
      direction: 'out',
      origin: 'app',
      source: 'app',
      text: '20 €',
      sentAt: at(5),
      clientRef,
    });
    const replyId = uniqueId('179');
    await deliver(
      t,
      igComment(b.ig.externalId, {
        id: replyId,
        text: '20 €',
        from: b.ig.externalId,
        media,
        parent: top,
        at: at(6),
      }),
    );
    const merged = await withTenant(t.runtime.deps.database, businessScope(b.tenantId), (tx) =>
      claimPendingItem(tx, b.tenantId, clientRef, replyId),
    );
    expect(merged).toMatchObject({ merged: true });
    const rows = await itemOf(replyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ origin: 'app', clientRef });
  });

  it('shows an echo without our metadata as sent from the phone app', async () => {
    const person = uniqueId('66');
    const mid = uniqueId('mid.');
    await deliver(
      t,
      message('page', b.page.externalId, {
        mid: uniqueId('mid.'),
        person,
        text: 'Any news?',
        at: at(200),
      }),
    );
    await deliver(
      t,
      message('page', b.page.externalId, {
        mid,
        person,
        text: 'Yes, tomorrow',
        at: at(210),
        echo: true,
      }),
    );
    const [row] = await itemOf(mid);
    expect(row).toMatchObject({ direction: 'out', origin: 'platform', sentiment: null });
    expect(await threadOf(row!.threadId)).toMatchObject({
      needsReply: false,
      lastInboundAt: at(200),
    });
  });

  it('marks our messages read by watermark (Messenger) and by mid (Instagram), even before they arrive', async () => {
    const person = uniqueId('66');
    const early = uniqueId('mid.');
    await deliver(
      t,
      message('page', b.page.externalId, {
        mid: early,
        person,
        text: 'sent',
        at: at(300),
        echo: true,
      }),
    );
    await deliver(t, read('page', b.page.externalId, person, at(320)));
    const late = uniqueId('mid.');
    await deliver(
      t,
      message('page', b.page.externalId, {
        mid: late,
        person,
        text: 'before the read',
        at: at(310),
        echo: true,
      }),
    );
    expect((await itemOf(early))[0]!.readAt).toEqual(at(320));
    expect((await itemOf(late))[0]!.readAt).toEqual(at(320));
    const igPerson = uniqueId('66');
    const igMid = uniqueId('mid.');
    await deliver(t, read('instagram', b.ig.externalId, igPerson, at(410), igMid));
    await deliver(
      t,
      message('instagram', b.ig.externalId, {
        mid: igMid,
        person: igPerson,
        text: 'seen later',
        at: at(400),
        echo: true,
      }),
    );
    expect((await itemOf(igMid))[0]!.readAt).toEqual(at(410));
  });
});

describe('accounts and bodies', () => {
  it('stores an account’s events for every business that holds it, and drops those nobody holds', async () => {
    const other = await inboxBusiness(t, { ig: b.ig.externalId });
    const id = uniqueId('179');
    await deliver(
      t,
      igComment(b.ig.externalId, { id, text: 'both', from: '1', media: uniqueId('18'), at: at(0) }),
    );
    expect(await itemOf(id)).toHaveLength(1);
    expect((await itemsOf(t, other.tenantId)).map((i) => i.externalId)).toEqual([id]);
    const states = await t.runtime.deps.database.unsafeDb
      .select()
      .from(inboxSyncStates)
      .where(eq(inboxSyncStates.connectionId, other.ig.id));
    expect(states[0]?.lastWebhookAt).toBeInstanceOf(Date);

    const nobody = uniqueId('1784');
    const orphan = uniqueId('179');
    await deliver(
      t,
      igComment(nobody, { id: orphan, text: 'hello?', from: '1', media: '1', at: at(0) }),
    );
    const [event] = await t.runtime.deps.database.unsafeDb
      .select()
      .from(metaWebhookEvents)
      .where(eq(metaWebhookEvents.entryId, nobody));
    expect(event!.processedAt).toBeInstanceOf(Date);
    const anywhere = await t.runtime.deps.database.unsafeDb
      .select()
      .from(inboxItems)
      .where(eq(inboxItems.externalId, orphan));
    expect(anywhere).toEqual([]);
  });

  it('ignores a disconnected account', async () => {
    const tenant = await inboxBusiness(t);
    const disconnected = uniqueId('1784');
    const connectionId = await connectAccount(t, tenant.tenantId, 'instagram', disconnected);
    const { platformConnections } = await import('../platforms/platforms.tables.ts');
    await t.runtime.deps.database.unsafeDb
      .update(platformConnections)
      .set({ status: 'disconnected' })
      .where(eq(platformConnections.id, connectionId));
    await deliver(
      t,
      igComment(disconnected, { id: uniqueId('179'), text: 'x', from: '1', media: '1', at: at(0) }),
    );
    expect(await itemsOf(t, tenant.tenantId)).toEqual([]);
  });

  it('refuses unsigned, oversize and deeply nested bodies, and stores nothing from malformed values', async () => {
    const before = (await items()).length;
    const body = JSON.stringify(
      igComment(b.ig.externalId, {
        id: uniqueId('179'),
        text: 'x',
        from: '1',
        media: '1',
        at: at(0),
      }),
    );
    expect(await post(t, body, 'not-the-secret')).toBe(403);
    expect(
      await post(
        t,
        `{"object":"instagram","entry":[{"id":"${b.ig.externalId}","changes":[{"field":"comments","value":"${'a'.repeat(1_100_000)}"}]}]}`,
      ),
    ).toBe(413);
    expect(await post(t, `${'['.repeat(100)}${']'.repeat(100)}`)).toBe(400);
    // Signed and shaped as a delivery, but the values are not comments or messages.
    await deliver(t, {
      object: 'instagram',
      entry: [
        {
          id: b.ig.externalId,
          time: 1,
          changes: [{ field: 'comments', value: { text: 'no id' } }],
          messaging: [{ sender: {}, recipient: { id: b.ig.externalId } }],
        },
      ],
    });
    expect(await post(t, '{"object": "instagram", "entry": "nope"')).toBe(200);
    expect((await items()).length).toBe(before);
  });
});

describe('the threads table', () => {
  it('keeps a thread per key', async () => {
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(inboxThreads)
      .where(eq(inboxThreads.userId, b.tenantId));
    const keys = rows.map((r) => `${r.platform}|${r.kind}|${r.externalKey}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
