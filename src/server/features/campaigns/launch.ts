import type { LaunchProblem, PlannedPost } from '#shared/contracts/campaign-plan.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { AppError } from '#shared/errors/index.ts';
import { tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { listConnections } from '../platforms/platforms.repository.ts';
import { finishSaves, writePreparedSave, type PreparedSave, type Written } from '../posts/index.ts';
import { checkLaunch, readPublishTimes, windowProblems, withExisting } from './launch-gate.ts';

// Launching a campaign (docs/product/screens.md#campaigns): every planned post is scheduled on
// the calendar as a post of type campaign, or none is. The launch gate checks them all first
// (launch-gate.ts); then every post is written in one transaction, as a multi-post operation of
// the posts use case (docs/decisions/077, 087), with each Instagram account's 24-hour windows
// checked again inside it against what was scheduled meanwhile. Anything that fails rolls the
// whole transaction back: a launch that fails halfway leaves nothing scheduled. The publish jobs
// are sent once it has committed.

export interface LaunchResult {
  /** The calendar event of each planned post, by its key. */
  eventIds: Record<string, string>;
}

export interface LaunchOptions {
  /** The write of one post in the launch's transaction (the posts use case's own). */
  write?: (tx: Tx, prepared: PreparedSave) => Promise<Written>;
}

export const LAUNCH_REFUSED = 'This campaign cannot be launched yet. Fix the problems listed';

/** Schedules every planned post of a campaign of the signed-in person's business, or none. */
export async function launchCampaign(
  ctx: ServiceContext,
  posts: readonly PlannedPost[],
  now: Date = new Date(),
  options: LaunchOptions = {},
): Promise<LaunchResult> {
  const check = await checkLaunch(ctx, posts, now);
  if (!check.ok || !check.prepared) throw launchRefusal(check.problems);
  const { prepared } = check;
  const write = options.write ?? writePreparedSave;
  const tenantId = ctx.actor.tenantId;

  const written = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    // What was scheduled since the gate read it counts too.
    const existing = await readPublishTimes(tx, tenantId, prepared.schedules, now);
    const connections = await listConnections(tx, tenantId);
    const moved = windowProblems(withExisting(prepared.schedules, existing), (id) => {
      const c = connections.find((x) => x.id === id);
      return c ? accountLabel(c) : null;
    });
    if (moved.length > 0) throw launchRefusal(moved);
    const out: Written[] = [];
    for (const post of prepared.posts) out.push(await write(tx, post.save));
    return out;
  });
  await finishSaves(ctx, tenantId, written);
  return {
    eventIds: Object.fromEntries(prepared.posts.map((p, i) => [p.key, written[i]!.event.id])),
  };
}

/**
 * A launch refused, as a save is (post-refusal.ts): VALIDATION_ERROR with details.fieldErrors
 * (one message per field) and details.problems (every problem, with the field that fixes it).
 */
export function launchRefusal(problems: readonly LaunchProblem[]): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const p of problems) {
    fieldErrors[p.field] ??= p.account ? `${p.account}: ${p.message}` : p.message;
  }
  return AppError.from('VALIDATION_ERROR', {
    userMessage: LAUNCH_REFUSED,
    technicalMessage: `Campaign launch refused: ${problems.map((p) => `${p.field} ${p.rule}`).join(', ')}`,
    details: { fieldErrors, problems: [...problems], stage: 'launch' },
  });
}
