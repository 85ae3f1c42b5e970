import type { z } from 'zod';
import type { LaunchProblem } from '#shared/contracts/campaign-plan.contract.ts';
import type {
  checkPostArgsSchema,
  draftPostsArgsSchema,
  findMediaArgsSchema,
  planCampaignArgsSchema,
  suggestTimesArgsSchema,
  ToolCall,
} from '#shared/contracts/engine-room.contract.ts';
import type { TargetProblem } from '#shared/contracts/posts.contract.ts';
import { AppError, isAppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { isUuid } from '../profile/user-id.ts';
import * as repo from './engine-room.repository.ts';
import { WRITE_PERMISSION, sessionNotFound } from './sessions.ts';
import { ARGS_SCHEMAS } from './tool-args.ts';
import { draftPosts } from './tool-draft-posts.ts';
import { checkPost, findMedia, suggestTimes } from './tool-lookups.ts';
import { planCampaign } from './tool-plan-campaign.ts';

// Running a tool call the person confirmed (docs/product/screens.md#engine-room). A call runs
// once: it is marked confirmed before it runs, so a second confirmation is refused, and then done
// or failed with its result. draft_posts saves every post through the posts use case
// (docs/decisions/087) as one multi-post operation: all are checked first, and either every post
// is written in one transaction or, refused, none is and the problems are the result.
// plan_campaign makes (or replans) a campaign draft through the campaigns service. find_media,
// suggest_times and check_post only read.

export type Result = NonNullable<ToolCall['result']>;
export type Outcome = { status: 'done' | 'failed'; result: Result };

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
