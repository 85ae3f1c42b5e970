import type { z } from 'zod';
import {
  coversQuerySchema,
  MAX_IDEA_POSTS,
  MAX_PLANNED_POSTS,
  plannedQuerySchema,
  type CoversQuery,
  type EventCampaign,
  type EventCover,
  type IdeaPost,
  type PlannedPost,
  type PlannedQuery,
  type PostCover,
} from '#shared/contracts/planning.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { toEventDto } from '../posts/index.ts';
import { findConnection } from '../platforms/platforms.repository.ts';
import { requireUserId, scopeForTenant } from '../profile/user-id.ts';
import * as repo from './planning.repository.ts';
import { campaignsOfRange } from '../campaigns/event-campaigns.ts';

// The calendar's planning reads (docs/decisions/078): what an Instagram account's profile grid
// shows above its published media, the ideas tray's drafts without a date, and the first medium
// of each post of a range for the calendar's chips. Lists of posts, so they are cached per
// business like the calendar's lists (docs/product/constants.md#service-cache), and every save of
// that business drops them.

/** The most covers one range answers: a busy month of posts. */
const MAX_COVERS = 1000;

/** GET /api/calendar-events/planned?accountId=: an Instagram account's planned posts, latest first. */
export async function listPlanned(
  ctx: ServiceContext,
  tenantId: string,
  query: PlannedQuery,
): Promise<PlannedPost[]> {
  const { scope, input } = begin(ctx, tenantId, plannedQuerySchema, query);
  const accountId = input.accountId.toLowerCase();
  return ctx.deps.cache.getOrLoad(tenantId, `planning:planned:${accountId}`, () =>
    withTenant(ctx.deps.database, scope, async (tx) => {
      const account = await findConnection(tx, tenantId, accountId);
      // Another business's account, a Page or an id that names nothing: not found alike.
      if (!account || account.platform !== 'instagram') {
        throw AppError.from('NOT_FOUND', {
          technicalMessage: `No visible Instagram connection ${accountId}`,
        });
      }
      const rows = await repo.listPlannedForAccount(tx, tenantId, accountId, MAX_PLANNED_POSTS);
      const covers = await coversOf(tx, rows);
      return rows.map((row) => ({
        ...toEventDto(row),
        format:
          row.format === 'feed' ? (row.mediaIds.length > 1 ? 'carousel' : 'post') : row.format,
        media_count: row.mediaIds.length,
        cover: covers(row.mediaIds),
      }));
    }),
  );
}

/** GET /api/calendar-events/ideas: drafts with no date, most recently changed first. */
export async function listIdeas(ctx: ServiceContext, tenantId: string): Promise<IdeaPost[]> {
  const { scope } = begin(ctx, tenantId, null, undefined);
  return ctx.deps.cache.getOrLoad(tenantId, 'planning:ideas', () =>
    withTenant(ctx.deps.database, scope, async (tx) => {
      const rows = await repo.listUndatedDrafts(tx, tenantId, MAX_IDEA_POSTS);
      const media = await repo.mediaOfEvents(
        tx,
        tenantId,
        rows.map((r) => r.id),
      );
      const covers = await coversOf(tx, [...media.values()]);
      return rows.map((row) => {
        const found = media.get(row.id);
        return {
          ...toEventDto(row),
          account_count: found?.accounts ?? 0,
          media_count: found?.mediaIds.length ?? 0,
          cover: covers(found?.mediaIds ?? []),
        };
      });
    }),
  );
}

/** GET /api/calendar-events/covers: the first medium of each post scheduled in the range. */
export async function listCovers(
  ctx: ServiceContext,
  tenantId: string,
  query: CoversQuery,
): Promise<EventCover[]> {
  const { scope, input } = begin(ctx, tenantId, coversQuerySchema, query);
  const start = new Date(input.startDate);
  const end = new Date(input.endDate);
  const key = `planning:covers:${start.toISOString()}:${end.toISOString()}`;
  return ctx.deps.cache.getOrLoad(tenantId, key, () =>
    withTenant(ctx.deps.database, scope, async (tx) => {
      const media = await repo.mediaOfRange(tx, tenantId, start, end, MAX_COVERS);
      const covers = await coversOf(tx, [...media.values()]);
      const answer: EventCover[] = [];
      for (const entry of media.values()) {
        const cover = covers(entry.mediaIds);
        if (cover)
          answer.push({ event_id: entry.eventId, media_count: entry.mediaIds.length, cover });
      }
      return answer;
    }),
  );
}

/**
 * GET /api/calendar-events/campaigns: the campaign of each post scheduled in the range. Not
 * cached: a launch changes it, and it is one indexed read.
 */
export async function listEventCampaigns(
  ctx: ServiceContext,
  tenantId: string,
  query: CoversQuery,
): Promise<EventCampaign[]> {
  const { scope, input } = begin(ctx, tenantId, coversQuerySchema, query);
  return withTenant(ctx.deps.database, scope, (tx) =>
    campaignsOfRange(tx, tenantId, new Date(input.startDate), new Date(input.endDate), MAX_COVERS),
  );
}

// ---------------------------------------------------------------------------------------------

function begin<S extends z.ZodType>(
  ctx: ServiceContext,
  tenantId: string,
  schema: S | null,
  query: unknown,
): { scope: TenantScope; input: z.output<S> } {
  requireAccess(ctx.actor, 'read:calendar');
  requireUserId(tenantId);
  const scope = scopeForTenant(ctx.actor, tenantId);
  if (!schema) return { scope, input: undefined as z.output<S> };
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  return { scope, input: parsed.data };
}

/** The cover of a list of media: its first item, when the library still has it. */
async function coversOf(
  tx: Tx,
  lists: ReadonlyArray<{ mediaIds: readonly string[] }>,
): Promise<(mediaIds: readonly string[]) => PostCover | null> {
  const firsts = lists.map((l) => l.mediaIds[0]).filter((id): id is string => Boolean(id));
  const facts = await repo.mediaFacts(tx, firsts);
  return (mediaIds) => {
    const id = mediaIds[0];
    const fact = id ? facts.get(id) : undefined;
    if (!id || !fact) return null;
    return { media_id: id, kind: fact.kind, has_thumbnail: fact.hasThumbnail };
  };
}
