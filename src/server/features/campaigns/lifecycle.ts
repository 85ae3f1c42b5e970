import { launchInputSchema, type Campaign } from '#shared/contracts/campaigns.contract.ts';
import type { LaunchProblem, PlannedPost } from '#shared/contracts/campaign-plan.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import {
  finishSaves,
  prepareSave,
  writePreparedSave,
  type PreparedSave,
  type SavePostCommand,
  type Written,
} from '../posts/index.ts';
import {
  insertCampaign,
  replacePlanPosts,
  setPostEvent,
  type CampaignPostView,
} from './campaigns.repository.ts';
import {
  campaignRow,
  campaignView,
  changeAt,
  expectAt,
  parseInput,
  plannedPostOf,
  requireCampaignsPlan,
  requireId,
  storedPosts,
} from './drafts.ts';
import { checkLaunch } from './launch-gate.ts';
import { launchCampaign, launchRefusal } from './launch.ts';

// A campaign's life after its draft (docs/product/screens.md#campaigns): checked, launched,
// paused, resumed, cancelled, duplicated. Launching schedules every planned post on the calendar
// as a post of type campaign through the launch gate (launch-gate.ts, launch.ts) and links each
// plan row to its calendar post, in the launch's own transaction. Pausing, resuming and
// cancelling change those calendar posts through the one posts use case, all of them in one
// transaction, as the posting queue's operations do (docs/decisions/077, 087), with the
// campaign's versioned change in the same transaction: a refusal changes nothing.
//
// The status stored is draft, scheduled, paused or cancelled. The status shown is derived from it
// and the campaign's calendar posts (campaigns.repository.ts shownStatus, and its SQL twin for the
// list's filter): a `scheduled` campaign is shown `active` once one of its posts is published,
// and `completed` once none is left to publish (none scheduled, publishing or unconfirmed). So
// nothing has to notice the last post going out for the campaign to show as completed.

const SCHEDULED_MESSAGE = 'Only a scheduled campaign can be paused.';
const PAUSED_MESSAGE = 'Only a paused campaign can be resumed.';
const CANCELLED_MESSAGE = 'This campaign has already been cancelled.';
const LAUNCH_MESSAGE = 'This campaign has already been launched.';

/** Calendar posts of a campaign that cancelling stops: everything not yet under way or out. */
const CANCELLABLE = new Set(['draft', 'scheduled', 'failed']);

function versionOf(input: unknown): number {
  return parseInput(launchInputSchema, input).version;
}

async function readCampaign(ctx: ServiceContext, id: string) {
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCampaignsPlan(tx, tenantId);
    const row = await campaignRow(tx, tenantId, id);
    return { row, posts: await storedPosts(tx, tenantId, id) };
  });
}

function refuseEmptyPlan(posts: readonly unknown[]): void {
  if (posts.length === 0) throw validationError({ posts: 'Plan at least one post first' });
}

/** POST …/check: the launch gate, without launching. */
export async function checkCampaign(
  ctx: ServiceContext,
  id: string,
  now: Date = new Date(),
): Promise<{ ok: boolean; problems: LaunchProblem[] }> {
  requireAccess(ctx.actor, 'schedule:post');
  requireId(id);
  const { posts } = await readCampaign(ctx, id);
  refuseEmptyPlan(posts);
  const check = await checkLaunch(ctx, posts.map(plannedPostOf), now);
  return { ok: check.ok, problems: check.problems };
}

/**
 * POST …/launch: every planned post scheduled, or none; the campaign becomes scheduled with each
 * plan row linked to its calendar post, in the launch's transaction.
 */
export async function launchDraft(
  ctx: ServiceContext,
  id: string,
  input: unknown,
  now: Date = new Date(),
): Promise<Campaign> {
  requireAccess(ctx.actor, 'schedule:post');
  requireId(id);
  const version = versionOf(input);
  const tenantId = ctx.actor.tenantId;
  const { row, posts } = await readCampaign(ctx, id);
  expectAt(row, version, { draftOnly: true, message: LAUNCH_MESSAGE });
  refuseEmptyPlan(posts);
  const planned = posts.map(plannedPostOf);
  let written = 0;
  const { eventIds } = await launchCampaign(ctx, planned, now, {
    // The posts are written in plan order in the launch's one transaction; the campaign's own
    // change goes first in it, so a launch on an older version writes nothing.
    write: async (tx, prepared) => {
      if (written === 0) {
        await changeAt(
          tx,
          ctx,
          id,
          version,
          { status: 'scheduled', step: 'review', launchedAt: now },
          { draftOnly: true, message: LAUNCH_MESSAGE },
        );
      }
      const out = await writePreparedSave(tx, prepared);
      await setPostEvent(tx, tenantId, id, planned[written]!.key, out.event.id);
      written += 1;
      return out;
    },
  });
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    // The launch's answer is the authority on which calendar post is whose; the links written in
    // its transaction agree with it unless its order of writes ever changes.
    for (const [key, eventId] of Object.entries(eventIds)) {
      await setPostEvent(tx, tenantId, id, key, eventId);
    }
    return campaignView(tx, tenantId, await campaignRow(tx, tenantId, id));
  });
}

/**
 * Saves of calendar posts through the posts use case, checked first, then written together with
 * the campaign's versioned change in one transaction, then finished (publish jobs) once it has
 * committed.
 */
async function changePosts(
  ctx: ServiceContext,
  id: string,
  commands: readonly SavePostCommand[],
  change: (tx: Tx) => Promise<unknown>,
): Promise<Campaign> {
  const tenantId = ctx.actor.tenantId;
  const quotaReadings = new Map<string, number | null>();
  const prepared: PreparedSave[] = [];
  for (const command of commands) {
    prepared.push(await prepareSave(ctx, tenantId, command, { quotaReadings }));
  }
  const { campaign, written } = await withTenant(
    ctx.deps.database,
    tenantScope(ctx.actor),
    async (tx) => {
      await change(tx);
      const out: Written[] = [];
      for (const save of prepared) out.push(await writePreparedSave(tx, save));
      return {
        written: out,
        campaign: await campaignView(tx, tenantId, await campaignRow(tx, tenantId, id)),
      };
    },
  );
  await finishSaves(ctx, tenantId, written);
  return campaign;
}

const launched = (p: CampaignPostView): p is CampaignPostView & { eventId: string } =>
  p.eventId !== null;

/** POST …/pause: every launched post not yet published goes back to draft. */
export async function pauseCampaign(
  ctx: ServiceContext,
  id: string,
  input: unknown,
): Promise<Campaign> {
  requireAccess(ctx.actor, 'schedule:post');
  requireId(id);
  const version = versionOf(input);
  const { row, posts } = await readCampaign(ctx, id);
  const only = { statuses: ['scheduled'] as const, message: SCHEDULED_MESSAGE };
  expectAt(row, version, only);
  const commands = posts
    .filter(launched)
    .filter((p) => p.eventStatus === 'scheduled')
    .map((p): SavePostCommand => ({ postId: p.eventId, post: {}, intent: 'draft' }));
  return changePosts(ctx, id, commands, (tx) =>
    changeAt(tx, ctx, id, version, { status: 'paused' }, only),
  );
}

/**
 * POST …/resume: the posts still ahead go through the launch gate again, then are scheduled again
 * at their planned times. Posts whose time passed while paused stay drafts.
 */
export async function resumeCampaign(
  ctx: ServiceContext,
  id: string,
  input: unknown,
  now: Date = new Date(),
): Promise<Campaign> {
  requireAccess(ctx.actor, 'schedule:post');
  requireId(id);
  const version = versionOf(input);
  const { row, posts } = await readCampaign(ctx, id);
  const only = { statuses: ['paused'] as const, message: PAUSED_MESSAGE };
  expectAt(row, version, only);
  const ahead = posts
    .filter(launched)
    .filter((p) => p.eventStatus === 'draft' && p.scheduledFor.getTime() > now.getTime());
  if (ahead.length > 0) {
    const planned: PlannedPost[] = ahead.map(plannedPostOf);
    const check = await checkLaunch(ctx, planned, now);
    if (!check.ok) throw launchRefusal(check.problems);
  }
  const commands = ahead.map((p): SavePostCommand => ({
    postId: p.eventId,
    post: { scheduled_for: p.scheduledFor.toISOString() },
    intent: 'schedule',
  }));
  return changePosts(ctx, id, commands, (tx) =>
    changeAt(tx, ctx, id, version, { status: 'scheduled' }, only),
  );
}

/** POST …/cancel: every post not yet published is cancelled; the campaign is cancelled. */
export async function cancelCampaign(
  ctx: ServiceContext,
  id: string,
  input: unknown,
): Promise<Campaign> {
  requireAccess(ctx.actor, 'schedule:post');
  requireId(id);
  const version = versionOf(input);
  const { row, posts } = await readCampaign(ctx, id);
  const only = {
    statuses: ['draft', 'scheduled', 'paused'] as const,
    message: CANCELLED_MESSAGE,
  };
  expectAt(row, version, only);
  const commands = posts
    .filter(launched)
    .filter((p) => p.eventStatus !== null && CANCELLABLE.has(p.eventStatus))
    .map((p): SavePostCommand => ({ postId: p.eventId, post: {}, intent: 'cancel' }));
  return changePosts(ctx, id, commands, (tx) =>
    changeAt(tx, ctx, id, version, { status: 'cancelled' }, only),
  );
}

/**
 * POST …/duplicate: a new draft with the same brief, cadence and planned posts (their keys kept:
 * a key is the plan's own, unique within its campaign), at the schedule step, "<name> (copy)".
 */
export async function duplicateCampaign(ctx: ServiceContext, id: string): Promise<Campaign> {
  requireAccess(ctx.actor, 'create:post');
  requireId(id);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCampaignsPlan(tx, tenantId);
    const source = await campaignRow(tx, tenantId, id);
    const posts = await storedPosts(tx, tenantId, id);
    const copy = await insertCampaign(tx, {
      userId: tenantId,
      name: `${source.name.slice(0, 120 - ' (copy)'.length)} (copy)`,
      step: 'schedule',
      goal: source.goal,
      audience: source.audience,
      startsOn: source.startsOn,
      endsOn: source.endsOn,
      connectionIds: source.connectionIds,
      formats: source.formats,
      cadence: source.cadence,
      planSource: source.planSource,
      color: source.color,
      createdBy: ctx.actor.userId,
      updatedBy: ctx.actor.userId,
    });
    await replacePlanPosts(
      tx,
      tenantId,
      copy.id,
      posts
        .filter((p) => p.connectionId !== null)
        .map((p) => ({ ...plannedPostOf(p), position: p.position })),
    );
    return campaignView(tx, tenantId, copy);
  });
}
