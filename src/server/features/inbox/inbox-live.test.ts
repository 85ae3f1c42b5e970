import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { addMember } from '#server/test/team.ts';
import { decodeInboxNotice, encodeInboxNotice } from './inbox-live.ts';
import {
  connectAccount,
  deliver,
  igComment,
  itemsOf,
  openInboxStream,
  uniqueId,
  type InboxStream,
} from './ingest.test-helpers.ts';

// Inbox changes on the live stream (docs/decisions/091 "Live"): a comment that reaches the
// webhook endpoint is told to the business's open streams as an `inbox` event naming its thread —
// the owner's and a viewer's alike — and to no other business's.

let t: TestApp;
let owner: SignedInUser;
let stranger: SignedInUser;
let account: string;
const open: InboxStream[] = [];

beforeAll(async () => {
  t = await getTestApp();
  [owner, stranger] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  account = uniqueId('1784');
  await connectAccount(t, owner.userId, 'instagram', account);
});
afterAll(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe('inbox events on the live stream', () => {
  it('reach the business’s streams, a viewer’s included, and no other business’s', async () => {
    const viewer = await addMember(t, owner, 'viewer');
    const mine = await openInboxStream(t, owner.client);
    const viewers = await openInboxStream(t, viewer.client);
    const theirs = await openInboxStream(t, stranger.client);
    open.push(mine, viewers, theirs);
    const id = uniqueId('179');
    await deliver(
      t,
      igComment(account, { id, text: 'hi', from: '42', media: uniqueId('18'), at: new Date() }),
    );
    const [item] = (await itemsOf(t, owner.userId)).filter((i) => i.externalId === id);
    await mine.waitFor(item!.threadId);
    await viewers.waitFor(item!.threadId);
    expect(mine.events.find((e) => e.data.threadId === item!.threadId)!.data).toEqual({
      threadId: item!.threadId,
      kind: 'comment',
      change: 'item',
    });
    expect(theirs.events).toEqual([]);
  });

  it('decodes only well-formed notices', () => {
    const notice = encodeInboxNotice('t1', {
      threadId: 'x',
      kind: 'conversation',
      change: 'thread',
    });
    expect(decodeInboxNotice(notice)).toEqual({
      tenantId: 't1',
      message: { threadId: 'x', kind: 'conversation', change: 'thread' },
    });
    for (const bad of [
      '',
      '{',
      '{"t":1}',
      '{"t":"a","m":{"threadId":"x","kind":"post","change":"item"}}',
    ]) {
      expect(decodeInboxNotice(bad)).toBeNull();
    }
  });
});
