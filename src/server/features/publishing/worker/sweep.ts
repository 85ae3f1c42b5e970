import type { AppDeps } from '#server/platform/deps.ts';
import * as repo from '../publishing.repository.ts';
import { settle } from './claim.ts';
import { payloadKey, payloadOf, type WorkerOptions } from './dispatcher.ts';
import { clockOf } from './policy.ts';

// The sweeper (docs/decisions/080, 089): runs every minute, one run across processes.

type Overdue = Awaited<ReturnType<typeof repo.unsafeOverduePosts>>[number];

/**
 * Re-drives anything overdue: a scheduled post whose job was lost, an unconfirmed one whose
 * reconcile was lost, and a post left publishing by a worker that died (it may have sent the
 * call, so it becomes unconfirmed and is reconciled, never blindly repeated).
 */
export async function runSweep(
  deps: AppDeps,
  options: WorkerOptions & { limit?: number },
): Promise<{ redriven: number }> {
  const now = clockOf(options)();
  const overdue = await repo.unsafeOverduePosts(deps.database.unsafeDb, now, options.limit ?? 500);
  const waiting = await waitingJobs(overdue, options);
  let redriven = 0;
  for (const post of overdue) {
    const payload = payloadOf(post);
    if (post.status === 'scheduled' || post.status === 'unconfirmed') {
      if (waiting[post.status].has(payloadKey(payload))) continue;
    }
    if (post.status === 'scheduled') await options.dispatcher.publish(payload, now);
    else if (post.status === 'unconfirmed') await options.dispatcher.reconcile(payload, now);
    else if (!(await takeOver(deps, post, now, options))) continue;
    redriven += 1;
  }
  return { redriven };
}

/**
 * The overdue posts whose job is only waiting its turn (a burst larger than the workers take at
 * once): they are not lost, and sending them again would only add a job that claims nothing.
 */
async function waitingJobs(overdue: Overdue[], options: WorkerOptions) {
  const waitingFor = async (kind: 'publish' | 'reconcile', status: string) =>
    options.dispatcher.waiting?.(
      kind,
      overdue.filter((post) => post.status === status).map(payloadOf),
    ) ?? new Set<string>();
  return {
    scheduled: await waitingFor('publish', 'scheduled'),
    unconfirmed: await waitingFor('reconcile', 'unconfirmed'),
  };
}

/** A post left publishing by a silent worker becomes unconfirmed and is reconciled. */
async function takeOver(
  deps: AppDeps,
  post: Overdue,
  now: Date,
  options: WorkerOptions,
): Promise<boolean> {
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
  if (!moved) return false;
  await options.dispatcher.reconcile(payloadOf(post), now);
  return true;
}
