import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accountLabel } from '#shared/account-label.ts';
import {
  CAMPAIGN_LIMITS,
  cadenceSchema,
  type PlannedPost,
} from '#shared/contracts/campaign-plan.contract.ts';
import {
  CAMPAIGN_PAGE_SIZE,
  campaignListQuerySchema,
  createCampaignInputSchema,
  updateCampaignInputSchema,
  type Campaign,
  type CampaignPost,
  type CampaignStatus,
  type CampaignSummary,
} from '#shared/contracts/campaigns.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Permission } from '#shared/permissions.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { isUuid } from '../profile/user-id.ts';
import { describeEntitlements, entitlementsOf, grants } from '../subscription/entitlements.ts';
import {
  findCampaign,
  insertCampaign,
  listCampaignPosts,
  performanceOf,
  type EventPerformance,
  listCampaignRows,
  ownConnectionIds,
  ownMedia,
  shownStatus,
  updateCampaignAt,
  type CampaignCounts,
  type CampaignInsert,
  type CampaignPostView,
  type CampaignRow,
  AHEAD_STATUSES,
} from './campaigns.repository.ts';
import { campaignDays } from './plan-slots.ts';
import { engagementRate } from '../analytics/measures.ts';
import { audienceSegments } from '../audience/audience.tables.ts';

// A campaign's draft (docs/product/screens.md#campaigns): made at the wizard's first step and
// saved at every step after it. Every change names the version it was made on; a change made on
// an older one is refused (WORKFLOW_STATE_INVALID, with the current version) instead of
// overwriting someone else's work. Everyone in the business reads campaigns (as the calendar);
// changing them needs the rights of changing posts and a plan with campaigns
// (docs/product/roles-and-plans.md#features-by-plan).

export const CONFLICT_MESSAGE = 'Someone else changed this campaign. Reload to see their changes.';
export const LAUNCHED_MESSAGE =
  'This campaign has been launched: its brief and plan can no longer be changed.';

export const READ_PERMISSION: Permission = 'read:calendar';

export function campaignNotFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `campaign ${id} not found` });
}

/** The request's campaign id, or the 404 a campaign of another business answers. */
export function requireId(id: string): string {
  if (!isUuid(id)) campaignNotFound(id);
  return id;
}

export function versionConflict(id: string, current: number, asked: number): AppError {
  return AppError.from('WORKFLOW_STATE_INVALID', {
    userMessage: CONFLICT_MESSAGE,
    technicalMessage: `campaign ${id} is at version ${current}, the change was made on ${asked}`,
    details: { version: current },
  });
}

export function wrongStatus(row: CampaignRow, message: string): AppError {
  return AppError.from('WORKFLOW_STATE_INVALID', {
    userMessage: message,
    technicalMessage: `campaign ${row.id} is ${row.status}`,
    details: { version: row.version, status: row.status },
  });
}

/** Campaigns are in Premium and the trial, not in Free. */
export async function requireCampaignsPlan(tx: Tx, tenantId: string): Promise<void> {
  const plan = await entitlementsOf(tx, tenantId);
  if (grants(plan, 'campaigns')) return;
  throw AppError.from('FEATURE_NOT_AVAILABLE', {
    technicalMessage: `campaigns are not in ${tenantId}'s plan (${describeEntitlements(plan)})`,
    details: { feature: 'campaigns' },
  });
}

/** The business's campaign, or 404. */
export async function campaignRow(tx: Tx, tenantId: string, id: string): Promise<CampaignRow> {
  return (await findCampaign(tx, tenantId, id)) ?? campaignNotFound(id);
}

/**
 * The versioned change of a campaign (campaigns.repository.ts updateCampaignAt), or the refusal
 * that says why it did not apply: not found, another version, or not in a status it applies to.
 */
export async function changeAt(
  tx: Tx,
  ctx: ServiceContext,
  id: string,
  version: number,
  changes: Partial<CampaignInsert>,
  options: { draftOnly?: boolean; statuses?: readonly CampaignStatus[]; message?: string } = {},
): Promise<CampaignRow> {
  const tenantId = ctx.actor.tenantId;
  const row = await updateCampaignAt(
    tx,
    tenantId,
    id,
    version,
    { ...changes, updatedBy: ctx.actor.userId },
    options,
  );
  if (row) return row;
  const current = await campaignRow(tx, tenantId, id);
  if (current.version !== version) throw versionConflict(id, current.version, version);
  throw wrongStatus(current, options.message ?? LAUNCHED_MESSAGE);
}

/** Refuses early a change on another version or status, before any slow work (planning). */
export function expectAt(
  row: CampaignRow,
  version: number,
  options: { draftOnly?: boolean; statuses?: readonly CampaignStatus[]; message?: string } = {},
): void {
  if (row.version !== version) throw versionConflict(row.id, row.version, version);
  const allowed = options.draftOnly ? ['draft'] : options.statuses;
  if (allowed && !allowed.includes(row.status)) {
    throw wrongStatus(row, options.message ?? LAUNCHED_MESSAGE);
  }
}

/** A stored planned post in the plan's shape. */
export function plannedPostOf(row: CampaignPostView): PlannedPost {
  return {
    key: row.key,
    scheduledFor: row.scheduledFor.toISOString(),
    connectionId: row.connectionId ?? '',
    format: row.format as PlannedPost['format'],
    caption: row.caption,
    hashtags: row.hashtags,
    firstComment: row.firstComment,
    media: row.media as PlannedPost['media'],
    mediaIds: row.mediaIds,
  };
}

function postDto(row: CampaignPostView, figures?: EventPerformance): CampaignPost {
  return {
    ...plannedPostOf(row),
    id: row.id,
    position: row.position,
    eventId: row.eventId,
    status: row.eventStatus,
    account: row.account
      ? { name: accountLabel(row.account), platform: row.account.platform }
      : null,
    performance: figures
      ? {
          reach: figures.reach,
          interactions: figures.interactions,
          engagementRate: engagementRate(figures.interactions, figures.reach),
        }
      : null,
  };
}

/** The published posts' figures together: sums, and the rate of the sums. */
function totalOf(figures: readonly EventPerformance[]): Campaign['performance'] {
  if (figures.length === 0) return null;
  const sum = (pick: (f: EventPerformance) => number | null) => {
    const known = figures.map(pick).filter((v): v is number => v !== null);
    return known.length > 0 ? known.reduce((a, b) => a + b, 0) : null;
  };
  const reach = sum((f) => f.reach);
  const interactions = sum((f) => f.interactions);
  const latest = Math.max(...figures.map((f) => f.fetchedAt?.getTime() ?? 0));
  return {
    reach,
    interactions,
    engagementRate: engagementRate(interactions, reach),
    measuredPosts: figures.length,
    fetchedAt: latest > 0 ? new Date(latest).toISOString() : null,
  };
}

function countsOf(posts: readonly CampaignPostView[]): CampaignCounts {
  const has = (p: CampaignPostView, statuses: readonly string[]) =>
    p.eventStatus !== null && statuses.includes(p.eventStatus);
  const ahead = posts.filter((p) => has(p, AHEAD_STATUSES)).length;
  return {
    posts: posts.length,
    published: posts.filter((p) => has(p, ['published'])).length,
    scheduled: ahead,
    failed: posts.filter((p) => has(p, ['failed'])).length,
    ahead,
    missingMedia: posts.filter((p) => p.mediaIds.length < (p.media as { count: number }).count)
      .length,
  };
}

function summaryDto(row: CampaignRow, counts: CampaignCounts): CampaignSummary {
  return {
    id: row.id,
    name: row.name,
    status: shownStatus(row.status, counts),
    step: row.step,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    connectionIds: row.connectionIds,
    color: row.color,
    progress: {
      posts: counts.posts,
      published: counts.published,
      scheduled: counts.scheduled,
      failed: counts.failed,
      missingMedia: counts.missingMedia,
    },
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    launchedAt: row.launchedAt?.toISOString() ?? null,
  };
}

/** The campaign as shown: its fields, its posts with what became of them, its progress. */
export async function campaignView(tx: Tx, tenantId: string, row: CampaignRow): Promise<Campaign> {
  const posts = await listCampaignPosts(tx, tenantId, [row.id]);
  // How the published posts did, from the stored insights (docs/decisions/092).
  const figures = await performanceOf(
    tx,
    tenantId,
    posts.map((p) => p.eventId).filter((id): id is string => id !== null),
  );
  const cadence = cadenceSchema.safeParse(row.cadence);
  return {
    ...summaryDto(row, countsOf(posts)),
    goal: row.goal,
    audience: row.audience,
    segmentId: row.segmentId,
    formats: row.formats as Campaign['formats'],
    cadence: cadence.success ? cadence.data : null,
    planSource: row.planSource,
    posts: posts.map((p) => postDto(p, p.eventId ? figures.get(p.eventId) : undefined)),
    performance: totalOf([...figures.values()]),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The campaign's planned posts as stored, in plan order. */
export async function storedPosts(
  tx: Tx,
  tenantId: string,
  id: string,
): Promise<CampaignPostView[]> {
  return listCampaignPosts(tx, tenantId, [id]);
}

/** The input as the schema reads it, or a VALIDATION_ERROR naming each field (under `prefix`). */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix = '',
): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields = fieldErrorsFromZod(parsed.error);
  throw validationError(
    Object.fromEntries(Object.entries(fields).map(([field, message]) => [prefix + field, message])),
  );
}

/** An id the input names, and the field that names it (`connectionIds.1`, `post.mediaIds.0`). */
export interface NamedId {
  id: string;
  field: string;
}

/**
 * Refuses ids of accounts or library items that are not the business's, naming the field of
 * each. Checked by the business's id, not only through row-level security.
 */
export async function requireOwnIds(
  tx: Tx,
  tenantId: string,
  ids: { connections?: readonly NamedId[]; media?: readonly NamedId[] },
): Promise<void> {
  const fieldErrors: Record<string, string> = {};
  const connections = ids.connections ?? [];
  const media = ids.media ?? [];
  const ownConnections = await ownConnectionIds(
    tx,
    tenantId,
    connections.map((c) => c.id),
  );
  for (const c of connections) {
    if (!ownConnections.has(c.id)) {
      fieldErrors[c.field] = 'This account is not connected to your business';
    }
  }
  const ownFiles = await ownMedia(
    tx,
    tenantId,
    media.map((m) => m.id),
  );
  for (const m of media) {
    if (!ownFiles.has(m.id)) fieldErrors[m.field] = 'This file is not in your library';
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw validationError(fieldErrors, `campaign names ids not of ${tenantId}`);
  }
}

/** Named ids of a list field. */
export function named(ids: readonly string[], field: string): NamedId[] {
  return ids.map((id, i) => ({ id, field: `${field}.${i}` }));
}

/** The dates of a campaign, both known: in order and no longer than a campaign lasts. */
export function checkDates(startsOn: string | null, endsOn: string | null): void {
  if (!startsOn || !endsOn) return;
  const days = campaignDays(startsOn, endsOn);
  if (days < 1) throw validationError({ endsOn: 'The campaign ends before it starts' });
  if (days > CAMPAIGN_LIMITS.maxDays) {
    throw validationError({ endsOn: `A campaign lasts at most ${CAMPAIGN_LIMITS.maxDays} days` });
  }
}

/** POST /api/campaigns: a new draft at the brief step. */
export async function createCampaign(ctx: ServiceContext, input: unknown): Promise<Campaign> {
  requireAccess(ctx.actor, 'create:post');
  const fields = parseInput(createCampaignInputSchema, input);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCampaignsPlan(tx, tenantId);
    const row = await insertCampaign(tx, {
      userId: tenantId,
      name: fields.name,
      goal: fields.goal,
      audience: fields.audience,
      createdBy: ctx.actor.userId,
      updatedBy: ctx.actor.userId,
    });
    return campaignView(tx, tenantId, row);
  });
}

/** GET /api/campaigns/{id}. */
export async function getCampaign(ctx: ServiceContext, id: string): Promise<Campaign> {
  requireAccess(ctx.actor, READ_PERMISSION);
  requireId(id);
  const tenantId = ctx.actor.tenantId;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) =>
    campaignView(tx, tenantId, await campaignRow(tx, tenantId, id)),
  );
}

/** GET /api/campaigns: a page of the business's campaigns, by status shown and words. */
export async function listCampaigns(ctx: ServiceContext, query: unknown) {
  requireAccess(ctx.actor, READ_PERMISSION);
  const filter = parseInput(campaignListQuerySchema, query);
  const tenantId = ctx.actor.tenantId;
  const { rows, total } = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    listCampaignRows(tx, tenantId, {
      status: filter.status,
      q: filter.q || undefined,
      page: filter.page,
    }),
  );
  return {
    items: rows.map((r) => summaryDto(r, r.counts)),
    page: filter.page,
    pageSize: CAMPAIGN_PAGE_SIZE,
    total,
  };
}

/** What may change once a campaign has been launched: how it is called and shown. */
const ANY_STATUS_FIELDS = new Set(['version', 'name', 'color']);

/** PATCH /api/campaigns/{id}: a step's fields, on the version they were made on. */
export async function updateCampaign(
  ctx: ServiceContext,
  id: string,
  input: unknown,
): Promise<Campaign> {
  requireAccess(ctx.actor, 'update:post');
  requireId(id);
  const { version, ...fields } = parseInput(updateCampaignInputSchema, input);
  const tenantId = ctx.actor.tenantId;
  const draftOnly = Object.keys(fields).some((k) => !ANY_STATUS_FIELDS.has(k));
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await requireCampaignsPlan(tx, tenantId);
    const current = await campaignRow(tx, tenantId, id);
    expectAt(current, version, { draftOnly });
    checkDates(
      fields.startsOn !== undefined ? fields.startsOn : current.startsOn,
      fields.endsOn !== undefined ? fields.endsOn : current.endsOn,
    );
    if (fields.connectionIds) {
      await requireOwnIds(tx, tenantId, {
        connections: named(fields.connectionIds, 'connectionIds'),
      });
    }
    if (fields.segmentId && !(await segmentName(tx, tenantId, fields.segmentId))) {
      throw validationError({ segmentId: 'This segment is not in your audience' });
    }
    const changes: Partial<CampaignInsert> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    if (fields.connectionIds) changes.connectionIds = [...new Set(fields.connectionIds)];
    if (fields.formats) changes.formats = [...new Set(fields.formats)];
    const row = await changeAt(tx, ctx, id, version, changes, { draftOnly });
    return campaignView(tx, tenantId, row);
  });
}

/** The name of the business's segment `id`, or null when it has none by that id. */
export async function segmentName(tx: Tx, tenantId: string, id: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: audienceSegments.name })
    .from(audienceSegments)
    .where(and(eq(audienceSegments.id, id), eq(audienceSegments.userId, tenantId)))
    .limit(1);
  return row?.name ?? null;
}
