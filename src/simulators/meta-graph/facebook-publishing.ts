import { FAULTS } from './faults.ts';
import {
  fail,
  GraphFailure,
  invalidParam,
  unknownObject,
  type GraphArea,
  type SimContext,
} from './context.ts';
import type { PageEdge } from './pages.ts';
import { digits, type SimPost } from './state.ts';

// Facebook publishing: a Page's feed (text, link, multi-photo), photos and videos (on
// graph-video only), scheduling, and reading, editing and deleting a post
// (docs/product/meta-platform.md#facebook-multi-photo-posts).

export function facebookPublishing(ctx: SimContext) {
  const {
    state,
    nowMs,
    nowSec,
    authenticate,
    requireScope,
    page,
    fieldsOf,
    isoTime,
    pick,
    facebookHome,
  } = ctx;

  const POST_FIELDS: Record<string, (p: SimPost) => unknown> = {
    message: (p) => p.message || undefined,
    created_time: (p) => isoTime(p.createdAt),
    permalink_url: (p) => `${facebookHome}/${p.id.replace('_', '/posts/')}`,
    full_picture: (p) => p.mediaUrl || undefined,
    is_published: (p) => p.published,
    scheduled_publish_time: (p) => p.scheduledPublishTime || undefined,
  };

  const postNode = (p: SimPost, fields: string[]) => pick(p, fields, POST_FIELDS);

  function findPost(id: string): SimPost | undefined {
    return state.posts.get(id) ?? [...state.posts.values()].find((p) => p.id.endsWith(`_${id}`));
  }

  function scheduleCheck(params: Record<string, string>): number | null {
    if (params.published !== 'false' || !params.scheduled_publish_time) return null;
    const raw = params.scheduled_publish_time;
    const at = /^\d+$/.test(raw) ? Number(raw) : Math.floor(Date.parse(raw) / 1000);
    const delta = at - nowSec();
    if (!Number.isFinite(at) || delta < 600 || delta > 30 * 86_400)
      fail(FAULTS.fb_bad_schedule_100);
    return at;
  }

  /**
   * The photo ids of `attached_media`: a JSON array of {"media_fbid": id}
   * (docs/product/meta-platform.md#facebook-multi-photo-posts).
   */
  function attachedPhotoIds(raw: string | undefined): string[] {
    if (!raw) return [];
    try {
      const list: unknown = JSON.parse(raw);
      if (!Array.isArray(list)) return [];
      return list
        .map((x: unknown) =>
          x && typeof x === 'object' && 'media_fbid' in x ? String(x.media_fbid) : '',
        )
        .filter((id) => /^\d+$/.test(id));
    } catch {
      return [];
    }
  }

  function createPost(pageId: string, kind: SimPost['kind'], params: Record<string, string>) {
    const message = params.message ?? params.caption ?? params.description ?? null;
    const last = [...state.posts.values()].filter((p) => p.pageId === pageId).at(-1);
    if (kind === 'status' && message && last?.message === message && last.kind === 'status') {
      fail(FAULTS.fb_duplicate_506);
    }
    if (params.link) {
      try {
        if (new URL(params.link).hostname.endsWith('.invalid')) fail(FAULTS.fb_link_1609005);
      } catch (error) {
        if (error instanceof GraphFailure) throw error;
        fail(FAULTS.fb_link_1609005);
      }
    }
    const scheduled = scheduleCheck(params);
    const objectId = digits(18, '122');
    const post: SimPost = {
      id: `${pageId}_${objectId}`,
      pageId,
      kind,
      message,
      link: params.link ?? null,
      mediaUrl: params.url ?? params.file_url ?? null,
      attachedPhotoIds: attachedPhotoIds(params.attached_media),
      published: params.published !== 'false',
      scheduledPublishTime: scheduled,
      createdAt: nowMs(),
    };
    state.posts.set(post.id, post);
    return { post, objectId };
  }

  const pageEdge: PageEdge = ({ c, params, segments, host, base }, p, token) => {
    const method = c.req.method;
    const id = p.id;
    const second = segments[1];
    if (second === 'feed' && method === 'POST') {
      requireScope(token, 'pages_manage_posts');
      if (!p.tasks.includes('CREATE_CONTENT') && !p.tasks.includes('MANAGE'))
        fail(FAULTS.permission_10);
      if (!params.message && !params.link && !params.attached_media) {
        fail(invalidParam('(#100) Missing message or attachment'));
      }
      const { post } = createPost(id, 'status', params);
      return c.json({ id: post.id, post_supports_client_mutation_id: true });
    }
    if (second === 'feed' && method === 'GET') {
      const items = [...state.posts.values()]
        .filter((x) => x.pageId === id)
        .reverse()
        .map((x) => postNode(x, fieldsOf(params, ['id', 'message', 'created_time'])));
      return page(c, items, params, base, `/${id}/feed`);
    }
    if (second === 'photos' && method === 'POST') {
      requireScope(token, 'pages_manage_posts');
      if (!params.url)
        fail(invalidParam('(#100) No photo was uploaded: the url parameter is required'));
      const { post, objectId } = createPost(id, 'photo', params);
      return c.json(post.published ? { id: objectId, post_id: post.id } : { id: objectId });
    }
    if (second === 'videos' && method === 'POST') {
      if (host !== 'graph-video')
        fail(invalidParam('(#100) Video uploads go to graph-video.facebook.com'));
      requireScope(token, 'pages_manage_posts');
      if (!params.file_url) fail(invalidParam('(#100) The file_url parameter is required'));
      const { objectId } = createPost(id, 'video', params);
      return c.json({ id: objectId });
    }
    return undefined;
  };

  const postObject: GraphArea = ({ c, params, segments }) => {
    const method = c.req.method;
    const id = segments[0]!;
    const post = findPost(id);
    if (post) {
      const token = authenticate(c, params, ['PAGE']);
      if (token.subjectId !== post.pageId) fail(unknownObject(id, method.toLowerCase()));
      if (method === 'GET')
        return c.json(postNode(post, fieldsOf(params, ['id', 'message', 'created_time'])));
      if (method === 'DELETE') {
        state.posts.delete(post.id);
        return c.json({ success: true });
      }
      if (method === 'POST') {
        if (params.message !== undefined) post.message = params.message;
        if (params.is_published === 'true') post.published = true;
        return c.json({ success: true });
      }
    }
    return undefined;
  };

  return { findPost, pageEdge, post: postObject };
}
