import type { Context } from 'hono';
import {
  fail,
  invalidParam,
  unknownObject,
  type GraphArea,
  type GraphRequest,
  type SimContext,
} from './context.ts';
import type { GraphErrorSpec } from './faults.ts';
import { conversationMessageNode, conversationNode } from './message-nodes.ts';
import type { InboxPayloads } from './inbox-payloads.ts';
import { messagesOf } from './inbox-store.ts';
import { sendApi } from './send-api.ts';
import type { InboxWebhooks } from './inbox-webhooks.ts';
import type { SimIgAccount, SimPage } from './state.ts';

// Conversations and their messages (docs/product/meta-platform.md#conversations): a Page's
// Messenger and Instagram conversations on graph.facebook.com, an Instagram Login account's on
// graph.instagram.com, at most `conversationsPerSecond` reads a second per account; only the 20
// newest messages of a conversation can be read. The Send API and private replies are in
// send-api.ts.

const NO_CAPABILITY: GraphErrorSpec = {
  status: 400,
  code: 3,
  message: '(#3) Application does not have the capability to make this API call.',
};
const NO_ROLE: GraphErrorSpec = {
  status: 403,
  code: 200,
  message:
    '(#200) Requires permission: pages_messaging or User associated with the Page access token does not have an appropriate role on the Page.',
};
const RATE_LIMITED: GraphErrorSpec = {
  status: 400,
  code: 613,
  message: '(#613) Calls to this api have exceeded the rate limit.',
};
/** Older than the 20 newest messages (docs/product/meta-platform.md#conversations). */
const MESSAGE_GONE: GraphErrorSpec = {
  status: 400,
  code: 100,
  message: '(#100) This message has been deleted.',
};

export function conversationRoutes(
  ctx: SimContext,
  hooks: InboxWebhooks,
  payloads: InboxPayloads,
): { graph: GraphArea; igGraph: GraphArea } {
  const { state, cfg, nowMs, authenticate, canActOnIg, page, fieldsOf } = ctx;
  const send = sendApi(ctx, hooks, payloads);

  /** Counts a Conversations API call against the account; over the limit, error 613. */
  function throttle(c: Context, accountId: string) {
    const now = nowMs();
    const calls = (state.conversationCalls.get(accountId) ?? []).filter((t) => t > now - 1000);
    if (calls.length >= cfg().conversationsPerSecond) {
      state.conversationCalls.set(accountId, calls);
      c.header(
        'X-Business-Use-Case-Usage',
        JSON.stringify({
          [accountId]: [
            {
              type: 'messenger',
              call_count: 100,
              total_cputime: 25,
              total_time: 33,
              estimated_time_to_regain_access: 1,
            },
          ],
        }),
      );
      fail(RATE_LIMITED);
    }
    calls.push(now);
    state.conversationCalls.set(accountId, calls);
  }

  function pageFor(c: Context, params: Record<string, string>, p: SimPage, needs: 'read' | 'send') {
    const token = authenticate(c, params, ['PAGE']);
    if (token.subjectId !== p.id) fail(unknownObject(p.id, c.req.method.toLowerCase()));
    const allowed =
      needs === 'send'
        ? p.tasks.includes('MESSAGING')
        : p.tasks.includes('MESSAGING') || p.tasks.includes('MODERATE');
    if (!allowed) fail(NO_ROLE);
    return token;
  }

  function listConversations(request: GraphRequest, accountId: string, platform: string) {
    const { c, params, base } = request;
    throttle(c, accountId);
    const items = [...state.conversations.values()]
      .filter((x) => x.accountId === accountId && x.platform === platform)
      .filter((x) => !params.user_id || x.person.id === params.user_id)
      .filter((x) => messagesOf(state, x.id).length > 0)
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .map((x) => conversationNode(ctx, x, fieldsOf(params, ['id', 'updated_time'])));
    return page(c, items, params, base, `/${request.segments.join('/')}`);
  }

  /** A conversation or a message, by id, for a caller who may read it. */
  function readObject(request: GraphRequest, canRead: (accountId: string) => boolean) {
    const { c, params, segments } = request;
    const [id, edge] = segments as [string, string | undefined];
    // Conversation and message ids (docs/product/meta-platform.md#identifier-formats).
    if (c.req.method !== 'GET' || !/^(t_|m_|aWdf)/.test(id ?? '')) return undefined;
    const conversation = state.conversations.get(id);
    if (conversation) {
      if (!canRead(conversation.accountId)) fail(unknownObject(id));
      throttle(c, conversation.accountId);
      const fields = edge === 'messages' ? [`messages{${params.fields ?? 'id,created_time'}}`] : [];
      const node = conversationNode(ctx, conversation, [
        ...fieldsOf(params, ['id', 'updated_time']),
        ...fields,
      ]);
      return c.json(edge === 'messages' ? node.messages : node);
    }
    const message = state.messages.find((m) => m.id === id && m.deletedAt === null);
    if (!message || edge) return undefined;
    const owner = state.conversations.get(message.conversationId)!;
    if (!canRead(owner.accountId)) fail(unknownObject(id));
    const newest = messagesOf(state, owner.id).slice(0, 20);
    if (!newest.includes(message)) fail(MESSAGE_GONE);
    return c.json(conversationMessageNode(ctx, owner, message, fieldsOf(params, ['id'])));
  }

  const graph: GraphArea = (request) => {
    const { c, params, segments } = request;
    const [id, edge, extra] = segments as [string, string | undefined, string | undefined];
    if (extra) return undefined;
    const method = c.req.method;
    const p = state.pages.get(id);
    if (p && edge === 'conversations' && method === 'GET') {
      pageFor(c, params, p, 'read');
      const platform = params.platform === 'instagram' ? 'instagram' : 'messenger';
      const accountId = platform === 'instagram' ? p.igAccountId : p.id;
      if (!accountId) fail(invalidParam('(#100) No Instagram account is linked to this Page'));
      return listConversations(request, accountId!, platform);
    }
    if (p && edge === 'messages' && method === 'POST') {
      pageFor(c, params, p, 'send');
      return send.fromPage(c, params, p);
    }
    // Instagram through Facebook Login goes through the Page (docs/product/meta-platform.md#private-replies).
    if (state.igAccounts.has(id) && (edge === 'messages' || edge === 'conversations')) {
      authenticate(c, params);
      fail(NO_CAPABILITY);
    }
    return readObject(request, (accountId) => {
      const token = authenticate(c, params, ['PAGE']);
      const tokenPage = state.pages.get(token.subjectId);
      return tokenPage?.id === accountId || tokenPage?.igAccountId === accountId;
    });
  };

  const igGraph: GraphArea = (request) => {
    const { c, params, segments } = request;
    const [first, edge, extra] = segments as [string, string | undefined, string | undefined];
    if (extra) return undefined;
    const method = c.req.method;
    let ig: SimIgAccount | undefined;
    if (first === 'me' && (edge === 'conversations' || edge === 'messages')) {
      const token = authenticate(c, params, ['IG_USER']);
      ig = state.igAccounts.get(token.subjectId);
    } else if (edge === 'conversations' || edge === 'messages') {
      ig = state.igAccounts.get(first);
    }
    if (ig) {
      const token = authenticate(c, params, ['IG_USER']);
      if (!canActOnIg(token, ig.id)) fail(unknownObject(first, method.toLowerCase()));
      if (edge === 'conversations' && method === 'GET') {
        return listConversations(request, ig.id, 'instagram');
      }
      if (edge === 'messages' && method === 'POST') return send.fromInstagram(c, params, ig);
      return undefined;
    }
    return readObject(request, (accountId) => {
      const token = authenticate(c, params, ['IG_USER']);
      return canActOnIg(token, accountId);
    });
  };

  return { graph, igGraph };
}
