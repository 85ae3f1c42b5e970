import type { AppDeps } from '#server/platform/deps.ts';
import type { Tx } from '#server/platform/db/client.ts';
import type { TenantScope } from '#server/platform/db/tenant.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import type { ContainerInput, IgHost, MetaClient } from '#server/integrations/meta/client.ts';
import { MetaApiError } from '#server/integrations/meta/errors.ts';
import type { EventStatus } from '#shared/contracts/calendar.contract.ts';
import { getNotificationPreferences } from '../settings/notifications.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import { connectionToken } from '../platforms/platforms.service.ts';
import * as platformsRepo from '../platforms/platforms.repository.ts';
import type * as mediaRepo from '../media/media.repository.ts';
import { announceCommittedDelivery } from './live-status.ts';
import { publicMediaUrl } from './media-urls.ts';
import { igHostOf } from './quota.service.ts';
import * as repo from './publishing.repository.ts';
import { accountLabel } from '#shared/account-label.ts';

// The publishing worker (ARCHITECTURE.md §4, docs/decisions/080). Every step starts from the
// database row, never from the job: a job only says "look at post X at version V". A post is
// claimed (scheduled → publishing, conditional on status and version) before any platform call,
// so a duplicate or stale job finds nothing to do. Retryable failures put the post back to
// scheduled with a back-off of 1 s doubling to 30 s (seed §9); a commit call whose outcome is
// unknown (the request went out, no answer came back) makes the post unconfirmed, and only the
// reconcile step, which asks the platform, may send it again.

/** Back-off of seed §9: 1 s doubling to 30 s. */
export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
/** Attempts (platform calls that failed for a reason worth retrying) before a post fails. */
export const MAX_ATTEMPTS = 8;
/** How long reconcile keeps asking before it gives up on an unconfirmed post. */
export const RECONCILE_GIVE_UP_MS = 60 * 60_000;
/** A claimed post whose worker died: after this long it is treated as unconfirmed. */
export const STUCK_PUBLISHING_MS = 10 * 60_000;
/** Instagram container polling (research §3.2.3): images soon, video less often, 10 min cap. */
export const CONTAINER_POLL_MS = { image: 3_000, video: 10_000 } as const;
export const CONTAINER_MAX_WAIT_MS = 10 * 60_000;
/** Reconcile tolerates this much clock difference between us and the platform. */
const CLOCK_SLACK_MS = 2 * 60_000;

export function backoffMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
}

export interface PublishJobPayload {
  postId: string;
  userId: string;
  version: number;
}

/** Where follow-up work goes: pg-boss in the app, an in-memory queue in the reliability test. */
export interface Dispatcher {
  publish(payload: PublishJobPayload, at: Date): Promise<void>;
  reconcile(payload: PublishJobPayload, at: Date): Promise<void>;
  /**
   * Of `payloads`, those for which a `kind` job is already waiting to run (a backlog, not a lost
   * job): the sweeper leaves them be. Without it every overdue post is sent again.
   */
  waiting?(kind: 'publish' | 'reconcile', payloads: PublishJobPayload[]): Promise<Set<string>>;
}

/** How a job's payload is told apart from another: the post and the version it is for. */
export function payloadKey(payload: PublishJobPayload): string {
  return `${payload.postId}:${payload.version}`;
}

export interface WorkerOptions {
  dispatcher: Dispatcher;
  client?: MetaClient;
  now?: () => Date;
  /** How long a claim holds a post (STUCK_PUBLISHING_MS unless configured). */
  leaseMs?: number;
}

type Outcome =
  | {
      kind: 'published';
      externalId: string | null;
      permalink: string | null;
      /** Why the link could not be read (the post is out; the link is a convenience). */
      linkError?: unknown;
    }
  | { kind: 'waiting'; containerId: string; delayMs: number };

/** Thrown when the commit call was sent and no answer came back. */
class UnknownOutcome extends Error {
  constructor(cause: unknown) {
    super('The platform did not answer after the post was sent', { cause });
  }
}

/**
 * Thrown instead of sending the commit call when this attempt's claim would run out before the
 * platform's answer could arrive: the sweeper may by then have handed the post to reconcile,
 * which would not see a post still on its way and let it be sent again (docs/decisions/089).
 */
class LeaseEnding extends Error {
  constructor() {
    super('The claim on the post ends before the platform could answer');
  }
}

/** Thrown for a failure that no retry can fix, with the reason the owner reads. */
class FinalFailure extends Error {
  constructor(
    readonly reason: string,
    readonly code: string,
  ) {
    super(reason);
  }
}

const scopeOf = (userId: string): TenantScope => ({ userId, tenantId: userId });

/** The event follows its posts (docs/decisions/080). */
export function eventStatusFor(statuses: readonly repo.PostStatus[]): EventStatus | null {
  const live = statuses.filter((s) => s !== 'cancelled' && s !== 'draft');
  if (statuses.length === 0) return null;
  if (live.length === 0) return statuses.every((s) => s === 'cancelled') ? 'cancelled' : null;
  if (live.every((s) => s === 'published')) return 'published';
  const started = live.some((s) => s !== 'scheduled');
  if (live.some((s) => s === 'scheduled' || s === 'publishing')) {
    return started ? 'publishing' : 'scheduled';
  }
  if (live.some((s) => s === 'unconfirmed')) return 'unconfirmed';
  return 'failed';
}

/** Brings the event's status in line with its posts; returns it, or null when they say nothing. */
export async function refreshEventStatus(
  tx: Tx,
  userId: string,
  eventId: string,
  now: Date,
): Promise<EventStatus | null> {
  const status = eventStatusFor(await repo.statusesOfEvent(tx, userId, eventId));
  if (status) await repo.setEventStatus(tx, userId, eventId, status, now);
  return status;
}

// ------------------------------------------------------------------------------------ publish

export async function runPublish(
  deps: AppDeps,
  payload: PublishJobPayload,
  options: WorkerOptions,
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const client = options.client ?? metaRuntime(deps).client;
  const scope = scopeOf(payload.userId);
  const claimedAt = now();
  // Early deliveries (a clock ahead, a sweeper race) find nothing and leave the post for its time.
  const claimed = await claim(deps, 'publish', payload, claimedAt, options);
  if (!claimed) return;
  const { row, event, connection } = claimed;
  const media = row.mediaIds
    .map((id) => claimed.media.find((m) => m.id === id))
    .filter((m): m is mediaRepo.MediaRow => Boolean(m));

  try {
    if (!event) throw new FinalFailure('The post was deleted before it was published.', 'gone');
    if (!connection) {
      throw new FinalFailure(
        'The account this post was meant for is no longer connected. Choose another account and publish again.',
        'connection_missing',
      );
    }
    const name = accountLabel(connection);
    if (connection.status !== 'connected') {
      throw new FinalFailure(
        `${name} was disconnected. Connect it again on the Platforms page, then publish again.`,
        'connection_disconnected',
      );
    }
    if (connection.health === 'expired' || connection.health === 'revoked') {
      throw new FinalFailure(tokenReason(connection), 'token_invalid');
    }
    if (media.length !== row.mediaIds.length) {
      throw new FinalFailure(
        'A photo or video of this post was deleted from the media library. Add it again, then publish.',
        'media_missing',
      );
    }
    const token = connectionToken(deps, connection);
    if (!token) throw new FinalFailure(tokenReason(connection), 'token_invalid');
    const caption = event.content ?? '';
    const urls = media.map((m) => ({
      kind: m.kind,
      url: publicMediaUrl(deps, row.userId, m, connection.platform),
    }));
    // The commit goes out only while the claim outlasts the longest a request may take.
    const leaseEnd = row.nextAttemptAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const requestMs = Math.min(
      deps.env.META_REQUEST_TIMEOUT_SECONDS * 1000 + 5_000,
      leaseMsOf(options) / 2,
    );
    const beforeCommit = () => {
      if (leaseEnd - now().getTime() < requestMs) throw new LeaseEnding();
    };
    const outcome =
      connection.platform === 'facebook'
        ? await publishFacebook(client, connection.externalId, token, caption, urls, beforeCommit)
        : await publishInstagram(client, {
            host: igHostOf(connection),
            igUserId: connection.externalId,
            token,
            caption,
            format: row.format,
            media: urls,
            containerId: row.containerId,
            attemptStartedAt: row.attemptStartedAt ?? claimedAt,
            now: now(),
            accountName: name,
            beforeCommit,
            onContainer: (containerId) =>
              repo.saveContainerId(deps.database, scope, row, containerId, now()),
            firstFree: (candidates) => firstFree(deps, row, candidates),
          });
    if (outcome.kind === 'waiting') {
      const at = new Date(now().getTime() + outcome.delayMs);
      // Waiting for Instagram to process is not a failed attempt.
      await settle(
        deps,
        row,
        {
          status: 'scheduled',
          attempts: row.attempts,
          containerId: outcome.containerId,
          nextAttemptAt: at,
        },
        now(),
      );
      await options.dispatcher.publish(payload, at);
      return;
    }
    if (outcome.linkError !== undefined) {
      deps.logger.warn(
        { err: outcome.linkError, postId: row.id },
        'published, but its link could not be read',
      );
    }
    await settle(
      deps,
      row,
      {
        status: 'published',
        attempts: row.attempts + 1,
        externalId: outcome.externalId,
        permalink: outcome.permalink,
        publishedAt: now(),
        nextAttemptAt: null,
        lastError: null,
        errorCode: null,
      },
      now(),
    );
    if (row.firstComment && outcome.externalId) {
      await postFirstComment(deps, client, connection, token, outcome.externalId, row.firstComment);
    }
  } catch (error) {
    await handleFailure(deps, row, connection, error, options, now());
  }
}

async function handleFailure(
  deps: AppDeps,
  row: repo.PostRow,
  connection: platformsRepo.ConnectionRow | undefined,
  error: unknown,
  options: WorkerOptions,
  now: Date,
): Promise<void> {
  const attempts = row.attempts + 1;
  const payload = { postId: row.id, userId: row.userId, version: row.version };
  if (error instanceof LeaseEnding) {
    // Nothing was sent: the post is due again at once, with a fresh claim.
    await settle(deps, row, { status: 'scheduled', nextAttemptAt: now }, now);
    await options.dispatcher.publish(payload, now);
    return;
  }
  if (error instanceof UnknownOutcome) {
    const at = new Date(now.getTime() + backoffMs(1));
    await settle(
      deps,
      row,
      {
        status: 'unconfirmed',
        attempts,
        nextAttemptAt: at,
        lastError:
          'The platform did not confirm the post yet. We are checking whether it went out.',
        errorCode: 'unconfirmed',
      },
      now,
    );
    await options.dispatcher.reconcile(payload, at);
    return;
  }
  if (error instanceof FinalFailure) {
    await fail(deps, row, connection, attempts, error.reason, error.code, now);
    return;
  }
  if (error instanceof MetaApiError) {
    const name = connection ? accountLabel(connection) : 'the account';
    const platform = connection?.platform === 'instagram' ? 'Instagram' : 'Facebook';
    // Media not ready yet is a wait, not a failure (research §3.3, 9007/2207027).
    if (error.details.subcode === 2207027 && row.containerId) {
      const at = new Date(now.getTime() + CONTAINER_POLL_MS.image);
      await settle(deps, row, { status: 'scheduled', nextAttemptAt: at }, now);
      await options.dispatcher.publish(payload, at);
      return;
    }
    const retryable = error.kind === 'transient' || error.kind === 'rate_limited';
    // Refused by our own gate after an earlier throttle: nothing was sent, no attempt was used.
    const gated = error.kind === 'rate_limited' && error.details.code === null;
    if (retryable && (gated || attempts < MAX_ATTEMPTS)) {
      const wait = Math.max(backoffMs(attempts), error.details.retryAfterMs ?? 0);
      const at = new Date(now.getTime() + wait);
      // An expired or failed container is made again; a processing one is waited for.
      const keepContainer = error.details.subcode !== 2207020 && error.details.subcode !== 2207006;
      await settle(
        deps,
        row,
        {
          status: 'scheduled',
          attempts: gated ? row.attempts : attempts,
          nextAttemptAt: at,
          lastError: `${platform} had a temporary problem; trying again.`,
          errorCode: error.kind,
          ...(keepContainer ? {} : { containerId: null }),
        },
        now,
      );
      await options.dispatcher.publish(payload, at);
      return;
    }
    // The platform's own words, then what to do about them.
    const said = (error.details.userMessage ?? error.details.message).replace(/[\s.]+$/, '');
    const reason =
      error.kind === 'token_expired' || error.kind === 'token_revoked'
        ? connection
          ? tokenReason(connection)
          : 'The account needs to be connected again. Reconnect it on the Platforms page, then publish again.'
        : error.kind === 'permission_missing'
          ? `${name} has not allowed Soci Gen to publish. Connect it again and allow publishing.`
          : error.kind === 'rate_limited'
            ? error.details.subcode === 2207042
              ? `${name} reached Instagram's limit of posts in 24 hours. Publish it again later.`
              : `${platform} limited how often we may publish to ${name}. Publish it again later.`
            : error.kind === 'transient'
              ? `${platform} kept failing with a temporary error after ${attempts} attempts. Publish it again later.`
              : `${platform} refused the post: ${said}. Edit the post accordingly, then publish again.`;
    await fail(deps, row, connection, attempts, reason, `meta_${error.kind}`, now);
    return;
  }
  // Our own failure (database, bug): the post goes back to its queue with a back-off; the
  // sweeper would find it anyway, and repeated failures end it with a reason.
  deps.logger.error({ err: error, postId: row.id }, 'publishing failed unexpectedly');
  if (attempts >= MAX_ATTEMPTS) {
    await fail(
      deps,
      row,
      connection,
      attempts,
      'Something went wrong on our side. Publish it again; if it fails again, contact support.',
      'internal',
      now,
    );
    return;
  }
  const at = new Date(now.getTime() + backoffMs(attempts));
  await settle(deps, row, { status: 'scheduled', attempts, nextAttemptAt: at }, now);
  await options.dispatcher.publish(payload, at);
}

async function fail(
  deps: AppDeps,
  row: repo.PostRow,
  connection: platformsRepo.ConnectionRow | undefined,
  attempts: number,
  reason: string,
  code: string,
  now: Date,
): Promise<void> {
  const settled = await settle(
    deps,
    row,
    {
      status: 'failed',
      attempts,
      lastError: reason,
      errorCode: code,
      nextAttemptAt: null,
      containerId: null,
    },
    now,
  );
  // Only the attempt that owned the post tells the owner; one that lost it has nothing to say.
  if (!settled) return;
  await notifyFailure(deps, row, connection, settled.title ?? 'A post', reason).catch(
    (error: unknown) => deps.logger.warn({ err: error, postId: row.id }, 'failure e-mail not sent'),
  );
}

const leaseMsOf = (options: WorkerOptions) => options.leaseMs ?? STUCK_PUBLISHING_MS;

/**
 * Claims the post for `step` until the lease ends, in one message with the event's status and
 * what the step needs (docs/decisions/083), and tells the business. Null when there is nothing
 * to do: another version, another status, or not yet due.
 */
async function claim(
  deps: AppDeps,
  step: 'publish' | 'reconcile',
  payload: PublishJobPayload,
  at: Date,
  options: WorkerOptions,
): Promise<repo.ClaimedDelivery | null> {
  const claimFor = step === 'publish' ? repo.claimForPublish : repo.claimForReconcile;
  const leaseEnd = new Date(at.getTime() + leaseMsOf(options));
  const claimed = await claimFor(deps.database, scopeOf(payload.userId), payload, at, leaseEnd);
  if (claimed) {
    announceCommittedDelivery(deps.database, payload.userId, claimed.row, claimed.eventStatus, at);
  }
  return claimed;
}

/**
 * Writes the post's new state (only while this attempt still owns it) and the event's, in one
 * message (docs/decisions/083), and tells the business. Null when the attempt no longer owned
 * the post.
 */
async function settle(
  deps: AppDeps,
  row: Pick<repo.PostRow, 'id' | 'userId' | 'version'>,
  changes: repo.PostChanges & { status: repo.PostStatus },
  now: Date,
  options: { leaseEndedBy?: Date } = {},
): Promise<repo.SettledDelivery | null> {
  const settled = await repo.settleDelivery(
    deps.database,
    scopeOf(row.userId),
    row,
    changes,
    now,
    options,
  );
  if (settled) {
    announceCommittedDelivery(deps.database, row.userId, settled.row, settled.eventStatus, now);
  }
  return settled;
}

async function notifyFailure(
  deps: AppDeps,
  row: repo.PostRow,
  connection: platformsRepo.ConnectionRow | undefined,
  title: string,
  reason: string,
): Promise<void> {
  const prefs = await getNotificationPreferences(deps.database, row.userId);
  if (!prefs.emailOnFailedPost) return;
  const email = await platformsRepo.unsafeOwnerEmail(deps.database.unsafeDb, row.userId);
  if (!email) return;
  await deps.mailer.send(
    email,
    'postPublishFailed',
    emailTemplates.postPublishFailed({
      title,
      accountName: connection ? accountLabel(connection) : 'your account',
      reason,
      url: `${deps.env.appUrl}/dashboard/calendar`,
    }),
  );
}

function tokenReason(c: platformsRepo.ConnectionRow): string {
  const platform = c.platform === 'instagram' ? 'Instagram' : 'Facebook';
  return `${platform} no longer accepts Soci Gen's access to ${accountLabel(c)}. Reconnect the account on the Platforms page, then publish again.`;
}

// -------------------------------------------------------------------------------- the flows

/** The one call that makes the post public: a lost answer is an unknown outcome. */
async function commit<T>(call: () => Promise<T>, beforeCommit: () => void): Promise<T> {
  beforeCommit();
  try {
    return await call();
  } catch (error) {
    if (error instanceof MetaApiError && error.details.httpStatus === 0) {
      throw new UnknownOutcome(error);
    }
    throw error;
  }
}

interface MediaUrl {
  kind: 'image' | 'video';
  url: string;
}

async function publishFacebook(
  client: MetaClient,
  pageId: string,
  token: string,
  caption: string,
  media: MediaUrl[],
  beforeCommit: () => void,
): Promise<Outcome> {
  const message = caption.length > 0 ? caption : undefined;
  let externalId: string;
  if (media.length === 0) {
    externalId = (
      await commit(() => client.facebook.publishText(pageId, token, { message }), beforeCommit)
    ).id;
  } else if (media.length === 1 && media[0]!.kind === 'video') {
    const url = media[0]!.url;
    const answer = await commit(
      () =>
        client.facebook.publishVideo(pageId, token, {
          file_url: url,
          ...(message ? { description: message } : {}),
        }),
      beforeCommit,
    );
    externalId = answer.id;
  } else if (media.length === 1) {
    const url = media[0]!.url;
    const answer = await commit(
      () => client.facebook.publishPhoto(pageId, token, { url, ...(message ? { message } : {}) }),
      beforeCommit,
    );
    externalId = answer.post_id ?? answer.id;
  } else {
    // Multi-photo (research §3.1.3): unpublished photos first (harmless if repeated), then the
    // post that attaches them.
    const photoIds: string[] = [];
    for (const item of media) {
      const photo = await client.facebook.publishPhoto(pageId, token, {
        url: item.url,
        published: false,
      });
      photoIds.push(photo.id);
    }
    const attached = JSON.stringify(photoIds.map((id) => ({ media_fbid: id })));
    externalId = (
      await commit(
        () => client.facebook.publishText(pageId, token, { message, attached_media: attached }),
        beforeCommit,
      )
    ).id;
  }
  try {
    const post = await client.facebook.getPost(externalId, token, 'id,permalink_url');
    return { kind: 'published', externalId, permalink: post.permalink_url ?? null };
  } catch (linkError) {
    return { kind: 'published', externalId, permalink: null, linkError };
  }
}

interface InstagramJob {
  host: IgHost;
  igUserId: string;
  token: string;
  caption: string;
  format: repo.PostRow['format'];
  media: MediaUrl[];
  containerId: string | null;
  attemptStartedAt: Date;
  now: Date;
  accountName: string;
  beforeCommit: () => void;
  onContainer: (containerId: string) => Promise<void>;
  firstFree: (candidates: FoundPost[]) => Promise<FoundPost | null>;
}

async function publishInstagram(client: MetaClient, job: InstagramJob): Promise<Outcome> {
  const { host, igUserId, token } = job;
  let containerId = job.containerId;
  if (!containerId) {
    // Quota first (research §3.2.5): read quota_total, never assume it.
    const limit = await client.ig.publishingLimit(host, igUserId, token);
    if (limit.total !== null && limit.used >= limit.total) {
      throw new FinalFailure(
        `${job.accountName} reached Instagram's limit of ${limit.total} posts in 24 hours. Publish it again later.`,
        'quota_exhausted',
      );
    }
    containerId = await createContainers(client, job);
    await job.onContainer(containerId);
  }
  const status = await client.ig.containerStatus(host, containerId, token);
  const isVideo = job.media.some((m) => m.kind === 'video');
  switch (status.status_code) {
    case 'IN_PROGRESS': {
      if (job.now.getTime() - job.attemptStartedAt.getTime() > CONTAINER_MAX_WAIT_MS) {
        throw new FinalFailure(
          'Instagram took too long to process the video. Try a shorter or smaller file.',
          'container_timeout',
        );
      }
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
      throw new MetaApiError({
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
    case 'PUBLISHED': {
      // An earlier attempt got through: find it instead of publishing twice.
      const found = await job.firstFree(
        await instagramCandidates(client, lookupOf(job), job.attemptStartedAt),
      );
      return {
        kind: 'published',
        externalId: found?.id ?? null,
        permalink: found?.permalink ?? null,
      };
    }
    default:
      break;
  }
  const id = containerId;
  const published = await commit(
    () => client.ig.publish(host, igUserId, token, id),
    job.beforeCommit,
  );
  try {
    const media = await client.ig.media(host, published.id, token);
    return { kind: 'published', externalId: published.id, permalink: media.permalink ?? null };
  } catch (linkError) {
    return { kind: 'published', externalId: published.id, permalink: null, linkError };
  }
}

async function createContainers(client: MetaClient, job: InstagramJob): Promise<string> {
  const { host, igUserId, token, caption } = job;
  if (job.format === 'story') {
    return (await client.ig.createContainer(host, igUserId, token, storyContainer(job))).id;
  }
  const captionPart = caption.length > 0 ? { caption } : {};
  if (job.media.length > 1) {
    const children: string[] = [];
    for (const item of job.media) {
      const child = await client.ig.createContainer(
        host,
        igUserId,
        token,
        item.kind === 'video'
          ? { media_type: 'VIDEO', video_url: item.url, is_carousel_item: true }
          : { image_url: item.url, is_carousel_item: true },
      );
      children.push(child.id);
    }
    return (
      await client.ig.createContainer(host, igUserId, token, {
        media_type: 'CAROUSEL',
        children,
        ...captionPart,
      })
    ).id;
  }
  const item = job.media[0];
  if (!item) {
    throw new FinalFailure('Instagram needs a photo or video for every post.', 'media_required');
  }
  if (item.kind === 'video' || job.format === 'reel') {
    return (
      await client.ig.createContainer(host, igUserId, token, {
        media_type: 'REELS',
        video_url: item.url,
        share_to_feed: true,
        ...captionPart,
      })
    ).id;
  }
  return (
    await client.ig.createContainer(host, igUserId, token, { image_url: item.url, ...captionPart })
  ).id;
}

/**
 * A story is one photo or video with no caption, collaborators or first comment (research
 * §3.2.1); the text of the event stays on the calendar (docs/decisions/086).
 */
function storyContainer(job: Pick<InstagramJob, 'media'>): ContainerInput {
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

/** What finds a post on the account: its caption, or for a story the kind of its one file. */
type MediaLookup = Pick<InstagramJob, 'host' | 'igUserId' | 'token' | 'caption'> & {
  story: { kind: 'image' | 'video' | null } | null;
};

function lookupOf(job: InstagramJob): MediaLookup {
  return { ...job, story: job.format === 'story' ? { kind: job.media[0]?.kind ?? null } : null };
}

/** A post found on the account that may be the delivery's. */
interface FoundPost {
  id: string;
  permalink: string | null;
}

/**
 * The first of `candidates` that no other delivery to the account has on record: two deliveries
 * of the same text to one account within minutes must not both take the same post.
 */
async function firstFree(
  deps: AppDeps,
  row: repo.PostRow,
  candidates: FoundPost[],
): Promise<FoundPost | null> {
  const taken = await repo.externalIdsTaken(
    deps.database,
    scopeOf(row.userId),
    row,
    candidates.map((c) => c.id),
  );
  return candidates.find((c) => !taken.has(c.id)) ?? null;
}

/**
 * Media on the account made since the attempt began that could be the delivery's, in order:
 * matched by caption (docs/decisions/080), or for a story on the stories edge.
 */
async function instagramCandidates(
  client: MetaClient,
  job: MediaLookup,
  since: Date,
): Promise<FoundPost[]> {
  if (job.story) return storyCandidates(client, job, job.story.kind, since);
  const items = await client.ig.listMedia(job.host, job.igUserId, job.token);
  const from = since.getTime() - CLOCK_SLACK_MS;
  return (items as { id: string; caption?: string; permalink?: string; timestamp?: string }[])
    .filter((m) => !m.timestamp || Date.parse(m.timestamp) >= from)
    .filter((m) => (m.caption ?? '') === job.caption)
    .map((m) => ({ id: m.id, permalink: m.permalink ?? null }));
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

/**
 * A story on the stories edge (the media edge leaves stories out, research §3.2.7). With no
 * caption to match, it is the earliest story of the same kind (IMAGE or VIDEO) made since the
 * attempt began; a story of that kind posted another way in the same minutes could be taken for
 * it (docs/decisions/086).
 */
async function storyCandidates(
  client: MetaClient,
  job: Pick<MediaLookup, 'host' | 'igUserId' | 'token'>,
  kind: 'image' | 'video' | null,
  since: Date,
): Promise<FoundPost[]> {
  const stories = await client.ig.listStories(job.host, job.igUserId, job.token);
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

async function postFirstComment(
  deps: AppDeps,
  client: MetaClient,
  connection: platformsRepo.ConnectionRow,
  token: string,
  objectId: string,
  message: string,
): Promise<void> {
  try {
    if (connection.platform === 'facebook') {
      await client.facebook.comment(objectId, token, message);
    } else {
      await client.ig.comment(igHostOf(connection), objectId, token, message);
    }
  } catch (error) {
    // The post is out; a missing first comment is logged, never a reason to publish again.
    deps.logger.warn({ err: error, objectId }, 'first comment not posted');
  }
}

// ---------------------------------------------------------------------------------- reconcile

/**
 * Decides an unconfirmed post by asking the platform. Found: published. Certainly not there:
 * back to scheduled (the next attempt may send it). Cannot tell yet: ask again later; after an
 * hour it fails with a reason that tells the owner to look before publishing again.
 */
export async function runReconcile(
  deps: AppDeps,
  payload: PublishJobPayload,
  options: WorkerOptions,
): Promise<void> {
  const now = options.now ?? (() => new Date());
  const client = options.client ?? metaRuntime(deps).client;
  // Claimed like a publish, so two reconcilers never decide the same post twice.
  const claimed = await claim(deps, 'reconcile', payload, now(), options);
  if (!claimed) return;
  const { row, event, connection } = claimed;
  const since = row.attemptStartedAt ?? row.updatedAt;
  const back = (changes: repo.PostChanges & { status: repo.PostStatus }) =>
    settle(deps, row, changes, now());
  try {
    const token = connection ? connectionToken(deps, connection) : null;
    if (!connection || !token || !event) {
      await fail(
        deps,
        row,
        connection,
        row.attempts,
        'We could not confirm whether the post went out, and the account can no longer be checked. Look at the account before publishing again.',
        'unconfirmed_unchecked',
        now(),
      );
      return;
    }
    const caption = event.content ?? '';
    let found: { id: string | null; permalink: string | null } | null = null;
    let retryFromScratch = true;
    if (connection.platform === 'instagram') {
      const host = igHostOf(connection);
      const job: MediaLookup = {
        host,
        igUserId: connection.externalId,
        token,
        caption,
        // The kind of the story's one file (null when it is no longer in the library).
        story:
          row.format === 'story'
            ? { kind: claimed.media.find((m) => m.id === row.mediaIds[0])?.kind ?? null }
            : null,
      };
      if (row.containerId) {
        const status = await client.ig.containerStatus(host, row.containerId, token);
        if (status.status_code === 'PUBLISHED') {
          found = (await firstFree(deps, row, await instagramCandidates(client, job, since))) ?? {
            id: null,
            permalink: null,
          };
        } else if (status.status_code === 'FINISHED') {
          // The container is one-shot: publishing it again cannot make a second post.
          retryFromScratch = false;
        }
      } else if (!job.story) {
        found = await firstFree(deps, row, await instagramCandidates(client, job, since));
      }
      // A story without a container on record was never sent (the container is saved before
      // media_publish), and with no caption a look at the stories edge could only match
      // someone else's story by its kind: it is not out.
    } else {
      found = await firstFree(
        deps,
        row,
        await facebookCandidates(client, connection.externalId, token, caption, since),
      );
    }
    if (found) {
      await back({
        status: 'published',
        externalId: found.id,
        permalink: found.permalink,
        publishedAt: now(),
        nextAttemptAt: null,
        lastError: null,
        errorCode: null,
      });
      return;
    }
    // Certainly not out: the post goes back to its queue; the attempt it used still counts.
    const at = new Date(now().getTime() + backoffMs(row.attempts));
    if (row.attempts >= MAX_ATTEMPTS) {
      await fail(
        deps,
        row,
        connection,
        row.attempts,
        `${connection.platform === 'instagram' ? 'Instagram' : 'Facebook'} did not take the post after ${row.attempts} attempts. Publish it again later.`,
        'not_published',
        now(),
      );
      return;
    }
    await back({
      status: 'scheduled',
      nextAttemptAt: at,
      lastError: null,
      ...(retryFromScratch ? { containerId: null } : {}),
    });
    await options.dispatcher.publish(payload, at);
  } catch (error) {
    // Logged before giving up too: the owner's reason does not say what the platform answered.
    deps.logger.warn({ err: error, postId: row.id }, 'reconcile could not ask the platform');
    if (now().getTime() - since.getTime() > RECONCILE_GIVE_UP_MS) {
      await fail(
        deps,
        row,
        connection,
        row.attempts,
        'We could not confirm whether the post went out. Look at the account before publishing it again.',
        'unconfirmed_timeout',
        now(),
      );
      return;
    }
    // Held back by our own rate-limit gate: nothing was asked, so ask again as the gate opens.
    const gatedFor =
      error instanceof MetaApiError && error.kind === 'rate_limited' && error.details.code === null
        ? error.details.retryAfterMs
        : null;
    const at = new Date(
      now().getTime() + Math.min(RETRY_MAX_MS, Math.max(RETRY_BASE_MS, gatedFor ?? RETRY_MAX_MS)),
    );
    await back({ status: 'unconfirmed', nextAttemptAt: at });
    await options.dispatcher.reconcile(payload, at);
  }
}

// ------------------------------------------------------------------------------------ sweeper

/**
 * Re-drives anything overdue: a scheduled post whose job was lost, an unconfirmed one whose
 * reconcile was lost, and a post left publishing by a worker that died (it may have sent the
 * call, so it becomes unconfirmed and is reconciled, never blindly repeated).
 */
export async function runSweep(
  deps: AppDeps,
  options: WorkerOptions & { limit?: number },
): Promise<{ redriven: number }> {
  const now = (options.now ?? (() => new Date()))();
  const overdue = await repo.unsafeOverduePosts(deps.database.unsafeDb, now, options.limit ?? 500);
  const payloadOf = (post: (typeof overdue)[number]): PublishJobPayload => ({
    postId: post.id,
    userId: post.userId,
    version: post.version,
  });
  // A due post whose job is only waiting its turn (a burst larger than the workers take at
  // once) is not lost: sending it again would only add a job that claims nothing.
  const waitingFor = async (kind: 'publish' | 'reconcile', status: string) =>
    options.dispatcher.waiting?.(
      kind,
      overdue.filter((post) => post.status === status).map(payloadOf),
    ) ?? new Set<string>();
  const waiting = {
    scheduled: await waitingFor('publish', 'scheduled'),
    unconfirmed: await waitingFor('reconcile', 'unconfirmed'),
  };
  let redriven = 0;
  for (const post of overdue) {
    const payload = payloadOf(post);
    if (post.status === 'scheduled' || post.status === 'unconfirmed') {
      if (waiting[post.status].has(payloadKey(payload))) continue;
    }
    if (post.status === 'scheduled') await options.dispatcher.publish(payload, now);
    else if (post.status === 'unconfirmed') await options.dispatcher.reconcile(payload, now);
    else {
      const moved = await settle(
        deps,
        post,
        {
          status: 'unconfirmed',
          nextAttemptAt: now,
          lastError: 'Publishing was interrupted. We are checking whether the post went out.',
        },
        now,
        // Only a claim that has run out: the post may have been claimed afresh since the list
        // was read (docs/decisions/089).
        { leaseEndedBy: now },
      );
      if (!moved) continue;
      await options.dispatcher.reconcile(payload, now);
    }
    redriven += 1;
  }
  return { redriven };
}
