import { and, arrayOverlaps, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Platform } from '#shared/contracts/account.contract.ts';
import type { LaunchProblem, PlannedPost } from '#shared/contracts/campaign-plan.contract.ts';
import type { Campaign } from '#shared/contracts/campaigns.contract.ts';
import type {
  checkPostArgsSchema,
  draftPostsArgsSchema,
  findMediaArgsSchema,
  planCampaignArgsSchema,
  suggestTimesArgsSchema,
  ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import type { TargetProblem } from '#shared/contracts/posts.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { AppError, isAppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { bestTimesFor } from '../ai-content/best-times.ts';
import { analyticsSlots } from '../analytics/index.ts';
import * as calendar from '../calendar/calendar.service.ts';
import { createCampaign, getCampaign, updateCampaign } from '../campaigns/drafts.ts';
import { readPublishTimes, windowProblems, withExisting } from '../campaigns/launch-gate.ts';
import type { AccountSchedule } from '../campaigns/quota-window.ts';
import { planDraft } from '../campaigns/plan-ops.ts';
import { mediaItems } from '../media/media.tables.ts';
import { findMediaRows } from '../media/media.repository.ts';
import { listConnections } from '../platforms/platforms.repository.ts';
import { readQuota } from '../platforms/publishing-limit.ts';
import {
  finishSaves,
  prepareSave,
  refusalProblems,
  writePreparedSave,
  type PreparedSave,
  type SavePostCommand,
} from '../posts/index.ts';
import { targetProblems } from '../posts/validate-post.ts';
import { findBusinessProfile } from '../settings/settings.repository.ts';
import { knownTimeZone } from '../queue/wall-clock.ts';
import { isUuid } from '../profile/user-id.ts';
import * as repo from './engine-room.repository.ts';
import { WRITE_PERMISSION, sessionNotFound } from './sessions.ts';
import { ARGS_SCHEMAS } from './tool-args.ts';

// Running a tool call the person confirmed (docs/product/screens.md#engine-room). A call runs
// once: it is marked confirmed before it runs, so a second confirmation is refused, and then done
// or failed with its result. draft_posts saves every post through the posts use case
// (docs/decisions/087) as one multi-post operation: all are checked first, and either every post
// is written in one transaction or, refused, none is and the problems are the result.
// plan_campaign makes (or replans) a campaign draft through the campaigns service. find_media,
// suggest_times and check_post only read.

type Result = NonNullable<ToolCall['result']>;
type Outcome = { status: 'done' | 'failed'; result: Result };

function callNotFound(callId: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No proposed tool call ${callId}` });
}

/** Locks the call's message and changes the call, when it is in a state `change` accepts. */
async function changeCall(
  ctx: ServiceContext,
  sessionId: string,
  callId: string,
  change: (call: ToolCall) => ToolCall,
): Promise<ToolCall> {
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    if (!(await repo.findSession(tx, tenantId, sessionId))) sessionNotFound(sessionId);
    const message =
      (await repo.findMessageOfCall(tx, tenantId, sessionId, callId)) ?? callNotFound(callId);
    let changed: ToolCall | null = null;
    const calls = message.toolCalls.map((c) => (c.id === callId ? (changed = change(c)) : c));
    if (!changed) callNotFound(callId);
    await repo.setToolCalls(tx, tenantId, message.id, calls);
    return changed;
  });
}

function notProposed(call: ToolCall): never {
  throw AppError.from('WORKFLOW_STATE_INVALID', {
    userMessage: `This card was ${call.status} already.`,
    technicalMessage: `tool call ${call.id} is ${call.status}, not proposed`,
    details: { status: call.status },
  });
}

/** DELETE …/tool-calls/{callId}: the card is put aside; nothing runs. */
export async function dismissToolCall(
  ctx: ServiceContext,
  sessionId: string,
  callId: string,
): Promise<ToolCall> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  if (!isUuid(sessionId)) sessionNotFound(sessionId);
  return changeCall(ctx, sessionId, callId, (call) =>
    call.status === 'proposed' ? { ...call, status: 'dismissed' } : notProposed(call),
  );
}

/** POST …/tool-calls/{callId}: the proposed call runs, once. */
export async function confirmToolCall(
  ctx: ServiceContext,
  sessionId: string,
  callId: string,
  now: Date = new Date(),
): Promise<ToolCall> {
  requireAccess(ctx.actor, WRITE_PERMISSION);
  if (!isUuid(sessionId)) sessionNotFound(sessionId);
  let args: Record<string, unknown> = {};
  const confirmed = await changeCall(ctx, sessionId, callId, (call) => {
    if (call.status !== 'proposed') notProposed(call);
    // Checked again: the stored arguments are the engine's.
    const parsed = ARGS_SCHEMAS[call.tool].safeParse(call.args);
    if (!parsed.success) notProposed({ ...call, status: 'failed' });
    args = parsed.data as Record<string, unknown>;
    if (call.tool === 'draft_posts' && args['intent'] === 'schedule') {
      requireAccess(ctx.actor, 'schedule:post');
    }
    return { ...call, status: 'confirmed' };
  });

  let outcome: Outcome;
  try {
    outcome = await runTool(ctx, sessionId, confirmed.tool, args, now);
  } catch (error) {
    outcome = { status: 'failed', result: failureOf(error) };
    if (!isAppError(error)) {
      ctx.deps.logger.error({ err: error, callId }, 'Engine tool failed');
    }
  }
  return changeCall(ctx, sessionId, callId, (call) => ({ ...call, ...outcome }));
}

function failureOf(error: unknown): Result {
  if (!isAppError(error)) {
    return { summary: 'Something went wrong; nothing was saved.', problems: [] };
  }
  const fieldErrors = (error.record.details?.['fieldErrors'] ?? {}) as Record<string, string>;
  const listed = error.record.details?.['problems'];
  const problems: LaunchProblem[] = Array.isArray(listed)
    ? (listed as Array<Partial<LaunchProblem & TargetProblem>>).map((p) => ({
        postKey: p.postKey ?? null,
        field: p.field ?? '_',
        connectionId: p.connectionId ?? p.connection_id ?? null,
        account: p.account ?? null,
        rule: p.rule ?? 'invalid',
        message: p.message ?? error.record.userMessage,
      }))
    : Object.entries(fieldErrors).map(([field, message]) => ({
        postKey: null,
        field,
        connectionId: null,
        account: null,
        rule: 'invalid',
        message,
      }));
  if (problems.length === 0) {
    problems.push({
      postKey: null,
      field: '_',
      connectionId: null,
      account: null,
      rule: error.record.code,
      message: error.record.userMessage,
    });
  }
  return { summary: error.record.userMessage, problems };
}

async function runTool(
  ctx: ServiceContext,
  sessionId: string,
  tool: ToolCall['tool'],
  args: Record<string, unknown>,
  now: Date,
): Promise<Outcome> {
  switch (tool) {
    case 'draft_posts':
      return draftPosts(ctx, args as z.infer<typeof draftPostsArgsSchema>);
    case 'plan_campaign':
      return planCampaign(ctx, sessionId, args as z.infer<typeof planCampaignArgsSchema>);
    case 'find_media':
      return findMedia(ctx, args as z.infer<typeof findMediaArgsSchema>);
    case 'suggest_times':
      return suggestTimes(ctx, args as z.infer<typeof suggestTimesArgsSchema>, now);
    case 'check_post':
      return checkPost(ctx, args as z.infer<typeof checkPostArgsSchema>, now);
  }
}

// ---------------------------------------------------------------------------------------------
// draft_posts

function cleanHashtags(tags: readonly string[]): string[] {
  return tags
    .map((t) => `#${t.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '')}`)
    .filter((t) => t.length > 1);
}

function titleOf(caption: string, index: number): string {
  const line = caption.trim().split('\n')[0]?.trim() ?? '';
  return (line || `Post ${index + 1}`).slice(0, 200).trim();
}

function launchProblemOf(index: number, p: TargetProblem): LaunchProblem {
  return {
    postKey: String(index),
    field: `posts.${index}.${p.field}`,
    connectionId: p.connection_id,
    account: p.account,
    rule: p.rule,
    message: p.message,
  };
}

async function draftPosts(
  ctx: ServiceContext,
  args: z.infer<typeof draftPostsArgsSchema>,
): Promise<Outcome> {
  const tenantId = ctx.actor.tenantId;
  const commands: SavePostCommand[] = args.posts.map((p, i) => ({
    post: {
      title: titleOf(p.caption, i),
      content: [p.caption.trim(), cleanHashtags(p.hashtags).join(' ')].filter(Boolean).join('\n\n'),
      scheduled_for: p.scheduledFor,
      type: 'ai_generated',
    },
    targets: [
      {
        connection_id: p.connectionId,
        format: p.format,
        media_ids: p.mediaIds,
        first_comment: null,
      },
    ],
    intent: args.intent,
  }));
  // Every post checked first, the accounts' quota read once (a multi-post operation).
  const quotaReadings = new Map<string, number | null>();
  const prepared: PreparedSave[] = [];
  const problems: LaunchProblem[] = [];
  for (const [i, command] of commands.entries()) {
    try {
      prepared.push(await prepareSave(ctx, tenantId, command, { quotaReadings }));
    } catch (error) {
      const found = refusalProblems(error);
      if (!found) throw error;
      problems.push(...found.map((p) => launchProblemOf(i, p)));
    }
  }
  const drafts = args.intent === 'draft';
  if (problems.length > 0) {
    return {
      status: 'failed',
      result: {
        summary: `Nothing was saved: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix first.`,
        problems,
      },
    };
  }
  // Scheduled posts also keep each Instagram account within its rolling 24-hour limit, counted
  // with what the account has scheduled or published around them, read again as they are written
  // (docs/product/meta-platform.md#instagram-publishing-quota).
  const schedules = drafts ? [] : await instagramSchedules(ctx, args);
  let written;
  try {
    written = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
      if (schedules.length > 0) {
        const existing = await readPublishTimes(tx, tenantId, schedules, new Date());
        const connections = await listConnections(tx, tenantId);
        const over = windowProblems(withExisting(schedules, existing), (id) => {
          const c = connections.find((x) => x.id === id);
          return c ? accountLabel(c) : null;
        });
        if (over.length > 0) throw new WindowRefusal(over);
      }
      const out = [];
      for (const save of prepared) out.push(await writePreparedSave(tx, save));
      return out;
    });
  } catch (error) {
    if (!(error instanceof WindowRefusal)) throw error;
    return {
      status: 'failed',
      result: {
        summary: `Nothing was saved: ${error.problems.length} post${error.problems.length === 1 ? '' : 's'} over an account's 24-hour limit.`,
        problems: error.problems,
      },
    };
  }
  const posts = await finishSaves(ctx, tenantId, written);
  const n = posts.length;
  return {
    status: 'done',
    result: {
      summary: `${n} post${n === 1 ? '' : 's'} ${drafts ? 'saved as drafts' : 'scheduled'} on the calendar.`,
      postIds: posts.map((p) => p.id),
    },
  };
}

class WindowRefusal extends Error {
  constructor(readonly problems: LaunchProblem[]) {
    super('posts over an account’s 24-hour publishing limit');
  }
}

/** The Instagram accounts of the posts whose limit is known, with the posts' times. */
async function instagramSchedules(
  ctx: ServiceContext,
  args: z.infer<typeof draftPostsArgsSchema>,
): Promise<AccountSchedule[]> {
  const connections = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    listConnections(tx, ctx.actor.tenantId),
  );
  const schedules: AccountSchedule[] = [];
  for (const id of new Set(args.posts.map((p) => p.connectionId))) {
    const connection = connections.find((c) => c.id === id);
    if (!connection || connection.platform !== 'instagram') continue;
    const quota = await readQuota(ctx.deps, connection, { reuse: true });
    if (quota.total === null) continue;
    schedules.push({
      connectionId: id,
      limit: quota.total,
      existing: [],
      planned: args.posts.flatMap((p, i) =>
        p.connectionId === id && p.scheduledFor
          ? [{ key: String(i), at: Date.parse(p.scheduledFor) }]
          : [],
      ),
    });
  }
  return schedules;
}

// ---------------------------------------------------------------------------------------------
// plan_campaign

/** Weekdays spread over the week for `perWeek` posts, and the times when more than one a day. */
function cadenceOf(perWeek: number) {
  const days = Math.min(7, perWeek);
  const order = [1, 3, 5, 2, 4, 6, 0];
  const weekdays = order.slice(0, days).sort((a, b) => a - b);
  const perDay = Math.ceil(perWeek / 7);
  const times = perDay > 1 ? ['09:00', '13:00', '18:00'].slice(0, perDay) : [];
  return { postsPerWeek: perWeek, weekdays, times };
}

function plannedOf(post: Campaign['posts'][number]): PlannedPost {
  return {
    key: post.key,
    scheduledFor: post.scheduledFor,
    connectionId: post.connectionId,
    format: post.format,
    caption: post.caption,
    hashtags: post.hashtags,
    firstComment: post.firstComment,
    media: post.media,
    mediaIds: post.mediaIds,
  };
}

async function planCampaign(
  ctx: ServiceContext,
  sessionId: string,
  args: z.infer<typeof planCampaignArgsSchema>,
): Promise<Outcome> {
  const tenantId = ctx.actor.tenantId;
  const existing = args.campaignId
    ? await getCampaign(ctx, args.campaignId)
    : await createCampaign(ctx, { name: args.name, goal: args.goal });
  const briefed = await updateCampaign(ctx, existing.id, {
    version: existing.version,
    step: 'plan',
    name: args.name,
    goal: args.goal,
    startsOn: args.startsOn,
    endsOn: args.endsOn,
    connectionIds: args.connectionIds,
    formats: ['post'],
    cadence: cadenceOf(args.postsPerWeek),
  });
  const planned = await planDraft(ctx, briefed.id, { version: briefed.version });
  if (!args.campaignId) {
    // The session works on the campaign it made.
    await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
      repo.updateSession(tx, tenantId, sessionId, { campaignId: briefed.id }),
    );
  }
  const posts = planned.campaign.posts.map(plannedOf);
  const notes = planned.notices.length > 0 ? ` ${planned.notices.join(' ')}` : '';
  return {
    status: 'done',
    result: {
      summary: `Campaign draft "${planned.campaign.name}" planned with ${posts.length} post${posts.length === 1 ? '' : 's'}.${notes}`,
      campaignId: planned.campaign.id,
      posts,
      problems: planned.problems,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// find_media

const FOUND_MAX = 20;

async function findMedia(
  ctx: ServiceContext,
  args: z.infer<typeof findMediaArgsSchema>,
): Promise<Outcome> {
  requireAccess(ctx.actor, 'read:calendar');
  const tenantId = ctx.actor.tenantId;
  const words = args.query
    .toLowerCase()
    .split(/[^\p{L}\p{N}_-]+/u)
    .filter((w) => w.length >= 2)
    .slice(0, 10);
  const tags = [...new Set([...args.tags, ...words])];
  const matches: SQL[] = words.map((w) =>
    ilike(mediaItems.name, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
  );
  if (tags.length > 0) matches.push(arrayOverlaps(mediaItems.tags, tags));
  if (matches.length === 0) {
    return { status: 'done', result: { summary: 'Say what to look for.', mediaIds: [] } };
  }
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .select({ id: mediaItems.id, name: mediaItems.name })
      .from(mediaItems)
      .where(and(eq(mediaItems.userId, tenantId), eq(mediaItems.status, 'ready'), or(...matches)))
      .orderBy(desc(mediaItems.createdAt))
      .limit(FOUND_MAX),
  );
  return {
    status: 'done',
    result: {
      summary:
        rows.length === 0
          ? 'No file in the library matches.'
          : `Found ${rows.length} file${rows.length === 1 ? '' : 's'}: ${rows.map((r) => r.name).join(', ')}.`,
      mediaIds: rows.map((r) => r.id),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// suggest_times

const WEEK = 7 * 86_400_000;

async function suggestTimes(
  ctx: ServiceContext,
  args: z.infer<typeof suggestTimesArgsSchema>,
  now: Date,
): Promise<Outcome> {
  const tenantId = ctx.actor.tenantId;
  const { profile, connections } = await withTenant(
    ctx.deps.database,
    tenantScope(ctx.actor),
    async (tx) => ({
      profile: await findBusinessProfile(tx, tenantId),
      connections: await listConnections(tx, tenantId),
    }),
  );
  const account = args.connectionId ? connections.find((c) => c.id === args.connectionId) : null;
  const platform: Platform =
    account?.platform ?? connections.find((c) => c.status === 'connected')?.platform ?? 'instagram';
  const published = await calendar.listEvents(ctx, tenantId, {
    platforms: [platform],
    status: 'published',
    limit: 500,
  });
  const best = bestTimesFor({
    platform,
    timeZone: knownTimeZone(profile?.time_zone),
    publishedAt: published
      .map((e) => (e.scheduled_for ? new Date(e.scheduled_for) : null))
      .filter((d): d is Date => d !== null),
    postingHours: profile?.posting_hours ?? [],
    now,
    analytics: await analyticsSlots(ctx.deps, ctx.actor, platform, now),
  });
  // The best slots' next occurrences, then the weeks after, until there are enough.
  const times: string[] = [];
  for (let week = 0; times.length < args.count && best.slots.length > 0; week++) {
    for (const slot of best.slots) {
      if (times.length >= args.count) break;
      times.push(new Date(Date.parse(slot.next_at) + week * WEEK).toISOString());
    }
  }
  const whom = account
    ? accountLabel(account)
    : platform === 'instagram'
      ? 'Instagram'
      : 'Facebook';
  return {
    status: 'done',
    result: { summary: `Best times for ${whom}. ${best.note}`, times },
  };
}

// ---------------------------------------------------------------------------------------------
// check_post

async function checkPost(
  ctx: ServiceContext,
  args: z.infer<typeof checkPostArgsSchema>,
  now: Date,
): Promise<Outcome> {
  const tenantId = ctx.actor.tenantId;
  const seen = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => ({
    connections: await listConnections(tx, tenantId),
    media: await findMediaRows(tx, [...new Set(args.mediaIds)]),
  }));
  const caption = [args.caption.trim(), cleanHashtags(args.hashtags).join(' ')]
    .filter(Boolean)
    .join('\n\n');
  const found = await targetProblems(ctx.deps, {
    caption,
    targets: [
      {
        spec: {
          connectionId: args.connectionId,
          format: args.format,
          mediaIds: args.mediaIds,
          firstComment: null,
        },
        index: 0,
      },
    ],
    connections: seen.connections,
    media: seen.media.filter((m) => m.userId === tenantId),
    withRules: true,
  });
  const problems = found.map((p) => launchProblemOf(0, p));
  if (args.scheduledFor !== null && Date.parse(args.scheduledFor) <= now.getTime()) {
    problems.push({
      postKey: '0',
      field: 'posts.0.scheduled_for',
      connectionId: args.connectionId,
      account: null,
      rule: 'time_in_past',
      message: 'This time has passed',
    });
  }
  const connection = seen.connections.find((c) => c.id === args.connectionId);
  const name = connection ? accountLabel(connection) : 'the account';
  return {
    status: 'done',
    result: {
      summary:
        problems.length === 0
          ? `This post follows ${name}'s rules.`
          : `${problems.length} problem${problems.length === 1 ? '' : 's'} for ${name}: ${problems.map((p) => p.message).join('; ')}.`,
      problems,
    },
  };
}
