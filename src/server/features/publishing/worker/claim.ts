import { businessScope } from '#server/platform/db/tenant.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { announceCommittedDelivery } from '../../posts/index.ts';
import * as repo from '../publishing.repository.ts';
import type { PublishJobPayload, WorkerOptions } from './dispatcher.ts';
import { leaseMsOf } from './policy.ts';

// The claim and the settle of a step (docs/decisions/080, 083). A post is claimed (scheduled →
// publishing, conditional on status and version) before any platform call, so a duplicate or
// stale job finds nothing to do; the claim is a lease that ends at `next_attempt_at`. Also which
// post found on the account a delivery may take as its own.

/**
 * Claims the post for `step` until the lease ends, in one message with the event's status and
 * what the step needs (docs/decisions/083), and tells the business. Null when there is nothing
 * to do: another version, another status, or not yet due.
 */
export async function claim(
  deps: AppDeps,
  step: 'publish' | 'reconcile',
  payload: PublishJobPayload,
  at: Date,
  options: WorkerOptions,
): Promise<repo.ClaimedDelivery | null> {
  const claimFor = step === 'publish' ? repo.claimForPublish : repo.claimForReconcile;
  const leaseEnd = new Date(at.getTime() + leaseMsOf(options));
  const claimed = await claimFor(
    deps.database,
    businessScope(payload.userId),
    payload,
    at,
    leaseEnd,
  );
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
export async function settle(
  deps: AppDeps,
  row: Pick<repo.PostRow, 'id' | 'userId' | 'version'>,
  changes: repo.PostChanges & { status: repo.PostStatus },
  now: Date,
  options: { leaseEndedBy?: Date } = {},
): Promise<repo.SettledDelivery | null> {
  const settled = await repo.settleDelivery(
    deps.database,
    businessScope(row.userId),
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

/**
 * The first of `candidates` that no other delivery to the account has on record: two deliveries
 * of the same text to one account within minutes must not both take the same post.
 */
export async function firstFree<T extends { id: string }>(
  deps: AppDeps,
  row: repo.PostRow,
  candidates: T[],
): Promise<T | null> {
  const taken = await repo.externalIdsTaken(
    deps.database,
    businessScope(row.userId),
    row,
    candidates.map((c) => c.id),
  );
  return candidates.find((c) => !taken.has(c.id)) ?? null;
}
