import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_LIMITS,
  cadenceSchema,
  plannedPostSchema,
  type CampaignBrief,
  type LaunchProblem,
  type PlannedPost,
} from '#shared/contracts/campaign-plan.contract.ts';
import {
  addCampaignPostInputSchema,
  planCampaignInputSchema,
  updateCampaignPostInputSchema,
  versionQuerySchema,
  type CampaignResult,
} from '#shared/contracts/campaigns.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import {
  deletePlanPost,
  insertPlanPost,
  replacePlanPosts,
  updatePlanPost,
  type CampaignPostView,
  type CampaignRow,
} from './campaigns.repository.ts';
import {
  campaignRow,
  campaignView,
  changeAt,
  expectAt,
  named,
  parseInput,
  plannedPostOf,
  requireCampaignsPlan,
  requireId,
  requireOwnIds,
  storedPosts,
  type NamedId,
  segmentName,
} from './drafts.ts';
import { planCampaign, regeneratePost } from './planner.ts';

// The plan of a campaign's draft (docs/product/screens.md#campaigns: a generated plan of posts
// the person edits): planned from the brief and cadence the draft holds (planner.ts), then
// changed post by post — added by hand, edited, removed, its text written again. Every change
// names the version it was made on and is a draft's only; every account and library item a post
// names is checked to be the business's own.

const DRAFT = { draftOnly: true } as const;

/**
 * The brief the planner is asked, from the draft as stored; refuses, naming each field, a draft
 * whose steps are not done (goal, dates, accounts, formats, cadence).
 */
export function briefOf(row: CampaignRow, segment: string | null = null): CampaignBrief {
  const missing: Record<string, string> = {};
  if (!row.goal.trim()) missing.goal = 'Say what the campaign is for';
  if (!row.startsOn) missing.startsOn = 'Choose when the campaign starts';
  if (!row.endsOn) missing.endsOn = 'Choose when the campaign ends';
  if (row.connectionIds.length === 0) missing.connectionIds = 'Choose at least one account';
  if (row.formats.length === 0) missing.formats = 'Choose at least one format';
  const cadence = cadenceSchema.safeParse(row.cadence);
  if (!cadence.success) missing.cadence = 'Choose how often the campaign posts';
  if (Object.keys(missing).length > 0) {
    throw validationError(missing, `campaign ${row.id} is not ready to plan`);
  }
  return {
    name: row.name,
    goal: row.goal,
    // The chosen segment is named to the planner beside the free text.
    audience: [row.audience, segment ? `Audience segment: ${segment}` : '']
      .filter(Boolean)
      .join('\n')
      .slice(0, CAMPAIGN_LIMITS.audienceLength),
    startsOn: row.startsOn!,
    endsOn: row.endsOn!,
    connectionIds: row.connectionIds,
    formats: row.formats as CampaignBrief['formats'],
    cadence: cadence.data!,
  };
}

function postNotFound(id: string, key: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `campaign ${id} has no post ${key}` });
}

async function outcome(
  tx: Tx,
  tenantId: string,
  row: CampaignRow,
  notices: string[] = [],
  problems: LaunchProblem[] = [],
): Promise<CampaignResult> {
  return { campaign: await campaignView(tx, tenantId, row), notices, problems };
}

/** The draft and its posts, read for a change made on `version`. */
async function readDraft(ctx: ServiceContext, id: string, version: number) {
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCampaignsPlan(tx, tenantId);
    const row = await campaignRow(tx, tenantId, id);
    expectAt(row, version, DRAFT);
    const segment = row.segmentId ? await segmentName(tx, tenantId, row.segmentId) : null;
    return { row, segment, posts: await storedPosts(tx, tenantId, id) };
  });
}

function findPost(posts: readonly CampaignPostView[], id: string, key: string): CampaignPostView {
  return posts.find((p) => p.key === key) ?? postNotFound(id, key);
}

/** The ids a planned post names, with the fields that name them. */
function idsOf(post: PlannedPost, field: string) {
  return {
    connections: [{ id: post.connectionId, field: `${field}connectionId` }] as NamedId[],
    media: named(post.mediaIds, `${field}mediaIds`),
  };
}

/** POST …/plan: every post planned again from the brief and cadence; the plan is replaced. */
export async function planDraft(
  ctx: ServiceContext,
  id: string,
  input: unknown,
  now: Date = new Date(),
): Promise<CampaignResult> {
  requireAccess(ctx.actor, 'update:post');
  requireId(id);
  const { version } = parseInput(planCampaignInputSchema, input);
  const tenantId = ctx.actor.tenantId;
  const { row, segment } = await readDraft(ctx, id, version);
  const plan = await planCampaign(ctx.deps, tenantId, briefOf(row, segment), now);
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireOwnIds(tx, tenantId, {
      connections: plan.posts.map((p, i) => ({
        id: p.connectionId,
        field: `posts.${i}.connectionId`,
      })),
    });
    const changed = await changeAt(tx, ctx, id, version, { planSource: plan.source }, DRAFT);
    await replacePlanPosts(
      tx,
      tenantId,
      id,
      plan.posts.map((p, position) => ({ ...p, position })),
    );
    return outcome(tx, tenantId, changed, plan.notices, plan.problems);
  });
}

/** POST …/posts: a post added to the plan by hand, last in the plan's order. */
export async function addPlanPost(
  ctx: ServiceContext,
  id: string,
  input: unknown,
): Promise<CampaignResult> {
  requireAccess(ctx.actor, 'update:post');
  requireId(id);
  const { version, post: fields } = parseInput(addCampaignPostInputSchema, input);
  const tenantId = ctx.actor.tenantId;
  const post = parseInput(
    plannedPostSchema,
    {
      key: `manual-${randomUUID().slice(0, 8)}`,
      hashtags: [],
      firstComment: null,
      mediaIds: [],
      ...fields,
    },
    'post.',
  );
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCampaignsPlan(tx, tenantId);
    const row = await campaignRow(tx, tenantId, id);
    expectAt(row, version, DRAFT);
    const posts = await storedPosts(tx, tenantId, id);
    if (posts.length >= CAMPAIGN_LIMITS.maxPosts) {
      throw validationError({
        post: `A campaign holds at most ${CAMPAIGN_LIMITS.maxPosts} posts`,
      });
    }
    await requireOwnIds(tx, tenantId, idsOf(post, 'post.'));
    const changed = await changeAt(
      tx,
      ctx,
      id,
      version,
      { planSource: row.planSource ?? 'manual' },
      DRAFT,
    );
    const position = Math.max(-1, ...posts.map((p) => p.position)) + 1;
    await insertPlanPost(tx, tenantId, id, { ...post, position });
    return outcome(tx, tenantId, changed);
  });
}

/** PATCH …/posts/{key}: one planned post changed; what is left out stays. */
export async function editPlanPost(
  ctx: ServiceContext,
  id: string,
  key: string,
  input: unknown,
): Promise<CampaignResult> {
  requireAccess(ctx.actor, 'update:post');
  requireId(id);
  const { version, changes } = parseInput(updateCampaignPostInputSchema, input);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCampaignsPlan(tx, tenantId);
    const row = await campaignRow(tx, tenantId, id);
    expectAt(row, version, DRAFT);
    const stored = findPost(await storedPosts(tx, tenantId, id), id, key);
    const defined = Object.fromEntries(
      Object.entries(changes).filter(([, value]) => value !== undefined),
    );
    const post = parseInput(
      plannedPostSchema,
      { ...plannedPostOf(stored), ...defined },
      'changes.',
    );
    await requireOwnIds(tx, tenantId, {
      connections:
        changes.connectionId !== undefined
          ? [{ id: changes.connectionId, field: 'changes.connectionId' }]
          : [],
      media: named(changes.mediaIds ?? [], 'changes.mediaIds'),
    });
    const changed = await changeAt(tx, ctx, id, version, {}, DRAFT);
    await updatePlanPost(tx, tenantId, id, { ...post, position: stored.position });
    return outcome(tx, tenantId, changed);
  });
}

/** DELETE …/posts/{key}?version=: one planned post taken out of the plan. */
export async function removePlanPost(
  ctx: ServiceContext,
  id: string,
  key: string,
  query: unknown,
): Promise<CampaignResult> {
  requireAccess(ctx.actor, 'update:post');
  requireId(id);
  const { version } = parseInput(versionQuerySchema, query);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCampaignsPlan(tx, tenantId);
    const row = await campaignRow(tx, tenantId, id);
    expectAt(row, version, DRAFT);
    findPost(await storedPosts(tx, tenantId, id), id, key);
    const changed = await changeAt(tx, ctx, id, version, {}, DRAFT);
    await deletePlanPost(tx, tenantId, id, key);
    return outcome(tx, tenantId, changed);
  });
}

/** POST …/posts/{key}/regenerate?version=: the post's text written again; the rest stays. */
export async function regeneratePlanPost(
  ctx: ServiceContext,
  id: string,
  key: string,
  query: unknown,
  now: Date = new Date(),
): Promise<CampaignResult> {
  requireAccess(ctx.actor, 'update:post');
  requireId(id);
  const { version } = parseInput(versionQuerySchema, query);
  const tenantId = ctx.actor.tenantId;
  const { row, segment, posts } = await readDraft(ctx, id, version);
  const stored = findPost(posts, id, key);
  const out = await regeneratePost(
    ctx.deps,
    tenantId,
    briefOf(row, segment),
    plannedPostOf(stored),
    now,
  );
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const changed = await changeAt(tx, ctx, id, version, {}, DRAFT);
    const written = await updatePlanPost(tx, tenantId, id, {
      ...plannedPostOf(stored),
      caption: out.post.caption,
      hashtags: out.post.hashtags,
      firstComment: out.post.firstComment,
      position: stored.position,
    });
    if (!written) postNotFound(id, key);
    return outcome(tx, tenantId, changed, out.notices, out.problems);
  });
}
