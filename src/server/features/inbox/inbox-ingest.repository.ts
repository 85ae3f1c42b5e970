import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database, type Tx } from '#server/platform/db/client.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import {
  inboxItems,
  inboxPendingChanges,
  inboxSyncStates,
  inboxThreads,
  type INBOX_PLATFORMS,
} from './inbox.tables.ts';

// The SQL of the inbox's ingest and sync (docs/decisions/091 "Exactly once"): items keyed by the
// platform's id and written with ON CONFLICT, threads upserted on their key (which also locks the
// thread row, so two items of one thread are counted one after the other), changes that came
// before their item kept aside, and each account's sync state. Every function but the `unsafe`
// ones runs inside withTenant, so row-level security applies.

type Db = Database['unsafeDb'];
export type InboxPlatform = (typeof INBOX_PLATFORMS)[number];
export type ItemRow = typeof inboxItems.$inferSelect;

export interface HoldingConnection {
  id: string;
  userId: string;
  platform: InboxPlatform;
  login: 'facebook' | 'instagram';
  externalId: string;
}

/**
 * Installation-wide: the connected accounts with this platform id, in every business that holds
 * it (an account may be connected by more than one business). Only the webhook ingest calls it,
 * before any business is known.
 */
export async function unsafeConnectionsHolding(
  db: Db,
  platform: InboxPlatform,
  externalId: string,
): Promise<HoldingConnection[]> {
  return db
    .select({
      id: platformConnections.id,
      userId: platformConnections.userId,
      platform: platformConnections.platform,
      login: platformConnections.login,
      externalId: platformConnections.externalId,
    })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.platform, platform),
        eq(platformConnections.externalId, externalId),
        eq(platformConnections.status, 'connected'),
      ),
    );
}

/** Installation-wide: every connected account, for the sync schedule. */
export async function unsafeConnectedAccounts(db: Db, dueBefore: Date) {
  const result = await db.execute(sql`
    select c.id, c.user_id as "userId"
    from public.platform_connections c
    left join public.inbox_sync_states s on s.connection_id = c.id
    where c.status = 'connected'
      and (s.next_sync_at is null or s.next_sync_at <= ${dueBefore.toISOString()}::timestamptz)
  `);
  return rowsOf<{ id: string; userId: string }>(result);
}

/**
 * Serialises everything done to one item key (its insert, its changes, a claim) until the
 * transaction ends: a change and its item arriving together cannot miss each other.
 */
export async function lockItemKey(
  tx: Tx,
  tenantId: string,
  platform: string,
  externalId: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`inbox:${tenantId}:${platform}:${externalId}`}, 0))`,
  );
}

export async function findItem(
  tx: Tx,
  tenantId: string,
  platform: InboxPlatform,
  externalId: string,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(inboxItems)
    .where(
      and(
        eq(inboxItems.userId, tenantId),
        eq(inboxItems.platform, platform),
        eq(inboxItems.externalId, externalId),
      ),
    );
  return row;
}

/**
 * One round trip before an item is stored: whether its key is taken, the thread of the item it
 * answers, and whether changes wait for it.
 */
export async function probeItem(
  tx: Tx,
  tenantId: string,
  platform: InboxPlatform,
  externalId: string,
  parentExternalId: string | null,
): Promise<{ existingId: string | null; parentThreadId: string | null; pending: boolean }> {
  const result = await tx.execute(sql`
    select
      (select id from public.inbox_items
        where user_id = ${tenantId} and platform = ${platform} and external_id = ${externalId})
        as "existingId",
      (select thread_id from public.inbox_items
        where user_id = ${tenantId} and platform = ${platform}
          and external_id = ${parentExternalId ?? ''} and ${parentExternalId !== null})
        as "parentThreadId",
      exists (select 1 from public.inbox_pending_changes
        where user_id = ${tenantId} and platform = ${platform} and external_id = ${externalId})
        as pending
  `);
  const row = rowsOf<{
    existingId: string | null;
    parentThreadId: string | null;
    pending: boolean;
  }>(result)[0]!;
  return { existingId: row.existingId, parentThreadId: row.parentThreadId, pending: row.pending };
}

export async function findItemByClientRef(
  tx: Tx,
  tenantId: string,
  clientRef: string,
): Promise<ItemRow | undefined> {
  const [row] = await tx
    .select()
    .from(inboxItems)
    .where(and(eq(inboxItems.userId, tenantId), eq(inboxItems.clientRef, clientRef)))
    .limit(1);
  return row;
}

export interface ThreadUpsert {
  userId: string;
  connectionId: string;
  platform: InboxPlatform;
  kind: 'comment' | 'conversation';
  externalKey: string;
  postExternalId: string | null;
  conversationId: string | null;
  participantId: string | null;
  participantName: string | null;
  participantHandle: string | null;
  lastItemAt: Date;
}

/** The thread of this key, made if new; locks its row until the transaction ends. */
export async function upsertThread(tx: Tx, thread: ThreadUpsert): Promise<string> {
  const [row] = await tx
    .insert(inboxThreads)
    .values(thread)
    .onConflictDoUpdate({
      target: [
        inboxThreads.userId,
        inboxThreads.platform,
        inboxThreads.kind,
        inboxThreads.externalKey,
      ],
      set: {
        postExternalId: sql`coalesce(${inboxThreads.postExternalId}, excluded.post_external_id)`,
        conversationId: sql`coalesce(excluded.conversation_id, ${inboxThreads.conversationId})`,
        participantId: sql`coalesce(${inboxThreads.participantId}, excluded.participant_id)`,
        participantName: sql`coalesce(excluded.participant_name, ${inboxThreads.participantName})`,
        participantHandle: sql`coalesce(excluded.participant_handle, ${inboxThreads.participantHandle})`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: inboxThreads.id });
  return row!.id;
}

export async function findThreadByKey(
  tx: Tx,
  tenantId: string,
  platform: InboxPlatform,
  kind: 'comment' | 'conversation',
  externalKey: string,
) {
  const [row] = await tx
    .select({ id: inboxThreads.id })
    .from(inboxThreads)
    .where(
      and(
        eq(inboxThreads.userId, tenantId),
        eq(inboxThreads.platform, platform),
        eq(inboxThreads.kind, kind),
        eq(inboxThreads.externalKey, externalKey),
      ),
    );
  return row;
}

/** Locks a known thread's row (a change to one of its items recounts it). */
export async function lockThread(tx: Tx, threadId: string) {
  const [row] = await tx
    .select({ id: inboxThreads.id, kind: inboxThreads.kind, externalKey: inboxThreads.externalKey })
    .from(inboxThreads)
    .where(eq(inboxThreads.id, threadId))
    .for('update');
  return row;
}

export type ItemInsert = typeof inboxItems.$inferInsert;

/** Inserts the item unless its key is there already: the row, or null for a duplicate. */
export async function insertItem(tx: Tx, item: ItemInsert): Promise<ItemRow | null> {
  const rows = await tx
    .insert(inboxItems)
    .values(item)
    .onConflictDoNothing({
      target: [inboxItems.userId, inboxItems.platform, inboxItems.externalId],
    })
    .returning();
  return rows[0] ?? null;
}

export async function updateItem(
  tx: Tx,
  itemId: string,
  set: Partial<typeof inboxItems.$inferInsert>,
): Promise<void> {
  await tx
    .update(inboxItems)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(inboxItems.id, itemId));
}

export async function deleteItem(tx: Tx, itemId: string): Promise<void> {
  await tx.delete(inboxItems).where(eq(inboxItems.id, itemId));
}

/** Our outgoing messages of the thread up to `upTo` are read by the other person. */
export async function markReadUpTo(tx: Tx, threadId: string, upTo: Date, at: Date) {
  await tx.execute(sql`
    update public.inbox_items set read_at = ${at.toISOString()}::timestamptz, updated_at = now()
    where thread_id = ${threadId} and direction = 'out' and read_at is null
      and sent_at <= ${upTo.toISOString()}::timestamptz
  `);
}

/**
 * The thread's figures from its items (docs/decisions/091): the newest platform time, the
 * newest time of the other person, whether the newest visible item waits for an answer, its
 * text, and the sentiment of the newest incoming item; `unread` more items to read.
 */
export async function refreshThread(tx: Tx, threadId: string, unread: number): Promise<void> {
  await tx.execute(sql`
    with agg as (
      select max(sent_at) as newest, max(sent_at) filter (where direction = 'in') as inbound
      from public.inbox_items where thread_id = ${threadId}
    ), visible as (
      select direction, text from public.inbox_items
      where thread_id = ${threadId} and deleted_at is null and not hidden
      order by sent_at desc, created_at desc limit 1
    ), feeling as (
      select sentiment from public.inbox_items
      where thread_id = ${threadId} and direction = 'in' and deleted_at is null
      order by sent_at desc, created_at desc limit 1
    )
    update public.inbox_threads t set
      last_item_at = coalesce(agg.newest, t.last_item_at),
      last_inbound_at = agg.inbound,
      needs_reply = coalesce((select direction = 'in' from visible), false),
      preview = coalesce((select left(text, 500) from visible), ''),
      sentiment = (select sentiment from feeling),
      unread_count = greatest(t.unread_count + ${unread}, 0),
      updated_at = now()
    from agg
    where t.id = ${threadId}
  `);
}

export interface PendingChangeRow {
  id: string;
  change: unknown;
  eventAt: Date;
}

export async function addPendingChange(
  tx: Tx,
  row: {
    userId: string;
    platform: InboxPlatform;
    externalId: string;
    change: object;
    eventAt: Date;
  },
): Promise<void> {
  await tx.insert(inboxPendingChanges).values(row);
}

/** The changes kept for this key, oldest event first, removed from the table. */
export async function takePendingChanges(
  tx: Tx,
  tenantId: string,
  platform: InboxPlatform,
  externalId: string,
): Promise<PendingChangeRow[]> {
  return tx
    .delete(inboxPendingChanges)
    .where(
      and(
        eq(inboxPendingChanges.userId, tenantId),
        eq(inboxPendingChanges.platform, platform),
        eq(inboxPendingChanges.externalId, externalId),
      ),
    )
    .returning({
      id: inboxPendingChanges.id,
      change: inboxPendingChanges.change,
      eventAt: inboxPendingChanges.eventAt,
    })
    .then((rows) => rows.sort((a, b) => a.eventAt.getTime() - b.eventAt.getTime()));
}

/** Reads kept changes without taking them (a read watermark stays for later messages). */
export async function peekPendingChange(
  tx: Tx,
  tenantId: string,
  platform: InboxPlatform,
  externalId: string,
): Promise<PendingChangeRow | undefined> {
  const [row] = await tx
    .select({
      id: inboxPendingChanges.id,
      change: inboxPendingChanges.change,
      eventAt: inboxPendingChanges.eventAt,
    })
    .from(inboxPendingChanges)
    .where(
      and(
        eq(inboxPendingChanges.userId, tenantId),
        eq(inboxPendingChanges.platform, platform),
        eq(inboxPendingChanges.externalId, externalId),
      ),
    )
    .orderBy(sql`${inboxPendingChanges.eventAt} desc`)
    .limit(1);
  return row;
}

// ——— Sync states ———

export type SyncStateRow = typeof inboxSyncStates.$inferSelect;

export async function ensureSyncState(tx: Tx, tenantId: string, connectionId: string) {
  await tx
    .insert(inboxSyncStates)
    .values({ connectionId, userId: tenantId })
    .onConflictDoNothing({ target: inboxSyncStates.connectionId });
  const [row] = await tx
    .select()
    .from(inboxSyncStates)
    .where(eq(inboxSyncStates.connectionId, connectionId));
  return row!;
}

export async function updateSyncState(
  tx: Tx,
  connectionId: string,
  set: Partial<typeof inboxSyncStates.$inferInsert> & { addFound?: number },
): Promise<void> {
  const { addFound, ...rest } = set;
  await tx
    .update(inboxSyncStates)
    .set({
      ...rest,
      ...(addFound ? { foundByPolling: sql`${inboxSyncStates.foundByPolling} + ${addFound}` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(inboxSyncStates.connectionId, connectionId));
}

/** Records that a webhook reached the account (at most one write per `minGapMs`). */
export async function touchWebhookAt(
  tx: Tx,
  tenantId: string,
  connectionId: string,
  at: Date,
  minGapMs: number,
): Promise<void> {
  await tx.execute(sql`
    insert into public.inbox_sync_states (connection_id, user_id, last_webhook_at)
    values (${connectionId}, ${tenantId}, ${at.toISOString()}::timestamptz)
    on conflict (connection_id) do update set last_webhook_at = excluded.last_webhook_at,
      updated_at = now()
    where inbox_sync_states.last_webhook_at is null
      or inbox_sync_states.last_webhook_at < excluded.last_webhook_at - ${`${minGapMs} milliseconds`}::interval
  `);
}

export async function listSyncStateRows(tx: Tx, tenantId: string) {
  return tx
    .select({
      connectionId: platformConnections.id,
      platform: platformConnections.platform,
      name: platformConnections.name,
      username: platformConnections.username,
      lastSyncAt: inboxSyncStates.lastSyncAt,
      lastSyncError: inboxSyncStates.lastSyncError,
      lastWebhookAt: inboxSyncStates.lastWebhookAt,
      foundByPolling: inboxSyncStates.foundByPolling,
      nextSyncAt: inboxSyncStates.nextSyncAt,
    })
    .from(platformConnections)
    .leftJoin(inboxSyncStates, eq(inboxSyncStates.connectionId, platformConnections.id))
    .where(
      and(eq(platformConnections.userId, tenantId), eq(platformConnections.status, 'connected')),
    )
    .orderBy(platformConnections.platform, platformConnections.name);
}

/** The connection a sync works on, with its token (still encrypted). */
export async function findSyncConnection(tx: Tx, tenantId: string, connectionId: string) {
  const [row] = await tx
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.userId, tenantId), eq(platformConnections.id, connectionId)));
  return row;
}

/** Items of the account the poll may have seen go: external ids of its comments on a post. */
export async function commentIdsOfPost(
  tx: Tx,
  tenantId: string,
  connectionId: string,
  postExternalId: string,
): Promise<{ id: string; externalId: string; threadId: string }[]> {
  const result = await tx.execute(sql`
    select i.id, i.external_id as "externalId", i.thread_id as "threadId"
    from public.inbox_items i join public.inbox_threads t on t.id = i.thread_id
    where t.user_id = ${tenantId} and t.connection_id = ${connectionId}
      and t.post_external_id = ${postExternalId} and i.kind = 'comment'
      and i.deleted_at is null and i.external_id not like 'pending:%'
  `);
  return rowsOf(result);
}

/**
 * Messages of a conversation thread sent since `since` and still shown: a poll reads the newest
 * messages, so one of these it no longer lists was unsent.
 */
export async function messageIdsSince(
  tx: Tx,
  tenantId: string,
  platform: InboxPlatform,
  threadKey: string,
  since: Date,
): Promise<string[]> {
  const result = await tx.execute(sql`
    select i.external_id as "externalId"
    from public.inbox_items i join public.inbox_threads t on t.id = i.thread_id
    where t.user_id = ${tenantId} and t.platform = ${platform} and t.kind = 'conversation'
      and t.external_key = ${threadKey} and i.kind = 'message' and i.deleted_at is null
      and i.external_id not like 'pending:%' and i.sent_at >= ${since.toISOString()}::timestamptz
  `);
  return rowsOf<{ externalId: string }>(result).map((r) => r.externalId);
}
