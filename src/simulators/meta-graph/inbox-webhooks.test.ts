import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIM_HOSTS } from './context.ts';
import {
  CALLBACK,
  publishedMedia,
  publishedPost,
  simulatorWithSink,
  tokenFor,
} from './inbox.test-helpers.ts';
import { SEED } from './state.ts';

// The webhooks of comments and messages (docs/product/meta-platform.md#webhook-delivery,
// #webhook-payloads): signed over the raw bytes with the app secret, or the Instagram app secret
// for Instagram Login accounts; the shapes of Facebook feed changes, Instagram comments,
// messages, echoes, unsends and reads. Faults are in inbox-webhook-faults.test.ts.

const hmac = (secret: string, raw: string) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('signatures', () => {
  it('signs the escaped-unicode bytes sent with the app secret', async () => {
    const { sim, sink, followers, webhooks } = simulatorWithSink();
    followers.message({ accountId: SEED.pageId, text: 'Olá 😍 café' });
    await webhooks.idle();
    const [delivery] = sink.received;
    expect(delivery!.url).toBe(CALLBACK);
    expect(delivery!.body).toContain('Ol\\u00e1 \\ud83d\\ude0d caf\\u00e9');
    expect(delivery!.signature).toBe(hmac(sim.state.config.appSecret, delivery!.body));
    // Re-serialised JSON is not what was signed.
    const reserialised = JSON.stringify(JSON.parse(delivery!.body));
    expect(hmac(sim.state.config.appSecret, reserialised)).not.toBe(delivery!.signature);
  });

  it('signs Instagram Login accounts’ events with the Instagram app secret', async () => {
    const { sim, sink, followers, webhooks } = simulatorWithSink();
    followers.message({ accountId: SEED.igLoginAccountId, text: 'hi' });
    followers.message({ accountId: SEED.igAccountId, text: 'hi' });
    await webhooks.idle();
    const [login, facebookLogin] = sink.received;
    expect(login!.signature).toBe(hmac(sim.state.config.igAppSecret, login!.body));
    expect(facebookLogin!.signature).toBe(hmac(sim.state.config.appSecret, facebookLogin!.body));
  });
});

describe('payloads', () => {
  it('Facebook feed: add, reply, edited, hide, unhide and remove of a comment', async () => {
    const { sim, sink, graph, followers, webhooks } = simulatorWithSink();
    const post = publishedPost(sim.state, SEED.pageId);
    const top = followers.comment({ objectId: post, text: 'Nice', from: { name: 'Jane Roe' } });
    const reply = followers.comment({ objectId: post, text: 'Yes', parentId: top.id });
    followers.editComment(top.id, 'Very nice');
    const token = tokenFor(sim.state, 'PAGE', SEED.pageId);
    for (const hidden of ['true', 'false']) {
      const res = await graph(`/${top.id}`, { form: { is_hidden: hidden, access_token: token } });
      expect(res.status).toBe(200);
    }
    followers.removeComment(top.id);
    await webhooks.idle();

    const values = sink.bodies().map((b) => {
      expect(b.object).toBe('page');
      expect(b.entry[0]!.id).toBe(SEED.pageId);
      expect(b.entry[0]!.changes![0]!.field).toBe('feed');
      return b.entry[0]!.changes![0]!.value;
    });
    expect(values.map((v) => v.verb)).toEqual(['add', 'add', 'edited', 'hide', 'unhide', 'remove']);
    expect(values[0]).toEqual({
      from: { id: top.from!.id, name: 'Jane Roe' },
      post: expect.objectContaining({ id: post, is_published: true }),
      message: 'Nice',
      post_id: post,
      comment_id: top.id,
      created_time: Math.floor(top.createdAt / 1000),
      item: 'comment',
      verb: 'add',
    });
    expect(values[1]).toMatchObject({ comment_id: reply.id, parent_id: top.id });
    expect(values[2]).toMatchObject({ comment_id: top.id, message: 'Very nice' });
    expect(values[5]).not.toHaveProperty('message');
  });

  it('Instagram comments: new comments and replies only', async () => {
    const { sim, sink, followers, webhooks } = simulatorWithSink();
    const media = publishedMedia(sim.state, SEED.igAccountId);
    const top = followers.comment({ objectId: media, text: 'Love it', from: { username: 'ana' } });
    followers.comment({ objectId: media, text: 'Same', parentId: top.id });
    followers.removeComment(top.id);
    await webhooks.idle();
    const bodies = sink.bodies();
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      object: 'instagram',
      entry: [
        {
          id: SEED.igAccountId,
          time: Math.floor(top.createdAt / 1000),
          changes: [
            {
              field: 'comments',
              value: {
                from: { id: top.from!.id, username: 'ana', self_ig_scoped_id: top.from!.id },
                media: { id: media, media_product_type: 'FEED' },
                id: top.id,
                text: 'Love it',
              },
            },
          ],
        },
      ],
    });
    expect(bodies[1]!.entry[0]!.changes![0]!.value.parent_id).toBe(top.id);
  });

  it('messages in, echoes with app_id and metadata, Instagram unsends and reads', async () => {
    const { sim, sink, followers, webhooks } = simulatorWithSink();
    const inbound = followers.message({ accountId: SEED.igLoginAccountId, text: 'Hello' });
    const token = tokenFor(sim.state, 'IG_USER', SEED.igLoginAccountId);
    const res = await sim.app.request(`${SIM_HOSTS.instagramGraph}/v25.0/me/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        recipient: { id: inbound.fromId },
        message: { text: 'Hi!', metadata: 'ref-42' },
      }),
    });
    const answer = (await res.json()) as { recipient_id: string; message_id: string };
    expect(answer.recipient_id).toBe(inbound.fromId);
    followers.read(inbound.conversationId);
    followers.unsend(inbound.id);
    await webhooks.idle();

    const items = sink.bodies().map((b) => {
      expect(b.object).toBe('instagram');
      expect(b.entry[0]!.id).toBe(SEED.igLoginAccountId);
      return b.entry[0]!.messaging![0]!;
    });
    expect(items[0]).toEqual({
      sender: { id: inbound.fromId },
      recipient: { id: SEED.igLoginAccountId },
      timestamp: inbound.createdAt,
      message: { mid: inbound.id, text: 'Hello' },
    });
    expect(items[1]).toMatchObject({
      sender: { id: SEED.igLoginAccountId },
      recipient: { id: inbound.fromId },
      message: {
        mid: answer.message_id,
        text: 'Hi!',
        is_echo: true,
        app_id: Number(sim.state.config.igAppId),
        metadata: 'ref-42',
      },
    });
    expect(items[2]).toMatchObject({ read: { mid: answer.message_id } });
    expect(items[3]).toMatchObject({ message: { mid: inbound.id, is_deleted: true } });
  });

  it('Messenger reads carry a watermark; the phone app’s echoes carry no app id', async () => {
    const { sink, followers, webhooks } = simulatorWithSink();
    const inbound = followers.message({ accountId: SEED.pageId, text: 'Hello' });
    const out = followers.accountMessage({ conversationId: inbound.conversationId, text: 'Hi' });
    followers.read(inbound.conversationId);
    await webhooks.idle();
    const items = sink.bodies().map((b) => b.entry[0]!.messaging![0]!);
    expect(items[1]).toMatchObject({ message: { mid: out.id, text: 'Hi', is_echo: true } });
    expect(items[1]!.message).not.toHaveProperty('app_id');
    expect(items[1]!.message).not.toHaveProperty('metadata');
    expect(items[2]).toMatchObject({ read: { watermark: out.createdAt } });
  });
});
