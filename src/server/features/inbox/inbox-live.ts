import type { InboxLiveMessage } from '#shared/contracts/inbox.contract.ts';
import { notifyAfterCommit, notifyCommitted } from '#server/platform/bus.ts';
import type { Tx } from '#server/platform/db/client.ts';
import type { AppDeps } from '#server/platform/deps.ts';

// Inbox changes on the live stream (docs/decisions/091 "Live", docs/decisions/081): a thread of
// the social monitor changed. The message names the thread only; the browser reads it again.
// Queued inside the writing transaction and told to every process once it commits (never if it
// rolls back); each process's hub (publishing/live-stream.ts) passes it to the business's open
// streams as the `inbox` event.

/** The bus message: the business it belongs to, and what the browser receives. */
export interface InboxLiveNotice {
  tenantId: string;
  message: InboxLiveMessage;
}

const CHANGES: ReadonlySet<string> = new Set<InboxLiveMessage['change']>([
  'item',
  'item-updated',
  'thread',
]);
const KINDS: ReadonlySet<string> = new Set<InboxLiveMessage['kind']>(['comment', 'conversation']);

export function encodeInboxNotice(tenantId: string, message: InboxLiveMessage): string {
  return JSON.stringify({
    t: tenantId,
    m: { threadId: message.threadId, kind: message.kind, change: message.change },
  });
}

export function decodeInboxNotice(payload: string): InboxLiveNotice | null {
  try {
    const parsed = JSON.parse(payload) as { t?: unknown; m?: Partial<Record<string, unknown>> };
    const m = parsed.m;
    if (
      typeof parsed.t !== 'string' ||
      typeof m !== 'object' ||
      m === null ||
      typeof m.threadId !== 'string' ||
      !KINDS.has(String(m.kind)) ||
      !CHANGES.has(String(m.change))
    ) {
      return null;
    }
    return { tenantId: parsed.t, message: m as unknown as InboxLiveMessage };
  } catch {
    return null;
  }
}

/**
 * Tells the business's open streams that a thread changed, once the withTenant transaction `tx`
 * commits (nobody hears it if it rolls back).
 */
export function announceInboxChange(tx: Tx, tenantId: string, message: InboxLiveMessage): void {
  notifyAfterCommit(tx, 'inbox', encodeInboxNotice(tenantId, message));
}

/** The same for a change already committed (outside a transaction, or a one-statement write). */
export function publishInboxChange(
  deps: AppDeps,
  tenantId: string,
  message: InboxLiveMessage,
): void {
  notifyCommitted(deps.database, 'inbox', encodeInboxNotice(tenantId, message));
}
