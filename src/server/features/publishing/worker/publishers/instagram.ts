import type { ContainerStatus } from '#server/integrations/meta/client.ts';
import { igHostOf } from '../../quota.service.ts';
import { commit, FinalFailure, type Outcome } from '../outcome.ts';
import { CLOCK_SLACK_MS, CONTAINER_MAX_WAIT_MS, CONTAINER_POLL_MS } from '../policy.ts';
import { createContainers, expiredContainer } from './instagram-containers.ts';
import type { Account, FoundPost, Publisher, PublishJob } from './publisher.ts';

// An Instagram post, carousel, reel or story (docs/decisions/080, 086): quota, container,
// container status, then `media_publish`, the commit call. The container is saved before it is
// published, so reconcile can ask about it.

export const instagramPublisher: Publisher = {
  async publish(job) {
    // Read as the flow starts, before any call.
    const now = job.now();
    const { client, token } = job;
    const host = igHostOf(job.connection);
    const containerId = job.containerId ?? (await newContainer(job));
    const status = await client.ig.containerStatus(host, containerId, token);
    const early = await beforePublishing(job, containerId, status, now);
    if (early) return early;
    const published = await commit(
      () => client.ig.publish(host, job.connection.externalId, token, containerId),
      job.beforeCommit,
    );
    try {
      const media = await client.ig.media(host, published.id, token);
      return { kind: 'published', externalId: published.id, permalink: media.permalink ?? null };
    } catch (linkError) {
      return { kind: 'published', externalId: published.id, permalink: null, linkError };
    }
  },

  async find(job) {
    const { client, token, containerId, since } = job;
    if (containerId) {
      const status = await client.ig.containerStatus(igHostOf(job.connection), containerId, token);
      if (status.status_code === 'PUBLISHED') {
        const found = await job.firstFree(await instagramCandidates(job, since));
        return { found: found ?? { id: null, permalink: null }, keepContainer: false };
      }
      // A FINISHED container is kept: it is one-shot, so publishing it again cannot make a
      // second post.
      return { found: null, keepContainer: status.status_code === 'FINISHED' };
    }
    // A story without a container on record was never sent (the container is saved before
    // media_publish), and with no caption a look at the stories edge could only match
    // someone else's story by its kind: it is not out.
    if (job.story) return { found: null, keepContainer: false };
    return {
      found: await job.firstFree(await instagramCandidates(job, since)),
      keepContainer: false,
    };
  },

  async comment(account, objectId, message) {
    await account.client.ig.comment(igHostOf(account.connection), objectId, account.token, message);
  },
};

/** A new container for the attempt, once the account's quota allows one; it is saved. */
async function newContainer(job: PublishJob): Promise<string> {
  // Quota first (docs/product/meta-platform.md#instagram-publishing-quota): read quota_total,
  // never assume it.
  const host = igHostOf(job.connection);
  const limit = await job.client.ig.publishingLimit(host, job.connection.externalId, job.token);
  if (limit.total !== null && limit.used >= limit.total) {
    throw new FinalFailure(
      `${job.accountName} reached Instagram's limit of ${limit.total} posts in 24 hours. Publish it again later.`,
      'quota_exhausted',
    );
  }
  const containerId = await createContainers(job);
  await job.onContainer(containerId);
  return containerId;
}

/**
 * What the container's status says before `media_publish`: a wait, a failure, an earlier
 * attempt that got through, or (undefined) go ahead.
 */
async function beforePublishing(
  job: PublishJob,
  containerId: string,
  status: { status_code: ContainerStatus; status?: string },
  now: Date,
): Promise<Outcome | undefined> {
  switch (status.status_code) {
    case 'IN_PROGRESS': {
      if (now.getTime() - job.attemptStartedAt.getTime() > CONTAINER_MAX_WAIT_MS) {
        throw new FinalFailure(
          'Instagram took too long to process the video. Try a shorter or smaller file.',
          'container_timeout',
        );
      }
      const isVideo = job.media.some((m) => m.kind === 'video');
      return {
        kind: 'waiting',
        containerId,
        delayMs: isVideo ? CONTAINER_POLL_MS.video : CONTAINER_POLL_MS.image,
      };
    }
    case 'ERROR':
      throw new FinalFailure(
        `Instagram could not process the media${status.status ? ` (${status.status})` : ''}. Check the file and try again.`,
        'container_error',
      );
    case 'EXPIRED':
      // Not published within 24 hours: a fresh container on the next attempt.
      throw expiredContainer();
    case 'PUBLISHED': {
      // An earlier attempt got through: find it instead of publishing twice.
      const story = job.format === 'story' ? { kind: job.media[0]?.kind ?? null } : null;
      const candidates = await instagramCandidates({ ...job, story }, job.attemptStartedAt);
      const found = await job.firstFree(candidates);
      return {
        kind: 'published',
        externalId: found?.id ?? null,
        permalink: found?.permalink ?? null,
      };
    }
    default:
      return undefined;
  }
}

/** What finds a post on the account: its caption, or for a story the kind of its one file. */
type MediaLookup = Account & {
  caption: string;
  story: { kind: 'image' | 'video' | null } | null;
};

/**
 * Media on the account made since the attempt began that could be the delivery's, in order:
 * matched by caption (docs/decisions/080), or for a story on the stories edge.
 */
async function instagramCandidates(job: MediaLookup, since: Date): Promise<FoundPost[]> {
  if (job.story) return storyCandidates(job, job.story.kind, since);
  const host = igHostOf(job.connection);
  const items = await job.client.ig.listMedia(host, job.connection.externalId, job.token);
  const from = since.getTime() - CLOCK_SLACK_MS;
  return (items as { id: string; caption?: string; permalink?: string; timestamp?: string }[])
    .filter((m) => !m.timestamp || Date.parse(m.timestamp) >= from)
    .filter((m) => (m.caption ?? '') === job.caption)
    .map((m) => ({ id: m.id, permalink: m.permalink ?? null }));
}

/**
 * A story on the stories edge (the media edge leaves stories out,
 * docs/product/meta-platform.md#reading-instagram-media). With no caption to match, it is the
 * earliest story of the same kind (IMAGE or VIDEO) made since the attempt began; a story of that
 * kind posted another way in the same minutes could be taken for it (docs/decisions/086).
 */
async function storyCandidates(
  job: Account,
  kind: 'image' | 'video' | null,
  since: Date,
): Promise<FoundPost[]> {
  const host = igHostOf(job.connection);
  const stories = await job.client.ig.listStories(host, job.connection.externalId, job.token);
  const from = since.getTime() - CLOCK_SLACK_MS;
  const type = kind === 'video' ? 'VIDEO' : kind === 'image' ? 'IMAGE' : null;
  const at = (s: { timestamp?: string }) => (s.timestamp ? Date.parse(s.timestamp) : 0);
  // The edge lists newest first and times are to the second: oldest first keeps ties in order.
  return [...stories]
    .reverse()
    .filter((s) => !s.timestamp || at(s) >= from)
    .filter((s) => !type || !s.media_type || s.media_type === type)
    .sort((a, b) => at(a) - at(b))
    .map((s) => ({ id: s.id, permalink: s.permalink ?? null }));
}
