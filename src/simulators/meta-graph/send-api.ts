import type { Context } from 'hono';
import { fail, invalidParam, type SimContext } from './context.ts';
import type { GraphErrorSpec } from './faults.ts';
import type { InboxPayloads } from './inbox-payloads.ts';
import { addMessage, conversationOf, findComment, isInstagramLoginAccount } from './inbox-store.ts';
import type { InboxWebhooks } from './inbox-webhooks.ts';
import type { SimConversation, SimIgAccount, SimPage } from './state.ts';

// The Send API and private replies (docs/product/meta-platform.md#sending-messages,
// #messaging-window, #private-replies): a message inside the 24-hour window of the person's last
// message (7 days with the HUMAN_AGENT tag), at most 1000 bytes on Instagram; one private reply
// per comment within 7 days. Each sent message comes back as an echo webhook with the app id and
// the metadata sent; with the early-echo fault, before the call answers.

const DAY_MS = 86_400_000;
const RETIRED_TAGS = new Set(['CONFIRMED_EVENT_UPDATE', 'ACCOUNT_UPDATE', 'POST_PURCHASE_UPDATE']);

const outsideWindow = (instagram: boolean): GraphErrorSpec => ({
  status: 400,
  code: 10,
  subcode: instagram ? 2534022 : 2018278,
  message: '(#10) This message is sent outside of allowed window.',
});
const NO_USER: GraphErrorSpec = {
  status: 400,
  code: 100,
  subcode: 2534014,
  message: '(#100) No matching user found',
};
const PRIVATE_REPLY_SENT: GraphErrorSpec = {
  status: 400,
  code: 100,
  subcode: 2534025,
  message: '(#100) A private reply has already been sent for this comment.',
};

function json(raw: string | undefined, name: string): Record<string, unknown> {
  if (!raw) fail(invalidParam(`(#100) The parameter ${name} is required`));
  try {
    const value = JSON.parse(raw!) as unknown;
    if (value && typeof value === 'object') return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  return fail(invalidParam(`(#100) param ${name} must be a JSON object`));
}

export function sendApi(ctx: SimContext, hooks: InboxWebhooks, payloads: InboxPayloads) {
  const { state, cfg, nowMs } = ctx;

  /** The message body of a send: text or one attachment, and the metadata. */
  function content(message: Record<string, unknown>, instagram: boolean) {
    const text = typeof message.text === 'string' ? message.text : null;
    const attachment = message.attachment as
      { type?: string; payload?: { url?: string } } | undefined;
    if (text === null && !attachment?.payload?.url) {
      fail(invalidParam('(#100) param message must contain text or an attachment'));
    }
    if (text !== null && instagram && Buffer.byteLength(text) > 1000) {
      fail(invalidParam('(#100) Length of param message[text] must be less than or equal to 1000'));
    }
    if (text !== null && !instagram && [...text].length > 2000) {
      fail(invalidParam('(#100) Length of param message[text] must be less than or equal to 2000'));
    }
    const metadata = typeof message.metadata === 'string' ? message.metadata : null;
    if (metadata !== null && metadata.length > 1000) {
      fail(invalidParam('(#100) Length of param message[metadata] must be less than 1000'));
    }
    return {
      text: text ?? '',
      attachments: attachment?.payload?.url
        ? [{ type: attachment.type ?? 'image', url: attachment.payload.url }]
        : [],
      metadata,
    };
  }

  /** The window of the conversation for this send, or the platform's refusal. */
  function checkWindow(conversation: SimConversation, params: Record<string, string>) {
    const instagram = conversation.platform === 'instagram';
    const type = params.messaging_type ?? 'RESPONSE';
    if (!['RESPONSE', 'UPDATE', 'MESSAGE_TAG'].includes(type)) {
      fail(
        invalidParam('(#100) param messaging_type must be one of RESPONSE, UPDATE, MESSAGE_TAG'),
      );
    }
    if (type === 'MESSAGE_TAG' && !params.tag) {
      fail(invalidParam('(#100) param tag is required with messaging_type MESSAGE_TAG'));
    }
    if (params.tag && RETIRED_TAGS.has(params.tag)) {
      fail(invalidParam(`(#100) The tag ${params.tag} is no longer supported`));
    }
    const humanAgent = type === 'MESSAGE_TAG' && params.tag === 'HUMAN_AGENT';
    const window = humanAgent ? 7 * DAY_MS : DAY_MS;
    const last = conversation.lastInboundAt;
    if (last === null || nowMs() - last > window) fail(outsideWindow(instagram));
  }

  async function deliver(
    c: Context,
    conversation: SimConversation,
    body: ReturnType<typeof content>,
    appId: string,
  ) {
    const message = addMessage(ctx, conversation, {
      inbound: false,
      text: body.text,
      attachments: body.attachments,
      appId,
      metadata: body.metadata,
    });
    await hooks.publishEcho(payloads.message(conversation, message));
    return c.json({ recipient_id: conversation.person.id, message_id: message.id });
  }

  /** One private reply per comment, within 7 days of it. */
  async function privateReply(
    c: Context,
    params: Record<string, string>,
    commentId: string,
    accounts: { instagram: string | null; facebook: string | null },
    appId: string,
  ) {
    const comment = findComment(state, commentId);
    const owner = comment?.platform === 'instagram' ? accounts.instagram : accounts.facebook;
    if (!comment || comment.ownerId !== owner || !comment.from) fail(NO_USER);
    const instagram = comment!.platform === 'instagram';
    if (comment!.privateReplyAt !== null) fail(PRIVATE_REPLY_SENT);
    if (nowMs() - comment!.createdAt > 7 * DAY_MS) fail(outsideWindow(instagram));
    const body = content(json(params.message, 'message'), instagram);
    comment!.privateReplyAt = nowMs();
    const conversation = conversationOf(
      state,
      instagram ? 'instagram' : 'messenger',
      comment!.ownerId,
      comment!.from!,
      nowMs(),
    );
    return deliver(c, conversation, body, appId);
  }

  function findConversation(accountIds: (string | null)[], personId: unknown) {
    if (typeof personId !== 'string') fail(invalidParam('(#100) param recipient must name an id'));
    const found = [...state.conversations.values()].find(
      (x) => accountIds.includes(x.accountId) && x.person.id === personId,
    );
    if (!found) fail(NO_USER);
    return found!;
  }

  return {
    /** POST /{page-id}/messages: Messenger, or Instagram through the Page. */
    fromPage(c: Context, params: Record<string, string>, page: SimPage) {
      const recipient = json(params.recipient, 'recipient');
      if (typeof recipient.comment_id === 'string') {
        const accounts = { instagram: page.igAccountId, facebook: page.id };
        return privateReply(c, params, recipient.comment_id, accounts, cfg().appId);
      }
      const conversation = findConversation([page.id, page.igAccountId], recipient.id);
      checkWindow(conversation, params);
      const body = content(json(params.message, 'message'), conversation.platform === 'instagram');
      return deliver(c, conversation, body, cfg().appId);
    },
    /** POST graph.instagram.com/{ig-id}/messages (or /me/messages): Instagram Login. */
    fromInstagram(c: Context, params: Record<string, string>, ig: SimIgAccount) {
      const appId = isInstagramLoginAccount(state, ig.id) ? cfg().igAppId : cfg().appId;
      const recipient = json(params.recipient, 'recipient');
      if (typeof recipient.comment_id === 'string') {
        return privateReply(
          c,
          params,
          recipient.comment_id,
          { instagram: ig.id, facebook: null },
          appId,
        );
      }
      const conversation = findConversation([ig.id], recipient.id);
      checkWindow(conversation, params);
      const body = content(json(params.message, 'message'), true);
      return deliver(c, conversation, body, appId);
    },
  };
}
