import type { threadFiltersSchema } from '#shared/contracts/inbox.contract.ts';
import {
  INBOX_LIMITS,
  type InboxUnread,
  type SyncState,
  type ThreadDetail,
  type ThreadNote,
  type ThreadPost,
  type ThreadSummary,
} from '#shared/contracts/inbox.contract.ts';
import { mediaRoutes } from '#shared/contracts/media.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { z } from 'zod';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { validationError } from '#server/platform/validation.ts';
import { announceInboxChange } from './inbox-live.ts';
import { decodeCursor } from './inbox-list.sql.ts';
import { toInboxItem, toThreadNote, toThreadSummary } from './inbox.dto.ts';
import * as repo from './inbox.repository.ts';
import { createAssignmentNotification, unreadFigures } from './notifications.service.ts';
import { listSyncStates, requestSync } from './sync.ts';

// Reading the social monitor and the team's work on a thread (docs/decisions/091): every member
// reads (read:dashboard); owner, manager and staff answer, assign, close and write notes
// (reply:inbox). Another business's thread is "not found".

type Filters = z.output<typeof threadFiltersSchema>;

export function threadNotFound(threadId: string): AppError {
  return AppError.from('NOT_FOUND', { technicalMessage: `inbox thread ${threadId} not found` });
}

/** The list as ThreadListResponse JSON text, passed through as the database wrote it. */
export async function listThreadsJson(ctx: ServiceContext, filters: Filters): Promise<string> {
  requireAccess(ctx.actor, 'read:dashboard');
  return repo.listThreadsPage(ctx.deps.database, tenantScope(ctx.actor), {
    tenantId: ctx.actor.tenantId,
    userId: ctx.actor.userId,
    kind: filters.tab === 'messages' ? 'conversation' : 'comment',
    platform: filters.platform,
    connectionId: filters.connectionId,
    unread: filters.unread,
    needsReply: filters.needsReply,
    assignee: filters.assignee,
    sentiment: filters.sentiment,
    status: filters.status,
    q: filters.q || undefined,
    after: decodeCursor(filters.cursor),
  });
}

/** How long a free-form message may still be sent (docs/product/meta-platform.md#messaging). */
export function replyWindowEnd(lastInboundAt: Date | null, humanAgentTag: boolean): Date | null {
  if (!lastInboundAt) return null;
  const span = humanAgentTag ? INBOX_LIMITS.humanAgentWindowMs : INBOX_LIMITS.replyWindowMs;
  return new Date(lastInboundAt.getTime() + span);
}

async function threadPost(
  tx: Tx,
  tenantId: string,
  thread: repo.ThreadRow,
): Promise<ThreadPost | null> {
  if (thread.kind !== 'comment' || !thread.postExternalId) return null;
  const ours = await repo.readOurPost(tx, tenantId, thread.postExternalId);
  if (!ours) {
    return {
      externalId: thread.postExternalId,
      caption: null,
      thumbnailUrl: null,
      permalink: null,
      publishedAt: null,
      calendarEventId: null,
    };
  }
  const first = ours.mediaIds[0];
  return {
    externalId: thread.postExternalId,
    caption: ours.content ?? ours.title ?? null,
    thumbnailUrl: first ? mediaRoutes.file(first, 'thumbnail') : null,
    // Simulated posts carry the simulator's own page of the post (docs/decisions/058).
    permalink: ours.permalink,
    publishedAt: ours.publishedAt?.toISOString() ?? null,
    calendarEventId: ours.calendarEventId,
  };
}

export async function readSummary(
  tx: Tx,
  tenantId: string,
  threadId: string,
): Promise<ThreadSummary> {
  const row = await repo.readThreadSummaryRow(tx, tenantId, threadId);
  if (!row) throw threadNotFound(threadId);
  return toThreadSummary(row);
}

/** The thread with its items, notes and post; opening it marks it read for the team. */
export async function getThread(ctx: ServiceContext, threadId: string): Promise<ThreadDetail> {
  requireAccess(ctx.actor, 'read:dashboard');
  const { tenantId } = ctx.actor;
  const humanAgentTag = ctx.deps.env.META_HUMAN_AGENT_TAG;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const thread = await repo.readThread(tx, tenantId, threadId);
    if (!thread) throw threadNotFound(threadId);
    if (await repo.markThreadRead(tx, tenantId, threadId)) {
      announceInboxChange(tx, tenantId, { threadId, kind: thread.kind, change: 'thread' });
    }
    const summary = await readSummary(tx, tenantId, threadId);
    const items = await repo.threadItems(tx, tenantId, threadId);
    const notes = await repo.threadNotes(tx, tenantId, threadId);
    const names = await repo.namesOf(tx, [
      ...items.flatMap((i) => (i.sentByUserId ? [i.sentByUserId] : [])),
      ...notes.flatMap((n) => (n.authorUserId ? [n.authorUserId] : [])),
    ]);
    const windowEnd =
      thread.kind === 'conversation' ? replyWindowEnd(thread.lastInboundAt, humanAgentTag) : null;
    return {
      ...summary,
      items: items.map((i) => toInboxItem(i, names)),
      notes: notes.map((n) => toThreadNote(n, names)),
      post: await threadPost(tx, tenantId, thread),
      replyWindowEndsAt:
        windowEnd && windowEnd.getTime() > Date.now() ? windowEnd.toISOString() : null,
      humanAgentTag,
    };
  });
}

/** Changes a thread the team works on, then answers it as the list shows it. */
async function changeThread(
  ctx: ServiceContext,
  threadId: string,
  change: (tx: Tx, thread: repo.ThreadRow) => Promise<void>,
): Promise<ThreadSummary> {
  const { tenantId } = ctx.actor;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const thread = await repo.readThread(tx, tenantId, threadId, true);
    if (!thread) throw threadNotFound(threadId);
    await change(tx, thread);
    announceInboxChange(tx, tenantId, { threadId, kind: thread.kind, change: 'thread' });
    return readSummary(tx, tenantId, threadId);
  });
}

export async function markRead(ctx: ServiceContext, threadId: string): Promise<ThreadSummary> {
  requireAccess(ctx.actor, 'reply:inbox');
  return changeThread(ctx, threadId, async (tx) => {
    await repo.markThreadRead(tx, ctx.actor.tenantId, threadId);
  });
}

export async function setThreadStatus(
  ctx: ServiceContext,
  threadId: string,
  status: 'open' | 'done',
): Promise<ThreadSummary> {
  requireAccess(ctx.actor, 'reply:inbox');
  return changeThread(ctx, threadId, async (tx) => {
    await repo.updateThread(tx, ctx.actor.tenantId, threadId, {
      status,
      doneAt: status === 'done' ? new Date() : null,
    });
  });
}

/**
 * Assigns the thread to a member who can answer it (owner, manager or staff), or to nobody; the
 * member assigned by someone else is told (inbox_notifications).
 */
export async function assignThread(
  ctx: ServiceContext,
  threadId: string,
  assignee: string | null,
): Promise<ThreadSummary> {
  requireAccess(ctx.actor, 'reply:inbox');
  const { tenantId, userId } = ctx.actor;
  return changeThread(ctx, threadId, async (tx, thread) => {
    if (assignee !== null) {
      const role = await repo.memberRole(tx, tenantId, assignee);
      if (role === null || role === 'viewer') {
        throw validationError({
          userId: role === null ? 'Choose a member of this business' : 'Viewers cannot answer',
        });
      }
    }
    if (thread.assignedTo === assignee) return;
    await repo.updateThread(tx, tenantId, threadId, {
      assignedTo: assignee,
      assignedAt: assignee ? new Date() : null,
    });
    if (assignee && assignee !== userId) {
      await createAssignmentNotification(tx, { tenantId, thread, assignee, actorUserId: userId });
    }
  });
}

export async function addNote(
  ctx: ServiceContext,
  threadId: string,
  body: string,
): Promise<ThreadNote> {
  requireAccess(ctx.actor, 'reply:inbox');
  const { tenantId, userId } = ctx.actor;
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const thread = await repo.readThread(tx, tenantId, threadId);
    if (!thread) throw threadNotFound(threadId);
    const note = await repo.insertNote(tx, {
      userId: tenantId,
      threadId,
      authorUserId: userId,
      body,
    });
    announceInboxChange(tx, tenantId, { threadId, kind: thread.kind, change: 'thread' });
    return toThreadNote(note, await repo.namesOf(tx, [userId]));
  });
}

export async function getUnread(ctx: ServiceContext): Promise<InboxUnread> {
  requireAccess(ctx.actor, 'read:dashboard');
  return unreadFigures(ctx.deps.database, tenantScope(ctx.actor));
}

export async function readSyncStates(ctx: ServiceContext): Promise<SyncState[]> {
  return listSyncStates(ctx.deps, ctx.actor);
}

/** "Sync now": one account of the business, or all of them; answers the states after asking. */
export async function syncNow(ctx: ServiceContext, connectionId?: string): Promise<SyncState[]> {
  requireAccess(ctx.actor, 'reply:inbox');
  if (connectionId) {
    const known = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
      repo.readConnection(tx, ctx.actor.tenantId, connectionId),
    );
    if (!known) {
      throw AppError.from('NOT_FOUND', {
        technicalMessage: `connection ${connectionId} not found`,
      });
    }
  }
  await requestSync(ctx.deps, ctx.actor.tenantId, connectionId);
  return listSyncStates(ctx.deps, ctx.actor);
}
