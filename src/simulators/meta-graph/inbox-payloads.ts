import type { SimContext } from './context.ts';
import { isInstagramLoginAccount } from './inbox-store.ts';
import type { SimComment, SimConversation, SimMessage } from './state.ts';

// The webhook events of comments and messages, shaped as
// docs/product/meta-platform.md#webhook-payloads: Facebook `feed` changes (item comment, verbs
// add, edited, remove, hide, unhide), Instagram `comments` changes (new comments and replies:
// Instagram sends nothing for removals and hiding), and `messaging` items for Messenger and
// Instagram messages, echoes (is_echo, app_id, metadata), unsends (is_deleted) and reads.

/** One entry of a delivery, with the secret it is signed with. */
export interface InboxEvent {
  object: 'page' | 'instagram';
  entry: Record<string, unknown>;
  signWith: 'facebook' | 'instagram';
  /** The mid of a Send API echo (early echo waits for it). */
  echoOf?: string;
}

export type FeedVerb = 'add' | 'edited' | 'remove' | 'hide' | 'unhide';

export function inboxPayloads(ctx: SimContext) {
  const { state, isoTime } = ctx;
  const sec = (ms: number) => Math.floor(ms / 1000);

  function feedChange(comment: SimComment, verb: FeedVerb, at: number): InboxEvent {
    const post = state.posts.get(comment.objectId);
    const page = state.pages.get(comment.ownerId);
    const from = comment.from
      ? { id: comment.from.id, name: comment.from.name }
      : { id: comment.ownerId, name: page?.name ?? '' };
    const value: Record<string, unknown> = {
      from,
      post: {
        status_type: post?.kind === 'photo' ? 'added_photos' : 'mobile_status_update',
        is_published: post?.published ?? true,
        updated_time: isoTime(at),
        promotion_status: 'inactive',
        id: comment.objectId,
      },
      post_id: comment.objectId,
      comment_id: comment.id,
      created_time: sec(comment.createdAt),
      item: 'comment',
      verb,
    };
    if (verb === 'add' || verb === 'edited') value.message = comment.message;
    if (comment.parentId) value.parent_id = comment.parentId;
    return {
      object: 'page',
      entry: { id: comment.ownerId, time: sec(at), changes: [{ field: 'feed', value }] },
      signWith: 'facebook',
    };
  }

  function instagramComment(comment: SimComment): InboxEvent {
    const media = state.media.get(comment.objectId);
    const account = state.igAccounts.get(comment.ownerId);
    const from = comment.from
      ? { id: comment.from.id, username: comment.from.username }
      : { id: comment.ownerId, username: account?.username ?? '' };
    const value: Record<string, unknown> = {
      from: { ...from, self_ig_scoped_id: from.id },
      media: { id: comment.objectId, media_product_type: media?.productType ?? 'FEED' },
      id: comment.id,
      text: comment.message,
    };
    if (comment.parentId) value.parent_id = comment.parentId;
    return {
      object: 'instagram',
      entry: {
        id: comment.ownerId,
        time: sec(comment.createdAt),
        changes: [{ field: 'comments', value }],
      },
      signWith: isInstagramLoginAccount(state, comment.ownerId) ? 'instagram' : 'facebook',
    };
  }

  /** The event of a comment change, or null where the platform sends none. */
  function comment(c: SimComment, verb: FeedVerb, at: number): InboxEvent | null {
    if (c.platform === 'facebook') return feedChange(c, verb, at);
    return verb === 'add' ? instagramComment(c) : null;
  }

  function messagingEntry(
    conversation: SimConversation,
    item: Record<string, unknown>,
    at: number,
  ): InboxEvent {
    const instagram = conversation.platform === 'instagram';
    return {
      object: instagram ? 'instagram' : 'page',
      entry: { id: conversation.accountId, time: at, messaging: [item] },
      signWith:
        instagram && isInstagramLoginAccount(state, conversation.accountId)
          ? 'instagram'
          : 'facebook',
    };
  }

  /** A message in, or the echo of a message out. */
  function message(conversation: SimConversation, m: SimMessage): InboxEvent {
    const body: Record<string, unknown> = { mid: m.id };
    if (m.text) body.text = m.text;
    if (m.attachments.length > 0) {
      body.attachments = m.attachments.map((a) => ({ type: a.type, payload: { url: a.url } }));
    }
    if (m.isEcho) {
      body.is_echo = true;
      if (m.appId) body.app_id = Number(m.appId);
      if (m.metadata !== null) body.metadata = m.metadata;
    }
    const event = messagingEntry(
      conversation,
      {
        sender: { id: m.fromId },
        recipient: { id: m.toId },
        timestamp: m.createdAt,
        message: body,
      },
      m.createdAt,
    );
    return m.isEcho ? { ...event, echoOf: m.id } : event;
  }

  /** An Instagram message unsent by the person. */
  function unsend(conversation: SimConversation, m: SimMessage, at: number): InboxEvent {
    return messagingEntry(
      conversation,
      {
        sender: { id: m.fromId },
        recipient: { id: m.toId },
        timestamp: at,
        message: { mid: m.id, is_deleted: true },
      },
      at,
    );
  }

  /** The person read the conversation: Messenger up to a watermark, Instagram one mid. */
  function read(conversation: SimConversation, m: SimMessage, at: number): InboxEvent {
    const read = conversation.platform === 'instagram' ? { mid: m.id } : { watermark: m.createdAt };
    return messagingEntry(
      conversation,
      {
        sender: { id: conversation.person.id },
        recipient: { id: conversation.accountId },
        timestamp: at,
        read,
      },
      at,
    );
  }

  return { comment, message, unsend, read };
}

export type InboxPayloads = ReturnType<typeof inboxPayloads>;
