import type { InboxItem, ThreadNote, ThreadSummary } from '#shared/contracts/inbox.contract.ts';
import type { ThreadRowJson } from './inbox-list.sql.ts';
import type { inboxItems } from './inbox.tables.ts';

// What the browser receives of the inbox's rows (src/shared/contracts/inbox.contract.ts).

type ItemRow = typeof inboxItems.$inferSelect;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function toThreadSummary(row: ThreadRowJson): ThreadSummary {
  return {
    id: row.id,
    kind: row.kind,
    account: {
      connectionId: row.connection_id,
      platform: row.platform,
      name: row.account_name ?? '',
      username: row.account_username,
    },
    participant: {
      id: row.participant_id,
      name: row.participant_name,
      handle: row.participant_handle,
      pictureUrl: row.participant_picture_url,
    },
    preview: row.preview,
    lastItemAt: iso(row.last_item_at)!,
    lastInboundAt: iso(row.last_inbound_at),
    unreadCount: Number(row.unread_count),
    needsReply: row.needs_reply,
    sentiment: row.sentiment,
    status: row.status,
    assignedTo: row.assigned_to
      ? { userId: row.assigned_to, name: row.assignee_name ?? 'Team member' }
      : null,
  };
}

export function toInboxItem(row: ItemRow, names: ReadonlyMap<string, string>): InboxItem {
  const attachments = Array.isArray(row.attachments)
    ? (row.attachments as Array<{ type?: unknown; url?: unknown }>)
        .filter((a) => typeof a?.url === 'string')
        .map((a) => ({ type: String(a.type ?? 'file'), url: String(a.url) }))
    : [];
  return {
    id: row.id,
    externalId: row.externalId,
    kind: row.kind,
    parentExternalId: row.parentExternalId,
    direction: row.direction,
    origin: row.origin,
    author: {
      id: row.authorId,
      name: row.authorName,
      handle: row.authorHandle,
      pictureUrl: null,
    },
    text: row.text,
    attachments,
    sentAt: row.sentAt.toISOString(),
    editedAt: iso(row.editedAt),
    deletedAt: iso(row.deletedAt),
    hidden: row.hidden,
    hiddenBy: row.hiddenBy,
    liked: row.liked,
    flagged: row.flagged,
    sentiment: row.sentiment,
    privateReplyAt: iso(row.privateReplyAt),
    sentBy: row.sentByUserId
      ? { userId: row.sentByUserId, name: names.get(row.sentByUserId) ?? 'Team member' }
      : null,
    readAt: iso(row.readAt),
    ...(row.externalId.startsWith('pending:') ? { pending: true } : {}),
  };
}

export function toThreadNote(
  row: { id: string; body: string; authorUserId: string | null; createdAt: Date },
  names: ReadonlyMap<string, string>,
): ThreadNote {
  return {
    id: row.id,
    body: row.body,
    author: row.authorUserId
      ? { userId: row.authorUserId, name: names.get(row.authorUserId) ?? 'Team member' }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}
