import type { AppDeps } from '#server/platform/deps.ts';
import { MetaApiError, type MetaErrorKind } from '#server/integrations/meta/errors.ts';
import { accountLabel } from '#shared/account-label.ts';
import type * as platformsRepo from '../../platforms/platforms.repository.ts';
import type * as repo from '../publishing.repository.ts';
import { settle } from './claim.ts';
import { payloadOf, type WorkerOptions } from './dispatcher.ts';
import { fail } from './notify.ts';
import { FinalFailure, LeaseEnding, UnknownOutcome } from './outcome.ts';
import { backoffMs, CONTAINER_POLL_MS, MAX_ATTEMPTS } from './policy.ts';

// What a failed publish attempt leads to (docs/decisions/080): tried again later, handed to
// reconcile when the platform may have the post, or failed with a reason the owner reads.

type Connection = platformsRepo.ConnectionRow | undefined;

/** The post's next state, and the job that follows it; or the end, with its reason. */
type Next =
  | {
      then: 'publish' | 'reconcile';
      at: Date;
      changes: repo.PostChanges & { status: repo.PostStatus };
    }
  | { then: 'fail'; reason: string; code: string };

export async function handleFailure(
  deps: AppDeps,
  row: repo.PostRow,
  connection: Connection,
  error: unknown,
  options: WorkerOptions,
  now: Date,
): Promise<void> {
  if (isOurOwn(error)) {
    deps.logger.error({ err: error, postId: row.id }, 'publishing failed unexpectedly');
  }
  const next = nextAfter(error, row, connection, now);
  if (next.then === 'fail') {
    await fail(deps, row, connection, row.attempts + 1, next.reason, next.code, now);
    return;
  }
  await settle(deps, row, next.changes, now);
  if (next.then === 'publish') await options.dispatcher.publish(payloadOf(row), next.at);
  else await options.dispatcher.reconcile(payloadOf(row), next.at);
}

const isOurOwn = (error: unknown) =>
  !(
    error instanceof LeaseEnding ||
    error instanceof UnknownOutcome ||
    error instanceof FinalFailure ||
    error instanceof MetaApiError
  );

function nextAfter(error: unknown, row: repo.PostRow, connection: Connection, now: Date): Next {
  const attempts = row.attempts + 1;
  if (error instanceof LeaseEnding) {
    // Nothing was sent: the post is due again at once, with a fresh claim.
    return { then: 'publish', at: now, changes: { status: 'scheduled', nextAttemptAt: now } };
  }
  if (error instanceof UnknownOutcome) {
    const at = later(now, backoffMs(1));
    return {
      then: 'reconcile',
      at,
      changes: {
        status: 'unconfirmed',
        attempts,
        nextAttemptAt: at,
        lastError:
          'The platform did not confirm the post yet. We are checking whether it went out.',
        errorCode: 'unconfirmed',
      },
    };
  }
  if (error instanceof FinalFailure)
    return { then: 'fail', reason: error.reason, code: error.code };
  if (error instanceof MetaApiError) return afterPlatformError(error, row, connection, now);
  // Our own failure (database, bug): the post goes back to its queue with a back-off; the
  // sweeper would find it anyway, and repeated failures end it with a reason.
  if (attempts >= MAX_ATTEMPTS) {
    return {
      then: 'fail',
      reason:
        'Something went wrong on our side. Publish it again; if it fails again, contact support.',
      code: 'internal',
    };
  }
  const at = later(now, backoffMs(attempts));
  return { then: 'publish', at, changes: { status: 'scheduled', attempts, nextAttemptAt: at } };
}

function afterPlatformError(
  error: MetaApiError,
  row: repo.PostRow,
  connection: Connection,
  now: Date,
): Next {
  const attempts = row.attempts + 1;
  const { subcode, retryAfterMs } = error.details;
  // Media not ready yet is a wait, not a failure
  // (docs/product/meta-platform.md#instagram-publishing-errors, 9007/2207027).
  if (subcode === 2207027 && row.containerId) {
    const at = later(now, CONTAINER_POLL_MS.image);
    return { then: 'publish', at, changes: { status: 'scheduled', nextAttemptAt: at } };
  }
  const retryable = error.kind === 'transient' || error.kind === 'rate_limited';
  // Refused by our own gate after an earlier throttle: nothing was sent, no attempt was used.
  const gated = error.kind === 'rate_limited' && error.details.code === null;
  if (!retryable || (!gated && attempts >= MAX_ATTEMPTS)) {
    return {
      then: 'fail',
      reason: refusalReason(error, connection, attempts),
      code: `meta_${error.kind}`,
    };
  }
  const at = later(now, Math.max(backoffMs(attempts), retryAfterMs ?? 0));
  // An expired or failed container is made again; a processing one is waited for.
  const keepContainer = subcode !== 2207020 && subcode !== 2207006;
  return {
    then: 'publish',
    at,
    changes: {
      status: 'scheduled',
      attempts: gated ? row.attempts : attempts,
      nextAttemptAt: at,
      lastError: `${platformOf(connection)} had a temporary problem; trying again.`,
      errorCode: error.kind,
      ...(keepContainer ? {} : { containerId: null }),
    },
  };
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

// ------------------------------------------------------------------------------ the reasons

/** What the owner reads when the platform refused for good: what happened, then what to do. */
function refusalReason(error: MetaApiError, connection: Connection, attempts: number): string {
  const name = connection ? accountLabel(connection) : 'the account';
  const facts = { error, connection, attempts, name, platform: platformOf(connection) };
  return (REFUSALS[error.kind] ?? refusedAsSaid)(facts);
}

interface Facts {
  error: MetaApiError;
  connection: Connection;
  attempts: number;
  /** The account's name, or "the account". */
  name: string;
  platform: 'Facebook' | 'Instagram';
}

const accessLost = ({ connection }: Facts) =>
  connection
    ? tokenReason(connection)
    : 'The account needs to be connected again. Reconnect it on the Platforms page, then publish again.';

const REFUSALS: Partial<Record<MetaErrorKind, (facts: Facts) => string>> = {
  token_expired: accessLost,
  token_revoked: accessLost,
  permission_missing: ({ name }) =>
    `${name} has not allowed Soci Gen to publish. Connect it again and allow publishing.`,
  rate_limited: ({ error, name, platform }) =>
    error.details.subcode === 2207042
      ? `${name} reached Instagram's limit of posts in 24 hours. Publish it again later.`
      : `${platform} limited how often we may publish to ${name}. Publish it again later.`,
  transient: ({ attempts, platform }) =>
    `${platform} kept failing with a temporary error after ${attempts} attempts. Publish it again later.`,
};

/** Any other refusal: the platform's own words, then what to do about them. */
function refusedAsSaid({ error, platform }: Facts): string {
  const said = (error.details.userMessage ?? error.details.message).replace(/[\s.]+$/, '');
  return `${platform} refused the post: ${said}. Edit the post accordingly, then publish again.`;
}

/** The platform's name as the owner reads it. */
export function platformOf(
  connection: Pick<platformsRepo.ConnectionRow, 'platform'> | undefined,
): 'Facebook' | 'Instagram' {
  return connection?.platform === 'instagram' ? 'Instagram' : 'Facebook';
}

/** The platform no longer accepts the account's token. */
export function tokenReason(c: platformsRepo.ConnectionRow): string {
  return `${platformOf(c)} no longer accepts Soci Gen's access to ${accountLabel(c)}. Reconnect the account on the Platforms page, then publish again.`;
}
