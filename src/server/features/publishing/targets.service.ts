import {
  setTargetsInputSchema,
  type PublishTarget,
  type PublishingState,
  type TargetProblem,
} from '#shared/contracts/publishing.contract.ts';
import type { TargetFormat } from '#shared/platform-limits.ts';
import { checkTarget, type TargetMedia } from '#shared/publishing-rules.ts';
import { AppError } from '#shared/errors/index.ts';
import { hasFeature } from '#shared/plans.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/http/errors.ts';
import { compatibilityOf } from '../media/compatibility.ts';
import * as mediaRepo from '../media/media.repository.ts';
import { findPlan } from '../calendar/calendar.repository.ts';
import * as platformsRepo from '../platforms/platforms.repository.ts';
import { isUuid } from '../profile/user-id.ts';
import { jobDispatcher } from './publishing.jobs.ts';
import { announceDelivery, announceEvent } from './live-status.ts';
import { readQuota } from './quota.service.ts';
import { refreshEventStatus } from './event-status.ts';
import type { PublishJobPayload } from './worker/dispatcher.ts';
import * as repo from './publishing.repository.ts';
import { accountLabel } from '#shared/account-label.ts';

// Choosing where an event goes and sending it now (docs/decisions/080). Targets are checked
// against each platform's rules (src/shared/publishing-rules.ts) and the account's remaining
// 24-hour quota before anything is stored; the calendar's own edits go through syncEventTargets
// so a reschedule, an edit or a cancel moves the targets in the same transaction.

const SCHEDULE_FAILED = 'Failed to schedule content';

type EventRow = NonNullable<Awaited<ReturnType<typeof repo.findEventRow>>>;

interface TargetSpec {
  connectionId: string;
  format: TargetFormat;
  mediaIds: string[];
  firstComment: string | null;
}

export async function getTargets(ctx: ServiceContext, eventId: string): Promise<PublishingState> {
  requireAccess(ctx.actor, 'read:calendar');
  const tenantId = ctx.actor.tenantId;
  requireEventId(eventId);
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const event = (await repo.findEventRow(tx, tenantId, eventId)) ?? notFound(eventId);
    return stateOf(tx, event);
  });
}

/** Replaces the event's targets (those not yet published), checked before anything is stored. */
export async function setTargets(
  ctx: ServiceContext,
  eventId: string,
  input: unknown,
): Promise<PublishingState> {
  requireAccess(ctx.actor, 'schedule:post');
  const tenantId = ctx.actor.tenantId;
  requireEventId(eventId);
  const parsed = setTargetsInputSchema.safeParse(input);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  const specs: TargetSpec[] = parsed.data.targets.map((t) => ({
    connectionId: t.connection_id,
    format: t.format,
    mediaIds: t.media_ids,
    firstComment: t.first_comment,
  }));
  const seen = new Set<string>();
  specs.forEach((s, i) => {
    if (seen.has(s.connectionId)) {
      throw validationError({ [`targets.${i}.connection_id`]: 'This account is chosen twice' });
    }
    seen.add(s.connectionId);
  });
  const scope = tenantScope(ctx.actor);
  const event = await withTenant(ctx.deps.database, scope, async (tx) => {
    const row = (await repo.findEventRow(tx, tenantId, eventId)) ?? notFound(eventId);
    await requirePlan(tx, tenantId, row);
    return row;
  });
  requireEditable(event);
  // A scheduled event's targets must be publishable as stored. Any other event's targets are
  // kept as chosen, problems and all (a draft may wait for its photo); scheduling and publishing
  // check every rule again before anything is sent (decision 085).
  const publishable = event.status === 'scheduled';
  await validate(ctx.deps, tenantId, event.content ?? '', specs, publishable);
  const now = new Date();
  const { state, dispatch } = await withTenant(ctx.deps.database, scope, async (tx) => {
    const current = (await repo.findEventRow(tx, tenantId, eventId)) ?? notFound(eventId);
    requireEditable(current);
    if (!publishable && current.status === 'scheduled') {
      // Scheduled since the check above: its targets were not checked as a scheduled post's.
      throw AppError.from('WORKFLOW_STATE_INVALID', {
        technicalMessage: `Calendar event ${eventId} was scheduled while its targets were set`,
      });
    }
    const existing = await repo.listPostsOfEvent(tx, tenantId, eventId);
    if (existing.some((e) => e.post.status === 'publishing' || e.post.status === 'unconfirmed')) {
      throw inFlight(eventId);
    }
    // Published deliveries stay (they are history); the rest are replaced. A job for a removed
    // row finds nothing and does nothing.
    await repo.deletePosts(
      tx,
      tenantId,
      existing.filter((e) => e.post.status !== 'published').map((e) => e.post.id),
    );
    const published = new Set(
      existing.filter((e) => e.post.status === 'published').map((e) => e.post.connectionId),
    );
    const connections = await platformsRepo.listConnections(tx, tenantId);
    const scheduled = current.status === 'scheduled' && current.scheduledFor !== null;
    const inserted = await repo.insertPosts(
      tx,
      specs
        .filter((s) => !published.has(s.connectionId))
        .map((s) => {
          const connection = connections.find((c) => c.id === s.connectionId)!;
          return {
            userId: tenantId,
            calendarEventId: eventId,
            connectionId: s.connectionId,
            platform: connection.platform,
            format: rowFormat(s.format),
            mediaIds: s.mediaIds,
            firstComment: s.firstComment,
            status: scheduled ? ('scheduled' as const) : ('draft' as const),
            scheduledFor: current.scheduledFor,
            nextAttemptAt: scheduled ? current.scheduledFor : null,
          };
        }),
    );
    await syncMediaUsages(tx, tenantId, eventId, specs);
    await repo.setEventPlatforms(tx, tenantId, eventId, connections, specs, now);
    await announceEvent(tx, tenantId, eventId, current.status, now);
    const dispatch: Due[] = scheduled
      ? inserted.map((p) => ({
          payload: { postId: p.id, userId: tenantId, version: p.version },
          at: current.scheduledFor!,
        }))
      : [];
    return { state: await stateOf(tx, current), dispatch };
  });
  ctx.deps.cache.invalidateTenant(tenantId);
  await dispatchAll(ctx.deps, dispatch);
  return state;
}

/** Publishes every target that is not out yet, now. */
export async function publishNow(ctx: ServiceContext, eventId: string): Promise<PublishingState> {
  requireAccess(ctx.actor, 'publish:post');
  const tenantId = ctx.actor.tenantId;
  requireEventId(eventId);
  const scope = tenantScope(ctx.actor);
  const { event, posts } = await withTenant(ctx.deps.database, scope, async (tx) => {
    const row = (await repo.findEventRow(tx, tenantId, eventId)) ?? notFound(eventId);
    await requirePlan(tx, tenantId, row);
    return { event: row, posts: await repo.listPostsOfEvent(tx, tenantId, eventId) };
  });
  requireEditable(event);
  const pending = posts.filter((p) => p.post.status !== 'published');
  if (pending.length === 0) {
    throw scheduleError([
      {
        field: 'targets',
        connection_id: null,
        account: null,
        rule: 'targets_required',
        message: 'Choose at least one account to publish to',
      },
    ]);
  }
  await validate(ctx.deps, tenantId, event.content ?? '', pending.map(specOf));
  const now = new Date();
  const { state, dispatch } = await withTenant(ctx.deps.database, scope, async (tx) => {
    const current = (await repo.findEventRow(tx, tenantId, eventId)) ?? notFound(eventId);
    requireEditable(current);
    await repo.updateEventSchedule(tx, tenantId, eventId, 'scheduled', now, now);
    await announceEvent(tx, tenantId, eventId, 'scheduled', now);
    const dispatch = await syncEventTargets(tx, tenantId, eventId, 'scheduled', now, now);
    return {
      state: await stateOf(tx, (await repo.findEventRow(tx, tenantId, eventId))!),
      dispatch,
    };
  });
  ctx.deps.cache.invalidateTenant(tenantId);
  await dispatchAll(ctx.deps, dispatch);
  return state;
}

// -------------------------------------------------------------------- the calendar's side

export interface Due {
  payload: PublishJobPayload;
  at: Date;
}

/**
 * Moves an event's targets with the event, inside the calendar's transaction. Every target that
 * is not out yet gets a new version, so any job already queued for it is stale and does nothing;
 * the returned jobs are sent after the commit (a send that fails is made up by the sweeper,
 * which finds the row due). Published targets are never touched.
 */
export async function syncEventTargets(
  tx: Tx,
  userId: string,
  eventId: string,
  status: EventRow['status'],
  scheduledFor: Date | null,
  now: Date,
): Promise<Due[]> {
  // Only these event states say where the targets stand; the others are the targets' own doing.
  if (status !== 'scheduled' && status !== 'draft' && status !== 'cancelled') return [];
  const posts = await repo.listPostsOfEvent(tx, userId, eventId);
  const due: Due[] = [];
  const schedule = status === 'scheduled' && scheduledFor !== null;
  const moved: repo.PostRow[] = [];
  for (const { post } of posts) {
    if (post.status === 'published' || post.status === 'publishing') continue;
    if (post.status === 'unconfirmed') continue; // reconcile decides first
    const updated = await repo.updatePost(
      tx,
      userId,
      post.id,
      {
        status: schedule ? 'scheduled' : status === 'cancelled' ? 'cancelled' : 'draft',
        version: post.version + 1,
        scheduledFor,
        nextAttemptAt: schedule ? scheduledFor : null,
        attempts: schedule && post.status === 'failed' ? 0 : post.attempts,
        lastError: schedule ? null : post.lastError,
        errorCode: schedule ? null : post.errorCode,
        containerId: null,
      },
      now,
    );
    if (updated && updated.status !== post.status) moved.push(updated);
    if (updated && schedule) {
      due.push({
        payload: { postId: updated.id, userId, version: updated.version },
        at: scheduledFor,
      });
    }
  }
  // The caller has just set the event to `status`; with some targets out already, the event's
  // status follows its posts instead.
  let eventStatus: EventRow['status'] | null = status;
  if (schedule && posts.some((p) => p.post.status === 'published')) {
    eventStatus = (await refreshEventStatus(tx, userId, eventId, now)) ?? status;
  }
  for (const post of moved) announceDelivery(tx, userId, post, eventStatus, now);
  return due;
}

/** Checks an event's current targets before the calendar schedules it. */
export async function validateEventTargets(
  deps: AppDeps,
  userId: string,
  eventId: string,
  content: string,
): Promise<void> {
  const posts = await withTenant(deps.database, { userId, tenantId: userId }, (tx) =>
    repo.listPostsOfEvent(tx, userId, eventId),
  );
  const pending = posts.filter((p) => p.post.status !== 'published');
  if (pending.length === 0) return;
  await validate(deps, userId, content, pending.map(specOf));
}

export async function dispatchAll(deps: AppDeps, due: readonly Due[]): Promise<void> {
  const dispatcher = jobDispatcher(deps);
  for (const d of due) {
    await dispatcher.publish(d.payload, d.at).catch((error: unknown) =>
      // The row is due in the database: the sweeper sends it if this did not.
      deps.logger.warn({ err: error, postId: d.payload.postId }, 'publish job not queued'),
    );
  }
}

// ---------------------------------------------------------------------------- validation

async function validate(
  deps: AppDeps,
  tenantId: string,
  caption: string,
  specs: readonly TargetSpec[],
  /**
   * false: only what the rows need (a connected account, files in the library); true: also each
   * platform's rules and the account's 24-hour quota, read from the platform.
   */
  withRules = true,
): Promise<void> {
  const { connections, media } = await withTenant(
    deps.database,
    { userId: tenantId, tenantId },
    async (tx) => ({
      connections: await platformsRepo.listConnections(tx, tenantId),
      media: await mediaRepo.findMediaRows(tx, [...new Set(specs.flatMap((s) => s.mediaIds))]),
    }),
  );
  const problems: TargetProblem[] = [];
  const quota = new Map<string, number | null>();
  for (const [index, spec] of specs.entries()) {
    const connection = connections.find((c) => c.id === spec.connectionId);
    const account = connection ? accountLabel(connection) : null;
    const at = `targets.${index}`;
    if (!connection || connection.status !== 'connected') {
      problems.push({
        field: `${at}.connection_id`,
        connection_id: spec.connectionId,
        account,
        rule: 'account_connected',
        message: 'This account is not connected. Connect it on the Platforms page first',
      });
      continue;
    }
    if (withRules && (connection.health === 'expired' || connection.health === 'revoked')) {
      problems.push({
        field: `${at}.connection_id`,
        connection_id: spec.connectionId,
        account,
        rule: 'account_token',
        message: 'The access to this account has ended. Reconnect it on the Platforms page',
      });
      continue;
    }
    const targetMedia: TargetMedia[] = [];
    spec.mediaIds.forEach((id, i) => {
      const row = media.find((m) => m.id === id);
      if (!row) {
        problems.push({
          field: `${at}.media_ids.${i}`,
          connection_id: spec.connectionId,
          account,
          rule: 'media_exists',
          message: 'This file is not in the media library',
        });
        return;
      }
      targetMedia.push({
        id,
        kind: row.kind,
        status: row.status,
        compatibility: compatibilityOf(row),
      });
    });
    if (!withRules) continue;
    let remaining: number | null = null;
    if (connection.platform === 'instagram') {
      if (!quota.has(connection.id))
        quota.set(connection.id, (await readQuota(deps, connection)).remaining);
      remaining = quota.get(connection.id) ?? null;
    }
    problems.push(
      ...checkTarget({
        index,
        connectionId: spec.connectionId,
        account,
        platform: connection.platform,
        format: spec.format,
        caption,
        firstComment: spec.firstComment,
        media: targetMedia,
        quotaRemaining: remaining,
        quotaNeeded: 1,
      }),
    );
  }
  if (problems.length > 0) throw scheduleError(problems);
}

function scheduleError(problems: TargetProblem[]): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const p of problems) {
    fieldErrors[p.field] ??= p.account ? `${p.account}: ${p.message}` : p.message;
  }
  return AppError.from('VALIDATION_ERROR', {
    userMessage: SCHEDULE_FAILED,
    technicalMessage: `Targets refused: ${problems.map((p) => `${p.field} ${p.rule}`).join(', ')}`,
    details: { fieldErrors, problems, scheduleCode: 'CONTENT_SCHEDULE_ERROR' },
  });
}

// --------------------------------------------------------------------------------- helpers

/** The row keeps feed, reel or story; post and carousel are a feed row with one or more files. */
function rowFormat(format: TargetFormat): repo.PostRow['format'] {
  return format === 'reel' || format === 'story' ? format : 'feed';
}

function targetFormat(post: Pick<repo.PostRow, 'format' | 'mediaIds'>): TargetFormat {
  if (post.format === 'reel' || post.format === 'story') return post.format;
  return post.mediaIds.length > 1 ? 'carousel' : 'post';
}

function specOf(entry: { post: repo.PostRow }): TargetSpec {
  const p = entry.post;
  return {
    connectionId: p.connectionId ?? '00000000-0000-0000-0000-000000000000',
    format: targetFormat(p),
    mediaIds: p.mediaIds,
    firstComment: p.firstComment,
  };
}

async function stateOf(tx: Tx, event: EventRow): Promise<PublishingState> {
  const posts = await repo.listPostsOfEvent(tx, event.userId, event.id);
  return {
    event_id: event.id,
    event_status: event.status,
    scheduled_for: event.scheduledFor?.toISOString() ?? null,
    targets: posts.map(({ post, accountName }) => toTargetDto(post, accountName)),
  };
}

export function toTargetDto(post: repo.PostRow, accountName: string | null): PublishTarget {
  return {
    id: post.id,
    connection_id: post.connectionId,
    platform: post.platform,
    account_name: accountName,
    format: targetFormat(post),
    media_ids: post.mediaIds,
    first_comment: post.firstComment,
    status: post.status,
    scheduled_for: post.scheduledFor?.toISOString() ?? null,
    external_id: post.externalId,
    permalink: post.permalink,
    attempts: post.attempts,
    last_error: post.lastError,
    published_at: post.publishedAt?.toISOString() ?? null,
    updated_at: post.updatedAt.toISOString(),
  };
}

async function syncMediaUsages(
  tx: Tx,
  tenantId: string,
  eventId: string,
  specs: readonly TargetSpec[],
): Promise<void> {
  const ordered: string[] = [];
  for (const s of specs) for (const id of s.mediaIds) if (!ordered.includes(id)) ordered.push(id);
  await repo.replaceMediaUsages(tx, tenantId, eventId, ordered);
}

async function requirePlan(tx: Tx, tenantId: string, event: EventRow): Promise<void> {
  if (event.type === 'note') {
    throw validationError({ type: 'A note is never published' }, 'Targets on a note');
  }
  const feature = event.type === 'ai_generated' ? 'ai-content' : 'calendar';
  const plan = await findPlan(tx, tenantId);
  if (plan && plan.status === 'active' && hasFeature(plan.plan, plan.addons, feature)) return;
  throw AppError.from('FEATURE_NOT_AVAILABLE', {
    technicalMessage: `${feature} is not in ${tenantId}'s plan`,
    details: { feature },
  });
}

function requireEditable(event: EventRow): void {
  if (event.status === 'publishing' || event.status === 'published') {
    throw AppError.from('WORKFLOW_STATE_INVALID', {
      technicalMessage: `Calendar event ${event.id} is ${event.status}`,
      details: { status: event.status },
    });
  }
}

function inFlight(eventId: string): AppError {
  return AppError.from('WORKFLOW_STATE_INVALID', {
    technicalMessage: `Calendar event ${eventId} has a delivery in flight`,
  });
}

function requireEventId(id: string): void {
  if (!isUuid(id)) notFound(id);
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible calendar event ${id}` });
}
