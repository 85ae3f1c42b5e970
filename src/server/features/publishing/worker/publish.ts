import { businessScope } from '#server/platform/db/tenant.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { MetaClient } from '#server/integrations/meta/client.ts';
import { accountLabel } from '#shared/account-label.ts';
import type * as mediaRepo from '../../media/media.repository.ts';
import { metaRuntime } from '../../platforms/meta-runtime.ts';
import { connectionToken } from '../../platforms/connection-health.ts';
import { publicMediaUrl } from '../media-urls.ts';
import * as repo from '../publishing.repository.ts';
import { claim, firstFree, settle } from './claim.ts';
import { clockOf, requestWindowMs } from './policy.ts';
import type { PublishJobPayload, WorkerOptions } from './dispatcher.ts';
import { handleFailure, tokenReason } from './failure.ts';
import { FinalFailure, LeaseEnding, type Outcome } from './outcome.ts';
import { publisherFor, type PublishJob } from './publishers/publisher.ts';

// The publish step (docs/decisions/080): claim the post, check that it can still go out, hand
// it to its platform's publisher, and settle what came of it. Anything that goes wrong is the
// failure step's to decide (failure.ts).

export async function runPublish(
  deps: AppDeps,
  payload: PublishJobPayload,
  options: WorkerOptions,
): Promise<void> {
  const now = clockOf(options);
  const client = options.client ?? metaRuntime(deps).client;
  const claimedAt = now();
  // Early deliveries (a clock ahead, a sweeper race) find nothing and leave the post for its time.
  const claimed = await claim(deps, 'publish', payload, claimedAt, options);
  if (!claimed) return;
  const { row, connection } = claimed;
  try {
    const job = prepare(deps, claimed, client, claimedAt, options);
    const outcome = await publisherFor(job.connection).publish(job);
    if (outcome.kind === 'waiting') await waitForContainer(deps, row, outcome, payload, options);
    else await settlePublished(deps, row, job, outcome, now);
  } catch (error) {
    await handleFailure(deps, row, connection, error, options, now());
  }
}

/** The delivery as its publisher needs it, once it is certain the post can still go out. */
function prepare(
  deps: AppDeps,
  claimed: repo.ClaimedDelivery,
  client: MetaClient,
  claimedAt: Date,
  options: WorkerOptions,
): PublishJob {
  const now = clockOf(options);
  const { row } = claimed;
  const { event, connection, media, token } = canGo(deps, claimed);
  const urls = media.map((m) => ({
    kind: m.kind,
    url: publicMediaUrl(deps, row.userId, m, connection.platform),
  }));
  // The commit goes out only while the claim outlasts the longest a request may take.
  const leaseEnd = row.nextAttemptAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const requestMs = requestWindowMs(deps.env.META_REQUEST_TIMEOUT_SECONDS, options);
  return {
    client,
    connection,
    token,
    caption: event.content ?? '',
    format: row.format,
    media: urls,
    containerId: row.containerId,
    attemptStartedAt: row.attemptStartedAt ?? claimedAt,
    now,
    accountName: accountLabel(connection),
    beforeCommit: () => {
      if (leaseEnd - now().getTime() < requestMs) throw new LeaseEnding();
    },
    onContainer: (containerId) =>
      repo.saveContainerId(deps.database, businessScope(row.userId), row, containerId, now()),
    firstFree: (candidates) => firstFree(deps, row, candidates),
  };
}

/**
 * The post's event, account, token and media (in the post's order), all still there; throws a
 * FinalFailure with the owner's reason otherwise.
 */
function canGo(deps: AppDeps, { row, event, connection, media: found }: repo.ClaimedDelivery) {
  const media = row.mediaIds
    .map((id) => found.find((m) => m.id === id))
    .filter((m): m is mediaRepo.MediaRow => Boolean(m));
  if (!event) throw new FinalFailure('The post was deleted before it was published.', 'gone');
  if (!connection) {
    throw new FinalFailure(
      'The account this post was meant for is no longer connected. Choose another account and publish again.',
      'connection_missing',
    );
  }
  if (connection.status !== 'connected') {
    throw new FinalFailure(
      `${accountLabel(connection)} was disconnected. Connect it again on the Platforms page, then publish again.`,
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
  return { event, connection, media, token };
}

/** Instagram is still processing the container: a wait, not a failed attempt. */
async function waitForContainer(
  deps: AppDeps,
  row: repo.PostRow,
  outcome: Extract<Outcome, { kind: 'waiting' }>,
  payload: PublishJobPayload,
  options: WorkerOptions,
): Promise<void> {
  const now = clockOf(options);
  const at = new Date(now().getTime() + outcome.delayMs);
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
}

async function settlePublished(
  deps: AppDeps,
  row: repo.PostRow,
  job: PublishJob,
  outcome: Extract<Outcome, { kind: 'published' }>,
  now: () => Date,
): Promise<void> {
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
    await postFirstComment(deps, job, outcome.externalId, row.firstComment);
  }
}

async function postFirstComment(
  deps: AppDeps,
  job: PublishJob,
  objectId: string,
  message: string,
): Promise<void> {
  try {
    await publisherFor(job.connection).comment(job, objectId, message);
  } catch (error) {
    // The post is out; a missing first comment is logged, never a reason to publish again.
    deps.logger.warn({ err: error, objectId }, 'first comment not posted');
  }
}
