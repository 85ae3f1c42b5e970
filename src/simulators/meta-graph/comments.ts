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
import type { InboxPayloads } from './inbox-payloads.ts';
import { addComment, commentsOf, findComment, ownerOf } from './inbox-store.ts';
import type { InboxWebhooks } from './inbox-webhooks.ts';
import type { SimComment } from './state.ts';

// Comments on published media and posts (docs/product/meta-platform.md#instagram-comments,
// #facebook-comments): the account's own (a post's first comment, replies) and its followers'
// (control API, crowd mode). Listing (Instagram newest first, top-level only, replies through
// `replies`; Facebook `/{post-id}/comments` and `/{comment-id}/comments`), replies, hiding,
// deleting and Facebook likes; each change sends its webhook (inbox-payloads.ts).

export const CANNOT_HIDE: GraphErrorSpec = {
  status: 403,
  code: 200,
  message: '(#200) Can not hide or unhide this comment',
};
const HIDDEN_REPLY: GraphErrorSpec = {
  status: 400,
  code: 100,
  message: '(#100) Cannot reply to a hidden comment',
};

/** The fields inside `name{…}` of a fields list entry, or null. */
const subFields = (field: string) => {
  const match = field.match(/\{(.*)\}$/);
  return match ? match[1]!.split(/,(?![^{]*\})/).map((f) => f.trim()) : null;
};

export function commentRoutes(
  ctx: SimContext,
  hooks: InboxWebhooks,
  payloads: InboxPayloads,
): { graph: GraphArea; igGraph: GraphArea } {
  const { state, nowMs, authenticate, canActOnIg, fieldsOf, baseField, isoTime, page } = ctx;

  /** The caller may act for the account that owns the object on this host. */
  function authorize(
    c: Context,
    params: Record<string, string>,
    target: { platform: 'instagram' | 'facebook'; ownerId: string },
    id: string,
    host: GraphRequest['host'],
  ) {
    if (target.platform === 'facebook') {
      if (host === 'ig-graph') fail(unknownObject(id, c.req.method.toLowerCase()));
      const token = authenticate(c, params, ['PAGE']);
      if (token.subjectId !== target.ownerId) fail(unknownObject(id, c.req.method.toLowerCase()));
      return token;
    }
    const token = authenticate(c, params, host === 'ig-graph' ? ['IG_USER'] : ['USER', 'PAGE']);
    if (!canActOnIg(token, target.ownerId)) fail(unknownObject(id, c.req.method.toLowerCase()));
    return token;
  }

  function ownerName(comment: SimComment) {
    if (comment.platform === 'facebook') return state.pages.get(comment.ownerId)?.name ?? '';
    return state.igAccounts.get(comment.ownerId)?.username ?? '';
  }

  function node(comment: SimComment, fields: string[]): Record<string, unknown> {
    const out: Record<string, unknown> = { id: comment.id };
    const ig = comment.platform === 'instagram';
    for (const f of fields) {
      const name = baseField(f);
      const sub = subFields(f);
      switch (name) {
        case 'text':
          if (ig) out.text = comment.message;
          break;
        case 'message':
          if (!ig) out.message = comment.message;
          break;
        case 'timestamp':
          if (ig) out.timestamp = isoTime(comment.createdAt);
          break;
        case 'created_time':
          if (!ig) out.created_time = isoTime(comment.createdAt);
          break;
        case 'username':
          if (ig) out.username = comment.from?.username ?? ownerName(comment);
          break;
        case 'from':
          out.from = comment.from
            ? ig
              ? { id: comment.from.id, username: comment.from.username }
              : { id: comment.from.id, name: comment.from.name }
            : ig
              ? { id: comment.ownerId, username: ownerName(comment) }
              : { id: comment.ownerId, name: ownerName(comment) };
          break;
        case 'hidden':
          if (ig) out.hidden = comment.hidden;
          break;
        case 'is_hidden':
          if (!ig) out.is_hidden = comment.hidden;
          break;
        case 'can_hide':
          if (!ig) out.can_hide = comment.from !== null;
          break;
        case 'like_count':
          out.like_count = comment.likeCount + (comment.liked ? 1 : 0);
          break;
        case 'user_likes':
          if (!ig) out.user_likes = comment.liked;
          break;
        case 'comment_count':
          if (!ig) out.comment_count = commentsOf(state, comment.objectId, comment.id).length;
          break;
        case 'parent_id':
          if (ig && comment.parentId) out.parent_id = comment.parentId;
          break;
        case 'parent': {
          const parent = comment.parentId ? findComment(state, comment.parentId) : undefined;
          if (!ig && parent) out.parent = node(parent, ['id', 'message', 'from', 'created_time']);
          break;
        }
        case 'media':
          if (ig) {
            const media = state.media.get(comment.objectId);
            out.media = { id: comment.objectId, media_product_type: media?.productType };
          }
          break;
        case 'replies':
          if (ig && !comment.parentId) {
            const replies = commentsOf(state, comment.objectId, comment.id);
            out.replies = { data: replies.map((r) => node(r, sub ?? ['id', 'text', 'timestamp'])) };
          }
          break;
      }
    }
    return out;
  }

  function list(
    request: GraphRequest,
    items: SimComment[],
    path: string,
    instagram: boolean,
    defaults: string[],
  ) {
    const { c, params, base } = request;
    const fields = fieldsOf(params, defaults);
    // Instagram answers at most 50 a page (docs/product/meta-platform.md#instagram-comments).
    const limit = Math.min(Number(params.limit) || 25, instagram ? 50 : 100);
    const nodes = items.map((x) => node(x, fields));
    return page(c, nodes, { ...params, limit: String(limit) }, base, path);
  }

  function create(
    target: { platform: 'instagram' | 'facebook'; ownerId: string; objectId: string },
    params: Record<string, string>,
    parentId: string | null,
  ) {
    if (!params.message) fail(invalidParam('(#100) The parameter message is required'));
    const comment = addComment(ctx, {
      objectId: target.objectId,
      platform: target.platform,
      ownerId: target.ownerId,
      from: null,
      message: params.message!,
      parentId,
    });
    hooks.publish(payloads.comment(comment, 'add', comment.createdAt));
    return { id: comment.id };
  }

  const area =
    (host: GraphRequest['host']): GraphArea =>
    (request) => {
      const { c, params, segments } = request;
      const method = c.req.method;
      const [id, second, third] = segments as [string, string | undefined, string | undefined];
      if (third) return undefined;
      const object = second === 'comments' ? ownerOf(state, id) : undefined;
      if (object) {
        authorize(c, params, object, id, host);
        const instagram = object.platform === 'instagram';
        if (method === 'POST') return c.json(create(object, params, null));
        if (method !== 'GET') return undefined;
        const top = commentsOf(state, object.objectId, null);
        // Instagram lists newest first; Facebook in the order they were written.
        return list(
          request,
          instagram ? [...top].reverse() : top,
          `/${id}/comments`,
          instagram,
          instagram ? ['id', 'text', 'timestamp'] : ['id', 'message', 'created_time'],
        );
      }
      const comment = findComment(state, id);
      if (!comment) {
        // A removed comment is an unknown object, as on the platform.
        if (state.comments.some((x) => x.id === id)) fail(unknownObject(id, method.toLowerCase()));
        return undefined;
      }
      const instagram = comment.platform === 'instagram';
      authorize(c, params, comment, id, host);
      const repliesEdge = instagram ? 'replies' : 'comments';
      if (second === repliesEdge) {
        const top = comment.parentId ? findComment(state, comment.parentId) : comment;
        if (!top) fail(unknownObject(id));
        if (method === 'GET') {
          return list(
            request,
            commentsOf(state, comment.objectId, top!.id),
            `/${id}/${second}`,
            instagram,
            instagram ? ['id', 'text', 'timestamp'] : ['id', 'message', 'created_time'],
          );
        }
        if (method !== 'POST') return undefined;
        // A reply goes to the top-level comment; a hidden one takes none.
        if (instagram && (comment.hidden || top!.hidden)) fail(HIDDEN_REPLY);
        return c.json(create(comment, params, top!.id));
      }
      if (second === 'likes' && !instagram) {
        if (method !== 'POST' && method !== 'DELETE') return undefined;
        comment.liked = method === 'POST';
        return c.json({ success: true });
      }
      if (second) return undefined;
      if (method === 'GET') {
        return c.json(node(comment, fieldsOf(params, ['id', instagram ? 'text' : 'message'])));
      }
      if (method === 'DELETE') {
        const now = nowMs();
        comment.deletedAt = now;
        for (const reply of commentsOf(state, comment.objectId, comment.id)) reply.deletedAt = now;
        hooks.publish(payloads.comment(comment, 'remove', now));
        return c.json({ success: true });
      }
      if (method === 'POST') {
        const raw = instagram ? params.hide : params.is_hidden;
        if (raw === undefined) {
          fail(
            invalidParam(`(#100) The parameter ${instagram ? 'hide' : 'is_hidden'} is required`),
          );
        }
        // The account's own comments are always shown.
        if (comment.from === null) fail(CANNOT_HIDE);
        const hidden = raw === 'true' || raw === '1';
        if (hidden !== comment.hidden) {
          comment.hidden = hidden;
          hooks.publish(payloads.comment(comment, hidden ? 'hide' : 'unhide', nowMs()));
        }
        return c.json({ success: true });
      }
      return undefined;
    };

  return { graph: area('graph'), igGraph: area('ig-graph') };
}
