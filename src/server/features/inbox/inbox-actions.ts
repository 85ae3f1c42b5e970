import type { z } from 'zod';
import {
  INBOX_LIMITS,
  type InboxItem,
  type messageInputSchema,
  type privateReplyInputSchema,
  type replyInputSchema,
} from '#shared/contracts/inbox.contract.ts';
import { mediaRoutes } from '#shared/contracts/media.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { findMediaRow } from '../media/media.repository.ts';
import { publicMediaUrl } from '../publishing/media-urls.ts';
import { announceInboxChange } from './inbox-live.ts';
import {
  classifyGraphError,
  inboxPlatform,
  reachOf,
  REFUSAL_REASONS,
  type Reach,
} from './inbox-actions-platform.ts';
import { platformRefusal, refuse, type ActionErrorCode } from './inbox-actions-refusal.ts';
import { refreshThread, upsertThread } from './inbox-ingest.repository.ts';
import { toInboxItem } from './inbox.dto.ts';
import * as repo from './inbox.repository.ts';
import { threadNotFound } from './inbox.service.ts';
import { claimPendingItem, PENDING_PREFIX } from './ingest.ts';

// Answering from the social monitor (docs/decisions/091 "Echoes", docs/product/meta-platform.md
// #comments, #messaging): a reply to a comment, a direct message, a private reply. Each is
// checked before the platform is asked; the item is written first as `pending:<clientRef>` and
// sent with clientRef as its metadata, so the webhook echo and the platform's answer meet on
// that one row whichever comes first; a refusal of the platform removes the row again and says
// why. Nothing the person wrote is lost: the browser keeps the text of a refused send.

type ReplyInput = z.output<typeof replyInputSchema>;
type MessageInput = z.output<typeof messageInputSchema>;
type PrivateReplyInput = z.output<typeof privateReplyInputSchema>;

const codePoints = (text: string) => Array.from(text).length;

/** A message too long for its platform: the reason, or null. */
export function messageTooLong(platform: 'instagram' | 'facebook', text: string): string | null {
  if (platform === 'instagram') {
    return Buffer.byteLength(text, 'utf8') > INBOX_LIMITS.instagramMessageBytes
      ? `Instagram messages are limited to ${INBOX_LIMITS.instagramMessageBytes} bytes`
      : null;
  }
  return codePoints(text) > INBOX_LIMITS.messengerMessageChars
    ? `Messenger messages are limited to ${INBOX_LIMITS.messengerMessageChars} characters`
    : null;
}

export function commentTooLong(platform: 'instagram' | 'facebook', text: string): string | null {
  const limit =
    platform === 'instagram'
      ? INBOX_LIMITS.instagramCommentChars
      : INBOX_LIMITS.facebookCommentChars;
  const name = platform === 'instagram' ? 'Instagram' : 'Facebook';
  return codePoints(text) > limit ? `${name} replies are limited to ${limit} characters` : null;
}

interface Prepared {
  thread: repo.ThreadRow;
  reach: Reach;
  values: repo.NewItem;
}

interface Outgoing {
  code: ActionErrorCode;
  clientRef: string;
  /** Checks and the row to write; runs in the writing transaction. */
  prepare(tx: Tx): Promise<Prepared>;
  /** The platform call: the id the platform gave the item. */
  send(reach: Reach): Promise<string>;
  /** Undoes what prepare marked besides the item, after a refusal. */
  undo?(tx: Tx, error: unknown): Promise<void>;
}

async function reachFor(
  ctx: ServiceContext,
  tx: Tx,
  thread: repo.ThreadRow,
  code: ActionErrorCode,
): Promise<{ connection: repo.ConnectionRow; reach: Reach }> {
  const connection = await repo.readConnection(tx, ctx.actor.tenantId, thread.connectionId);
  const reach = connection && reachOf(ctx.deps, connection);
  if (!connection || !reach) {
    throw refuse(code, 'text', 'This account is disconnected: reconnect it to answer from here.');
  }
  return { connection, reach };
}

/** Writes the pending item, asks the platform, and settles the item on its answer. */
async function sendOutgoing(ctx: ServiceContext, out: Outgoing): Promise<InboxItem> {
  const { tenantId } = ctx.actor;
  const scope = tenantScope(ctx.actor);
  const db = ctx.deps.database;
  const started = await withTenant(db, scope, async (tx) => {
    const existing = await repo.readItemByClientRef(tx, tenantId, out.clientRef);
    if (existing) return { existing };
    const prepared = await out.prepare(tx);
    const row = await repo.insertPendingItem(tx, prepared.values);
    await refreshThread(tx, row.threadId, 0);
    announceInboxChange(tx, tenantId, {
      threadId: row.threadId,
      kind: prepared.thread.kind,
      change: 'item',
    });
    return { prepared, row };
  });
  // The same send again (a retry of the browser): the item as it is.
  if ('existing' in started) return itemView(ctx, out.clientRef);
  const { prepared, row } = started;
  let externalId: string;
  try {
    externalId = await out.send(prepared.reach);
  } catch (error) {
    await withTenant(db, scope, async (tx) => {
      const pending = await repo.readItemByClientRef(tx, tenantId, out.clientRef);
      if (pending?.externalId.startsWith(PENDING_PREFIX)) {
        await repo.deleteItem(tx, tenantId, pending.id);
        await refreshThread(tx, row.threadId, 0);
      }
      await out.undo?.(tx, error);
      announceInboxChange(tx, tenantId, {
        threadId: row.threadId,
        kind: prepared.thread.kind,
        change: 'item',
      });
    });
    throw platformRefusal(out.code, 'text', error);
  }
  await withTenant(db, scope, (tx) => claimPendingItem(tx, tenantId, out.clientRef, externalId));
  return itemView(ctx, out.clientRef);
}

async function itemView(ctx: ServiceContext, clientRef: string): Promise<InboxItem> {
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const row = await repo.readItemByClientRef(tx, ctx.actor.tenantId, clientRef);
    if (!row) throw threadNotFound(clientRef);
    const names = await repo.namesOf(tx, row.sentByUserId ? [row.sentByUserId] : []);
    return toInboxItem(row, names);
  });
}

async function threadOf(ctx: ServiceContext, tx: Tx, threadId: string) {
  const thread = await repo.readThread(tx, ctx.actor.tenantId, threadId, true);
  if (!thread) throw threadNotFound(threadId);
  return thread;
}

function outgoingValues(
  ctx: ServiceContext,
  thread: Pick<repo.ThreadRow, 'id' | 'platform'>,
  connection: repo.ConnectionRow,
  input: { clientRef: string; text: string },
): repo.NewItem {
  return {
    userId: ctx.actor.tenantId,
    threadId: thread.id,
    platform: thread.platform,
    kind: 'message',
    externalId: `${PENDING_PREFIX}${input.clientRef}`,
    direction: 'out',
    origin: 'app',
    source: 'app',
    authorId: connection.externalId,
    authorName: connection.name,
    authorHandle: connection.username,
    text: input.text,
    sentAt: new Date(),
    clientRef: input.clientRef,
    sentByUserId: ctx.actor.userId,
  };
}

/**
 * Replies to a comment. Instagram threads one level deep: the reply goes to the top-level
 * comment whatever comment it answers; Facebook replies to the comment answered.
 */
export async function replyToComment(
  ctx: ServiceContext,
  threadId: string,
  input: ReplyInput,
): Promise<InboxItem> {
  requireAccess(ctx.actor, 'reply:inbox');
  const code = 'COMMENT_REPLY_ERROR';
  const text = input.text.trim();
  let target = '';
  return sendOutgoing(ctx, {
    code,
    clientRef: input.clientRef,
    async prepare(tx) {
      const thread = await threadOf(ctx, tx, threadId);
      if (thread.kind !== 'comment') {
        throw refuse(code, 'text', 'This is a conversation: send a message instead.');
      }
      if (!text) throw refuse(code, 'text', 'Write a reply first');
      const tooLong = commentTooLong(thread.platform, text);
      if (tooLong) throw refuse(code, 'text', tooLong);
      const answered = input.toExternalId ?? thread.externalKey;
      target = thread.platform === 'instagram' ? thread.externalKey : answered;
      for (const id of new Set([answered, target])) {
        const comment = await repo.readItemByExternalId(tx, ctx.actor.tenantId, thread.id, id);
        if (!comment) throw refuse(code, 'text', 'This comment is not in this thread.');
        if (comment.deletedAt) throw refuse(code, 'text', 'This comment was deleted.');
        if (comment.hidden) {
          throw refuse(code, 'text', 'This comment is hidden: unhide it before replying.');
        }
      }
      const { connection, reach } = await reachFor(ctx, tx, thread, code);
      const values = outgoingValues(ctx, thread, connection, { clientRef: input.clientRef, text });
      return { thread, reach, values: { ...values, kind: 'comment', parentExternalId: target } };
    },
    async send(reach) {
      const { id } = await inboxPlatform(ctx.deps).replyToComment({
        platform: reach.platform,
        host: reach.host,
        commentId: target,
        message: text,
        token: reach.token,
      });
      return id;
    },
  });
}

/**
 * A direct message inside the reply window: text, an image of the library, or both — the Send
 * API takes one or the other, so an image with text goes first as its own message (its item's
 * clientRef is `<clientRef>:image`) and the text after it. The answer is the last item sent.
 */
export async function sendMessage(
  ctx: ServiceContext,
  threadId: string,
  input: MessageInput,
): Promise<InboxItem> {
  requireAccess(ctx.actor, 'reply:inbox');
  const text = input.text.trim();
  if (!text && !input.mediaId) {
    throw refuse('DIRECT_MESSAGE_ERROR', 'text', 'Write a message or choose an image');
  }
  let item: InboxItem | null = null;
  if (input.mediaId) {
    const clientRef = text ? `${input.clientRef}:image` : input.clientRef;
    item = await sendOne(ctx, threadId, { clientRef, text: '', mediaId: input.mediaId });
  }
  if (text) item = await sendOne(ctx, threadId, { clientRef: input.clientRef, text });
  return item!;
}

async function sendOne(
  ctx: ServiceContext,
  threadId: string,
  input: { clientRef: string; text: string; mediaId?: string },
): Promise<InboxItem> {
  const code = 'DIRECT_MESSAGE_ERROR';
  const { text } = input;
  const humanAgent = ctx.deps.env.META_HUMAN_AGENT_TAG;
  let recipientId = '';
  let imageUrl: string | undefined;
  let tagged = false;
  return sendOutgoing(ctx, {
    code,
    clientRef: input.clientRef,
    async prepare(tx) {
      const thread = await threadOf(ctx, tx, threadId);
      if (thread.kind !== 'conversation' || !thread.participantId) {
        throw refuse(code, 'text', 'Messages answer conversations: reply to the comment instead.');
      }
      const tooLong = text ? messageTooLong(thread.platform, text) : null;
      if (tooLong) throw refuse(code, 'text', tooLong);
      const now = Date.now();
      const since = thread.lastInboundAt ? now - thread.lastInboundAt.getTime() : Infinity;
      const limit = humanAgent ? INBOX_LIMITS.humanAgentWindowMs : INBOX_LIMITS.replyWindowMs;
      if (since > limit) throw refuse(code, 'text', windowReason(humanAgent));
      tagged = humanAgent && since > INBOX_LIMITS.replyWindowMs;
      const { connection, reach } = await reachFor(ctx, tx, thread, code);
      const attachments: { type: string; url: string }[] = [];
      if (input.mediaId) {
        const media = await findMediaRow(tx, input.mediaId);
        if (!media || media.userId !== ctx.actor.tenantId) {
          throw refuse(code, 'mediaId', 'Choose an image from your library');
        }
        if (media.kind !== 'image' || media.status !== 'ready') {
          throw refuse(code, 'mediaId', 'Only images that finished uploading can be sent');
        }
        imageUrl = publicMediaUrl(ctx.deps, ctx.actor.tenantId, media, thread.platform);
        attachments.push({ type: 'image', url: mediaRoutes.file(media.id, 'original') });
      }
      recipientId = thread.participantId;
      const values = outgoingValues(ctx, thread, connection, { clientRef: input.clientRef, text });
      return { thread, reach, values: { ...values, attachments } };
    },
    async send(reach) {
      const sent = await inboxPlatform(ctx.deps).sendMessage({
        platform: reach.platform,
        host: reach.host,
        accountId: reach.accountId,
        recipientId,
        ...(imageUrl ? { imageUrl } : { text }),
        metadata: input.clientRef,
        ...(tagged ? { humanAgentTag: true } : {}),
        token: reach.token,
      });
      return sent.messageId;
    },
  });
}

/** The window closed (docs/product/meta-platform.md#messaging-window). */
function windowReason(humanAgent: boolean): string {
  return humanAgent
    ? 'More than 7 days have passed since this person last wrote: they have to write again before you can send a message.'
    : REFUSAL_REASONS.window;
}

/**
 * A private reply: one direct message answering a comment, once per comment and within 7 days
 * of it. It is written to the conversation with the commenter; the comment keeps when it went.
 */
export async function sendPrivateReply(
  ctx: ServiceContext,
  threadId: string,
  input: PrivateReplyInput,
): Promise<InboxItem> {
  requireAccess(ctx.actor, 'reply:inbox');
  const code = 'DIRECT_MESSAGE_ERROR';
  const { tenantId } = ctx.actor;
  const text = input.text.trim();
  let commentItemId = '';
  return sendOutgoing(ctx, {
    code,
    clientRef: input.clientRef,
    async prepare(tx) {
      const thread = await threadOf(ctx, tx, threadId);
      if (thread.kind !== 'comment') {
        throw refuse(code, 'text', 'Private replies answer comments.');
      }
      const comment = await repo.readItemByExternalId(
        tx,
        tenantId,
        thread.id,
        input.commentExternalId,
      );
      if (!comment || comment.direction !== 'in' || !comment.authorId) {
        throw refuse(code, 'text', 'This comment is not in this thread.');
      }
      if (comment.deletedAt) throw refuse(code, 'text', 'This comment was deleted.');
      if (comment.privateReplyAt) {
        throw refuse(code, 'text', 'A private reply was already sent to this comment.');
      }
      if (Date.now() - comment.sentAt.getTime() > INBOX_LIMITS.privateReplyWindowMs) {
        throw refuse(code, 'text', 'Private replies can be sent within 7 days of the comment.');
      }
      const tooLong = messageTooLong(thread.platform, text);
      if (tooLong) throw refuse(code, 'text', tooLong);
      const { connection, reach } = await reachFor(ctx, tx, thread, code);
      commentItemId = comment.id;
      await repo.updateItem(tx, tenantId, comment.id, { privateReplyAt: new Date() });
      const conversationId = await upsertThread(tx, {
        userId: tenantId,
        connectionId: thread.connectionId,
        platform: thread.platform,
        kind: 'conversation',
        externalKey: `${connection.externalId}:${comment.authorId}`,
        postExternalId: null,
        conversationId: null,
        participantId: comment.authorId,
        participantName: comment.authorName,
        participantHandle: comment.authorHandle,
        lastItemAt: new Date(),
      });
      announceInboxChange(tx, tenantId, { threadId, kind: 'comment', change: 'item-updated' });
      const values = outgoingValues(
        ctx,
        { id: conversationId, platform: thread.platform },
        connection,
        { clientRef: input.clientRef, text },
      );
      return {
        thread: { ...thread, kind: 'conversation' },
        reach,
        values: { ...values, parentExternalId: comment.externalId },
      };
    },
    async send(reach) {
      const sent = await inboxPlatform(ctx.deps).privateReply({
        platform: reach.platform,
        host: reach.host,
        accountId: reach.accountId,
        commentId: input.commentExternalId,
        text,
        token: reach.token,
      });
      return sent.messageId;
    },
    async undo(tx, error) {
      // The platform says one went already: the comment keeps the mark.
      if (classifyGraphError(error) === 'private-reply-sent') return;
      await repo.updateItem(tx, tenantId, commentItemId, { privateReplyAt: null });
    },
  });
}
