import { and, desc, eq, isNull } from 'drizzle-orm';
import type { InboxNotification, InboxUnread } from '#shared/contracts/inbox.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Database, Tx } from '#server/platform/db/client.ts';
import { withTenant, withTenantStatement, type TenantScope } from '#server/platform/db/tenant.ts';
import { inboxNotifications } from './inbox.tables.ts';
import type { ThreadRow } from './inbox.repository.ts';

// In-app notifications of the social monitor (docs/decisions/091): a member is told when a thread
// is assigned to them. Each person reads and clears their own.

const LIST_LIMIT = 50;

function describeThread(thread: ThreadRow): string {
  const who = thread.participantName ?? thread.participantHandle ?? 'someone';
  return thread.kind === 'comment' ? `a comment from ${who}` : `a conversation with ${who}`;
}

export async function createAssignmentNotification(
  tx: Tx,
  input: { tenantId: string; thread: ThreadRow; assignee: string; actorUserId: string },
): Promise<void> {
  const body = `You were assigned ${describeThread(input.thread)}.`.slice(0, 500);
  await tx.insert(inboxNotifications).values({
    userId: input.tenantId,
    recipientUserId: input.assignee,
    threadId: input.thread.id,
    kind: 'assigned',
    body,
    actorUserId: input.actorUserId,
  });
}

export async function listNotifications(ctx: ServiceContext): Promise<InboxNotification[]> {
  requireAccess(ctx.actor, 'read:dashboard');
  const { tenantId, userId } = ctx.actor;
  const rows = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .select()
      .from(inboxNotifications)
      .where(
        and(
          eq(inboxNotifications.userId, tenantId),
          eq(inboxNotifications.recipientUserId, userId),
        ),
      )
      .orderBy(desc(inboxNotifications.createdAt))
      .limit(LIST_LIMIT),
  );
  return rows.map((r) => ({
    id: r.id,
    threadId: r.threadId,
    body: r.body,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
  }));
}

/** Marks every notification of the person read (a viewer never has any: nothing changes). */
export async function markNotificationsRead(ctx: ServiceContext): Promise<InboxNotification[]> {
  requireAccess(ctx.actor, 'read:dashboard');
  const { tenantId, userId } = ctx.actor;
  await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    tx
      .update(inboxNotifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(inboxNotifications.userId, tenantId),
          eq(inboxNotifications.recipientUserId, userId),
          isNull(inboxNotifications.readAt),
        ),
      ),
  );
  return listNotifications(ctx);
}

/**
 * The sidebar's badge and the home page's "waiting for a reply" card, in one statement: unread
 * open comment threads, unread open conversations, open threads waiting for a reply, and the
 * person's unread notifications.
 */
export async function unreadFigures(database: Database, scope: TenantScope): Promise<InboxUnread> {
  const [row] = await withTenantStatement<{
    comments: number;
    messages: number;
    waiting: number;
    notifications: number;
  }>(database, scope, {
    sql: `SELECT
        count(*) FILTER (WHERE t.kind = 'comment' AND t.unread_count > 0)::int AS comments,
        count(*) FILTER (WHERE t.kind = 'conversation' AND t.unread_count > 0)::int AS messages,
        count(*) FILTER (WHERE t.needs_reply)::int AS waiting,
        (SELECT count(*)::int FROM public.inbox_notifications n
          WHERE n.user_id = $1::uuid AND n.recipient_user_id = $2::uuid
            AND n.read_at IS NULL) AS notifications
      FROM public.inbox_threads t
     WHERE t.user_id = $1::uuid AND t.status = 'open'`,
    params: [scope.tenantId, scope.userId],
  });
  return {
    comments: Number(row?.comments ?? 0),
    messages: Number(row?.messages ?? 0),
    waitingForReply: Number(row?.waiting ?? 0),
    notifications: Number(row?.notifications ?? 0),
  };
}
