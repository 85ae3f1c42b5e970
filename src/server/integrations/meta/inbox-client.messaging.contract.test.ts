import { describe, expect, it } from 'vitest';
import { inboxContract } from './inbox-client.test-helpers.ts';
import { SEED } from '#simulators/meta-graph/state.ts';

// Conversations, their messages and the Send API through the client against the simulator
// (docs/product/meta-platform.md#conversations, #sending-messages, #messaging-window,
// #messaging-errors): shapes, the 20-message limit, the rate limit, the 24-hour window and the
// human-agent tag, the Instagram byte limit.

const c = inboxContract();

const advance = (seconds: number) => c.target.control!.call('/clock', { advanceSeconds: seconds });
/** Past the conversations' rate limit of the second before. */
const nextSecond = () => advance(1.1);

describe('conversations', () => {
  it('lists Messenger and Instagram conversations of the Page with their participants', async () => {
    const token = await c.pageToken();
    const dm = c.followers().message({
      accountId: SEED.pageId,
      text: 'Hello',
      from: { name: 'Jane Roe' },
    });
    const ig = c.followers().message({ accountId: SEED.igAccountId, text: 'Hi there' });
    const base = { host: 'facebook', accountId: SEED.pageId, token } as const;

    const messenger = await c.client.inbox.listConversations({ ...base, platform: 'facebook' });
    expect(messenger.next).toBeNull();
    expect(messenger.conversations).toHaveLength(1);
    expect(messenger.conversations[0]!.participantIds).toEqual([SEED.pageId, dm.fromId]);
    expect(messenger.conversations[0]!.id).toMatch(/^t_\d+$/);
    await nextSecond();
    const instagram = await c.client.inbox.listConversations({ ...base, platform: 'instagram' });
    expect(instagram.conversations[0]!.participantIds).toEqual([SEED.igAccountId, ig.fromId]);
    expect(new Date(instagram.conversations[0]!.updatedTime).getTime()).toBe(
      Math.floor(ig.createdAt / 1000) * 1000,
    );

    const messages = await c.client.inbox.conversationMessages({
      host: 'facebook',
      conversationId: messenger.conversations[0]!.id,
      token,
    });
    expect(messages).toEqual([
      {
        id: dm.id,
        createdTime: expect.any(String),
        from: { id: dm.fromId, name: 'Jane Roe' },
        to: [{ id: SEED.pageId }],
        text: 'Hello',
        attachments: [],
      },
    ]);
    expect(dm.id).toMatch(/^m_/);
  });

  it('reads only the 20 newest messages, newest first', async () => {
    const token = await c.igLoginToken();
    let last = c.followers().message({ accountId: SEED.igLoginAccountId, text: 'm0' });
    for (let i = 1; i < 25; i += 1) {
      last = c.followers().message({
        accountId: SEED.igLoginAccountId,
        text: `m${i}`,
        from: { id: last.fromId },
      });
    }
    const { conversations } = await c.client.inbox.listConversations({
      platform: 'instagram',
      host: 'instagram',
      accountId: SEED.igLoginAccountId,
      token,
    });
    await nextSecond();
    const messages = await c.client.inbox.conversationMessages({
      host: 'instagram',
      conversationId: conversations[0]!.id,
      token,
    });
    expect(messages).toHaveLength(20);
    expect(messages[0]!.text).toBe('m24');
    expect(messages[19]!.text).toBe('m5');
    expect(messages[0]!.from).toEqual({ id: last.fromId, username: expect.any(String) });
  });

  it('answers error 613 past 2 calls a second per account', async () => {
    const token = await c.pageToken();
    const input = {
      platform: 'facebook',
      host: 'facebook',
      accountId: SEED.pageId,
      token,
    } as const;
    await c.client.inbox.listConversations(input);
    await c.client.inbox.listConversations(input);
    const error = await c.failure(c.client.inbox.listConversations(input));
    expect(error.details).toMatchObject({ code: 613, kind: 'rate_limited' });
    expect(error.details.retryAfterMs).toBe(60_000);
  });
});

describe('the Send API', () => {
  async function messengerConversation() {
    const token = await c.pageToken();
    const inbound = c.followers().message({ accountId: SEED.pageId, text: 'Open today?' });
    return { token, personId: inbound.fromId };
  }

  it('sends inside the window, and keeps the metadata for the echo', async () => {
    const { token, personId } = await messengerConversation();
    const answer = await c.client.inbox.sendMessage({
      platform: 'facebook',
      host: 'facebook',
      accountId: SEED.pageId,
      recipientId: personId,
      text: 'Yes, until 6pm',
      metadata: 'client-ref-1',
      token,
    });
    expect(answer.recipientId).toBe(personId);
    const sent = c.sim().state.messages.find((m) => m.id === answer.messageId)!;
    expect(sent).toMatchObject({ isEcho: true, metadata: 'client-ref-1', text: 'Yes, until 6pm' });
  });

  it('refuses outside 24 hours (2018278 Messenger), allows HUMAN_AGENT up to 7 days', async () => {
    const { token, personId } = await messengerConversation();
    await advance(25 * 3600);
    const input = {
      platform: 'facebook',
      host: 'facebook',
      accountId: SEED.pageId,
      recipientId: personId,
      text: 'Sorry for the wait',
      metadata: 'ref',
      token,
    } as const;
    const error = await c.failure(c.client.inbox.sendMessage(input));
    expect(error.details).toMatchObject({ code: 10, subcode: 2018278 });
    await c.client.inbox.sendMessage({ ...input, humanAgentTag: true });
    await advance(7 * 86_400);
    const late = await c.failure(c.client.inbox.sendMessage({ ...input, humanAgentTag: true }));
    expect(late.details.subcode).toBe(2018278);
  });

  it('refuses Instagram outside the window with 2534022 and over 1000 bytes with 100', async () => {
    const token = await c.igLoginToken();
    const inbound = c.followers().message({ accountId: SEED.igLoginAccountId, text: 'Hey' });
    const input = {
      platform: 'instagram',
      host: 'instagram',
      accountId: SEED.igLoginAccountId,
      recipientId: inbound.fromId,
      metadata: 'ref',
      token,
    } as const;
    const long = await c.failure(c.client.inbox.sendMessage({ ...input, text: 'é'.repeat(501) }));
    expect(long.details.code).toBe(100);
    await c.client.inbox.sendMessage({ ...input, text: 'é'.repeat(500) });
    await c.client.inbox.sendMessage({ ...input, imageUrl: 'https://cdn.example/menu.jpg' });
    await advance(24 * 3600 + 1);
    const error = await c.failure(c.client.inbox.sendMessage({ ...input, text: 'Late' }));
    expect(error.details).toMatchObject({ code: 10, subcode: 2534022 });
  });

  it('answers 2534014 for someone who never wrote, and error 3 on the Instagram id with a Page token', async () => {
    const { token } = await messengerConversation();
    const base = { host: 'facebook', metadata: 'ref', text: 'Hi', token } as const;
    const nobody = await c.failure(
      c.client.inbox.sendMessage({
        ...base,
        platform: 'facebook',
        accountId: SEED.pageId,
        recipientId: '5999999999999999',
      }),
    );
    expect(nobody.details).toMatchObject({ code: 100, subcode: 2534014 });
    const wrongPath = await c.failure(
      c.client.inbox.sendMessage({
        ...base,
        platform: 'instagram',
        accountId: SEED.igAccountId,
        recipientId: '6999999999999999',
      }),
    );
    expect(wrongPath.details.code).toBe(3);
  });
});
