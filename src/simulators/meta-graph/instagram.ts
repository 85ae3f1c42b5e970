import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { FAULTS } from './faults.ts';
import {
  fail,
  invalidParam,
  SIM_HOSTS,
  unknownObject,
  type GraphArea,
  type SimContext,
} from './context.ts';
import {
  digits,
  type SimContainer,
  type SimIgAccount,
  type SimMedia,
  type SimToken,
} from './state.ts';
import type { History } from './insights-media.ts';

// Instagram: the account (Facebook Login path on graph.facebook.com, Instagram Login path on
// graph.instagram.com), containers, media_publish, the media and stories edges, reading
// media, and the publishing quota (docs/product/meta-platform.md#instagram-containers,
// docs/product/meta-platform.md#reading-instagram-media).

export function instagramRoutes(ctx: SimContext, history?: History) {
  const {
    state,
    cfg,
    nowMs,
    authenticate,
    requireScope,
    page,
    fieldsOf,
    baseField,
    canActOnIg,
    containerStatus,
    countWindow,
    isoTime,
    pick,
    instagramHome,
    commentsOn,
  } = ctx;

  function igNode(a: SimIgAccount, fields: string[], imageBase: string, login: boolean) {
    const node: Record<string, unknown> = {};
    const media =
      [...state.media.values()].filter((m) => m.igUserId === a.id).length +
      (history?.igMediaCount(a.id) ?? 0);
    for (const field of fields) {
      switch (baseField(field)) {
        case 'id':
          node.id = login ? a.appScopedId : a.id;
          break;
        case 'user_id':
          node.user_id = a.id;
          break;
        case 'username':
          node.username = a.username;
          break;
        case 'name':
          node.name = a.name;
          break;
        case 'profile_picture_url':
          node.profile_picture_url = `${imageBase}${SIM_HOSTS.cdn}/avatar/${a.id}.svg`;
          break;
        case 'followers_count':
          node.followers_count = a.followers;
          break;
        case 'follows_count':
          node.follows_count = a.follows;
          break;
        case 'media_count':
          node.media_count = media;
          break;
        case 'account_type':
          node.account_type = a.accountType;
          break;
        case 'biography':
          node.biography = `${a.name} — simulated account`;
          break;
        case 'website':
          node.website = 'https://example.com';
          break;
        default:
          break;
      }
    }
    if (!('id' in node)) node.id = login ? a.appScopedId : a.id;
    return node;
  }

  // --------------------------------------------------------------------- IG publishing (both)

  function createContainer(token: SimToken, igId: string, params: Record<string, string>) {
    requireScope(token, 'instagram_content_publish', 'instagram_business_content_publish');
    const creates = countWindow(state.containerCreates, igId);
    if (creates.length >= cfg().containerLimit) fail(FAULTS.ig_max_posts);
    const mediaTypeParam = (params.media_type ?? '').toUpperCase();
    const isCarouselItem = params.is_carousel_item === 'true';
    let mediaType: SimContainer['mediaType'];
    if (!mediaTypeParam) mediaType = 'IMAGE';
    else if (['VIDEO', 'REELS', 'STORIES', 'CAROUSEL'].includes(mediaTypeParam))
      mediaType = mediaTypeParam as SimContainer['mediaType'];
    else fail(FAULTS.ig_unknown_media_type);
    if (mediaType! === 'VIDEO' && !isCarouselItem) fail(FAULTS.ig_unknown_media_type);
    // A story is published on its own, never inside a carousel.
    if (mediaType! === 'STORIES' && isCarouselItem) fail(FAULTS.ig_unknown_media_type);
    const caption = params.caption ?? null;
    // Stories do not use a caption (docs/product/meta-platform.md#instagram-containers), so it is
    // neither checked nor published.
    if (caption && mediaType! !== 'STORIES') {
      const hashtags = caption.match(/#[\p{L}\p{N}_]+/gu)?.length ?? 0;
      const mentions = caption.match(/@[\w.]+/g)?.length ?? 0;
      if (caption.length > 2200 || hashtags > 30 || mentions > 20) fail(FAULTS.ig_caption_too_long);
    }
    let children: string[] = [];
    if (mediaType! === 'CAROUSEL') {
      children = (params.children ?? '')
        .replace(/[[\]"]/g, '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (children.length < 2 || children.length > 10) fail(FAULTS.ig_carousel_invalid);
      for (const id of children) {
        const child = state.containers.get(id);
        if (
          !child ||
          !child.isCarouselItem ||
          child.mediaType === 'REELS' ||
          child.mediaType === 'STORIES'
        )
          fail(FAULTS.ig_carousel_invalid);
      }
    }
    const mediaUrl = params.image_url ?? params.video_url ?? null;
    let errorSubcode: number | null = null;
    if (mediaType! !== 'CAROUSEL') {
      if (!mediaUrl && params.upload_type !== 'resumable') {
        fail(invalidParam('(#100) The parameter image_url or video_url is required'));
      }
      if (mediaUrl) {
        let parsed: URL | null = null;
        try {
          parsed = new URL(mediaUrl);
        } catch {
          fail(FAULTS.ig_fetch_failed);
        }
        // Media the simulator cannot "fetch" ends the container in ERROR, as processing would.
        if (parsed!.hostname.endsWith('.invalid')) errorSubcode = 2207052;
        else if (params.image_url && !/\.jpe?g$/i.test(parsed!.pathname))
          fail(FAULTS.ig_image_format);
        else if (params.video_url && !/\.(mp4|mov)$/i.test(parsed!.pathname))
          errorSubcode = 2207026;
      }
    }
    const isVideo = Boolean(params.video_url) || params.upload_type === 'resumable';
    const id = digits(17, '178');
    const created = nowMs();
    const container: SimContainer = {
      id,
      igUserId: igId,
      createdAt: created,
      readyAt: created + (isVideo ? cfg().videoProcessingSeconds * 1000 : 0),
      mediaType: mediaType!,
      isCarouselItem,
      caption,
      mediaUrl,
      isVideo,
      coverUrl: params.cover_url ?? null,
      children,
      errorSubcode,
      publishedMediaId: null,
    };
    state.containers.set(id, container);
    creates.push(created);
    return { id };
  }

  function publishContainer(token: SimToken, igId: string, params: Record<string, string>) {
    requireScope(token, 'instagram_content_publish', 'instagram_business_content_publish');
    const id = params.creation_id;
    if (!id) fail(invalidParam('(#100) The parameter creation_id is required'));
    const container = state.containers.get(id!);
    if (!container || container.igUserId !== igId) fail(FAULTS.ig_media_not_found);
    const k = container!;
    const status = containerStatus(k).code;
    if (status === 'IN_PROGRESS') fail(FAULTS.ig_not_ready);
    if (status === 'ERROR') fail(FAULTS.ig_media_not_found);
    if (status === 'EXPIRED') fail(FAULTS.ig_media_expired);
    if (status === 'PUBLISHED') fail(FAULTS.ig_media_not_found);
    const publishes = countWindow(state.publishes, igId);
    if (publishes.length >= cfg().quotaTotal) fail(FAULTS.ig_max_posts);
    const mediaId = digits(17, '179');
    k.publishedMediaId = mediaId;
    publishes.push(nowMs());
    const story = k.mediaType === 'STORIES';
    state.media.set(mediaId, {
      id: mediaId,
      igUserId: igId,
      caption: story ? null : k.caption,
      mediaType:
        k.mediaType === 'CAROUSEL'
          ? 'CAROUSEL_ALBUM'
          : k.mediaType === 'IMAGE' || (story && !k.isVideo)
            ? 'IMAGE'
            : 'VIDEO',
      productType: k.mediaType === 'REELS' ? 'REELS' : story ? 'STORY' : 'FEED',
      mediaUrl: k.mediaUrl,
      coverUrl: k.coverUrl,
      children: k.children.map((id) => {
        const child = state.containers.get(id);
        return { mediaUrl: child?.mediaUrl ?? null, isVideo: child?.isVideo ?? false };
      }),
      timestamp: nowMs(),
      shortcode: randomBytes(8).toString('base64url').slice(0, 11),
    });
    return { id: mediaId };
  }

  function publishingLimit(c: Context, igId: string, params: Record<string, string>) {
    const since = Number(params.since) * 1000;
    const list = countWindow(state.publishes, igId).filter((t) => !since || t >= since);
    const fields = fieldsOf(params, ['quota_usage']);
    const item: Record<string, unknown> = { quota_usage: list.length };
    if (fields.includes('config'))
      item.config = { quota_total: cfg().quotaTotal, quota_duration: 86_400 };
    return c.json({ data: [item] });
  }

  const MEDIA_FIELDS: Record<string, (m: SimMedia) => unknown> = {
    caption: (m) => m.caption || undefined,
    media_type: (m) => m.mediaType,
    media_product_type: (m) => m.productType,
    // A carousel answers its first item's address (docs/product/meta-platform.md#reading-instagram-media).
    media_url: (m) =>
      (m.mediaType === 'CAROUSEL_ALBUM' ? m.children[0]?.mediaUrl : m.mediaUrl) || undefined,
    permalink: (m) =>
      m.productType === 'STORY'
        ? `${instagramHome}/stories/${state.igAccounts.get(m.igUserId)?.username ?? m.igUserId}/${m.id}/`
        : `${instagramHome}/p/${m.shortcode}/`,
    shortcode: (m) => m.shortcode,
    timestamp: (m) => isoTime(m.timestamp),
    like_count: () => 0,
    comments_count: (m) => commentsOn(m.id).length,
  };

  /**
   * A node of the account's media. `thumbnail_url` is a video's only: the cover sent with a reel,
   * else a frame the simulator draws at its own image address (`imageBase`, as avatars).
   */
  const mediaNode = (m: SimMedia, fields: string[], imageBase: string) =>
    pick(m, fields, {
      ...MEDIA_FIELDS,
      thumbnail_url: (x) =>
        x.mediaType === 'VIDEO'
          ? (x.coverUrl ?? `${imageBase}${SIM_HOSTS.cdn}/media-thumbnail/${x.id}.svg`)
          : undefined,
    });

  function igAccountRoutes(
    c: Context,
    params: Record<string, string>,
    ig: SimIgAccount,
    edge: string | undefined,
    method: string,
    base: string,
    imageBase: string,
    login: boolean,
  ) {
    const token = authenticate(c, params, login ? ['IG_USER'] : ['USER', 'PAGE']);
    if (!canActOnIg(token, ig.id)) fail(unknownObject(ig.id, method.toLowerCase()));
    if (!login) requireScope(token, 'instagram_basic');
    else requireScope(token, 'instagram_business_basic');
    if (!edge && method === 'GET') {
      return c.json(igNode(ig, fieldsOf(params, ['id', 'username']), imageBase, login));
    }
    if (edge === 'media' && method === 'POST') return c.json(createContainer(token, ig.id, params));
    if (edge === 'media' && method === 'GET') {
      const published = [...state.media.values()]
        .filter((m) => m.igUserId === ig.id && m.productType !== 'STORY')
        .reverse();
      // The generated history posts (docs/product/meta-platform.md#insights), merged newest first.
      const past = history?.igMedia(ig.id, imageBase).reverse() ?? [];
      const all = past.length
        ? [...published, ...past].sort((a, b) => b.timestamp - a.timestamp)
        : published;
      const items = all.map((m) => mediaNode(m, fieldsOf(params, ['id']), imageBase));
      return page(c, items, params, base, `/${ig.id}/media`);
    }
    // Stories live 24 hours from publishing; the record of what was published keeps them.
    if (edge === 'stories' && method === 'GET') {
      const dayAgo = nowMs() - 86_400_000;
      const items = [...state.media.values()]
        .filter((m) => m.igUserId === ig.id && m.productType === 'STORY' && m.timestamp > dayAgo)
        .reverse()
        .map((m) => mediaNode(m, fieldsOf(params, ['id']), imageBase));
      return page(c, items, params, base, `/${ig.id}/stories`);
    }
    if (edge === 'media_publish' && method === 'POST')
      return c.json(publishContainer(token, ig.id, params));
    if (edge === 'content_publishing_limit' && method === 'GET')
      return publishingLimit(c, ig.id, params);
    fail(unknownObject(`${ig.id}/${edge ?? ''}`, method.toLowerCase()));
    return c.json({});
  }

  // graph.facebook.com: an Instagram account reached through Facebook Login.
  const facebookLoginAccount: GraphArea = ({ c, params, segments, base, root }) => {
    const method = c.req.method;
    const id = segments[0]!;
    const second = segments[1];
    const imageBase = root;
    // Instagram accounts (Facebook Login path)
    const ig = state.igAccounts.get(id);
    if (ig) return igAccountRoutes(c, params, ig, second, method, base, imageBase, false);
    return undefined;
  };

  // graph.facebook.com: a container's status and a published medium.
  const facebookLoginObjects: GraphArea = ({ c, params, segments, root }) => {
    const method = c.req.method;
    const id = segments[0]!;
    const imageBase = root;
    // Containers, media and posts
    const container = state.containers.get(id);
    if (container && method === 'GET') {
      const token = authenticate(c, params);
      if (!canActOnIg(token, container.igUserId)) fail(unknownObject(id));
      const status = containerStatus(container);
      const node: Record<string, unknown> = { id };
      for (const f of fieldsOf(params, ['id'])) {
        if (f === 'status_code') node.status_code = status.code;
        if (f === 'status') node.status = status.text;
      }
      return c.json(node);
    }
    const mediaItem = state.media.get(id) ?? history?.findIgMedia(id, imageBase);
    if (mediaItem && method === 'GET') {
      const token = authenticate(c, params);
      if (!canActOnIg(token, mediaItem.igUserId)) fail(unknownObject(id));
      return c.json(mediaNode(mediaItem, fieldsOf(params, ['id', 'media_type']), imageBase));
    }
    return undefined;
  };

  // graph.instagram.com: the Instagram Login graph.
  const instagramLoginMe: GraphArea = ({ c, params, segments, base, root }) => {
    const method = c.req.method;
    const [first, second] = segments;
    const imageBase = root;
    if (first === 'me') {
      const token = authenticate(c, params, ['IG_USER']);
      const ig = state.igAccounts.get(token.subjectId)!;
      if (!second && method === 'GET') {
        requireScope(token, 'instagram_business_basic');
        return c.json(igNode(ig, fieldsOf(params, ['id', 'username']), imageBase, true));
      }
      return igAccountRoutes(c, params, ig, second, method, base, imageBase, true);
    }
    return undefined;
  };

  const instagramLoginObjects: GraphArea = ({ c, params, segments, base, root }) => {
    const method = c.req.method;
    const [first, second] = segments;
    const imageBase = root;
    const ig = state.igAccounts.get(first!);
    if (ig) return igAccountRoutes(c, params, ig, second, method, base, imageBase, true);
    const container = state.containers.get(first!);
    if (container && method === 'GET') {
      const token = authenticate(c, params, ['IG_USER']);
      if (!canActOnIg(token, container.igUserId)) fail(unknownObject(first!));
      const status = containerStatus(container);
      const node: Record<string, unknown> = { id: container.id };
      for (const f of fieldsOf(params, ['id'])) {
        if (f === 'status_code') node.status_code = status.code;
        if (f === 'status') node.status = status.text;
      }
      return c.json(node);
    }
    const mediaItem = state.media.get(first!) ?? history?.findIgMedia(first!, imageBase);
    if (mediaItem && method === 'GET') {
      const token = authenticate(c, params, ['IG_USER']);
      if (!canActOnIg(token, mediaItem.igUserId)) fail(unknownObject(first!));
      return c.json(mediaNode(mediaItem, fieldsOf(params, ['id', 'media_type']), imageBase));
    }
    return undefined;
  };

  return { facebookLoginAccount, facebookLoginObjects, instagramLoginMe, instagramLoginObjects };
}
