import type { PostStatus } from '#shared/contracts/posts.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { listConnections } from '../platforms/platforms.repository.ts';
import {
  IN_FLIGHT_OR_OUT,
  insertDeliveries,
  listDeliveries,
  moveDelivery,
  removeDeliveries,
  replaceMediaUsages,
  type DeliveryRow,
  type ListedDelivery,
  type NewDelivery,
} from './deliveries.repository.ts';
import type { Due } from './dispatch.ts';
import { rowFormat } from './posts.dto.ts';
import { findEventRow, insertEvent, updateEventRow, type EventRow } from './posts.repository.ts';
import { announceDelivery, announceEvent } from './post-notices.ts';
import { refreshEventStatus } from './post-statuses.ts';
import type { TargetSpec } from './validate-post.ts';

// The write of a save, inside its one transaction: the event row, then its deliveries — replaced
// by the accounts chosen in this save, or moved with the post (new status, time and version) —
// and the media it uses. Every delivery that is not out yet gets a new row or a new version, so
// a job queued for the old one is stale and does nothing (docs/decisions/080); the jobs of the
// new ones are returned, to be sent once this commits. Anything that changed since the checks
// read it refuses the whole save (the transaction rolls back).

export interface WritePlan {
  tenantId: string;
  /** The event as the checks read it; null for a new post. */
  before: EventRow | null;
  fields: {
    title: string;
    content: string | null;
    type: EventRow['type'];
    scheduledFor: Date | null;
    /** Used when no account is chosen; otherwise the platforms follow the accounts. */
    platforms: string[] | undefined;
  };
  /** The post's status once saved. */
  status: PostStatus;
  /** Where its deliveries go: scheduled, draft or cancelled; null leaves them as they are. */
  deliveries: 'scheduled' | 'draft' | 'cancelled' | null;
  /** The accounts chosen in this save, in order; undefined: the post keeps its own. */
  targets: readonly TargetSpec[] | undefined;
  now: Date;
}

export interface Written {
  event: EventRow;
  deliveries: ListedDelivery[];
  due: Due[];
}

export async function writePost(tx: Tx, plan: WritePlan): Promise<Written> {
  const { tenantId, now } = plan;
  let current: EventRow | null = null;
  if (plan.before) {
    current = (await findEventRow(tx, tenantId, plan.before.id)) ?? notFound(plan.before.id);
    // Scheduled, sent or cancelled since the checks read it: they no longer hold.
    if (current.status !== plan.before.status) conflict(`Post ${current.id} changed meanwhile`);
  }
  const existing = current ? await listDeliveries(tx, tenantId, current.id) : [];
  const published = existing.filter((d) => d.post.status === 'published');
  const out = new Set(published.map((d) => d.post.connectionId));
  const connections = plan.targets ? await listConnections(tx, tenantId) : [];
  const platformOf = (id: string) => connections.find((c) => c.id === id)?.platform;
  if (plan.targets) {
    if (existing.some((d) => d.post.status === 'publishing' || d.post.status === 'unconfirmed')) {
      conflict(`Post ${current!.id} has a delivery in flight`);
    }
    for (const spec of plan.targets) {
      const connection = connections.find((c) => c.id === spec.connectionId);
      if (!out.has(spec.connectionId) && connection?.status !== 'connected') {
        conflict(`Account ${spec.connectionId} was disconnected while a post was saved`);
      }
    }
  }

  const scheduledFor = plan.fields.scheduledFor;
  // The platforms follow the accounts chosen; platforms given count only for a post without
  // any account (the calendar's quick dialog, AI content), and otherwise they stay as they are.
  const platformsOf = (list: (string | undefined)[]) =>
    [...new Set(list.filter((p) => p !== undefined))].sort();
  const platforms =
    plan.targets && plan.targets.length > 0
      ? platformsOf(plan.targets.map((s) => platformOf(s.connectionId)))
      : plan.fields.platforms === undefined
        ? (current?.platforms ?? [])
        : existing.length > 0
          ? platformsOf(existing.map((d) => d.post.platform))
          : plan.fields.platforms;
  const values = {
    title: plan.fields.title,
    content: plan.fields.content,
    platforms,
    type: plan.fields.type,
    status: plan.status,
    scheduledFor,
  };
  const event = current
    ? ((await updateEventRow(tx, tenantId, current.id, values, now, current.status)) ??
      conflict(`Post ${current.id} changed meanwhile`))
    : await insertEvent(tx, { userId: tenantId, ...values }, now);

  const schedule = plan.deliveries === 'scheduled' && scheduledFor !== null;
  const deliveryStatus = schedule
    ? 'scheduled'
    : plan.deliveries === 'cancelled'
      ? 'cancelled'
      : 'draft';
  const due: Due[] = [];
  const moved: DeliveryRow[] = [];
  if (plan.targets) {
    // Published deliveries are history and stay; the others are replaced by this save's.
    const replaced = existing.filter((d) => d.post.status !== 'published').map((d) => d.post.id);
    if ((await removeDeliveries(tx, tenantId, replaced)) !== replaced.length) {
      conflict(`Post ${event.id} has a delivery in flight`);
    }
    const rows: NewDelivery[] = plan.targets
      .filter((s) => !out.has(s.connectionId))
      .map((s, i) => ({
        userId: tenantId,
        calendarEventId: event.id,
        connectionId: s.connectionId,
        platform: platformOf(s.connectionId)!,
        format: rowFormat(s.format),
        mediaIds: s.mediaIds,
        firstComment: s.firstComment,
        status: deliveryStatus,
        scheduledFor,
        nextAttemptAt: schedule ? scheduledFor : null,
        // A millisecond apart, so the post reads back with its accounts in the order chosen.
        createdAt: new Date(now.getTime() + i),
        updatedAt: now,
      }));
    const inserted = await insertDeliveries(tx, rows);
    if (schedule) due.push(...inserted.map((row) => dueOf(row, scheduledFor)));
    await replaceMediaUsages(tx, tenantId, event.id, mediaInOrder(plan.targets));
  } else if (plan.deliveries) {
    for (const { post } of existing) {
      // Out already, or held by the worker (unconfirmed: reconcile decides first).
      if (IN_FLIGHT_OR_OUT.includes(post.status)) continue;
      const updated = await moveDelivery(
        tx,
        post,
        {
          status: deliveryStatus,
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
      if (!updated) conflict(`Delivery ${post.id} was taken by the worker meanwhile`);
      if (updated.status !== post.status) moved.push(updated);
      if (schedule) due.push(dueOf(updated, scheduledFor));
    }
  }

  // With some deliveries out already, the post's status follows its deliveries instead.
  let status = event.status;
  if (schedule && published.length > 0) {
    status = (await refreshEventStatus(tx, tenantId, event.id, now)) ?? status;
  }
  // Open calendars of the business hear of it once this commits (docs/decisions/081).
  await announceEvent(tx, tenantId, event.id, status, now);
  for (const delivery of moved) announceDelivery(tx, tenantId, delivery, status, now);
  return {
    event: { ...event, status },
    deliveries: await listDeliveries(tx, tenantId, event.id),
    due,
  };
}

function dueOf(row: DeliveryRow, at: Date): Due {
  return { payload: { postId: row.id, userId: row.userId, version: row.version }, at };
}

/** Every file of the chosen accounts, each once, in the order chosen. */
function mediaInOrder(targets: readonly TargetSpec[]): string[] {
  const ordered: string[] = [];
  for (const s of targets) for (const id of s.mediaIds) if (!ordered.includes(id)) ordered.push(id);
  return ordered;
}

/** Something the checks relied on changed before the write: the save is refused whole. */
function conflict(technicalMessage: string): never {
  throw AppError.from('WORKFLOW_STATE_INVALID', { technicalMessage });
}

function notFound(id: string): never {
  throw AppError.from('NOT_FOUND', { technicalMessage: `No visible calendar event ${id}` });
}
