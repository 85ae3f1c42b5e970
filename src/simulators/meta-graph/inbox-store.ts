import { randomBytes } from 'node:crypto';
import type { SimContext } from './context.ts';
import {
  digits,
  type SimComment,
  type SimConversation,
  type SimFollower,
  type SimMessage,
  type SimState,
} from './state.ts';

// The simulator's record of comments, conversations and messages (docs/decisions/091): made by
// the Graph routes (the account's own comments, replies and sends), by the control API and by
// crowd mode (followers' comments and messages). Ids follow
// docs/product/meta-platform.md#identifier-formats.

export type InboxPlatform = 'instagram' | 'facebook';

/** The account that owns a medium or Facebook post, or undefined for neither. */
export function ownerOf(
  state: SimState,
  objectId: string,
): { platform: InboxPlatform; ownerId: string; objectId: string } | undefined {
  const media = state.media.get(objectId);
  if (media) return { platform: 'instagram', ownerId: media.igUserId, objectId };
  const post =
    state.posts.get(objectId) ??
    [...state.posts.values()].find((p) => p.id.endsWith(`_${objectId}`));
  if (post) return { platform: 'facebook', ownerId: post.pageId, objectId: post.id };
  return undefined;
}

/** An Instagram account someone signs in to with Instagram Login: its webhooks are signed with
 *  the Instagram app secret (docs/product/meta-platform.md#webhook-delivery). */
export function isInstagramLoginAccount(state: SimState, igId: string): boolean {
  for (const person of state.people.values()) if (person.igLoginAccountId === igId) return true;
  return false;
}

/** A Facebook comment id: the post's object id, then the comment's. */
function commentId(platform: InboxPlatform, objectId: string): string {
  if (platform === 'instagram') return digits(17, '179');
  const postObject = objectId.includes('_') ? objectId.split('_')[1]! : objectId;
  return `${postObject}_${digits(16, '1')}`;
}

/** A follower by id, made (and remembered) on first sight. */
export function follower(
  state: SimState,
  platform: InboxPlatform,
  input: Partial<SimFollower> = {},
): SimFollower {
  const known = input.id ? state.followers.get(input.id) : undefined;
  if (known) return known;
  const id = input.id ?? digits(16, platform === 'instagram' ? '6' : '5');
  const made: SimFollower = {
    id,
    username: input.username ?? `follower${id.slice(-5)}`,
    name: input.name ?? `Follower ${id.slice(-5)}`,
  };
  state.followers.set(id, made);
  return made;
}

export function addComment(
  ctx: SimContext,
  input: {
    objectId: string;
    platform: InboxPlatform;
    ownerId: string;
    from: SimFollower | null;
    message: string;
    parentId?: string | null;
    createdAt?: number;
  },
): SimComment {
  const comment: SimComment = {
    id: commentId(input.platform, input.objectId),
    objectId: input.objectId,
    platform: input.platform,
    ownerId: input.ownerId,
    from: input.from,
    parentId: input.parentId ?? null,
    message: input.message,
    createdAt: input.createdAt ?? ctx.nowMs(),
    editedAt: null,
    deletedAt: null,
    hidden: false,
    liked: false,
    likeCount: 0,
    privateReplyAt: null,
  };
  ctx.state.comments.push(comment);
  return comment;
}

export function findComment(state: SimState, id: string): SimComment | undefined {
  return state.comments.find((c) => c.id === id && c.deletedAt === null);
}

/** The live comments on an object: top-level (newest first) or the replies of one. */
export function commentsOf(state: SimState, objectId: string, parentId: string | null) {
  return state.comments.filter(
    (c) => c.objectId === objectId && c.parentId === parentId && c.deletedAt === null,
  );
}

const igBase64 = (text: string) => Buffer.from(text).toString('base64url');

export function conversationOf(
  state: SimState,
  platform: 'instagram' | 'messenger',
  accountId: string,
  person: SimFollower,
  now: number,
): SimConversation {
  for (const c of state.conversations.values()) {
    if (c.platform === platform && c.accountId === accountId && c.person.id === person.id) return c;
  }
  const id =
    platform === 'instagram'
      ? igBase64(`ig_t:1:IGMessageThread:${accountId}:${person.id}`)
      : `t_${digits(16, '1')}`;
  const made: SimConversation = {
    id,
    platform,
    accountId,
    person,
    updatedAt: now,
    lastInboundAt: null,
  };
  state.conversations.set(id, made);
  return made;
}

export function addMessage(
  ctx: SimContext,
  conversation: SimConversation,
  input: {
    inbound: boolean;
    text: string;
    attachments?: { type: string; url: string }[];
    appId?: string | null;
    metadata?: string | null;
  },
): SimMessage {
  const now = ctx.nowMs();
  const id =
    conversation.platform === 'instagram'
      ? igBase64(`ig_item:1:IGMessage:${conversation.accountId}:${randomBytes(12).toString('hex')}`)
      : `m_${randomBytes(24).toString('base64url')}`;
  const message: SimMessage = {
    id,
    conversationId: conversation.id,
    fromId: input.inbound ? conversation.person.id : conversation.accountId,
    toId: input.inbound ? conversation.accountId : conversation.person.id,
    text: input.text,
    attachments: input.attachments ?? [],
    createdAt: now,
    isEcho: !input.inbound,
    appId: input.appId ?? null,
    metadata: input.metadata ?? null,
    deletedAt: null,
  };
  ctx.state.messages.push(message);
  conversation.updatedAt = now;
  if (input.inbound) conversation.lastInboundAt = now;
  return message;
}

/** The live messages of a conversation, newest first. */
export function messagesOf(state: SimState, conversationId: string): SimMessage[] {
  return state.messages
    .filter((m) => m.conversationId === conversationId && m.deletedAt === null)
    .reverse();
}

/**
 * What the simulator holds for one account (the chaos test compares the inbox with it): every
 * comment on its media or posts and every message of its conversations, removed ones included.
 */
export function recordOf(state: SimState, accountId: string) {
  const conversations = [...state.conversations.values()].filter((c) => c.accountId === accountId);
  const ids = new Set(conversations.map((c) => c.id));
  return {
    accountId,
    comments: state.comments.filter((c) => c.ownerId === accountId),
    conversations,
    messages: state.messages.filter((m) => ids.has(m.conversationId)),
  };
}
