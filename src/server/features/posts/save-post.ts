import { z } from 'zod';
import {
  postFieldChangesSchema,
  postTargetInputSchema,
  type Post,
  type PostFieldChanges,
  type PostStatus,
  type PostTargetInput,
  type SaveIntent,
  type TargetProblem,
} from '#shared/contracts/posts.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod } from '#server/platform/validation.ts';
import { findMediaRows } from '../media/media.repository.ts';
import { listConnections } from '../platforms/platforms.repository.ts';
import { isUuid, requireUserId, scopeForTenant } from '../profile/user-id.ts';
import { entitlementsOf } from '../subscription/entitlements.ts';
import { listDeliveries, type DeliveryRow } from './deliveries.repository.ts';
import { dispatchAll } from './dispatch.ts';
import { problem, refusal, type RefusalKind } from './post-refusal.ts';
import { isLocked } from './post-statuses.ts';
import { targetFormat, toPostDto } from './posts.dto.ts';
import { findEventRow } from './posts.repository.ts';
import {
  TARGETS_REQUIRED,
  duplicateProblems,
  fieldProblems,
  requireFeature,
  targetProblems,
  type IndexedTarget,
  type TargetSpec,
} from './validate-post.ts';
import { writePost, type WritePlan, type Written } from './write-post.ts';

// Saving a post: the one use case every change of a post goes through — POST and PUT /api/posts
// (the composer, the calendar's quick dialog), the calendar's move (PATCH /api/posts/{id}/schedule)
// and AI content's "Save draft" and "Schedule" (docs/decisions/087). Everything is checked first
// (fields, plan, every account against its platform's rules and, to schedule or publish, its
// 24-hour quota read from the platform, outside any transaction); then the event and its
// deliveries are written in one transaction; the publish jobs are sent once it has committed.
// A refusal changes nothing. Nothing can be scheduled that could not be published: scheduling
// and publishing need at least one account (docs/product/screens.md#publishing).
//
// The three steps are also offered apart — prepareSave (the checks, nothing written),
// writePreparedSave (the write, in the caller's transaction) and finishSaves (after commit) — so
// an operation that changes several posts at once, such as a reorder of the posting queue,
// checks each as this save does and writes them all in one transaction (docs/decisions/077).

/**
 * What the save does. draft, schedule, publish, cancel: as asked (savePostInputSchema). keep: a
 * change that leaves the status alone (a move); a scheduled post is checked as scheduling again,
 * but its text alone may change without an account (posts scheduled before accounts were
 * required).
 */
export type WriteIntent = SaveIntent | 'keep';

export interface SavePostCommand {
  /** Absent: a new post. */
  postId?: string | undefined;
  /** The fields to write; what is left out of a saved post stays as it is. */
  post: PostFieldChanges;
  /** Every account the post goes to, in order; absent: the post keeps its own. */
  targets?: readonly PostTargetInput[] | undefined;
  intent: WriteIntent;
}

/** Saves a post of the signed-in person's business. */
export function savePost(ctx: ServiceContext, command: SavePostCommand): Promise<Post> {
  return savePostFor(ctx, ctx.actor.tenantId, command);
}

/**
 * The same for business `tenantId`: the person's own, or any for an administrator. Like every
 * calendar operation, it refuses an id that is not one: "Invalid user ID provided"
 * (docs/product/validation.md#user-id).
 */
export async function savePostFor(
  ctx: ServiceContext,
  tenantId: string,
  command: SavePostCommand,
): Promise<Post> {
  const prepared = await prepareSave(ctx, tenantId, command);
  const written = await withTenant(ctx.deps.database, prepared.scope, (tx) =>
    writePreparedSave(tx, prepared),
  );
  const [post] = await finishSaves(ctx, tenantId, [written]);
  return post!;
}

/** A save that passed every check, ready to be written. */
export interface PreparedSave {
  readonly tenantId: string;
  readonly scope: TenantScope;
  /** The post as the checks read it; null for a new one. */
  readonly postId: string | null;
  readonly plan: WritePlan;
}

export interface PrepareOptions {
  /**
   * Instagram quota readings shared by the saves of one operation, by account: each account's
   * quota is read from the platform once however many of its posts the operation saves.
   */
  quotaReadings?: Map<string, number | null>;
}

/**
 * Steps 1–3 of a save: access, the fields, the plan and every account, read and checked; nothing
 * is written. Throws the refusal a save would answer.
 */
export async function prepareSave(
  ctx: ServiceContext,
  tenantId: string,
  command: SavePostCommand,
  options: PrepareOptions = {},
): Promise<PreparedSave> {
  const { intent } = command;
  requireAccess(ctx.actor, command.postId === undefined ? 'create:post' : 'update:post');
  if (intent === 'schedule') requireAccess(ctx.actor, 'schedule:post');
  if (intent === 'publish') requireAccess(ctx.actor, 'publish:post');
  requireUserId(tenantId);
  const scope = scopeForTenant(ctx.actor, tenantId);
  if (command.postId !== undefined && !isUuid(command.postId)) notFound(command.postId);
  const askedKind: RefusalKind = intent === 'draft' || intent === 'cancel' ? 'draft' : 'schedule';
  const changes = parse(postFieldChangesSchema, command.post, askedKind);
  const specs =
    command.targets === undefined ? undefined : parseTargets(command.targets, askedKind);

  // 1. What the checks need, read together.
  const seen = await withTenant(ctx.deps.database, scope, async (tx) => {
    const event = command.postId
      ? ((await findEventRow(tx, tenantId, command.postId)) ?? notFound(command.postId))
      : null;
    const deliveries = event ? await listDeliveries(tx, tenantId, event.id) : [];
    const pending = deliveries.filter((d) => d.post.status !== 'published');
    const mediaIds = specs
      ? specs.flatMap((s) => s.mediaIds)
      : pending.flatMap((d) => d.post.mediaIds);
    return {
      event,
      deliveries,
      plan: await entitlementsOf(tx, tenantId),
      connections: await listConnections(tx, tenantId),
      media: await findMediaRows(tx, [...new Set(mediaIds)]),
    };
  });
  const existing = seen.event;
  if (existing && isLocked(existing.status)) locked(existing.id, existing.status);

  const now = new Date();
  const status: PostStatus =
    intent === 'draft'
      ? 'draft'
      : intent === 'schedule' || intent === 'publish'
        ? 'scheduled'
        : intent === 'cancel'
          ? 'cancelled'
          : (existing?.status ?? 'draft');
  const title = changes.title ?? existing?.title;
  const content = changes.content !== undefined ? changes.content : (existing?.content ?? null);
  const type = changes.type ?? existing?.type ?? 'post';
  const timeGiven = changes.scheduled_for !== undefined;
  const scheduledFor =
    intent === 'publish'
      ? now
      : timeGiven
        ? toDate(changes.scheduled_for!)
        : (existing?.scheduledFor ?? null);
  const keepsScheduled = intent === 'keep' && status === 'scheduled';
  // Checked as a scheduled post: every rule of every account, and the quota.
  const scheduling = intent === 'schedule' || intent === 'publish' || keepsScheduled;
  const kind: RefusalKind = scheduling ? 'schedule' : 'draft';

  // 2. The post's own fields.
  const fieldsRefused: TargetProblem[] = [
    ...(title ? [] : [problem('title', 'invalid', 'Title is required')]),
    ...(specs ? duplicateProblems(specs) : []),
    ...fieldProblems(
      {
        type,
        scheduledFor,
        status,
        mustLookForward: intent === 'schedule' || (keepsScheduled && timeGiven),
        chosenTargets: specs?.length ?? 0,
      },
      now,
    ),
  ];
  if (fieldsRefused.length > 0) throw refusal(fieldsRefused, kind, 'fields');
  requireFeature(seen.plan, tenantId, type);

  // 3. The accounts: the ones chosen now, or the post's own when it is scheduled again. Those
  //    published already are history, neither checked nor written again.
  const out = new Set(
    seen.deliveries.filter((d) => d.post.status === 'published').map((d) => d.post.connectionId),
  );
  const toCheck: IndexedTarget[] = specs
    ? specs.map((spec, index) => ({ spec, index })).filter((t) => !out.has(t.spec.connectionId))
    : scheduling
      ? seen.deliveries
          .filter((d) => d.post.status !== 'published')
          .map((d, index) => ({ spec: specOf(d.post), index }))
      : [];
  const needsAccount =
    intent === 'schedule' ||
    intent === 'publish' ||
    (keepsScheduled && (specs !== undefined || timeGiven));
  const targetsRefused: TargetProblem[] = [
    ...(needsAccount && toCheck.length === 0 ? [TARGETS_REQUIRED] : []),
    ...(await targetProblems(ctx.deps, {
      caption: content ?? '',
      targets: toCheck,
      connections: seen.connections,
      media: seen.media,
      withRules: scheduling,
      quotaReadings: options.quotaReadings,
    })),
  ];
  if (targetsRefused.length > 0) throw refusal(targetsRefused, kind, 'targets');

  return {
    tenantId,
    scope,
    postId: existing?.id ?? null,
    plan: {
      tenantId,
      before: existing,
      fields: { title: title!, content, type, scheduledFor, platforms: changes.platforms },
      status,
      deliveries:
        status === 'scheduled' || status === 'draft' || status === 'cancelled' ? status : null,
      targets: specs,
      now,
    },
  };
}

/**
 * Step 4: the write of a prepared save, in the caller's transaction (withTenant of its scope).
 * It refuses the whole transaction when anything the checks relied on moved meanwhile.
 */
export function writePreparedSave(tx: Tx, prepared: PreparedSave): Promise<Written> {
  return writePost(tx, prepared.plan);
}

/**
 * Step 5, once the transaction of the writes has committed: the business's cached lists are
 * dropped and the publish jobs sent. Returns the posts as saved, in the order given.
 */
export async function finishSaves(
  ctx: ServiceContext,
  tenantId: string,
  written: readonly Written[],
): Promise<Post[]> {
  ctx.deps.cache.invalidateTenant(tenantId);
  await dispatchAll(
    ctx.deps,
    written.flatMap((w) => w.due),
  );
  return written.map((w) => toPostDto(w.event, w.deliveries));
}

function parse<S extends z.ZodType>(schema: S, value: unknown, kind: RefusalKind): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = Object.entries(fieldErrorsFromZod(parsed.error)).map(([field, message]) =>
    problem(field, 'invalid', message),
  );
  throw refusal(problems, kind, 'fields');
}

function parseTargets(targets: readonly PostTargetInput[], kind: RefusalKind): TargetSpec[] {
  const parsed = parse(z.object({ targets: z.array(postTargetInputSchema) }), { targets }, kind);
  return parsed.targets.map((t) => ({
    connectionId: t.connection_id,
    format: t.format,
    mediaIds: t.media_ids,
    firstComment: t.first_comment,
  }));
}

/** A stored delivery as the target it was chosen as. */
function specOf(row: DeliveryRow): TargetSpec {
  return {
    // A delivery whose account was deleted names none: it is refused as not connected.
    connectionId: row.connectionId ?? '00000000-0000-0000-0000-000000000000',
    format: targetFormat(row),
    mediaIds: row.mediaIds,
    firstComment: row.firstComment,
  };
}

function toDate(value: string | null): Date | null {
  return value === null ? null : new Date(value);
}

/**
 * docs/decisions/074: a post on its way out or out already is what the platforms show; changing
 * it would make the calendar disagree with them. It can still be deleted.
 */
function locked(id: string, status: PostStatus): never {
  throw AppError.from('WORKFLOW_STATE_INVALID', {
    technicalMessage: `Calendar event ${id} is ${status} and cannot be changed`,
    details: { status },
  });
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible calendar event ${id}` });
}
