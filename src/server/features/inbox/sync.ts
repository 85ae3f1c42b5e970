import { z } from 'zod';
import type { InboxAccount, SyncState } from '#shared/contracts/inbox.contract.ts';
import type { Actor } from '#shared/permissions.ts';
import { requireAccess, tenantScope } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { syncContacts } from '../audience/index.ts';
import { connectionToken } from '../platforms/connection-health.ts';
import * as repo from './inbox-ingest.repository.ts';
import { ingestChange, ingestItem, type IngestTarget } from './ingest.ts';
import { platformTime } from './ingest-webhooks.ts';
import { sentimentOf } from './sentiment.ts';
import {
  inboxSource,
  type InboxSource,
  type PolledMessage,
  type SyncAccount,
} from './sync-source.ts';

// Backfill and repair by polling (docs/decisions/091, docs/product/meta-platform.md
// #webhook-subscriptions: "a subscription that silently fails … repair by polling"). Each
// connected account is read on a schedule and on "Sync now": its recent posts' comments and its
// conversations' newest messages go through the same upsert as webhooks (source 'poll'), so what
// a webhook brought is found again without a second row and what none brought is counted in
// found_by_polling. A comment a complete listing no longer has is marked removed. The cursor
// keeps each conversation's last seen update time, so an unchanged conversation is not read.

export const inboxSyncJob: JobDefinition<{ tenantId: string; connectionId: string }> = {
  id: 'inbox.sync',
  version: 1,
  payload: z.object({ tenantId: z.guid(), connectionId: z.guid() }),
  retryLimit: 2,
  retryDelay: 30,
  policy: 'stately',
  // A few accounts at once: each mostly waits on the platform.
  concurrency: 4,
  pollingIntervalSeconds: 1,
};

/** Between two syncs of one account (docs/decisions/091). */
export const DEFAULT_SYNC_EVERY_MS = 5 * 60_000;

interface SyncCursor {
  /** Conversation id → its updated_time when last read. */
  conversations?: Record<string, string>;
}

export interface SyncReport {
  found: number;
  removed: number;
  error: string | null;
}

/** Reads one account and stores what it finds; records the outcome in inbox_sync_states. */
export async function runSync(
  deps: AppDeps,
  tenantId: string,
  connectionId: string,
  options: { everyMs?: number; now?: () => Date } = {},
): Promise<SyncReport> {
  const now = options.now ?? (() => new Date());
  const everyMs = options.everyMs ?? DEFAULT_SYNC_EVERY_MS;
  const scope = businessScope(tenantId);
  const loaded = await withTenant(deps.database, scope, async (tx) => {
    const row = await repo.findSyncConnection(tx, tenantId, connectionId);
    if (!row || row.status !== 'connected') return null;
    return { row, state: await repo.ensureSyncState(tx, tenantId, connectionId) };
  });
  const report: SyncReport = { found: 0, removed: 0, error: null };
  if (!loaded) return report;
  const { row, state } = loaded;
  const cursor = (state.cursor ?? {}) as SyncCursor;
  const conversations = { ...cursor.conversations };
  try {
    const token = connectionToken(deps, row);
    if (!token) throw new Error('The account has no token');
    const account: SyncAccount = {
      platform: row.platform,
      login: row.login,
      externalId: row.externalId,
      linkedPageId: row.linkedPageId,
      token,
    };
    const source = inboxSource(deps)(account);
    const target = { tenantId, connectionId };
    await syncComments(deps, target, account, source, report, now);
    await syncConversations(deps, target, account, source, conversations, report, now);
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    deps.logger.warn({ err: error, connectionId }, 'inbox sync failed');
  }
  const finished = now();
  await withTenant(deps.database, scope, (tx) =>
    repo.updateSyncState(tx, connectionId, {
      lastSyncAt: finished,
      lastSyncError: report.error?.slice(0, 500) ?? null,
      addFound: report.found,
      cursor: { ...cursor, conversations },
      nextSyncAt: new Date(finished.getTime() + everyMs),
    }),
  );
  // The audience's contacts follow the inbox (docs/decisions/097-audience.md); the inbox sync
  // stands whether or not that pass succeeds.
  try {
    await syncContacts(deps, tenantId);
  } catch (error) {
    deps.logger.warn({ err: error, connectionId }, 'audience contacts sync failed');
  }
  return report;
}

async function syncComments(
  deps: AppDeps,
  target: IngestTarget,
  account: SyncAccount,
  source: InboxSource,
  report: SyncReport,
  now: () => Date,
) {
  const platform = account.platform;
  for (const post of await source.recentPosts()) {
    const { comments, complete } = await source.comments(post.id);
    const seen = new Set<string>();
    for (const c of comments) {
      seen.add(c.id);
      const out = c.from?.id === account.externalId;
      const author = c.from
        ? { id: c.from.id, name: c.from.name ?? null, handle: c.from.username ?? null }
        : null;
      const outcome = await ingestItem(
        deps,
        target,
        {
          platform,
          kind: 'comment',
          externalId: c.id,
          parentExternalId: c.parentId,
          thread: {
            kind: 'comment',
            key: c.parentId ?? c.id,
            postExternalId: post.id,
            conversationId: null,
            participant: c.parentId ? null : author,
          },
          direction: out ? 'out' : 'in',
          origin: 'platform',
          source: 'poll',
          author,
          text: c.text,
          attachments: [],
          sentAt: platformTime(c.time ?? undefined, now()),
          sentiment: out ? null : sentimentOf(c.text),
          hidden: c.hidden,
        },
        now(),
      );
      if (outcome === 'inserted') report.found += 1;
    }
    if (!complete) continue;
    // Gone from a complete listing: removed on the platform.
    const stored = await withTenant(deps.database, businessScope(target.tenantId), (tx) =>
      repo.commentIdsOfPost(tx, target.tenantId, target.connectionId, post.id),
    );
    for (const item of stored) {
      if (seen.has(item.externalId)) continue;
      await ingestChange(deps, target, platform, item.externalId, { verb: 'remove' }, now());
      report.removed += 1;
    }
  }
}

async function syncConversations(
  deps: AppDeps,
  target: IngestTarget,
  account: SyncAccount,
  source: InboxSource,
  seenUpdates: Record<string, string>,
  report: SyncReport,
  now: () => Date,
) {
  const own = new Set([account.externalId, account.linkedPageId].filter(Boolean));
  for (const conversation of await source.conversations()) {
    if (conversation.updatedTime && seenUpdates[conversation.id] === conversation.updatedTime) {
      continue;
    }
    const messages = await source.messages(conversation.id);
    const person = conversation.participantIds?.find((id) => !own.has(id));
    let threadKey: string | null = person ? `${account.externalId}:${person}` : null;
    for (const m of messages) {
      const out = m.fromId !== null && own.has(m.fromId);
      const personId = (out ? m.toId : m.fromId) ?? 'unknown';
      threadKey = `${account.externalId}:${personId}`;
      const outcome = await ingestItem(
        deps,
        target,
        {
          platform: account.platform,
          kind: 'message',
          externalId: m.id,
          parentExternalId: null,
          thread: {
            kind: 'conversation',
            key: threadKey,
            postExternalId: null,
            conversationId: conversation.id,
            participant: { id: personId, name: null, handle: null },
          },
          direction: out ? 'out' : 'in',
          origin: 'platform',
          source: 'poll',
          author: out ? null : { id: personId, name: null, handle: null },
          text: m.text,
          attachments: m.attachments,
          sentAt: platformTime(m.time ?? undefined, now()),
          sentiment: out ? null : sentimentOf(m.text),
        },
        now(),
      );
      if (outcome === 'inserted') report.found += 1;
    }
    if (threadKey) await repairUnsent(deps, target, account.platform, threadKey, messages, now);
    if (conversation.updatedTime) seenUpdates[conversation.id] = conversation.updatedTime;
  }
}

/**
 * The poll reads a conversation's newest messages: one we hold from within that span that it no
 * longer lists was unsent, its webhook lost (docs/product/meta-platform.md#conversations).
 */
async function repairUnsent(
  deps: AppDeps,
  target: IngestTarget,
  platform: SyncAccount['platform'],
  threadKey: string,
  messages: PolledMessage[],
  now: () => Date,
) {
  const times = messages.map((m) => platformTime(m.time ?? undefined, now()).getTime());
  const listed = new Set(messages.map((m) => m.id));
  // Nothing listed: every message of the conversation was unsent.
  const since = new Date(times.length > 0 ? Math.min(...times) : 0);
  const held = await withTenant(deps.database, businessScope(target.tenantId), (tx) =>
    repo.messageIdsSince(tx, target.tenantId, platform, threadKey, since),
  );
  for (const externalId of held) {
    if (!listed.has(externalId)) {
      await ingestChange(deps, target, platform, externalId, { verb: 'unsend' }, now());
    }
  }
}

/**
 * "Sync now": queues a sync of one account of the business, or of all its connected accounts.
 * The caller checks the person may ask (the inbox routes).
 */
export async function requestSync(
  deps: AppDeps,
  tenantId: string,
  connectionId?: string,
): Promise<void> {
  const ids = await withTenant(deps.database, businessScope(tenantId), async (tx) => {
    const rows = await repo.listSyncStateRows(tx, tenantId);
    const chosen = rows.filter((r) => !connectionId || r.connectionId === connectionId);
    for (const r of chosen) {
      await repo.ensureSyncState(tx, tenantId, r.connectionId);
      await repo.updateSyncState(tx, r.connectionId, { nextSyncAt: new Date() });
    }
    return chosen.map((r) => r.connectionId);
  });
  for (const id of ids) {
    await deps.jobs.send(inboxSyncJob, { tenantId, connectionId: id }, { singletonKey: id });
  }
}

/** Queues a sync of every connected account that is due (new accounts at once). */
export async function scheduleDueSyncs(deps: AppDeps, now = new Date()): Promise<number> {
  const due = await repo.unsafeConnectedAccounts(deps.database.unsafeDb, now);
  for (const account of due) {
    await deps.jobs.send(
      inboxSyncJob,
      { tenantId: account.userId, connectionId: account.id },
      { singletonKey: account.id },
    );
  }
  return due.length;
}

/** GET /api/inbox/sync: every connected account's sync state (every member may read it). */
export async function listSyncStates(deps: AppDeps, actor: Actor): Promise<SyncState[]> {
  requireAccess(actor, 'read:dashboard');
  const now = Date.now();
  const rows = await withTenant(deps.database, tenantScope(actor), (tx) =>
    repo.listSyncStateRows(tx, actor.tenantId),
  );
  return rows.map((r) => {
    const account: InboxAccount = {
      connectionId: r.connectionId,
      platform: r.platform,
      name: r.name,
      username: r.username,
    };
    return {
      connectionId: r.connectionId,
      account,
      lastSyncAt: r.lastSyncAt?.toISOString() ?? null,
      lastSyncError: r.lastSyncError ?? null,
      lastWebhookAt: r.lastWebhookAt?.toISOString() ?? null,
      foundByPolling: r.foundByPolling ?? 0,
      // Queued or running: due and not yet done (a sync sets the next time when it ends).
      syncing: r.nextSyncAt !== null && r.nextSyncAt.getTime() <= now,
    };
  });
}
