import type { ContainerInput } from '#server/integrations/meta/client.ts';
import { MetaApiError } from '#server/integrations/meta/errors.ts';
import { igHostOf } from '../../quota.service.ts';
import { FinalFailure } from '../outcome.ts';
import type { PublishJob } from './publisher.ts';

// The Instagram containers of a delivery: one per photo or video, and a carousel around them when
// there are several; a story is one photo or video alone.

/** Makes the delivery's container (and a carousel's children); returns the one to publish. */
export async function createContainers(job: PublishJob): Promise<string> {
  const { client, token, caption } = job;
  const host = igHostOf(job.connection);
  const igUserId = job.connection.externalId;
  const create = async (input: ContainerInput) =>
    (await client.ig.createContainer(host, igUserId, token, input)).id;
  if (job.format === 'story') return create(storyContainer(job));
  const captionPart = caption.length > 0 ? { caption } : {};
  if (job.media.length > 1) {
    const children: string[] = [];
    for (const item of job.media) {
      children.push(
        await create(
          item.kind === 'video'
            ? { media_type: 'VIDEO', video_url: item.url, is_carousel_item: true }
            : { image_url: item.url, is_carousel_item: true },
        ),
      );
    }
    return create({ media_type: 'CAROUSEL', children, ...captionPart });
  }
  const item = job.media[0];
  if (!item) {
    throw new FinalFailure('Instagram needs a photo or video for every post.', 'media_required');
  }
  if (item.kind === 'video' || job.format === 'reel') {
    return create({
      media_type: 'REELS',
      video_url: item.url,
      share_to_feed: true,
      ...captionPart,
    });
  }
  return create({ image_url: item.url, ...captionPart });
}

/**
 * A story is one photo or video with no caption, collaborators or first comment
 * (docs/product/meta-platform.md#instagram-containers); the text of the event stays on the
 * calendar (docs/decisions/086).
 */
function storyContainer(job: Pick<PublishJob, 'media'>): ContainerInput {
  const item = job.media[0];
  if (!item || job.media.length > 1) {
    throw new FinalFailure(
      'An Instagram story is one photo or one video. Keep one, then publish again.',
      'story_media',
    );
  }
  return item.kind === 'video'
    ? { media_type: 'STORIES', video_url: item.url }
    : { media_type: 'STORIES', image_url: item.url };
}

/** A container not published within 24 hours: retried with a fresh container. */
export function expiredContainer(): MetaApiError {
  return new MetaApiError({
    kind: 'transient',
    httpStatus: 400,
    code: -2,
    subcode: 2207020,
    type: null,
    message: 'The container expired',
    fbtraceId: null,
    isTransient: true,
    userTitle: null,
    userMessage: null,
    retryAfterMs: null,
    missingPermission: null,
  });
}
