import {
  QUEUE_HORIZON_DAYS,
  type AddToQueueInput,
  type AddToQueueResult,
} from '#shared/contracts/queue.contract.ts';
import type { PostTargetInput, TargetProblem } from '#shared/contracts/posts.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import {
  finishSaves,
  prepareSave,
  problem,
  refusal,
  writePreparedSave,
  type PreparedSave,
} from '../posts/index.ts';
import { lockQueue, pruneEntries, upsertEntries } from './queue.repository.ts';
import { prepareAll, queueChanged } from './queue-operation.ts';
import { quotaTotal } from './queue-moves.ts';
import {
  fingerprint,
  nextSlot,
  readAccountStates,
  readBusiness,
  type AccountState,
} from './queue-state.ts';
import { minuteKey } from './slots.ts';

// "Add to queue" (docs/decisions/077): one post per account chosen, as Buffer does, each in its
// account's next free posting time, saved through the one save with intent schedule
// (docs/decisions/087): every rule of every account and its quota apply, and a refusal is the
// same 400 as scheduling, its fields numbered as the accounts were sent. One account refused:
// nothing is queued. A paused queue takes the post at its end as a draft, once it has passed the
// same checks. Two adds racing for one time: the second finds it taken when it writes and starts
// again.

const ATTEMPTS = 3;

class TimeTaken extends Error {}

export async function addToQueue(
  ctx: ServiceContext,
  input: AddToQueueInput,
): Promise<AddToQueueResult> {
  requireAccess(ctx.actor, 'create:post');
  requireAccess(ctx.actor, 'schedule:post');
  if (input.post_id !== undefined) requireAccess(ctx.actor, 'update:post');
  for (let attempt = 1; ; attempt++) {
    try {
      return await attemptAdd(ctx, input);
    } catch (error) {
      if (!(error instanceof TimeTaken)) throw error;
      if (attempt === ATTEMPTS) queueChanged(error.message);
    }
  }
}

interface Placement {
  index: number;
  target: PostTargetInput;
  state: AccountState;
  slotAt: Date;
}

async function attemptAdd(ctx: ServiceContext, input: AddToQueueInput): Promise<AddToQueueResult> {
  const tenantId = ctx.actor.tenantId;
  const scope = tenantScope(ctx.actor);
  const now = new Date();
  const targets = input.targets;
  if (targets.length === 0) {
    throw refusal(
      [problem('targets', 'targets_required', 'Choose at least one account to publish to')],
      'schedule',
      'targets',
    );
  }
  const { business, states } = await withTenant(ctx.deps.database, scope, async (tx) => {
    const business = await readBusiness(tx, tenantId);
    return { business, states: await readAccountStates(tx, tenantId, business, now) };
  });

  // Where each account's post goes.
  const without = new Set(input.post_id ? [input.post_id] : []);
  const problems: TargetProblem[] = [];
  const placements: Placement[] = [];
  const seen = new Set<string>();
  for (const [index, target] of targets.entries()) {
    const at = `targets.${index}.connection_id`;
    const state = states.find((s) => s.connection.id === target.connection_id);
    if (seen.has(target.connection_id)) {
      problems.push(problem(at, 'account_once', 'This account is chosen twice'));
      continue;
    }
    seen.add(target.connection_id);
    if (!state) {
      problems.push(
        problem(
          at,
          'account_connected',
          'This account is not connected. Connect it on the Platforms page first',
        ),
      );
      continue;
    }
    const slotAt = nextSlot(state, business.timeZone, now, await quotaTotal(ctx, state), without);
    if (!slotAt) {
      problems.push({
        ...problem(
          at,
          'queue_full',
          `No free posting time in the next ${QUEUE_HORIZON_DAYS / 7} weeks. Add posting times to this account's queue`,
        ),
        connection_id: state.connection.id,
        account: accountLabel(state.connection),
      });
      continue;
    }
    placements.push({ index, target, state, slotAt });
  }
  if (problems.length > 0) throw refusal(problems, 'schedule', 'targets');

  // Each checked as scheduling; a paused queue's post is then saved as a draft.
  const commandOf = (p: Placement, intent: 'schedule' | 'draft') => ({
    postId: p.index === 0 ? input.post_id : undefined,
    post: { ...input.post, scheduled_for: p.slotAt.toISOString() },
    targets: [p.target],
    intent,
  });
  const checked = await prepareAll(
    ctx,
    placements.map((p) => ({ command: commandOf(p, 'schedule'), placement: p })),
    (pr, move) => ({
      ...pr,
      field: pr.field.replace(/^targets\.0/, `targets.${move.placement.index}`),
    }),
  );
  const prepared: PreparedSave[] = [];
  for (const [i, p] of placements.entries()) {
    prepared.push(
      p.state.paused ? await prepareSave(ctx, tenantId, commandOf(p, 'draft')) : checked[i]!,
    );
  }

  const written = await withTenant(ctx.deps.database, scope, async (tx) => {
    const accounts = [...new Set(placements.map((p) => p.state.connection.id))].sort();
    for (const id of accounts) {
      const state = placements.find((p) => p.state.connection.id === id)!.state;
      await lockQueue(tx, tenantId, id, state.slots, now);
    }
    const current = await readAccountStates(tx, tenantId, business, now);
    for (const p of placements) {
      const fresh = current.find((s) => s.connection.id === p.state.connection.id);
      const key = minuteKey(p.slotAt);
      const holds = (eventId: string, at: Date) => !without.has(eventId) && minuteKey(at) === key;
      const held =
        fresh?.busy.some((b) => b.status !== 'published' && holds(b.eventId, b.at)) === true ||
        fresh?.members.some((m) => holds(m.eventId, m.slotAt)) === true;
      if (!fresh || fingerprint(fresh) !== fingerprint(p.state) || held) {
        throw new TimeTaken(p.state.connection.id);
      }
    }
    const out = [];
    for (const [i, p] of placements.entries()) {
      const w = await writePreparedSave(tx, prepared[i]!);
      const id = p.state.connection.id;
      await upsertEntries(tx, tenantId, id, [{ eventId: w.event.id, slotAt: p.slotAt }], now);
      const state = current.find((s) => s.connection.id === id)!;
      await pruneEntries(tx, tenantId, id, [...state.members.map((m) => m.eventId), w.event.id]);
      out.push(w);
    }
    return out;
  });
  const posts = await finishSaves(ctx, tenantId, written);
  return {
    queued: placements.map((p, i) => ({
      connection_id: p.state.connection.id,
      slot_at: p.slotAt.toISOString(),
      paused: p.state.paused,
      post: posts[i]!,
    })),
  };
}
