import type { z } from 'zod';
import type { LaunchProblem } from '#shared/contracts/campaign-plan.contract.ts';
import type { draftPostsArgsSchema } from '#shared/contracts/engine-room.contract.ts';
import type { TargetProblem } from '#shared/contracts/posts.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import { tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { readPublishTimes, windowProblems, withExisting } from '../campaigns/launch-gate.ts';
import type { AccountSchedule } from '../campaigns/quota-window.ts';
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

import type { Outcome } from './tools.ts';

// The draft_posts tool (tools.ts): every post checked first, then all written in one transaction
// through the posts use case (docs/decisions/087), or none.

// ---------------------------------------------------------------------------------------------
// draft_posts

export function cleanHashtags(tags: readonly string[]): string[] {
  return tags
    .map((t) => `#${t.replace(/^#+/, '').replace(/[^\p{L}\p{N}_]/gu, '')}`)
    .filter((t) => t.length > 1);
}

function titleOf(caption: string, index: number): string {
  const line = caption.trim().split('\n')[0]?.trim() ?? '';
  return (line || `Post ${index + 1}`).slice(0, 200).trim();
}

export function launchProblemOf(index: number, p: TargetProblem): LaunchProblem {
  return {
    postKey: String(index),
    field: `posts.${index}.${p.field}`,
    connectionId: p.connection_id,
    account: p.account,
    rule: p.rule,
    message: p.message,
  };
}

export async function draftPosts(
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
