import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '#server/platform/db/client.ts';
import { withTenantStatement, type TenantScope } from '#server/platform/db/tenant.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { calendarEvents, platformPosts } from '../posts/posts.tables.ts';
import { profiles, userRoles } from '../profile/profile.tables.ts';
import { threadListStatement, type ThreadListQuery, type ThreadRowJson } from './inbox-list.sql.ts';
import { inboxItems, inboxNotes, inboxThreads } from './inbox.tables.ts';

// The inbox's reads and the team's writes (docs/decisions/091). Every statement names the
// business as well as leaving it to row-level security, so the (user_id, …) indexes serve it.

export type ItemRow = typeof inboxItems.$inferSelect;
export type ThreadRow = typeof inboxThreads.$inferSelect;
export type ConnectionRow = typeof platformConnections.$inferSelect;

/** The list's page and counts as JSON text: one statement, one round trip. */
export async function listThreadsPage(
  database: Database,
  scope: TenantScope,
  query: ThreadListQuery,
): Promise<string> {
  const [row] = await withTenantStatement<{ json: string }>(
    database,
    scope,
    threadListStatement(query),
  );
  return row!.json;
}

/** One thread as the list shows it; undefined when it is not this business's. */
export async function readThreadSummaryRow(
  tx: Tx,
  tenantId: string,
  threadId: string,
): Promise<ThreadRowJson | undefined> {
  const [row] = rowsOf<ThreadRowJson>(
    await tx.execute(sql`
      select t.id, t.kind, t.connection_id, t.platform, t.participant_id, t.participant_name,
             t.participant_handle, t.participant_picture_url, t.preview, t.last_item_at,
             t.last_inbound_at, t.unread_count, t.needs_reply, t.sentiment, t.status,
             t.assigned_to, c.name as account_name, c.username as account_username,
             pr.full_name as assignee_name
        from public.inbox_threads t
        left join public.platform_connections c on c.id = t.connection_id and c.user_id = t.user_id
        left join public.profiles pr on pr.id = t.assigned_to
       where t.user_id = ${tenantId} and t.id = ${threadId}`),
  );
  return row;
}

export async function readThread(
  tx: Tx,
  tenantId: string,
  threadId: string,
  lock = false,
): Promise<ThreadRow | undefined> {
  const query = tx
    .select()
    .from(inboxThreads)
    .where(and(eq(inboxThreads.userId, tenantId), eq(inboxThreads.id, threadId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function readConnection(
  tx: Tx,
  tenantId: string,
  connectionId: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await tx
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.userId, tenantId), eq(platformConnections.id, connectionId)));
  return row;
}

export async function threadItems(tx: Tx, tenantId: string, threadId: string) {
  return tx
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, tenantId), eq(inboxItems.threadId, threadId)))
    .orderBy(asc(inboxItems.sentAt), asc(inboxItems.createdAt));
}

export async function threadNotes(tx: Tx, tenantId: string, threadId: string) {
  return tx
    .select()
    .from(inboxNotes)
    .where(and(eq(inboxNotes.userId, tenantId), eq(inboxNotes.threadId, threadId)))
    .orderBy(asc(inboxNotes.createdAt));
}

/** Names of these people (members who wrote items or notes). */
export async function namesOf(tx: Tx, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: profiles.id, name: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.id, unique));
  return new Map(rows.map((r) => [r.id, r.name ?? 'Team member']));
}

/** The role of a person in the business: 'owner', their staff role, or null for others. */
export async function memberRole(
  tx: Tx,
  tenantId: string,
  userId: string,
): Promise<'owner' | 'manager' | 'staff' | 'viewer' | null> {
  if (userId === tenantId) return 'owner';
  const [row] = await tx
    .select({ staffRole: userRoles.staffRole })
    .from(userRoles)
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(userRoles.role, 'tenant_staff'),
        eq(userRoles.tenantId, tenantId),
      ),
    );
  if (!row) return null;
  return (row.staffRole ?? 'staff') as 'manager' | 'staff' | 'viewer';
}

/** The post of a comment thread: ours (published from the calendar) when we have it. */
export async function readOurPost(tx: Tx, tenantId: string, externalId: string) {
  const [row] = await tx
    .select({
      permalink: platformPosts.permalink,
      publishedAt: platformPosts.publishedAt,
      mediaIds: platformPosts.mediaIds,
      calendarEventId: platformPosts.calendarEventId,
      content: calendarEvents.content,
      title: calendarEvents.title,
    })
    .from(platformPosts)
    .leftJoin(
      calendarEvents,
      and(
        eq(calendarEvents.id, platformPosts.calendarEventId),
        eq(calendarEvents.userId, platformPosts.userId),
      ),
    )
    .where(and(eq(platformPosts.userId, tenantId), eq(platformPosts.externalId, externalId)))
    .limit(1);
  return row;
}

/** Marks the thread read; true when anything changed (nothing for a viewer: RLS). */
export async function markThreadRead(tx: Tx, tenantId: string, threadId: string): Promise<boolean> {
  const rows = await tx
    .update(inboxThreads)
    .set({ unreadCount: 0, updatedAt: new Date() })
    .where(
      and(
        eq(inboxThreads.userId, tenantId),
        eq(inboxThreads.id, threadId),
        sql`${inboxThreads.unreadCount} > 0`,
      ),
    )
    .returning({ id: inboxThreads.id });
  return rows.length > 0;
}

export async function updateThread(
  tx: Tx,
  tenantId: string,
  threadId: string,
  set: Partial<Pick<ThreadRow, 'status' | 'doneAt' | 'assignedTo' | 'assignedAt' | 'needsReply'>>,
): Promise<boolean> {
  const rows = await tx
    .update(inboxThreads)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(inboxThreads.userId, tenantId), eq(inboxThreads.id, threadId)))
    .returning({ id: inboxThreads.id });
  return rows.length > 0;
}

export async function insertNote(
  tx: Tx,
  values: { userId: string; threadId: string; authorUserId: string; body: string },
) {
  const [row] = await tx.insert(inboxNotes).values(values).returning();
  return row!;
}

/** An item with its thread, for an action on it. */
export async function readItem(tx: Tx, tenantId: string, itemId: string, lock = false) {
  const query = tx
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, tenantId), eq(inboxItems.id, itemId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function readItemByExternalId(
  tx: Tx,
  tenantId: string,
  threadId: string,
  externalId: string,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(inboxItems)
    .where(
      and(
        eq(inboxItems.userId, tenantId),
        eq(inboxItems.threadId, threadId),
        eq(inboxItems.externalId, externalId),
      ),
    );
  return row;
}

export async function readItemByClientRef(tx: Tx, tenantId: string, clientRef: string) {
  const [row] = await tx
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, tenantId), eq(inboxItems.clientRef, clientRef)))
    .limit(1);
  return row;
}

export type NewItem = typeof inboxItems.$inferInsert;

/** Our outgoing item before the platform answers: `pending:<clientRef>` until it does. */
export async function insertPendingItem(tx: Tx, values: NewItem): Promise<ItemRow> {
  const [row] = await tx.insert(inboxItems).values(values).returning();
  return row!;
}

export async function updateItem(
  tx: Tx,
  tenantId: string,
  itemId: string,
  set: Partial<
    Pick<
      ItemRow,
      'hidden' | 'hiddenBy' | 'liked' | 'flagged' | 'deletedAt' | 'privateReplyAt' | 'externalId'
    >
  >,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .update(inboxItems)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(inboxItems.userId, tenantId), eq(inboxItems.id, itemId)))
    .returning();
  return row;
}

export async function deleteItem(tx: Tx, tenantId: string, itemId: string): Promise<void> {
  await tx
    .delete(inboxItems)
    .where(and(eq(inboxItems.userId, tenantId), eq(inboxItems.id, itemId)));
}

/** After we answered: the newest item is ours, the thread waits for nobody. */
export async function threadAnswered(
  tx: Tx,
  tenantId: string,
  threadId: string,
  item: { sentAt: Date; text: string },
): Promise<void> {
  await tx
    .update(inboxThreads)
    .set({
      needsReply: false,
      unreadCount: 0,
      lastItemAt: sql`greatest(${inboxThreads.lastItemAt}, ${item.sentAt.toISOString()}::timestamptz)`,
      preview: sql`case when ${inboxThreads.lastItemAt} <= ${item.sentAt.toISOString()}::timestamptz
                   then ${item.text.slice(0, 500)} else ${inboxThreads.preview} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(inboxThreads.userId, tenantId), eq(inboxThreads.id, threadId)));
}
