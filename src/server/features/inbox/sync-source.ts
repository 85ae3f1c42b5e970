import type { AppDeps } from '#server/platform/deps.ts';
import type { IgHost, MetaClient } from '#server/integrations/meta/client.ts';
import type { GraphComment } from '#server/integrations/meta/inbox-client.ts';
import { perProcess } from '#server/platform/per-process.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';

// What the inbox's sync reads from the platform for one account (docs/product/meta-platform.md
// #instagram-comments, #facebook-comments, #conversations): its recent posts, their comments
// (replies included), its conversations and their newest messages. Conversation reads are spaced
// to the Conversations API's 2 calls per second per account, and a sync stops early when the
// usage headers say the app or the account is close to its limit
// (docs/product/meta-platform.md#errors-and-rate-limits); the client's own gate leaves a
// throttled account alone until it recovers.

export interface SyncAccount {
  platform: 'instagram' | 'facebook';
  login: 'facebook' | 'instagram';
  /** Instagram account id, or Page id. */
  externalId: string;
  linkedPageId: string | null;
  token: string;
}

export interface PolledComment {
  id: string;
  text: string;
  time: string | null;
  from: { id: string; username?: string | null; name?: string | null } | null;
  parentId: string | null;
  hidden: boolean;
}

export interface PolledMessage {
  id: string;
  text: string;
  time: string | null;
  fromId: string | null;
  toId: string | null;
  attachments: { type: string; url: string }[];
}

export interface PolledConversation {
  id: string;
  updatedTime: string | null;
  /** Everyone in it as the platform lists them (the account and the person), when known. */
  participantIds?: string[];
}

export interface InboxSource {
  recentPosts(): Promise<{ id: string }[]>;
  /** Every comment of the post, replies included; `complete` when nothing was left unread. */
  comments(postId: string): Promise<{ comments: PolledComment[]; complete: boolean }>;
  conversations(): Promise<PolledConversation[]>;
  messages(conversationId: string): Promise<PolledMessage[]>;
}

export type InboxSourceFactory = (account: SyncAccount) => InboxSource;

/** How the process reads an account's inbox: the Graph API (or the simulator); tests replace it. */
export const inboxSource = perProcess<InboxSourceFactory>((deps) => graphSources(deps));

/** Reads through the process's Graph API client (the simulator in demo mode). */
export function graphSources(deps: AppDeps): InboxSourceFactory {
  return (account) => graphInboxSource(deps, account);
}

/** Usage (percent) at which a sync stops and leaves the rest to the next one. */
export const SYNC_USAGE_CEILING = 80;
/**
 * The Conversations API allows 2 calls per second per account: a little over half a second
 * apart, as the platform counts the calls of any one second.
 */
const CONVERSATION_CALL_GAP_MS = 550;
const POSTS_PER_SYNC = 25;
const COMMENT_PAGES = 4;

export class UsageCeilingError extends Error {
  constructor(highest: number) {
    super(`Meta API usage at ${highest}%: the sync resumes later`);
  }
}

/**
 * Conversations API calls of one `owner`, in this process, one at a time and each started at
 * least the gap after the previous one's answer came back. Measured from the answer (not from
 * when the previous call was meant to go): a call the event loop held back cannot land at the
 * platform right beside the next one (docs/product/meta-platform.md#conversations).
 */
const conversationLanes = new Map<string, { done: Promise<void>; endedAt: number }>();
async function spacedConversationCall<T>(owner: string, call: () => Promise<T>): Promise<T> {
  const previous = conversationLanes.get(owner);
  let release!: () => void;
  const lane = { done: new Promise<void>((resolve) => (release = resolve)), endedAt: 0 };
  conversationLanes.set(owner, lane);
  if (conversationLanes.size > 10_000) conversationLanes.clear();
  try {
    if (previous) {
      await previous.done;
      const wait = previous.endedAt + CONVERSATION_CALL_GAP_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return await call();
  } finally {
    lane.endedAt = Date.now();
    release();
  }
}

function graphInboxSource(deps: AppDeps, account: SyncAccount): InboxSource {
  const client: MetaClient = metaRuntime(deps).client;
  const { http, inbox } = client;
  const host: IgHost = account.login === 'instagram' ? 'instagram' : 'facebook';
  const platform = account.platform;
  const token = account.token;

  /**
   * Leaves the rest of the sync for later when Meta says the app is near its limit. The first
   * call always goes: the reading it is checked against may be old.
   */
  let calls = 0;
  const checkUsage = () => {
    calls += 1;
    if (calls === 1) return;
    const highest = http.lastUsage?.highest ?? 0;
    if (highest >= SYNC_USAGE_CEILING) throw new UsageCeilingError(highest);
  };
  // The Page's conversations and its Instagram account's (Facebook Login) count together.
  const conversationOwner =
    platform === 'instagram' && host === 'facebook'
      ? (account.linkedPageId ?? account.externalId)
      : account.externalId;
  const spaced = <T>(call: () => Promise<T>) => {
    checkUsage();
    return spacedConversationCall(conversationOwner, call);
  };

  return {
    async recentPosts() {
      checkUsage();
      if (platform === 'instagram') {
        const page = await client.ig.mediaPage(host, account.externalId, token, {
          limit: POSTS_PER_SYNC,
        });
        return page.items.map((m) => ({ id: m.id }));
      }
      const answer = await http.request<{ data: { id: string }[] }>({
        method: 'GET',
        url: `${client.config.graphBaseUrl}/${client.config.graphVersion}/${account.externalId}/feed`,
        params: { fields: 'id', limit: POSTS_PER_SYNC },
        token,
        usageKey: account.externalId,
        ...(client.config.appsecretProof ? { proofSecret: client.config.appSecret } : {}),
      });
      return answer.data.map((p) => ({ id: p.id }));
    },

    async comments(postId) {
      const out: PolledComment[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < COMMENT_PAGES; pages += 1) {
        checkUsage();
        const page = await inbox.listComments({
          platform,
          host,
          objectId: postId,
          token,
          ...(after ? { after } : {}),
        });
        for (const c of page.comments) {
          out.push(toComment(c, null));
          for (const r of c.replies) out.push(toComment(r, c.id));
        }
        if (!page.next) return { comments: out, complete: true };
        after = page.next;
      }
      return { comments: out, complete: false };
    },

    async conversations() {
      // Facebook Login reaches an Instagram account's conversations through its Page
      // (docs/product/meta-platform.md#conversations); Instagram Login through the account.
      const page = await spaced(() =>
        inbox.listConversations({ platform, host, accountId: conversationOwner, token }),
      );
      return page.conversations.map((c) => ({
        id: c.id,
        updatedTime: c.updatedTime || null,
        participantIds: c.participantIds,
      }));
    },

    async messages(conversationId) {
      const messages = await spaced(() =>
        inbox.conversationMessages({ host, conversationId, token }),
      );
      return messages.map((m) => ({
        id: m.id,
        text: m.text,
        time: m.createdTime || null,
        fromId: m.from.id || null,
        toId: m.to[0]?.id ?? null,
        attachments: m.attachments,
      }));
    },
  };
}

function toComment(c: GraphComment, parentId: string | null): PolledComment {
  return {
    id: c.id,
    text: c.text,
    time: c.timestamp || null,
    from: c.from?.id
      ? { id: c.from.id, username: c.from.username ?? null, name: c.from.name ?? null }
      : null,
    parentId: c.parentId ?? parentId,
    hidden: c.hidden,
  };
}
