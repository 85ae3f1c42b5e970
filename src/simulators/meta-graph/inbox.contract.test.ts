import { describe, expect, it } from 'vitest';
import { SIM_HOSTS } from './context.ts';
import {
  publishedMedia,
  publishedPost,
  simulatorWithSink,
  tokenFor,
} from './inbox.test-helpers.ts';
import { SEED } from './state.ts';

// The simulator's comment and message endpoints as raw Graph answers
// (docs/product/meta-platform.md#comments, #conversations, #sending-messages), where the client
// does not reach: single nodes, the replies edge, removed objects, messages beyond the 20 newest,
// conversation filters, the Instagram Login `me` paths, tags and roles; and the control API.

type Json = Record<string, unknown> & { error?: { code: number; error_subcode?: number } };

function setup() {
  const made = simulatorWithSink();
  const get = async (path: string, token: string, host: string = SIM_HOSTS.graph) => {
    const res = await made.sim.app.request(`${host}/v25.0${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await res.json()) as Json;
  };
  const post = async (
    path: string,
    token: string,
    body: unknown,
    host: string = SIM_HOSTS.graph,
  ) => {
    const res = await made.sim.app.request(`${host}/v25.0${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Json;
  };
  const control = async (path: string, body?: unknown) => {
    const res = await made.sim.control.request(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  return { ...made, get, post, control };
}

describe('comment nodes', () => {
  it('reads one Instagram comment and its replies edge; a removed one is unknown', async () => {
    const { sim, followers, get } = setup();
    const token = tokenFor(sim.state, 'IG_USER', SEED.igLoginAccountId);
    const media = publishedMedia(sim.state, SEED.igLoginAccountId);
    const top = followers.comment({ objectId: media, text: 'Hi', from: { username: 'ana' } });
    const reply = followers.comment({ objectId: media, text: 'Yo', parentId: top.id });
    const ig = SIM_HOSTS.instagramGraph;
    const node = await get(`/${top.id}?fields=id,text,username,hidden,media,like_count`, token, ig);
    expect(node).toEqual({
      id: top.id,
      text: 'Hi',
      username: 'ana',
      hidden: false,
      media: { id: media, media_product_type: 'FEED' },
      like_count: 0,
    });
    const replies = await get(`/${top.id}/replies?fields=id,text,parent_id`, token, ig);
    expect(replies.data).toEqual([{ id: reply.id, text: 'Yo', parent_id: top.id }]);
    followers.removeComment(top.id);
    const gone = await get(`/${reply.id}`, token, ig);
    expect(gone.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('gives Facebook comments can_hide false for the Page’s own', async () => {
    const { sim, followers, get, post } = setup();
    const token = tokenFor(sim.state, 'PAGE', SEED.pageId);
    const postId = publishedPost(sim.state, SEED.pageId);
    followers.comment({ objectId: postId, text: 'Hello' });
    await post(`/${postId}/comments`, token, { message: 'From us' });
    const list = await get(`/${postId}/comments?fields=id,can_hide,is_hidden,from`, token);
    expect((list.data as Json[]).map((c) => c.can_hide)).toEqual([true, false]);
  });
});

describe('conversations and messages', () => {
  it('lists by user_id, on graph.instagram.com/me too, and refuses messages past the 20 newest', async () => {
    const { sim, followers, get } = setup();
    const token = tokenFor(sim.state, 'IG_USER', SEED.igLoginAccountId);
    const ig = SIM_HOSTS.instagramGraph;
    const first = followers.message({ accountId: SEED.igLoginAccountId, text: 'm0' });
    for (let i = 1; i < 22; i += 1) {
      followers.message({
        accountId: SEED.igLoginAccountId,
        text: `m${i}`,
        from: { id: first.fromId },
      });
    }
    followers.message({ accountId: SEED.igLoginAccountId, text: 'other' });
    const mine = await get(
      `/me/conversations?platform=instagram&user_id=${first.fromId}`,
      token,
      ig,
    );
    expect(mine.data).toEqual([{ id: first.conversationId, updated_time: expect.any(String) }]);
    sim.state.clockOffsetMs += 1100;
    const ids = await get(`/${first.conversationId}?fields=messages`, token, ig);
    const data = (ids.messages as { data: Json[] }).data;
    expect(Object.keys(data[0]!)).toEqual(['id', 'created_time']);
    expect(data).toHaveLength(22);
    sim.state.clockOffsetMs += 1100;
    const oldest = await get(`/${first.id}?fields=id,message`, token, ig);
    expect(oldest.error).toMatchObject({ code: 100 });
    const newest = await get(`/${data[0]!.id as string}?fields=id,message,from,to`, token, ig);
    expect(newest).toMatchObject({ message: 'm21', from: { id: first.fromId } });
  });

  it('refuses tags that are gone, MESSAGE_TAG without tag, and Pages without the messaging task', async () => {
    const { sim, followers, post } = setup();
    const token = tokenFor(sim.state, 'PAGE', SEED.pageId);
    const inbound = followers.message({ accountId: SEED.pageId, text: 'hi' });
    const send = (extra: Json) =>
      post(`/${SEED.pageId}/messages`, token, {
        recipient: { id: inbound.fromId },
        message: { text: 'x' },
        ...extra,
      });
    const retired = await send({ messaging_type: 'MESSAGE_TAG', tag: 'ACCOUNT_UPDATE' });
    expect(retired.error?.code).toBe(100);
    const untagged = await send({ messaging_type: 'MESSAGE_TAG' });
    expect(untagged.error?.code).toBe(100);
    const catering = tokenFor(sim.state, 'PAGE', SEED.secondPageId);
    const noTask = await post(`/${SEED.secondPageId}/messages`, catering, {
      recipient: { id: inbound.fromId },
      message: { text: 'x' },
    });
    expect(noTask.error?.code).toBe(200);
  });

  it('a private reply does not open the window', async () => {
    const { sim, followers, post } = setup();
    const token = tokenFor(sim.state, 'PAGE', SEED.pageId);
    const postId = publishedPost(sim.state, SEED.pageId);
    const comment = followers.comment({ objectId: postId, text: 'Price?' });
    const reply = await post(`/${SEED.pageId}/messages`, token, {
      recipient: { comment_id: comment.id },
      message: { text: 'Sent you a message' },
    });
    expect(reply.recipient_id).toBe(comment.from!.id);
    const next = await post(`/${SEED.pageId}/messages`, token, {
      recipient: { id: comment.from!.id },
      messaging_type: 'RESPONSE',
      message: { text: 'Any news?' },
    });
    expect(next.error).toMatchObject({ code: 10, error_subcode: 2018278 });
  });
});

describe('the control API', () => {
  it('makes, edits and removes comments, sends and unsends messages, and shows the record', async () => {
    const { sim, control } = setup();
    const media = publishedMedia(sim.state, SEED.igAccountId);
    const made = await control('/inbox/comments', { objectId: media, text: 'Nice' });
    const id = made.body.id as string;
    const reply = await control('/inbox/comments', { objectId: media, text: 'Yes', parentId: id });
    expect(reply.body.parentId).toBe(id);
    await control(`/inbox/comments/${id}/edit`, { text: 'Very nice' });
    await control(`/inbox/comments/${reply.body.id as string}/remove`, {});
    const message = await control('/inbox/messages', { accountId: SEED.igAccountId, text: 'Hi' });
    await control(`/inbox/messages/${message.body.id as string}/unsend`, {});
    const unknown = await control('/inbox/comments', { objectId: '1', text: 'x' });
    expect(unknown.status).toBe(400);

    const record = (await control(`/inbox/record/${SEED.igAccountId}`)).body as {
      comments: { message: string; deletedAt: number | null }[];
      messages: { text: string; deletedAt: number | null }[];
    };
    expect(record.comments.map((c) => [c.message, c.deletedAt === null])).toEqual([
      ['Very nice', true],
      ['Yes', false],
    ]);
    expect(record.messages.map((m) => [m.text, m.deletedAt === null])).toEqual([['Hi', false]]);
  });
});
