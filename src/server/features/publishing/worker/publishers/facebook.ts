import type { MetaClient } from '#server/integrations/meta/client.ts';
import { commit } from '../outcome.ts';
import { CLOCK_SLACK_MS } from '../policy.ts';
import type { FoundPost, MediaUrl, Publisher, PublishJob } from './publisher.ts';

// A Facebook Page post: text, one photo, one video, or several photos (docs/decisions/080).

export const facebookPublisher: Publisher = {
  async publish(job) {
    const { client, token } = job;
    const externalId = await commitPost(job);
    try {
      const post = await client.facebook.getPost(externalId, token, 'id,permalink_url');
      return { kind: 'published', externalId, permalink: post.permalink_url ?? null };
    } catch (linkError) {
      return { kind: 'published', externalId, permalink: null, linkError };
    }
  },

  async find(job) {
    const { client, connection, token, caption, since } = job;
    const candidates = await facebookCandidates(
      client,
      connection.externalId,
      token,
      caption,
      since,
    );
    return { found: await job.firstFree(candidates), keepContainer: false };
  },

  async comment({ client, token }, objectId, message) {
    await client.facebook.comment(objectId, token, message);
  },
};

/** Makes the post public with the call its media need; returns the post's id. */
async function commitPost(job: PublishJob): Promise<string> {
  const { client, token, media, beforeCommit } = job;
  const pageId = job.connection.externalId;
  const message = job.caption.length > 0 ? job.caption : undefined;
  if (media.length === 0) {
    return (
      await commit(() => client.facebook.publishText(pageId, token, { message }), beforeCommit)
    ).id;
  }
  if (media.length === 1 && media[0]!.kind === 'video') {
    const url = media[0]!.url;
    const answer = await commit(
      () =>
        client.facebook.publishVideo(pageId, token, {
          file_url: url,
          ...(message ? { description: message } : {}),
        }),
      beforeCommit,
    );
    return answer.id;
  }
  if (media.length === 1) {
    const url = media[0]!.url;
    const answer = await commit(
      () => client.facebook.publishPhoto(pageId, token, { url, ...(message ? { message } : {}) }),
      beforeCommit,
    );
    return answer.post_id ?? answer.id;
  }
  return commitAlbum(client, pageId, token, message, media, beforeCommit);
}

/**
 * Multi-photo (docs/product/meta-platform.md#facebook-multi-photo-posts): unpublished photos
 * first (harmless if repeated), then the post that attaches them.
 */
async function commitAlbum(
  client: MetaClient,
  pageId: string,
  token: string,
  message: string | undefined,
  media: MediaUrl[],
  beforeCommit: () => void,
): Promise<string> {
  const photoIds: string[] = [];
  for (const item of media) {
    const photo = await client.facebook.publishPhoto(pageId, token, {
      url: item.url,
      published: false,
    });
    photoIds.push(photo.id);
  }
  const attached = JSON.stringify(photoIds.map((id) => ({ media_fbid: id })));
  return (
    await commit(
      () => client.facebook.publishText(pageId, token, { message, attached_media: attached }),
      beforeCommit,
    )
  ).id;
}

/** Page posts made since the attempt began with the delivery's text, in the feed's order. */
async function facebookCandidates(
  client: MetaClient,
  pageId: string,
  token: string,
  caption: string,
  since: Date,
): Promise<FoundPost[]> {
  const posts = await client.facebook.listPosts(pageId, token);
  const from = since.getTime() - CLOCK_SLACK_MS;
  return posts
    .filter(
      (p) =>
        (p.message ?? '') === caption && (!p.created_time || Date.parse(p.created_time) >= from),
    )
    .map((p) => ({ id: p.id, permalink: p.permalink_url ?? null }));
}
