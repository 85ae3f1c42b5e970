import type { AccountQueue } from '#shared/contracts/queue.contract.ts';
import type { TargetProblem } from '#shared/contracts/posts.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import {
  finishSaves,
  prepareSave,
  refusal,
  refusalProblems,
  requireFeature,
  writePreparedSave,
  type PreparedSave,
  type SavePostCommand,
  type Written,
} from '../posts/index.ts';
import { isUuid } from '../profile/user-id.ts';
import { entitlementsOf } from '../subscription/entitlements.ts';
import {
  loadPosts,
  lockQueue,
  pruneEntries,
  replaceSlots,
  setPaused,
  upsertEntries,
} from './queue.repository.ts';
import {
  fingerprint,
  readAccountStates,
  readBusiness,
  toAccountQueue,
  type AccountState,
  type Business,
} from './queue-state.ts';
import type { WeeklySlot } from './slots.ts';

// One operation on an account's queue (docs/decisions/077): read the queue, decide what moves,
// check every post it moves as the one save does (docs/decisions/087: a scheduled post moved is
// checked as scheduling again), then, in one transaction with the queue locked, make sure the
// queue is still as read and write the queue and every post together. The queue's order and
// the posts' times never disagree, and a refusal changes nothing.

/** One post the operation saves, and where the queue holds it afterwards. */
export interface QueueMove {
  /** The save of the post through the posts use case. */
  command: SavePostCommand;
  /** Its title, for refusals that name it. */
  title: string;
  /** The time the queue gives it; null: it leaves the queue. */
  slotAt: Date | null;
}

export interface QueueChange {
  moves: QueueMove[];
  /** The account's new weekly times; undefined leaves them. */
  slots?: WeeklySlot[];
  /** Paused or not afterwards; undefined leaves it. */
  paused?: boolean;
  /** Posts that leave the queue without being saved (a paused queue's drafts). */
  leave?: string[];
}

export type Decide = (state: AccountState, business: Business, now: Date) => Promise<QueueChange>;

/** Runs an operation on the queue of account `connectionId`; answers the queue afterwards. */
export async function changeQueue(
  ctx: ServiceContext,
  connectionId: string,
  decide: Decide,
): Promise<AccountQueue> {
  requireAccess(ctx.actor, 'schedule:post');
  const tenantId = ctx.actor.tenantId;
  const scope = tenantScope(ctx.actor);
  if (!isUuid(connectionId)) accountNotFound(connectionId);
  const now = new Date();
  const read = await withTenant(ctx.deps.database, scope, async (tx) => {
    requireFeature(await entitlementsOf(tx, tenantId), tenantId, 'post');
    const business = await readBusiness(tx, tenantId);
    const [state] = await readAccountStates(tx, tenantId, business, now, connectionId);
    return { business, state: state ?? accountNotFound(connectionId) };
  });
  const { business, state } = read;
  const change = await decide(state, business, now);
  const prepared = await prepareAll(ctx, change.moves, (p, move, i) => ({
    ...p,
    field: `posts.${i}.${p.field}`,
    account: null,
    message: `“${move.title}”${p.account ? ` on ${p.account}` : ''}: ${p.message}`,
  }));

  const written = await withTenant(ctx.deps.database, scope, async (tx) => {
    await lockQueue(tx, tenantId, connectionId, state.slots, now);
    const [current] = await readAccountStates(tx, tenantId, business, now, connectionId);
    if (!current || fingerprint(current) !== fingerprint(state)) queueChanged(connectionId);
    if (change.slots) await replaceSlots(tx, tenantId, connectionId, change.slots, now);
    if (change.paused !== undefined) {
      await setPaused(tx, tenantId, connectionId, change.paused ? now : null, now);
    }
    const out: Written[] = [];
    for (const p of prepared) out.push(await writePreparedSave(tx, p));
    const leaving = new Set([
      ...(change.leave ?? []),
      ...change.moves.filter((m) => m.slotAt === null).map((m) => m.command.postId),
    ]);
    const placed = change.moves.flatMap((m, i) =>
      m.slotAt ? [{ eventId: out[i]!.event.id, slotAt: m.slotAt }] : [],
    );
    await upsertEntries(tx, tenantId, connectionId, placed, now);
    const keep = [
      ...current.members.map((m) => m.eventId).filter((id) => !leaving.has(id)),
      ...placed.map((p) => p.eventId),
    ];
    await pruneEntries(tx, tenantId, connectionId, keep);
    return out;
  });
  await finishSaves(ctx, tenantId, written);
  return readAccountQueue(ctx, connectionId);
}

/** The account's queue as the view shows it. */
export async function readAccountQueue(
  ctx: ServiceContext,
  connectionId: string,
): Promise<AccountQueue> {
  const tenantId = ctx.actor.tenantId;
  const now = new Date();
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const business = await readBusiness(tx, tenantId);
    const [state] = await readAccountStates(tx, tenantId, business, now, connectionId);
    if (!state) accountNotFound(connectionId);
    const posts = await loadPosts(
      tx,
      tenantId,
      state.members.map((m) => m.eventId),
    );
    return toAccountQueue(state, posts, business.timeZone, now);
  });
}

/**
 * Checks every save of an operation (each as the one save checks it), sharing the accounts'
 * quota readings; refuses them together, each problem relabelled by `relabel`.
 */
export async function prepareAll<M extends { command: SavePostCommand }>(
  ctx: ServiceContext,
  moves: readonly M[],
  relabel: (problem: TargetProblem, move: M, index: number) => TargetProblem,
): Promise<PreparedSave[]> {
  const quotaReadings = new Map<string, number | null>();
  const prepared: PreparedSave[] = [];
  const problems: TargetProblem[] = [];
  for (const [i, move] of moves.entries()) {
    try {
      prepared.push(await prepareSave(ctx, ctx.actor.tenantId, move.command, { quotaReadings }));
    } catch (error) {
      const found = refusalProblems(error);
      if (!found) throw error;
      problems.push(...found.map((p) => relabel(p, move, i)));
    }
  }
  if (problems.length > 0) throw refusal(unique(problems), 'schedule', 'targets');
  return prepared;
}

function unique(problems: readonly TargetProblem[]): TargetProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The queue moved between the read and the write: nothing is written. */
export function queueChanged(connectionId: string): never {
  throw AppError.from('WORKFLOW_STATE_INVALID', {
    technicalMessage: `The queue of account ${connectionId} changed meanwhile`,
  });
}

export function accountNotFound(connectionId: string): never {
  throw AppError.from('NOT_FOUND', {
    technicalMessage: `No connected account ${connectionId} to queue posts for`,
  });
}
