import type { GraphHttp } from './http.ts';
import {
  attachmentOf,
  iso,
  normaliseComment,
  person,
  type RawComment,
  type RawMessage,
} from './inbox-normalise.ts';

// The social monitor's Graph calls (docs/decisions/091): comments and their replies, hiding,
// deleting and liking them, private replies, conversations, their messages and the Send API
// (docs/product/meta-platform.md#comments, #messaging). Composed into createMetaClient as
// `inbox`, on the same GraphHttp, so usage headers, the rate-limit gate and retries work as for
// every other call. Sends are never repeated by the client: the Send API has no idempotency key
// (docs/product/meta-platform.md#sending-messages).

/** graph.facebook.com (Facebook Login: Pages and their Instagram accounts) or graph.instagram.com
 *  (Instagram Login); the same as IgHost. */
export type InboxHost = 'facebook' | 'instagram';
export type InboxNetwork = 'instagram' | 'facebook';

export interface GraphPerson {
  id: string;
  username?: string;
  name?: string;
}

export interface GraphComment {
  id: string;
  text: string;
  /** ISO 8601. */
  timestamp: string;
  from: GraphPerson | null;
  parentId: string | null;
  hidden: boolean;
  likeCount: number;
  /** The medium or post the comment is on. */
  objectId: string;
  replies: GraphComment[];
}

export interface GraphMessage {
  /** The message id (mid). */
  id: string;
  createdTime: string;
  from: GraphPerson;
  to: { id: string; username?: string }[];
  text: string;
  attachments: { type: string; url: string }[];
  isEcho?: boolean;
}

export interface GraphConversation {
  id: string;
  updatedTime: string;
  /** Everyone in it as the platform lists them: the account and the person. */
  participantIds: string[];
}

export interface InboxClientDeps {
  http: GraphHttp;
  /** A full URL on graph.facebook.com or graph.instagram.com, the version included. */
  url(host: InboxHost, path: string): string;
  /** The appsecret_proof secret for the host, when the app requires it. */
  proof(host: InboxHost): string | undefined;
}

interface Paged<T> {
  data: T[];
  paging?: { cursors?: { after?: string }; next?: string };
}

const IG_REPLY_FIELDS = 'id,text,timestamp,username,from,hidden,like_count,parent_id';
const IG_COMMENT_FIELDS = `${IG_REPLY_FIELDS},replies{${IG_REPLY_FIELDS}}`;
const FB_COMMENT_FIELDS =
  'id,message,from,created_time,like_count,comment_count,parent,is_hidden,can_hide';
const MESSAGE_FIELDS = 'id,created_time,from,to,message,attachments';

export function createInboxClient({ http, url, proof }: InboxClientDeps) {
  const nextCursor = (answer: Paged<unknown>) =>
    answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null;

  async function facebookReplies(host: InboxHost, commentId: string, token: string) {
    const out: RawComment[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 20; pages += 1) {
      const answer = await http.request<Paged<RawComment>>({
        method: 'GET',
        url: url(host, `/${commentId}/comments`),
        params: { fields: FB_COMMENT_FIELDS, limit: 100, ...(after ? { after } : {}) },
        token,
        proofSecret: proof(host),
      });
      out.push(...answer.data);
      after = nextCursor(answer) ?? undefined;
      if (!after) break;
    }
    return out;
  }

  return {
    /**
     * One page of top-level comments with their replies, newest first on Instagram
     * (docs/product/meta-platform.md#instagram-comments, #facebook-comments): Instagram expands
     * `replies`, Facebook reads `/{comment-id}/comments` of each comment that has any.
     */
    async listComments(input: {
      platform: InboxNetwork;
      host: InboxHost;
      objectId: string;
      token: string;
      after?: string;
      limit?: number;
    }): Promise<{ comments: GraphComment[]; next: string | null }> {
      const instagram = input.platform === 'instagram';
      const answer = await http.request<Paged<RawComment>>({
        method: 'GET',
        url: url(input.host, `/${input.objectId}/comments`),
        params: {
          fields: instagram ? IG_COMMENT_FIELDS : FB_COMMENT_FIELDS,
          limit: input.limit ?? (instagram ? 50 : 25),
          ...(input.after ? { after: input.after } : {}),
        },
        token: input.token,
        proofSecret: proof(input.host),
        usageKey: input.objectId,
      });
      const comments = answer.data.map((raw) => normaliseComment(raw, input.objectId, null));
      if (!instagram) {
        for (const [i, raw] of answer.data.entries()) {
          if (!raw.comment_count) continue;
          const replies = await facebookReplies(input.host, raw.id, input.token);
          comments[i]!.replies = replies.map((r) => normaliseComment(r, input.objectId, raw.id));
        }
      }
      return { comments, next: nextCursor(answer) };
    },

    /** Instagram `POST /{id}/replies`, Facebook `POST /{id}/comments`; never repeated. */
    replyToComment(input: {
      platform: InboxNetwork;
      host: InboxHost;
      commentId: string;
      message: string;
      token: string;
    }): Promise<{ id: string }> {
      const edge = input.platform === 'instagram' ? 'replies' : 'comments';
      return http.request<{ id: string }>({
        method: 'POST',
        url: url(input.host, `/${input.commentId}/${edge}`),
        params: { message: input.message },
        token: input.token,
        proofSecret: proof(input.host),
        retry: false,
      });
    },

    /** Instagram `hide=true|false`, Facebook `is_hidden`. */
    async setCommentHidden(input: {
      platform: InboxNetwork;
      host: InboxHost;
      commentId: string;
      hidden: boolean;
      token: string;
    }): Promise<void> {
      await http.request<{ success: boolean }>({
        method: 'POST',
        url: url(input.host, `/${input.commentId}`),
        params:
          input.platform === 'instagram' ? { hide: input.hidden } : { is_hidden: input.hidden },
        token: input.token,
        proofSecret: proof(input.host),
      });
    },

    async deleteComment(input: {
      platform: InboxNetwork;
      host: InboxHost;
      commentId: string;
      token: string;
    }): Promise<void> {
      await http.request<{ success: boolean }>({
        method: 'DELETE',
        url: url(input.host, `/${input.commentId}`),
        token: input.token,
        proofSecret: proof(input.host),
      });
    },

    /** Facebook only: the Page likes or unlikes a comment (`/{comment-id}/likes`). */
    async setCommentLiked(input: {
      commentId: string;
      liked: boolean;
      token: string;
    }): Promise<void> {
      await http.request<{ success: boolean }>({
        method: input.liked ? 'POST' : 'DELETE',
        url: url('facebook', `/${input.commentId}/likes`),
        token: input.token,
        proofSecret: proof('facebook'),
      });
    },

    /**
     * A direct message answering a comment, once per comment within 7 days
     * (docs/product/meta-platform.md#private-replies): `accountId` is the Page (Facebook Login,
     * Instagram through it too) or the Instagram account (Instagram Login).
     */
    async privateReply(input: {
      platform: InboxNetwork;
      host: InboxHost;
      accountId: string;
      commentId: string;
      text: string;
      token: string;
    }): Promise<{ recipientId: string; messageId: string }> {
      const answer = await http.request<{ recipient_id: string; message_id: string }>({
        method: 'POST',
        url: url(input.host, `/${input.accountId}/messages`),
        params: {
          recipient: JSON.stringify({ comment_id: input.commentId }),
          message: JSON.stringify({ text: input.text }),
        },
        token: input.token,
        proofSecret: proof(input.host),
        usageKey: input.accountId,
        retry: false,
      });
      return { recipientId: answer.recipient_id, messageId: answer.message_id };
    },

    /**
     * One page of the account's conversations, most recently updated first
     * (docs/product/meta-platform.md#conversations). Their rate limit (2 per second) pauses only
     * conversation reads.
     */
    async listConversations(input: {
      platform: InboxNetwork;
      host: InboxHost;
      accountId: string;
      token: string;
      after?: string;
    }): Promise<{ conversations: GraphConversation[]; next: string | null }> {
      const answer = await http.request<
        Paged<{ id: string; updated_time?: string; participants?: { data?: { id: string }[] } }>
      >({
        method: 'GET',
        url: url(input.host, `/${input.accountId}/conversations`),
        params: {
          platform: input.platform === 'instagram' ? 'instagram' : 'messenger',
          fields: 'id,updated_time,participants',
          ...(input.after ? { after: input.after } : {}),
        },
        token: input.token,
        proofSecret: proof(input.host),
        usageKey: `${input.accountId}:conversations`,
      });
      return {
        conversations: answer.data.map((c) => ({
          id: c.id,
          updatedTime: iso(c.updated_time),
          participantIds: (c.participants?.data ?? []).map((p) => p.id),
        })),
        next: nextCursor(answer),
      };
    },

    /** The newest 20 messages of a conversation, newest first: older ones cannot be read. */
    async conversationMessages(input: {
      host: InboxHost;
      conversationId: string;
      token: string;
    }): Promise<GraphMessage[]> {
      const answer = await http.request<{ id: string; messages?: Paged<RawMessage> }>({
        method: 'GET',
        url: url(input.host, `/${input.conversationId}`),
        params: { fields: `messages.limit(20){${MESSAGE_FIELDS}}` },
        token: input.token,
        proofSecret: proof(input.host),
        usageKey: `${input.conversationId}:messages`,
      });
      return (answer.messages?.data ?? []).map((m) => ({
        id: m.id,
        createdTime: iso(m.created_time),
        from: person(m.from) ?? { id: '' },
        to: (m.to?.data ?? []).map((t) => ({
          id: t.id,
          ...(t.username ? { username: t.username } : {}),
        })),
        text: m.message ?? '',
        attachments: (m.attachments?.data ?? [])
          .map(attachmentOf)
          .filter((a): a is { type: string; url: string } => a !== null),
      }));
    },

    /**
     * The Send API (docs/product/meta-platform.md#sending-messages): RESPONSE inside the 24-hour
     * window, or the HUMAN_AGENT tag up to 7 days; `metadata` comes back in the echo. Never
     * repeated: a retried send may duplicate the message.
     */
    async sendMessage(input: {
      platform: InboxNetwork;
      host: InboxHost;
      accountId: string;
      recipientId: string;
      text?: string;
      imageUrl?: string;
      metadata: string;
      humanAgentTag?: boolean;
      token: string;
    }): Promise<{ recipientId: string; messageId: string }> {
      const message: Record<string, unknown> = input.imageUrl
        ? { attachment: { type: 'image', payload: { url: input.imageUrl } } }
        : { text: input.text ?? '' };
      message.metadata = input.metadata;
      const answer = await http.request<{ recipient_id: string; message_id: string }>({
        method: 'POST',
        url: url(input.host, `/${input.accountId}/messages`),
        params: {
          recipient: JSON.stringify({ id: input.recipientId }),
          messaging_type: input.humanAgentTag ? 'MESSAGE_TAG' : 'RESPONSE',
          ...(input.humanAgentTag ? { tag: 'HUMAN_AGENT' } : {}),
          message: JSON.stringify(message),
        },
        token: input.token,
        proofSecret: proof(input.host),
        usageKey: input.accountId,
        retry: false,
      });
      return { recipientId: answer.recipient_id, messageId: answer.message_id };
    },
  };
}

export type InboxClient = ReturnType<typeof createInboxClient>;
