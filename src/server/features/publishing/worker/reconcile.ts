import type { AppDeps } from '#server/platform/deps.ts';
import { MetaApiError } from '#server/integrations/meta/errors.ts';
import { metaRuntime } from '../../platforms/meta-runtime.ts';
import type * as platformsRepo from '../../platforms/platforms.repository.ts';
import { connectionToken } from '../../platforms/connection-health.ts';
import type * as repo from '../publishing.repository.ts';
import { claim, firstFree, settle } from './claim.ts';
import type { PublishJobPayload, WorkerOptions } from './dispatcher.ts';
import { platformOf } from './failure.ts';
import { fail } from './notify.ts';
import {
  backoffMs,
  clockOf,
  MAX_ATTEMPTS,
  RECONCILE_GIVE_UP_MS,
  RETRY_BASE_MS,
  RETRY_MAX_MS,
} from './policy.ts';
import { publisherFor, type Lookup } from './publishers/publisher.ts';

// The reconcile step (docs/decisions/080): a post whose commit call got no answer is decided by
// asking the platform, and only then may it be sent again.

/** A reconcile under way: the post it claimed, and how it writes the post's next state. */
interface Step {
  deps: AppDeps;
  row: repo.PostRow;
  payload: PublishJobPayload;
  options: WorkerOptions;
  now: () => Date;
  back: (changes: repo.PostChanges & { status: repo.PostStatus }) => Promise<unknown>;
}

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
  const now = clockOf(options);
  const client = options.client ?? metaRuntime(deps).client;
  // Claimed like a publish, so two reconcilers never decide the same post twice.
  const claimed = await claim(deps, 'reconcile', payload, now(), options);
  if (!claimed) return;
  const { row, event, connection } = claimed;
  const since = row.attemptStartedAt ?? row.updatedAt;
  const back: Step['back'] = (changes) => settle(deps, row, changes, now());
  const step: Step = { deps, row, payload, options, now, back };
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
    const lookup = await publisherFor(connection).find({
      client,
      connection,
      token,
      caption: event.content ?? '',
      // The kind of the story's one file (null when it is no longer in the library).
      story:
        row.format === 'story'
          ? { kind: claimed.media.find((m) => m.id === row.mediaIds[0])?.kind ?? null }
          : null,
      containerId: row.containerId,
      since,
      firstFree: (candidates) => firstFree(deps, row, candidates),
    });
    await decide(step, connection, lookup);
  } catch (error) {
    await askAgainLater(step, connection, error, since);
  }
}

/** What the platform said: published, or certainly not out and due again. */
async function decide(
  { deps, row, payload, options, now, back }: Step,
  connection: platformsRepo.ConnectionRow,
  { found, keepContainer }: Lookup,
): Promise<void> {
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
      `${platformOf(connection)} did not take the post after ${row.attempts} attempts. Publish it again later.`,
      'not_published',
      now(),
    );
    return;
  }
  await back({
    status: 'scheduled',
    nextAttemptAt: at,
    lastError: null,
    ...(keepContainer ? {} : { containerId: null }),
  });
  await options.dispatcher.publish(payload, at);
}

/** The platform could not be asked: ask again soon, or after an hour give up with a reason. */
async function askAgainLater(
  { deps, row, payload, options, now, back }: Step,
  connection: platformsRepo.ConnectionRow | undefined,
  error: unknown,
  since: Date,
): Promise<void> {
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
