import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { accountLabel } from '#shared/account-label.ts';
import {
  CAMPAIGN_LIMITS,
  plannedPostSchema,
  type LaunchProblem,
  type PlannedPost,
} from '#shared/contracts/campaign-plan.contract.ts';
import type { TargetProblem } from '#shared/contracts/posts.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { findMediaRows, type MediaRow } from '../media/media.repository.ts';
import { listConnections, type ConnectionRow } from '../platforms/platforms.repository.ts';
import { readQuota } from '../platforms/publishing-limit.ts';
import {
  platformPosts,
  prepareSave,
  refusalProblems,
  type PreparedSave,
  type SavePostCommand,
} from '../posts/index.ts';
import { describeEntitlements, entitlementsOf, grants } from '../subscription/entitlements.ts';
import {
  describeWindow,
  QUOTA_WINDOW_MS,
  quotaOverflows,
  type AccountSchedule,
} from './quota-window.ts';

// The launch gate of a campaign (docs/product/screens.md#campaigns: review → launch). Before
// anything is scheduled, every planned post is checked as the one save checks a post scheduled
// from the composer (docs/decisions/087: its text, hashtags, media and format against each
// platform's rules, the account connected and its access not ended, the plan), each media
// requirement is checked as fulfilled, and every Instagram account's rolling 24-hour publishing
// limit is checked across the campaign's whole schedule plus the posts already scheduled or
// published for the account (docs/product/meta-platform.md#instagram-publishing-quota). Every
// problem is collected, each with the field of the plan that fixes it. Nothing is written.

/** A planned post that passed, as the launch saves it. */
export interface PreparedLaunchPost {
  key: string;
  save: PreparedSave;
}

/** What the launch relies on: the saves, and each limited account's schedule to check again. */
export interface PreparedLaunch {
  posts: PreparedLaunchPost[];
  /** Instagram accounts with a known limit; `existing` is read again when writing. */
  schedules: AccountSchedule[];
}

export interface LaunchCheck {
  ok: boolean;
  problems: LaunchProblem[];
  /** Present when ok. */
  prepared?: PreparedLaunch;
}

const TITLE_MAX = 200;

/** Checks every planned post of a campaign of the signed-in person's business. */
export async function checkLaunch(
  ctx: ServiceContext,
  posts: readonly PlannedPost[],
  now: Date = new Date(),
): Promise<LaunchCheck> {
  requireAccess(ctx.actor, 'schedule:post');
  const tenantId = ctx.actor.tenantId;
  const scope = tenantScope(ctx.actor);
  const problems: LaunchProblem[] = [...planProblems(posts)];
  // A plan past the most posts a campaign holds is refused as a whole before its posts are read.
  if (posts.length > CAMPAIGN_LIMITS.maxPosts) return { ok: false, problems: unique(problems) };

  // Posts that do not parse are named by planProblems and checked no further.
  const valid = posts.filter((p) => plannedPostSchema.safeParse(p).success);
  const seen = await withTenant(ctx.deps.database, scope, async (tx) => ({
    plan: await entitlementsOf(tx, tenantId),
    connections: await listConnections(tx, tenantId),
    media: await findMediaRows(tx, [...new Set(valid.flatMap((p) => p.mediaIds))]),
  }));
  if (!grants(seen.plan, 'campaigns')) {
    throw AppError.from('FEATURE_NOT_AVAILABLE', {
      technicalMessage: `campaigns is not in ${tenantId}'s plan (${describeEntitlements(seen.plan)})`,
      details: { feature: 'campaigns' },
    });
  }

  // Each Instagram account's quota is read from the platform once: what it may publish now
  // (shared with every save, as a multi-post operation does) and its limit, for the windows.
  const usable = new Map<string, ConnectionRow>();
  for (const c of seen.connections) {
    if (c.status === 'connected' && valid.some((p) => p.connectionId === c.id)) usable.set(c.id, c);
  }
  const quotaReadings = new Map<string, number | null>();
  const limits = new Map<string, number>();
  for (const c of usable.values()) {
    if (c.platform !== 'instagram') continue;
    const quota = await readQuota(ctx.deps, c);
    quotaReadings.set(c.id, quota.remaining);
    if (quota.total !== null) limits.set(c.id, quota.total);
  }

  const prepared: PreparedLaunchPost[] = [];
  const labelOf = (id: string) => {
    const c = seen.connections.find((x) => x.id === id);
    return c ? accountLabel(c) : null;
  };
  for (const post of valid) {
    problems.push(...mediaProblems(post, labelOf(post.connectionId), seen.media));
    try {
      const save = await prepareSave(ctx, tenantId, saveCommandFor(post), { quotaReadings });
      prepared.push({ key: post.key, save });
    } catch (error) {
      const found = refusalProblems(error);
      if (!found) throw error;
      problems.push(...found.map((p) => launchProblemOf(post, p)));
    }
  }

  const schedules: AccountSchedule[] = [...limits].map(([connectionId, limit]) => ({
    connectionId,
    limit,
    existing: [],
    planned: valid
      .filter((p) => p.connectionId === connectionId)
      .map((p) => ({ key: p.key, at: Date.parse(p.scheduledFor) })),
  }));
  const existing = await withTenant(ctx.deps.database, scope, (tx) =>
    readPublishTimes(tx, tenantId, schedules, now),
  );
  problems.push(...windowProblems(withExisting(schedules, existing), labelOf));

  const ok = problems.length === 0;
  return ok
    ? { ok, problems, prepared: { posts: prepared, schedules } }
    : { ok, problems: unique(problems) };
}

/**
 * The save of a planned post through the posts use case: a scheduled post of type campaign, its
 * title the caption's first line, its text the caption and its hashtags.
 */
export function saveCommandFor(post: PlannedPost): SavePostCommand {
  const content = [post.caption.trim(), post.hashtags.join(' ')].filter(Boolean).join('\n\n');
  return {
    post: {
      title: titleOf(post),
      content,
      scheduled_for: post.scheduledFor,
      type: 'campaign',
    },
    targets: [
      {
        connection_id: post.connectionId,
        format: post.format,
        media_ids: post.mediaIds,
        first_comment: post.firstComment,
      },
    ],
    intent: 'schedule',
  };
}

/** The caption's first line; a post without a caption is named by the shot it needs. */
function titleOf(post: PlannedPost): string {
  const line = post.caption.trim().split('\n')[0]?.trim() ?? '';
  return (line || post.media.description.trim()).slice(0, TITLE_MAX).trim();
}

/** The campaign as a whole: how many posts, and each post's shape and key. */
function planProblems(posts: readonly PlannedPost[]): LaunchProblem[] {
  const problems: LaunchProblem[] = [];
  const whole = (rule: string, message: string) =>
    problems.push({
      postKey: null,
      field: 'posts',
      connectionId: null,
      account: null,
      rule,
      message,
    });
  if (posts.length === 0) whole('posts_required', 'Plan at least one post to launch');
  if (posts.length > CAMPAIGN_LIMITS.maxPosts) {
    whole(
      'too_many_posts',
      `A campaign holds at most ${CAMPAIGN_LIMITS.maxPosts} posts; this one has ${posts.length}. Remove some or shorten the campaign`,
    );
  }
  const keys = new Set<string>();
  for (const post of posts) {
    if (keys.has(post.key)) {
      whole('post_key_once', `Two planned posts share the key ${post.key}`);
    }
    keys.add(post.key);
    const parsed = plannedPostSchema.safeParse(post);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      problems.push({
        postKey: typeof post.key === 'string' ? post.key : null,
        field: `posts.${post.key}.${issue.path.join('.') || 'key'}`,
        connectionId: null,
        account: null,
        rule: 'invalid',
        message: issue.message,
      });
    }
  }
  return problems;
}

/**
 * A media requirement not fulfilled: fewer files chosen than it needs, or a photo where it needs
 * a video (or the reverse). A carousel takes either.
 */
function mediaProblems(
  post: PlannedPost,
  account: string | null,
  library: readonly MediaRow[],
): LaunchProblem[] {
  const { media } = post;
  if (media.kind === 'none') return [];
  const problems: LaunchProblem[] = [];
  const add = (field: string, rule: string, message: string) =>
    problems.push({
      postKey: post.key,
      field: `posts.${post.key}.${field}`,
      connectionId: post.connectionId,
      account,
      rule,
      message,
    });
  const noun = media.kind === 'carousel' ? 'file' : media.kind;
  const shape = media.aspectRatio ? ` (${media.aspectRatio})` : '';
  if (post.mediaIds.length < media.count) {
    const missing = media.count - post.mediaIds.length;
    add(
      'media',
      'media_missing',
      `This post needs ${missing} ${noun}${missing === 1 ? '' : 's'}${shape}: ${media.description}`,
    );
  }
  if (media.kind !== 'carousel') {
    post.mediaIds.forEach((id, i) => {
      const row = library.find((m) => m.id === id);
      if (row && row.kind !== media.kind) {
        add(
          `mediaIds.${i}`,
          'media_kind',
          `This post needs ${media.kind === 'image' ? 'an image' : 'a video'}${shape}, not ${row.kind === 'image' ? 'an image' : 'a video'}: ${media.description}`,
        );
      }
    });
  }
  return problems;
}

/** A problem of the post's save, on the field of the plan that fixes it. */
function launchProblemOf(post: PlannedPost, p: TargetProblem): LaunchProblem {
  return {
    postKey: post.key,
    field: `posts.${post.key}.${planField(p)}`,
    connectionId: p.connection_id ?? post.connectionId,
    account: p.account,
    rule: p.rule,
    message: p.message,
  };
}

/** The save names its own fields (targets.0.media_ids.1); the plan's are the planned post's. */
function planField(p: TargetProblem): string {
  if (p.field === 'title') return 'caption';
  if (p.field === 'content') return p.rule === 'caption_too_many_hashtags' ? 'hashtags' : 'caption';
  if (p.field === 'scheduled_for') return 'scheduledFor';
  if (p.field === 'targets') return 'connectionId';
  const target = /^targets\.\d+\.(\w+)(?:\.(\d+))?$/.exec(p.field);
  if (!target) return p.field;
  const [, name, index] = target;
  switch (name) {
    case 'connection_id':
      return 'connectionId';
    case 'media_ids':
      return index === undefined ? 'mediaIds' : `mediaIds.${index}`;
    case 'first_comment':
      return 'firstComment';
    default:
      return name!;
  }
}

/**
 * When the accounts' other posts go or went out, around the campaign: scheduled (or on their
 * way) from a day before its first post to a day after its last, and published in the day
 * before its first post or since.
 */
export async function readPublishTimes(
  tx: Tx,
  tenantId: string,
  schedules: readonly AccountSchedule[],
  now: Date,
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  const planned = schedules.flatMap((s) => s.planned.map((p) => p.at));
  if (planned.length === 0) return times;
  const from = new Date(Math.min(now.getTime(), ...planned) - QUOTA_WINDOW_MS);
  const until = new Date(Math.max(...planned) + QUOTA_WINDOW_MS);
  const rows = await tx
    .select({
      connectionId: platformPosts.connectionId,
      status: platformPosts.status,
      scheduledFor: platformPosts.scheduledFor,
      publishedAt: platformPosts.publishedAt,
    })
    .from(platformPosts)
    .where(
      and(
        eq(platformPosts.userId, tenantId),
        inArray(
          platformPosts.connectionId,
          schedules.map((s) => s.connectionId),
        ),
        or(
          and(
            inArray(platformPosts.status, ['scheduled', 'publishing', 'unconfirmed']),
            gte(platformPosts.scheduledFor, from),
            lt(platformPosts.scheduledFor, until),
          ),
          and(eq(platformPosts.status, 'published'), gte(platformPosts.publishedAt, from)),
        ),
      ),
    );
  for (const row of rows) {
    const at = row.status === 'published' ? row.publishedAt : row.scheduledFor;
    if (!row.connectionId || !at) continue;
    times.set(row.connectionId, [...(times.get(row.connectionId) ?? []), at.getTime()]);
  }
  return times;
}

export function withExisting(
  schedules: readonly AccountSchedule[],
  existing: ReadonlyMap<string, number[]>,
): AccountSchedule[] {
  return schedules.map((s) => ({ ...s, existing: existing.get(s.connectionId) ?? [] }));
}

/** One problem per planned post that would publish past its account's 24-hour limit. */
export function windowProblems(
  schedules: readonly AccountSchedule[],
  labelOf: (connectionId: string) => string | null,
): LaunchProblem[] {
  return quotaOverflows(schedules).map((o) => {
    const account = labelOf(o.connectionId);
    return {
      postKey: o.key,
      field: `posts.${o.key}.scheduledFor`,
      connectionId: o.connectionId,
      account,
      rule: 'publishing_limit_window',
      message: `${account ?? 'This account'} may publish ${o.limit} posts in any 24 hours; with the posts already scheduled, this one would be one too many (${describeWindow(o.from, o.until)}). Move it to another day`,
    };
  });
}

function unique(problems: readonly LaunchProblem[]): LaunchProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}|${p.rule}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
