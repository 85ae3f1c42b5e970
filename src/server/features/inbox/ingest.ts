import type { AppDeps } from '#server/platform/deps.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import { announceInboxChange } from './inbox-live.ts';
import * as repo from './inbox-ingest.repository.ts';
import { applyChange, type InboxChange } from './ingest-changes.ts';

// One comment or message into a business's inbox, exactly once (docs/decisions/091 "Exactly
// once", docs/product/meta-platform.md#webhook-payloads): webhooks and polls both come through
// here. Each item is one transaction in the business's scope: its key is locked, a duplicate
// finds its row and does nothing, an echo of a message we sent takes over the row we wrote before
// sending (by its client_ref), the thread is upserted on its key, changes that came before the
// item are applied in event-time order, and the thread's figures are counted again. Listeners
// (moderation) hear new incoming items once the transaction has committed.

export type { InboxChange } from './ingest-changes.ts';

export interface IngestTarget {
  tenantId: string;
  connectionId: string;
}

export interface InboxPersonRef {
  id: string | null;
  name: string | null;
  handle: string | null;
}

export interface IncomingItem {
  platform: repo.InboxPlatform;
  kind: 'comment' | 'message';
  externalId: string;
  /** The comment answered (comments), or the message answered (messages). */
  parentExternalId: string | null;
  thread: {
    kind: 'comment' | 'conversation';
    /** Top-level comment id, or `<account id>:<person id>`. */
    key: string;
    postExternalId: string | null;
    conversationId: string | null;
    /** The person on the other side, when this item tells who it is. */
    participant: InboxPersonRef | null;
  };
  direction: 'in' | 'out';
  origin: 'app' | 'platform';
  source: 'webhook' | 'poll';
  author: InboxPersonRef | null;
  text: string;
  attachments: { type: string; url: string }[];
  sentAt: Date;
  sentiment: 'positive' | 'neutral' | 'negative' | null;
  hidden?: boolean;
  /** The Send API metadata of an echo: our own id of a message we sent. */
  clientRef?: string | null;
}

export interface IngestedItem {
  itemId: string;
  threadId: string;
  threadKind: 'comment' | 'conversation';
  connectionId: string;
  platform: repo.InboxPlatform;
  kind: 'comment' | 'message';
  externalId: string;
  direction: 'in' | 'out';
  source: 'webhook' | 'poll';
  authorId: string | null;
  text: string;
  hidden: boolean;
}

export type IngestListener = (
  deps: AppDeps,
  tenantId: string,
  items: IngestedItem[],
) => Promise<void> | void;
const listeners: IngestListener[] = [];

/** Runs after new incoming items of a business are stored (moderation registers here). */
export function onInboxItemsIngested(listener: IngestListener): () => void {
  listeners.push(listener);
  return () => {
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  };
}

async function tellListeners(deps: AppDeps, tenantId: string, items: IngestedItem[]) {
  for (const listener of listeners) {
    try {
      await listener(deps, tenantId, items);
    } catch (error) {
      // The item is stored either way; a listener's failure is its own to report.
      deps.logger.warn({ err: error, tenantId }, 'inbox ingest listener failed');
    }
  }
}

/**
 * Locks an item's key for the transaction. The embedded database runs one transaction at a
 * time, so there the lock is already held.
 */
function lockKey(
  deps: AppDeps,
  tx: Tx,
  tenantId: string,
  platform: repo.InboxPlatform,
  externalId: string,
): Promise<void> | undefined {
  if (deps.database.kind === 'pglite') return undefined;
  return repo.lockItemKey(tx, tenantId, platform, externalId);
}

/** Polled items older than this are history: they do not count as unread. */
const BACKFILL_UNREAD_MS = 7 * 86_400_000;

export type IngestOutcome = 'inserted' | 'duplicate' | 'claimed';

/** Stores one item for one business; see the file's comment. */
export async function ingestItem(
  deps: AppDeps,
  target: IngestTarget,
  item: IncomingItem,
  now: Date = new Date(),
): Promise<IngestOutcome> {
  const { tenantId } = target;
  const result = await withTenant(deps.database, businessScope(tenantId), async (tx) => {
    await lockKey(deps, tx, tenantId, item.platform, item.externalId);
    const probe = await repo.probeItem(
      tx,
      tenantId,
      item.platform,
      item.externalId,
      item.kind === 'comment' ? item.parentExternalId : null,
    );
    const existing = probe.existingId
      ? await repo.findItem(tx, tenantId, item.platform, item.externalId)
      : undefined;
    // A row a poll stored for our own message before its echo came is merged by the claim.
    if (existing && (!item.clientRef || existing.clientRef === item.clientRef)) {
      if (item.source === 'poll') await repairFromPoll(tx, tenantId, existing, item, now);
      return { outcome: 'duplicate' as const };
    }
    if (item.clientRef) {
      const claimed = await claimPendingItem(tx, tenantId, item.clientRef, item.externalId, {
        sentAt: item.sentAt,
        keyLocked: true,
      });
      if (claimed) return { outcome: 'claimed' as const };
    }
    if (existing) return { outcome: 'duplicate' as const };
    const stored = await insertNew(tx, target, item, now, probe);
    return { outcome: 'inserted' as const, stored };
  });
  if (result.outcome === 'inserted' && result.stored.direction === 'in') {
    await tellListeners(deps, tenantId, [result.stored]);
  }
  return result.outcome;
}

/**
 * A poll reads the item as it is now: an edit whose webhook never came shows as other text
 * (docs/product/meta-platform.md#webhook-subscriptions, "repair by polling").
 */
async function repairFromPoll(
  tx: Tx,
  tenantId: string,
  existing: repo.ItemRow,
  item: IncomingItem,
  now: Date,
): Promise<void> {
  if (existing.deletedAt || existing.text === item.text || existing.kind !== 'comment') return;
  const thread = await repo.lockThread(tx, existing.threadId);
  if (!thread) return;
  await applyChange(tx, existing, { verb: 'edited', text: item.text, at: now.toISOString() });
  await repo.refreshThread(tx, existing.threadId, 0);
  announceInboxChange(tx, tenantId, {
    threadId: existing.threadId,
    kind: thread.kind,
    change: 'item-updated',
  });
}

async function insertNew(
  tx: Tx,
  target: IngestTarget,
  item: IncomingItem,
  now: Date,
  probe: { parentThreadId: string | null; pending: boolean },
): Promise<IngestedItem> {
  const { tenantId } = target;
  let threadId: string | null = null;
  let threadKind = item.thread.kind;
  // A reply whose parent is stored joins the parent's thread (a reply to a reply on Facebook).
  if (probe.parentThreadId) {
    const locked = await repo.lockThread(tx, probe.parentThreadId);
    if (locked) {
      threadId = locked.id;
      threadKind = locked.kind;
    }
  }
  threadId ??= await repo.upsertThread(tx, {
    userId: tenantId,
    connectionId: target.connectionId,
    platform: item.platform,
    kind: item.thread.kind,
    externalKey: item.thread.key,
    postExternalId: item.thread.postExternalId,
    conversationId: item.thread.conversationId,
    participantId: item.thread.participant?.id ?? null,
    participantName: item.thread.participant?.name ?? null,
    participantHandle: item.thread.participant?.handle ?? null,
    lastItemAt: item.sentAt,
  });
  const inserted = await repo.insertItem(tx, {
    userId: tenantId,
    threadId,
    platform: item.platform,
    kind: item.kind,
    externalId: item.externalId,
    parentExternalId: item.parentExternalId,
    direction: item.direction,
    origin: item.origin,
    source: item.source,
    authorId: item.author?.id ?? null,
    authorName: item.author?.name ?? null,
    authorHandle: item.author?.handle ?? null,
    text: item.text,
    attachments: item.attachments,
    sentAt: item.sentAt,
    hidden: item.hidden ?? false,
    hiddenBy: item.hidden ? 'platform' : null,
    sentiment: item.direction === 'in' ? item.sentiment : null,
  });
  // The key is locked and was free: the insert cannot have met a duplicate.
  if (!inserted) throw new Error(`inbox item ${item.externalId} appeared while its key was locked`);
  const itemId = inserted.id;
  let row = inserted;
  const pendingChanges = probe.pending
    ? await repo.takePendingChanges(tx, tenantId, item.platform, item.externalId)
    : [];
  for (const pending of pendingChanges) {
    const change = pending.change as InboxChange;
    // A poll reads the text as it is now: an edit told before it is already in it.
    const edit = change.verb === 'edited' && item.source === 'poll';
    row = await applyChange(tx, row, edit ? { ...change, text: row.text } : change);
  }
  if (item.kind === 'message' && item.direction === 'out') {
    await applyKeptWatermark(tx, tenantId, row, item.thread.key);
  }
  const unread =
    item.direction === 'in' &&
    !row.deletedAt &&
    !(item.source === 'poll' && now.getTime() - item.sentAt.getTime() > BACKFILL_UNREAD_MS)
      ? 1
      : 0;
  await repo.refreshThread(tx, threadId, unread);
  announceInboxChange(tx, tenantId, { threadId, kind: threadKind, change: 'item' });
  return {
    itemId,
    threadId,
    threadKind,
    connectionId: target.connectionId,
    platform: item.platform,
    kind: item.kind,
    externalId: item.externalId,
    direction: item.direction,
    source: item.source,
    authorId: item.author?.id ?? null,
    text: row.text,
    hidden: row.hidden,
  };
}

/** External id of an item written here before the platform gave it its own. */
export const PENDING_PREFIX = 'pending:';

/** The key under which a conversation's read watermark is kept for messages still to come. */
export const watermarkKey = (threadKey: string) => `watermark:${threadKey}`;

async function applyKeptWatermark(tx: Tx, tenantId: string, row: repo.ItemRow, key: string) {
  const kept = await repo.peekPendingChange(tx, tenantId, row.platform, watermarkKey(key));
  const change = kept?.change as InboxChange | undefined;
  if (change?.verb === 'read' && change.upTo && new Date(change.upTo) >= row.sentAt) {
    await repo.markReadUpTo(tx, row.threadId, row.sentAt, kept!.eventAt);
  }
}

/**
 * An edit, removal, hide, unhide, unsend or read of one item: applied if the item is stored,
 * kept until it comes otherwise (docs/decisions/091 `inbox_pending_changes`).
 */
export async function ingestChange(
  deps: AppDeps,
  target: IngestTarget,
  platform: repo.InboxPlatform,
  externalId: string,
  change: InboxChange,
  eventAt: Date,
): Promise<'applied' | 'pending'> {
  const { tenantId } = target;
  return withTenant(deps.database, businessScope(tenantId), async (tx) => {
    await lockKey(deps, tx, tenantId, platform, externalId);
    const row = await repo.findItem(tx, tenantId, platform, externalId);
    if (!row) {
      await repo.addPendingChange(tx, {
        userId: tenantId,
        platform,
        externalId,
        change: { ...change, at: eventAt.toISOString() },
        eventAt,
      });
      return 'pending';
    }
    const thread = (await repo.lockThread(tx, row.threadId))!;
    await applyChange(tx, row, { ...change, at: eventAt.toISOString() });
    await repo.refreshThread(tx, row.threadId, 0);
    announceInboxChange(tx, tenantId, {
      threadId: row.threadId,
      kind: thread.kind,
      change: 'item-updated',
    });
    return 'applied';
  });
}

/**
 * The other person read the conversation up to `upTo` (Messenger's `read.watermark`): our
 * messages sent until then are read, now and when they arrive later.
 */
export async function ingestWatermark(
  deps: AppDeps,
  target: IngestTarget,
  platform: repo.InboxPlatform,
  threadKey: string,
  upTo: Date,
  eventAt: Date,
): Promise<void> {
  const { tenantId } = target;
  await withTenant(deps.database, businessScope(tenantId), async (tx) => {
    const key = watermarkKey(threadKey);
    await lockKey(deps, tx, tenantId, platform, key);
    const kept = await repo.takePendingChanges(tx, tenantId, platform, key);
    const previous = kept
      .map((k) => (k.change as InboxChange).upTo)
      .filter((v): v is string => typeof v === 'string')
      .map((v) => new Date(v));
    const highest = new Date(Math.max(upTo.getTime(), ...previous.map((d) => d.getTime())));
    await repo.addPendingChange(tx, {
      userId: tenantId,
      platform,
      externalId: key,
      change: { verb: 'read', upTo: highest.toISOString() },
      eventAt,
    });
    const thread = await repo.findThreadByKey(tx, tenantId, platform, 'conversation', threadKey);
    if (!thread) return;
    await repo.markReadUpTo(tx, thread.id, highest, eventAt);
    announceInboxChange(tx, tenantId, {
      threadId: thread.id,
      kind: 'conversation',
      change: 'thread',
    });
  });
}

/**
 * The item written here before its platform call (external id `pending:<clientRef>`) takes the
 * platform's id `externalId`. Both the answer of the platform call and the webhook echo call it,
 * whichever comes first: if the webhook already stored the item under that id as a row of its
 * own, that row is merged into ours (its later changes kept) and removed, so there is never a
 * second row. Null when no item has this clientRef. Runs inside the caller's withTenant.
 */
export async function claimPendingItem(
  tx: Tx,
  tenantId: string,
  clientRef: string,
  externalId: string,
  options: { sentAt?: Date; keyLocked?: boolean } = {},
): Promise<{ itemId: string; threadId: string; merged: boolean } | null> {
  const ours = await repo.findItemByClientRef(tx, tenantId, clientRef);
  if (!ours) return null;
  if (ours.externalId === externalId) {
    return { itemId: ours.id, threadId: ours.threadId, merged: false };
  }
  // Already given another id: a second id for one send is not ours to take.
  if (!ours.externalId.startsWith(PENDING_PREFIX)) return null;
  if (!options.keyLocked) await repo.lockItemKey(tx, tenantId, ours.platform, externalId);
  const thread = (await repo.lockThread(tx, ours.threadId))!;
  const other = await repo.findItem(tx, tenantId, ours.platform, externalId);
  if (other && other.id !== ours.id) await repo.deleteItem(tx, other.id);
  await repo.updateItem(tx, ours.id, {
    externalId,
    ...(options.sentAt ? { sentAt: options.sentAt } : {}),
    ...(other
      ? {
          text: other.editedAt ? other.text : ours.text,
          editedAt: other.editedAt,
          deletedAt: other.deletedAt ?? ours.deletedAt,
          hidden: other.hidden || ours.hidden,
          hiddenBy: other.hidden ? other.hiddenBy : ours.hiddenBy,
          readAt: other.readAt ?? ours.readAt,
        }
      : {}),
  });
  let row = (await repo.findItem(tx, tenantId, ours.platform, externalId))!;
  for (const pending of await repo.takePendingChanges(tx, tenantId, ours.platform, externalId)) {
    row = await applyChange(tx, row, pending.change as InboxChange);
  }
  await repo.refreshThread(tx, ours.threadId, 0);
  if (other && other.threadId !== ours.threadId) await repo.refreshThread(tx, other.threadId, 0);
  announceInboxChange(tx, tenantId, {
    threadId: ours.threadId,
    kind: thread.kind,
    change: 'item-updated',
  });
  return { itemId: ours.id, threadId: ours.threadId, merged: Boolean(other) };
}
