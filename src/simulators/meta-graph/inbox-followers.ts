import type { SimContext } from './context.ts';
import type { InboxPayloads } from './inbox-payloads.ts';
import {
  addComment,
  addMessage,
  conversationOf,
  findComment,
  follower,
  ownerOf,
  recordOf,
} from './inbox-store.ts';
import type { InboxWebhooks } from './inbox-webhooks.ts';
import type { SimComment, SimFollower, SimMessage } from './state.ts';

// What followers do, for the control API, crowd mode and tests (docs/decisions/091): comment on
// a medium or post (or reply), edit or remove their comment, write to an account, unsend a
// message (Instagram), read a conversation. Each change is recorded and sends its webhook.

export class InboxInputError extends Error {}

export function inboxFollowers(ctx: SimContext, hooks: InboxWebhooks, payloads: InboxPayloads) {
  const { state, nowMs } = ctx;

  function comment(input: {
    objectId: string;
    text: string;
    from?: Partial<SimFollower>;
    /** A reply to this comment (a reply to a reply goes to its top-level comment). */
    parentId?: string;
  }): SimComment {
    const target = ownerOf(state, input.objectId);
    if (!target) throw new InboxInputError(`No medium or post ${input.objectId}`);
    let parentId: string | null = null;
    if (input.parentId) {
      const parent = findComment(state, input.parentId);
      if (!parent || parent.objectId !== target.objectId) {
        throw new InboxInputError(`No comment ${input.parentId} on ${input.objectId}`);
      }
      parentId = parent.parentId ?? parent.id;
    }
    const made = addComment(ctx, {
      objectId: target.objectId,
      platform: target.platform,
      ownerId: target.ownerId,
      from: follower(state, target.platform, input.from),
      message: input.text,
      parentId,
    });
    hooks.publish(payloads.comment(made, 'add', made.createdAt));
    return made;
  }

  function live(commentId: string): SimComment {
    const found = findComment(state, commentId);
    if (!found) throw new InboxInputError(`No comment ${commentId}`);
    return found;
  }

  function editComment(commentId: string, text: string): SimComment {
    const found = live(commentId);
    found.message = text;
    found.editedAt = nowMs();
    hooks.publish(payloads.comment(found, 'edited', found.editedAt));
    return found;
  }

  /** The follower removes their comment (and with it its replies). */
  function removeComment(commentId: string): SimComment {
    const found = live(commentId);
    const now = nowMs();
    found.deletedAt = now;
    for (const reply of state.comments) {
      if (reply.parentId === found.id && reply.deletedAt === null) reply.deletedAt = now;
    }
    hooks.publish(payloads.comment(found, 'remove', now));
    return found;
  }

  /** A message from a follower to an account: `accountId` a Page (Messenger) or an Instagram
   *  account. */
  function message(input: {
    accountId: string;
    text?: string;
    attachments?: { type: string; url: string }[];
    from?: Partial<SimFollower>;
  }): SimMessage {
    const instagram = state.igAccounts.has(input.accountId);
    if (!instagram && !state.pages.has(input.accountId)) {
      throw new InboxInputError(`No Page or Instagram account ${input.accountId}`);
    }
    const person = follower(state, instagram ? 'instagram' : 'facebook', input.from);
    const conversation = conversationOf(
      state,
      instagram ? 'instagram' : 'messenger',
      input.accountId,
      person,
      nowMs(),
    );
    const made = addMessage(ctx, conversation, {
      inbound: true,
      text: input.text ?? '',
      attachments: input.attachments ?? [],
    });
    hooks.publish(payloads.message(conversation, made));
    return made;
  }

  function conversationOfMessage(mid: string) {
    const found = state.messages.find((m) => m.id === mid && m.deletedAt === null);
    if (!found) throw new InboxInputError(`No message ${mid}`);
    return { found, conversation: state.conversations.get(found.conversationId)! };
  }

  /** The person unsends their message (Instagram `is_deleted`). */
  function unsend(mid: string): SimMessage {
    const { found, conversation } = conversationOfMessage(mid);
    if (conversation.platform !== 'instagram' || found.isEcho) {
      throw new InboxInputError('Only a person’s Instagram message can be unsent');
    }
    found.deletedAt = nowMs();
    hooks.publish(payloads.unsend(conversation, found, found.deletedAt));
    return found;
  }

  /** The person reads the conversation up to its newest message. */
  function read(conversationId: string): void {
    const conversation = state.conversations.get(conversationId);
    if (!conversation) throw new InboxInputError(`No conversation ${conversationId}`);
    const newest = state.messages
      .filter((m) => m.conversationId === conversationId && m.deletedAt === null && m.isEcho)
      .at(-1);
    if (newest) hooks.publish(payloads.read(conversation, newest, nowMs()));
  }

  /** The account writes from the phone app: an echo without app id or metadata. */
  function accountMessage(input: { conversationId: string; text: string }): SimMessage {
    const conversation = state.conversations.get(input.conversationId);
    if (!conversation) throw new InboxInputError(`No conversation ${input.conversationId}`);
    const made = addMessage(ctx, conversation, { inbound: false, text: input.text });
    hooks.publish(payloads.message(conversation, made));
    return made;
  }

  return {
    comment,
    editComment,
    removeComment,
    message,
    unsend,
    read,
    accountMessage,
    record: (accountId: string) => recordOf(state, accountId),
  };
}

export type InboxFollowers = ReturnType<typeof inboxFollowers>;
