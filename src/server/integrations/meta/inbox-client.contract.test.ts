import { describe, expect, it } from 'vitest';
import { inboxContract } from './inbox-client.test-helpers.ts';
import { publishedMedia, publishedPost } from '#simulators/meta-graph/inbox.test-helpers.ts';
import { SEED } from '#simulators/meta-graph/state.ts';

// The inbox calls of the Graph API client (docs/decisions/091) against the simulator over real
// HTTP: comments and replies (docs/product/meta-platform.md#instagram-comments,
// #facebook-comments), hiding, deleting, likes and private replies (#private-replies). The
// conversations and the Send API are in inbox-client.messaging.contract.test.ts.

const c = inboxContract();

describe('Instagram comments', () => {
  it('lists top-level comments newest first with their replies, normalised', async () => {
    const token = await c.pageToken();
    const media = publishedMedia(c.sim().state, SEED.igAccountId);
    const first = c.followers().comment({
      objectId: media,
      text: 'Looks great',
      from: { username: 'emma.wilson' },
    });
    c.sim().state.clockOffsetMs += 1000;
    const second = c.followers().comment({ objectId: media, text: 'Open Sunday?' });
    const reply = c.followers().comment({ objectId: media, text: 'Agreed', parentId: first.id });

    const { comments, next } = await c.client.inbox.listComments({
      platform: 'instagram',
      host: 'facebook',
      objectId: media,
      token,
    });
    expect(next).toBeNull();
    expect(comments.map((c) => c.id)).toEqual([second.id, first.id]);
    const top = comments[1]!;
    expect(top).toMatchObject({
      id: first.id,
      text: 'Looks great',
      from: { id: first.from!.id, username: 'emma.wilson' },
      parentId: null,
      hidden: false,
      likeCount: 0,
      objectId: media,
    });
    expect(top.id).toMatch(/^17\d{15}$/);
    expect(new Date(top.timestamp).toISOString()).toBe(top.timestamp);
    expect(top.replies).toEqual([
      expect.objectContaining({ id: reply.id, text: 'Agreed', parentId: first.id }),
    ]);
  });

  it('pages 50 at a time', async () => {
    const token = await c.igLoginToken();
    const media = publishedMedia(c.sim().state, SEED.igLoginAccountId);
    for (let i = 0; i < 60; i += 1) c.followers().comment({ objectId: media, text: `#${i}` });
    const input = { platform: 'instagram', host: 'instagram', objectId: media, token } as const;
    const first = await c.client.inbox.listComments({ ...input, limit: 100 });
    expect(first.comments).toHaveLength(50);
    expect(first.next).not.toBeNull();
    const second = await c.client.inbox.listComments({ ...input, after: first.next! });
    expect(second.comments).toHaveLength(10);
    expect(second.next).toBeNull();
  });

  it('attaches a reply to a reply to the top-level comment, and refuses hidden ones', async () => {
    const token = await c.pageToken();
    const media = publishedMedia(c.sim().state, SEED.igAccountId);
    const top = c.followers().comment({ objectId: media, text: 'Hi' });
    const reply = c.followers().comment({ objectId: media, text: 'Hey', parentId: top.id });
    const base = { platform: 'instagram', host: 'facebook', token } as const;
    const { id } = await c.client.inbox.replyToComment({
      ...base,
      commentId: reply.id,
      message: 'Thanks!',
    });
    const listed = await c.client.inbox.listComments({ ...base, objectId: media });
    expect(listed.comments[0]!.replies.map((r) => r.id)).toEqual([reply.id, id]);
    expect(listed.comments[0]!.replies[1]!.parentId).toBe(top.id);

    await c.client.inbox.setCommentHidden({ ...base, commentId: top.id, hidden: true });
    const error = await c.failure(
      c.client.inbox.replyToComment({ ...base, commentId: top.id, message: 'Again' }),
    );
    expect(error.details.code).toBe(100);
  });

  it('hides, unhides and deletes; the account’s own comment cannot be hidden', async () => {
    const token = await c.pageToken();
    const media = publishedMedia(c.sim().state, SEED.igAccountId);
    const theirs = c.followers().comment({ objectId: media, text: 'spam http://x.example' });
    const base = { platform: 'instagram', host: 'facebook', token } as const;
    await c.client.inbox.setCommentHidden({ ...base, commentId: theirs.id, hidden: true });
    let listed = await c.client.inbox.listComments({ ...base, objectId: media });
    expect(listed.comments[0]!.hidden).toBe(true);
    await c.client.inbox.setCommentHidden({ ...base, commentId: theirs.id, hidden: false });
    listed = await c.client.inbox.listComments({ ...base, objectId: media });
    expect(listed.comments[0]!.hidden).toBe(false);

    const own = await c.client.ig.comment('facebook', media, token, 'First comment');
    const error = await c.failure(
      c.client.inbox.setCommentHidden({ ...base, commentId: own.id, hidden: true }),
    );
    expect(error.details).toMatchObject({ httpStatus: 403, code: 200 });
    expect(error.details.message).toBe('(#200) Can not hide or unhide this comment');

    await c.client.inbox.deleteComment({ ...base, commentId: theirs.id });
    listed = await c.client.inbox.listComments({ ...base, objectId: media });
    expect(listed.comments.map((c) => c.id)).toEqual([own.id]);
    expect(listed.comments[0]!.from).toMatchObject({
      id: SEED.igAccountId,
      username: 'rosabakery',
    });
  });
});

describe('Facebook comments', () => {
  it('lists comments with replies read from /{comment-id}/comments, ids prefixed by the post', async () => {
    const token = await c.pageToken();
    const post = publishedPost(c.sim().state, SEED.pageId);
    const postObject = post.split('_')[1]!;
    const top = c
      .followers()
      .comment({ objectId: post, text: 'Nice!', from: { name: 'Jane Roe' } });
    const reply = c.followers().comment({ objectId: post, text: 'Yes', parentId: top.id });
    const base = { platform: 'facebook', host: 'facebook', token } as const;
    const answer = await c.client.inbox.replyToComment({
      ...base,
      commentId: top.id,
      message: 'Thank you',
    });
    expect(top.id.startsWith(`${postObject}_`)).toBe(true);
    expect(answer.id.startsWith(`${postObject}_`)).toBe(true);

    const { comments } = await c.client.inbox.listComments({ ...base, objectId: post });
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({
      id: top.id,
      text: 'Nice!',
      from: { id: top.from!.id, name: 'Jane Roe' },
      objectId: post,
      parentId: null,
    });
    expect(comments[0]!.replies.map((r) => [r.id, r.parentId])).toEqual([
      [reply.id, top.id],
      [answer.id, top.id],
    ]);
    expect(comments[0]!.replies[1]!.from).toMatchObject({ id: SEED.pageId, name: 'Rosa Bakery' });
  });

  it('hides, likes and deletes; the Page’s own comment answers 403 (#200)', async () => {
    const token = await c.pageToken();
    const post = publishedPost(c.sim().state, SEED.pageId);
    const theirs = c.followers().comment({ objectId: post, text: 'Hmm' });
    const base = { platform: 'facebook', host: 'facebook', token } as const;
    await c.client.inbox.setCommentHidden({ ...base, commentId: theirs.id, hidden: true });
    await c.client.inbox.setCommentLiked({ commentId: theirs.id, liked: true, token });
    let { comments } = await c.client.inbox.listComments({ ...base, objectId: post });
    expect(comments[0]).toMatchObject({ hidden: true, likeCount: 1 });
    await c.client.inbox.setCommentLiked({ commentId: theirs.id, liked: false, token });
    ({ comments } = await c.client.inbox.listComments({ ...base, objectId: post }));
    expect(comments[0]!.likeCount).toBe(0);

    const own = await c.client.facebook.comment(post, token, 'From the Page');
    const error = await c.failure(
      c.client.inbox.setCommentHidden({ ...base, commentId: own.id, hidden: true }),
    );
    expect(error.details).toMatchObject({ httpStatus: 403, code: 200 });

    await c.client.inbox.deleteComment({ ...base, commentId: theirs.id });
    ({ comments } = await c.client.inbox.listComments({ ...base, objectId: post }));
    expect(comments.map((c) => c.id)).toEqual([own.id]);
  });
});

describe('private replies', () => {
  it('sends one per comment: the second answers subcode 2534025', async () => {
    const token = await c.pageToken();
    const media = publishedMedia(c.sim().state, SEED.igAccountId);
    const comment = c.followers().comment({ objectId: media, text: 'Price?' });
    const input = {
      platform: 'instagram',
      host: 'facebook',
      accountId: SEED.pageId,
      commentId: comment.id,
      text: 'Sent you the prices',
      token,
    } as const;
    const answer = await c.client.inbox.privateReply(input);
    expect(answer.recipientId).toBe(comment.from!.id);
    expect(answer.messageId).toMatch(/^[A-Za-z0-9_-]+$/);
    const error = await c.failure(c.client.inbox.privateReply(input));
    expect(error.details.subcode).toBe(2534025);
  });

  it('refuses a comment older than 7 days (Messenger window subcode)', async () => {
    const token = await c.pageToken();
    const post = publishedPost(c.sim().state, SEED.pageId);
    const comment = c.followers().comment({ objectId: post, text: 'Hello' });
    await c.target.control!.call('/clock', { advanceSeconds: 8 * 86_400 });
    const error = await c.failure(
      c.client.inbox.privateReply({
        platform: 'facebook',
        host: 'facebook',
        accountId: SEED.pageId,
        commentId: comment.id,
        text: 'Late',
        token,
      }),
    );
    expect(error.details).toMatchObject({ code: 10, subcode: 2018278 });
  });

  it('goes to the Instagram Login account on graph.instagram.com', async () => {
    const token = await c.igLoginToken();
    const media = publishedMedia(c.sim().state, SEED.igLoginAccountId);
    const comment = c.followers().comment({ objectId: media, text: 'Hi' });
    const answer = await c.client.inbox.privateReply({
      platform: 'instagram',
      host: 'instagram',
      accountId: SEED.igLoginAccountId,
      commentId: comment.id,
      text: 'Hello!',
      token,
    });
    expect(answer.recipientId).toBe(comment.from!.id);
  });
});
