import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InboxItem } from '#shared/contracts/inbox.contract.ts';
import { ERROR_CATALOGUE } from '#shared/errors/index.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { insertMedia } from '../publishing/publishing.test-helpers.ts';
import { ingestItem } from './ingest.ts';
import {
  expectOk,
  graphError,
  inboxOwner,
  itemsOfThread,
  readItemRow,
  scriptPlatform,
  seedThread,
  threadRow,
  type InboxOwner,
  type ScriptedPlatform,
} from './inbox.test-helpers.ts';

// Answering from the social monitor (docs/decisions/091 "Echoes"; docs/product/meta-platform.md
// #comments, #messaging): each action succeeds, and each refusal comes before the platform is
// asked, with the catalogue's message and the reason; a refusal of the platform leaves no item
// behind; the echo and the platform's answer meet on one row.

let t: TestApp;
let a: InboxOwner;
let platform: ScriptedPlatform;

const REPLY_FAILED = ERROR_CATALOGUE.COMMENT_REPLY_ERROR.userMessage;
const DM_FAILED = ERROR_CATALOGUE.DIRECT_MESSAGE_ERROR.userMessage;

beforeAll(async () => {
  t = await getTestApp();
  a = await inboxOwner(t);
  platform = scriptPlatform(t);
});

afterAll(() => platform.restore());

beforeEach(() => {
  platform.calls.length = 0;
});

const ref = () => crypto.randomUUID();

function post(owner: InboxOwner, path: string, json: unknown) {
  return owner.user.client.request(`/api/inbox${path}`, { json });
}

function expectRefusal(
  res: { status: number; text: string; json: { error: string; metadata: Record<string, unknown> } },
  message: string,
  reason: RegExp,
) {
  expect(res.status, res.text).toBe(400);
  expect(res.json.error).toBe(message);
  const fields = res.json.metadata['fieldErrors'] as Record<string, string>;
  expect(Object.values(fields).join(' ')).toMatch(reason);
}

async function igComments() {
  return seedThread(t, a.tenantId, a.ig, {
    items: [
      { direction: 'in', text: 'Love it', minutesAgo: 30 },
      { direction: 'in', text: 'Me too', minutesAgo: 20 },
    ],
  });
}

describe('a reply to a comment', () => {
  it('is written first, sent to the top-level comment on Instagram, and takes the platform id', async () => {
    const seeded = await igComments();
    const clientRef = ref();
    const item: InboxItem = await expectOk(
      await post(a, `/threads/${seeded.threadId}/replies`, {
        text: '  Thank you!  ',
        toExternalId: seeded.externalIds[1],
        clientRef,
      }),
      201,
    );
    expect(platform.calls).toHaveLength(1);
    expect(platform.calls[0]).toMatchObject({
      name: 'replyToComment',
      input: { platform: 'instagram', host: 'facebook', commentId: seeded.externalIds[0] },
    });
    expect(platform.calls[0]!.input['message']).toBe('Thank you!');
    expect(item).toMatchObject({ direction: 'out', origin: 'app', text: 'Thank you!' });
    expect(item.externalId).toMatch(/^reply_/);
    expect(item.pending).toBeUndefined();
    expect(item.sentBy?.userId).toBe(a.tenantId);
    const thread = await threadRow(t, seeded.threadId);
    expect(thread.needsReply).toBe(false);
    // The same send again (a browser retry) does not send twice.
    const again: InboxItem = await expectOk(
      await post(a, `/threads/${seeded.threadId}/replies`, { text: 'Thank you!', clientRef }),
      201,
    );
    expect(again.id).toBe(item.id);
    expect(platform.calls).toHaveLength(1);
  });

  it('on Facebook answers the comment replied to', async () => {
    const seeded = await seedThread(t, a.tenantId, a.page, {
      items: [
        { direction: 'in', text: 'Open Sunday?', minutesAgo: 30 },
        { direction: 'in', text: 'Also wondering', minutesAgo: 20 },
      ],
    });
    await expectOk(
      await post(a, `/threads/${seeded.threadId}/replies`, {
        text: 'Yes, 9 to 5',
        toExternalId: seeded.externalIds[1],
        clientRef: ref(),
      }),
      201,
    );
    expect(platform.calls[0]!.input).toMatchObject({
      platform: 'facebook',
      commentId: seeded.externalIds[1],
    });
  });

  it('is refused when empty, too long, to a deleted or hidden comment — before the platform', async () => {
    const seeded = await seedThread(t, a.tenantId, a.ig, {
      items: [
        { direction: 'in', text: 'top', minutesAgo: 30 },
        { direction: 'in', text: 'gone', minutesAgo: 20, deleted: true },
        { direction: 'in', text: 'hidden', minutesAgo: 10, hidden: true },
      ],
    });
    const path = `/threads/${seeded.threadId}/replies`;
    expectRefusal(await post(a, path, { text: '   ', clientRef: ref() }), REPLY_FAILED, /reply/);
    expectRefusal(
      await post(a, path, { text: 'x'.repeat(2_201), clientRef: ref() }),
      REPLY_FAILED,
      /2200 characters/,
    );
    expectRefusal(
      await post(a, path, { text: 'hi', toExternalId: seeded.externalIds[1], clientRef: ref() }),
      REPLY_FAILED,
      /deleted/,
    );
    expectRefusal(
      await post(a, path, { text: 'hi', toExternalId: seeded.externalIds[2], clientRef: ref() }),
      REPLY_FAILED,
      /hidden/,
    );
    expect(platform.calls).toHaveLength(0);
    expect(await itemsOfThread(t, seeded.threadId)).toHaveLength(3);
  });

  it('refused by the platform leaves nothing behind and says why', async () => {
    const seeded = await igComments();
    platform.failNext(graphError(200));
    const res = await post(a, `/threads/${seeded.threadId}/replies`, {
      text: 'hello',
      clientRef: ref(),
    });
    expectError(res, 502, 'COMMENT_REPLY_ERROR');
    expect(res.json.error).toBe(REPLY_FAILED);
    expect(res.json.metadata.fieldErrors.text).toMatch(/permission/);
    expect(await itemsOfThread(t, seeded.threadId)).toHaveLength(2);
    expect((await threadRow(t, seeded.threadId)).needsReply).toBe(true);
  });
});

describe('a direct message', () => {
  async function conversation(minutesAgo: number) {
    return seedThread(t, a.tenantId, a.ig, {
      kind: 'conversation',
      items: [{ direction: 'in', text: 'Do you deliver?', minutesAgo }],
    });
  }

  it('inside the window is sent with our id as metadata; an echo first makes no second row', async () => {
    const seeded = await conversation(30);
    const thread = await threadRow(t, seeded.threadId);
    const clientRef = ref();
    platform.beforeAnswer(async (mid) => {
      await ingestItem(
        t.runtime.deps,
        { tenantId: a.tenantId, connectionId: a.ig.id },
        {
          platform: 'instagram',
          kind: 'message',
          externalId: mid,
          parentExternalId: null,
          thread: {
            kind: 'conversation',
            key: thread.externalKey,
            postExternalId: null,
            conversationId: null,
            participant: null,
          },
          direction: 'out',
          origin: 'platform',
          source: 'webhook',
          author: null,
          text: 'Yes we do',
          attachments: [],
          sentAt: new Date(),
          sentiment: null,
          clientRef,
        },
      );
    });
    const item: InboxItem = await expectOk(
      await post(a, `/threads/${seeded.threadId}/messages`, { text: 'Yes we do', clientRef }),
      201,
    );
    expect(platform.calls[0]).toMatchObject({
      name: 'sendMessage',
      input: {
        platform: 'instagram',
        host: 'facebook',
        recipientId: thread.participantId,
        text: 'Yes we do',
        metadata: clientRef,
      },
    });
    expect(item.externalId).toMatch(/^mid_/);
    expect(item.origin).toBe('app');
    const items = await itemsOfThread(t, seeded.threadId);
    expect(items.filter((i) => i.direction === 'out')).toHaveLength(1);
  });

  it('sends an image of the library through a public address', async () => {
    const seeded = await conversation(10);
    const photo = await insertMedia(t, a.tenantId, 'image');
    const item: InboxItem = await expectOk(
      await post(a, `/threads/${seeded.threadId}/messages`, { mediaId: photo, clientRef: ref() }),
      201,
    );
    expect(String(platform.calls[0]!.input['imageUrl'])).toContain('/api/publishing/media/');
    expect(item.attachments).toHaveLength(1);
    // Another business's image is not one to send.
    const other = await inboxOwner(t);
    const theirs = await insertMedia(t, other.tenantId, 'image');
    expectRefusal(
      await post(a, `/threads/${seeded.threadId}/messages`, { mediaId: theirs, clientRef: ref() }),
      DM_FAILED,
      /library/,
    );
  });

  it('outside the 24-hour window is refused before the platform, and so is the platform saying so', async () => {
    const closed = await conversation(25 * 60);
    expectRefusal(
      await post(a, `/threads/${closed.threadId}/messages`, { text: 'hello?', clientRef: ref() }),
      DM_FAILED,
      /24 hours/,
    );
    expect(platform.calls).toHaveLength(0);
    const open = await conversation(10);
    platform.failNext(graphError(10, 2018278));
    expectRefusal(
      await post(a, `/threads/${open.threadId}/messages`, { text: 'hello?', clientRef: ref() }),
      DM_FAILED,
      /24 hours/,
    );
    expect((await itemsOfThread(t, open.threadId)).filter((i) => i.direction === 'out')).toEqual(
      [],
    );
  });

  it('too long for Instagram (1,000 bytes) is refused', async () => {
    const seeded = await conversation(10);
    expectRefusal(
      await post(a, `/threads/${seeded.threadId}/messages`, {
        text: 'é'.repeat(501),
        clientRef: ref(),
      }),
      DM_FAILED,
      /1000 bytes/,
    );
    expect(platform.calls).toHaveLength(0);
  });
});

describe('a private reply', () => {
  it('goes once per comment, within 7 days', async () => {
    const seeded = await igComments();
    const path = `/threads/${seeded.threadId}/private-replies`;
    const commentExternalId = seeded.externalIds[1]!;
    const item: InboxItem = await expectOk(
      await post(a, path, { commentExternalId, text: 'Sent you the menu', clientRef: ref() }),
      201,
    );
    expect(item.kind).toBe('message');
    expect(platform.calls[0]).toMatchObject({
      name: 'privateReply',
      input: { commentId: commentExternalId },
    });
    expect((await readItemRow(t, seeded.itemIds[1]!))!.privateReplyAt).not.toBeNull();
    expectRefusal(
      await post(a, path, { commentExternalId, text: 'Again', clientRef: ref() }),
      DM_FAILED,
      /already sent/,
    );
    const old = await seedThread(t, a.tenantId, a.ig, {
      items: [{ direction: 'in', text: 'old', minutesAgo: 8 * 24 * 60 }],
    });
    expectRefusal(
      await post(a, `/threads/${old.threadId}/private-replies`, {
        commentExternalId: old.externalIds[0],
        text: 'late',
        clientRef: ref(),
      }),
      DM_FAILED,
      /7 days/,
    );
    expect(platform.calls).toHaveLength(1);
  });

  it('the platform says went already: the comment keeps the mark', async () => {
    const seeded = await igComments();
    platform.failNext(graphError(10, 2534025));
    expectRefusal(
      await post(a, `/threads/${seeded.threadId}/private-replies`, {
        commentExternalId: seeded.externalIds[0],
        text: 'hi',
        clientRef: ref(),
      }),
      DM_FAILED,
      /already sent/,
    );
    expect((await readItemRow(t, seeded.itemIds[0]!))!.privateReplyAt).not.toBeNull();
  });
});

describe('hide, delete and like', () => {
  it('are done on the platform, then here', async () => {
    const seeded = await seedThread(t, a.tenantId, a.page, {
      items: [{ direction: 'in', text: 'rude', minutesAgo: 5 }],
    });
    const path = `/items/${seeded.itemIds[0]}/actions`;
    const hidden: InboxItem = await expectOk(await post(a, path, { action: 'hide' }));
    expect(hidden).toMatchObject({ hidden: true, hiddenBy: 'person' });
    expect((await threadRow(t, seeded.threadId)).needsReply).toBe(false);
    const shown: InboxItem = await expectOk(await post(a, path, { action: 'unhide' }));
    expect(shown.hidden).toBe(false);
    const liked: InboxItem = await expectOk(await post(a, path, { action: 'like' }));
    expect(liked.liked).toBe(true);
    const deleted: InboxItem = await expectOk(await post(a, path, { action: 'delete' }));
    expect(deleted.deletedAt).not.toBeNull();
    expect(platform.calls.map((c) => c.name)).toEqual([
      'setCommentHidden',
      'setCommentHidden',
      'setCommentLiked',
      'deleteComment',
    ]);
    const res = await post(a, path, { action: 'hide' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(ERROR_CATALOGUE.COMMENT_ACTION_ERROR.userMessage);
    expect(platform.calls).toHaveLength(4);
  });

  it('liking on Instagram is refused; a platform refusal changes nothing', async () => {
    const seeded = await igComments();
    const path = `/items/${seeded.itemIds[0]}/actions`;
    const res = await post(a, path, { action: 'like' });
    expect(res.status).toBe(400);
    expect(res.json.metadata.fieldErrors.action).toMatch(/Instagram/);
    platform.failNext(graphError(100, 33));
    expect((await post(a, path, { action: 'hide' })).status).toBe(400);
    expect((await readItemRow(t, seeded.itemIds[0]!))!.hidden).toBe(false);
  });
});

describe('who may act', () => {
  it('a viewer is refused every action before anything else', async () => {
    const viewer = await addMember(t, a.user, 'viewer');
    const v = { ...a, user: viewer };
    const seeded = await igComments();
    for (const res of [
      await post(v, `/threads/${seeded.threadId}/replies`, { text: 'hi', clientRef: ref() }),
      await post(v, `/threads/${seeded.threadId}/replies`, { text: '', clientRef: ref() }),
      await post(v, `/threads/${seeded.threadId}/messages`, { text: 'hi', clientRef: ref() }),
      await post(v, `/threads/${seeded.threadId}/private-replies`, {
        commentExternalId: seeded.externalIds[0],
        text: 'hi',
        clientRef: ref(),
      }),
      await post(v, `/items/${seeded.itemIds[0]}/actions`, { action: 'hide' }),
    ]) {
      expectError(res, 403, 'FORBIDDEN');
    }
    expect(platform.calls).toHaveLength(0);
  });

  it('staff answer', async () => {
    const staff = await addMember(t, a.user, 'staff');
    const seeded = await igComments();
    const item: InboxItem = await expectOk(
      await post({ ...a, user: staff }, `/threads/${seeded.threadId}/replies`, {
        text: 'On it',
        clientRef: ref(),
      }),
      201,
    );
    expect(item.sentBy?.userId).toBe(staff.userId);
  });

  it("another business's thread and item are not found", async () => {
    const other = await inboxOwner(t);
    const seeded = await seedThread(t, other.tenantId, other.ig, {
      items: [{ direction: 'in', text: 'theirs', minutesAgo: 5 }],
    });
    for (const res of [
      await post(a, `/threads/${seeded.threadId}/replies`, { text: 'hi', clientRef: ref() }),
      await post(a, `/threads/${seeded.threadId}/messages`, { text: 'hi', clientRef: ref() }),
      await post(a, `/items/${seeded.itemIds[0]}/actions`, { action: 'hide' }),
    ]) {
      expectError(res, 404, 'NOT_FOUND');
    }
    expect(platform.calls).toHaveLength(0);
  });
});
