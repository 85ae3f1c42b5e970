import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { consentPage } from './consent-page.ts';
import { FAULTS, type FaultName, type GraphErrorSpec } from './faults.ts';
import {
  facebookPostPage,
  instagramPostPage,
  notAvailablePage,
  POST_PAGE_HEADERS,
  type PageMedia,
} from './post-pages.ts';
import {
  addFreshWorld,
  createState,
  digits,
  FIXED_CONFIG_KEYS,
  fbtraceId,
  tokenValue,
  type SimConfig,
  type SimContainer,
  type SimIgAccount,
  type SimMedia,
  type SimPage,
  type SimPerson,
  type SimPost,
  type SimState,
  type SimToken,
  type SimWorld,
  type TokenKind,
} from './state.ts';

// The Graph API simulator (docs/product/meta-platform.md#simulator): one HTTP app serving the
// paths of every Meta host the product calls, each under its own prefix:
//   /facebook   → www.facebook.com (Login dialog)      /graph     → graph.facebook.com
//   /graph-video → graph-video.facebook.com            /instagram → www.instagram.com (dialog)
//   /ig-api     → api.instagram.com (code exchange)    /ig-graph  → graph.instagram.com
//   /cdn        → pictures (avatars; a video's thumbnail frame, docs/decisions/078)
//   /instagram/p/…, /instagram/stories/…, /facebook/<page>/posts/… → a published post's page,
//                 when created with `postPages` (docs/decisions/058)
//   /_sim       → control: clock, faults, token events, webhooks, deauthorize/data deletion;
//                 also served on its own (`control`), and only there inside the app
// Payload shapes, id formats, error bodies and usage headers follow the reference; every fault
// of its catalogue can be injected for the next call(s) or for one resource.

export const SIM_HOSTS = {
  facebookDialog: '/facebook',
  graph: '/graph',
  graphVideo: '/graph-video',
  instagramDialog: '/instagram',
  instagramApi: '/ig-api',
  instagramGraph: '/ig-graph',
  cdn: '/cdn',
  control: '/_sim',
} as const;

/** How long a login ticket lets a browser into the dialogs (docs/decisions/057). */
export const LOGIN_TICKET_SECONDS = 600;

type HostKey = 'graph' | 'graph-video' | 'ig-graph';

export interface SimulatorOptions {
  config?: Partial<SimConfig>;
  /** Serve everything under this path (e.g. "/simulator/meta" inside the app). */
  basePath?: string;
  /** Outbound calls (webhooks, deauthorize, data deletion); global fetch by default. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /**
   * Serve the control API under /_sim of `app` (default). Inside the app it is false: `app` then
   * answers 404 there, and the control API is only `control`, served on a loopback listener for
   * the browser tests or called in process by tests (docs/decisions/057).
   */
  mountControl?: boolean;
  /**
   * Pages for published posts, looking like the platform's (docs/decisions/058). With it,
   * `permalink` and `permalink_url` lead to them instead of instagram.com and facebook.com, and
   * a page is shown only to a reader of the world that published the post.
   */
  postPages?: PostPagesOptions;
}

export interface PostPagesOptions {
  /** The simulator's own address (origin and base path): permalinks are built on it, never on
   *  what a request says its host is. */
  root: string;
  /** The keys of the worlds (`provisionWorld`) whose posts this request's reader may see. */
  readerWorlds(c: Context): Promise<readonly string[]> | readonly string[];
  /**
   * Where a page shows a medium of a post of world `worldKey`, given the address the simulator
   * was sent when it was published; null shows a placeholder. Without it no medium is shown:
   * the simulator never puts on a page an address it has not been told is the app's own.
   */
  mediaSource?(url: string, worldKey: string): Promise<string | null> | string | null;
}

class GraphFailure extends Error {
  constructor(
    readonly spec: GraphErrorSpec,
    readonly wwwAuthenticate?: string,
  ) {
    super(spec.message);
  }
}

const fail = (spec: GraphErrorSpec, www?: string): never => {
  throw new GraphFailure(spec, www);
};

const unknownObject = (id: string, method = 'get'): GraphErrorSpec => ({
  status: 400,
  code: 100,
  subcode: 33,
  type: 'GraphMethodException',
  message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
});

const invalidParam = (message: string, subcode?: number): GraphErrorSpec => ({
  status: 400,
  code: 100,
  message,
  ...(subcode ? { subcode } : {}),
});

const missingPermission = (scope: string): GraphErrorSpec => ({
  status: 403,
  code: 200,
  message: `(#200) The user hasn't authorized the application to perform this action: requires ${scope}`,
});

const VERSION = /^\/v\d+\.\d+(?=\/|$)/;

export function createMetaGraphSimulator(options: SimulatorOptions = {}) {
  const state: SimState = createState(options.config);
  const outbound = options.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));

  const nowMs = () => Date.now() + state.clockOffsetMs;
  const nowSec = () => Math.floor(nowMs() / 1000);
  const cfg = () => state.config;

  // ------------------------------------------------------------------------------- helpers

  async function paramsOf(c: Context): Promise<Record<string, string>> {
    const out: Record<string, string> = { ...c.req.query() };
    if (c.req.method === 'GET' || c.req.method === 'DELETE') return out;
    const type = c.req.header('content-type') ?? '';
    try {
      if (type.includes('application/json')) {
        const body = (await c.req.json()) as Record<string, unknown>;
        for (const [k, v] of Object.entries(body ?? {})) {
          out[k] = typeof v === 'string' ? v : JSON.stringify(v);
        }
      } else if (type.includes('form')) {
        const body = await c.req.parseBody({ all: true });
        for (const [k, v] of Object.entries(body)) {
          if (typeof v === 'string') out[k] = v;
          else if (Array.isArray(v)) out[k] = v.filter((x) => typeof x === 'string').join(',');
        }
      }
    } catch {
      fail(invalidParam('(#100) The request body could not be parsed'));
    }
    return out;
  }

  function tokenFrom(c: Context, params: Record<string, string>): string | undefined {
    if (params.access_token) return params.access_token;
    const header = c.req.header('authorization');
    const match = header?.match(/^(?:Bearer|OAuth)\s+(.+)$/i);
    return match?.[1];
  }

  function secretFor(token: SimToken): string {
    return token.kind === 'IG_USER' ? cfg().igAppSecret : cfg().appSecret;
  }

  function authenticate(
    c: Context,
    params: Record<string, string>,
    kinds: readonly TokenKind[] = ['USER', 'PAGE', 'IG_USER'],
  ): SimToken {
    const value = tokenFrom(c, params);
    if (!value) fail(FAULTS.missing_token);
    const token = state.tokens.get(value!);
    if (!token) {
      fail(
        FAULTS.malformed_token,
        'OAuth "Facebook Platform" "invalid_token" "Invalid OAuth access token - Cannot parse access token"',
      );
    }
    const t = token!;
    if (t.invalidSubcode) {
      const spec = Object.values(FAULTS).find(
        (f) => f.code === 190 && 'subcode' in f && f.subcode === t.invalidSubcode,
      );
      fail(
        spec ?? FAULTS.malformed_token,
        `OAuth "Facebook Platform" "invalid_token" "${spec?.message ?? ''}"`,
      );
    }
    if (t.expiresAt !== 0 && t.expiresAt <= nowSec()) {
      fail(
        FAULTS.token_expired,
        `OAuth "Facebook Platform" "invalid_token" "${FAULTS.token_expired.message}"`,
      );
    }
    if (cfg().requireAppsecretProof) {
      const proof = params.appsecret_proof;
      if (!proof) {
        fail(invalidParam('API calls from the server require an appsecret_proof argument'));
      }
      const expected = createHmac('sha256', secretFor(t)).update(t.value).digest('hex');
      if (!safeEqual(proof!, expected)) fail(FAULTS.bad_appsecret_proof);
    }
    if (!kinds.includes(t.kind)) {
      fail(
        t.kind === 'USER'
          ? invalidParam(
              'A Page access token is required for this call for the new Pages experience.',
            )
          : invalidParam('(#100) This call requires a user access token'),
      );
    }
    return t;
  }

  function requireScope(token: SimToken, ...anyOf: string[]): void {
    if (!anyOf.some((s) => token.scopes.includes(s))) fail(missingPermission(anyOf.join(' or ')));
  }

  function issueToken(input: {
    kind: TokenKind;
    personId: string;
    subjectId: string;
    scopes: string[];
    declined?: string[];
    ttlSeconds: number;
    longLived: boolean;
  }): SimToken {
    const issuedAt = nowSec();
    const token: SimToken = {
      value: tokenValue(input.kind),
      kind: input.kind,
      personId: input.personId,
      subjectId: input.subjectId,
      scopes: [...input.scopes],
      declined: [...(input.declined ?? [])],
      issuedAt,
      expiresAt: input.ttlSeconds === 0 ? 0 : issuedAt + input.ttlSeconds,
      dataAccessExpiresAt: issuedAt + 90 * 86_400,
      longLived: input.longLived,
      invalidSubcode: null,
    };
    state.tokens.set(token.value, token);
    return token;
  }

  function matchFault(host: string, method: string, path: string, token?: SimToken) {
    const segments = path.split('/');
    const index = state.faults.findIndex(
      (f) =>
        (f.remaining === null || f.remaining > 0) &&
        (!f.host || f.host === host) &&
        (!f.method || f.method.toUpperCase() === method) &&
        (!f.path || path.includes(f.path)) &&
        (!f.resource || segments.includes(f.resource) || token?.subjectId === f.resource),
    );
    if (index < 0) return undefined;
    const fault = state.faults[index]!;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) state.faults.splice(index, 1);
    }
    return fault.error;
  }

  function usagePercent(): number {
    const hourAgo = nowMs() - 3_600_000;
    state.calls = state.calls.filter((t) => t > hourAgo);
    // The app's hourly allowance grows with its users, as Meta's does: one simulated person for
    // each business in demo mode.
    const allowance = cfg().callsPerHour * Math.max(1, state.people.size);
    return Math.min(100, Math.round((state.calls.length / allowance) * 100));
  }

  function usageHeaders(c: Context, token: SimToken | undefined, throttled?: GraphErrorSpec) {
    const pct = throttled ? 100 : usagePercent();
    c.header(
      'X-App-Usage',
      JSON.stringify({
        call_count: pct,
        total_cputime: Math.round(pct / 4),
        total_time: Math.round(pct / 3),
      }),
    );
    if (token && token.kind !== 'USER') {
      const type = token.kind === 'IG_USER' ? 'instagram' : 'pages';
      c.header(
        'X-Business-Use-Case-Usage',
        JSON.stringify({
          [token.subjectId]: [
            {
              type,
              call_count: pct,
              total_cputime: Math.round(pct / 4),
              total_time: Math.round(pct / 3),
              estimated_time_to_regain_access: throttled?.regainMinutes ?? 0,
            },
          ],
        }),
      );
    }
  }

  function errorResponse(c: Context, spec: GraphErrorSpec, www?: string) {
    const error: Record<string, unknown> = {
      message: spec.message,
      type: spec.type ?? 'OAuthException',
      code: spec.code,
    };
    if (spec.subcode !== undefined) error.error_subcode = spec.subcode;
    if (spec.isTransient !== undefined) error.is_transient = spec.isTransient;
    if (spec.userTitle) error.error_user_title = spec.userTitle;
    if (spec.userMsg) error.error_user_msg = spec.userMsg;
    error.fbtrace_id = fbtraceId();
    if (www) c.header('WWW-Authenticate', www);
    else if (spec.code === 190 || spec.code === 4 || spec.code === 17) {
      c.header(
        'WWW-Authenticate',
        `OAuth "Facebook Platform" "${spec.code === 190 ? 'invalid_token' : 'invalid_request'}" "${spec.message}"`,
      );
    }
    return c.json({ error }, spec.status as 400);
  }

  // ----------------------------------------------------------------------------- graph host

  type Handler = (ctx: {
    c: Context;
    params: Record<string, string>;
    segments: string[];
    host: HostKey;
    base: string;
    /** The simulator's own root URL (for avatar links). */
    root: string;
  }) => Promise<Response> | Response;

  async function graphEntry(
    c: Context,
    host: HostKey,
    rootLength: number,
    prefixLength: number,
    handler: Handler,
  ) {
    const rawPath = new URL(c.req.url).pathname.slice(prefixLength) || '/';
    const version = rawPath.match(VERSION)?.[0];
    const path = version ? rawPath.slice(version.length) || '/' : rawPath;
    c.header('facebook-api-version', version?.slice(1) ?? cfg().defaultVersion);
    let token: SimToken | undefined;
    try {
      const params = await paramsOf(c);
      const value = tokenFrom(c, params);
      token = value ? state.tokens.get(value) : undefined;
      state.calls.push(nowMs());
      const injected = matchFault(host, c.req.method, path, token);
      if (injected) {
        usageHeaders(c, token, injected.regainMinutes ? injected : undefined);
        return errorResponse(c, injected);
      }
      if (usagePercent() >= 100) {
        usageHeaders(c, token, FAULTS.throttle_4);
        return errorResponse(c, FAULTS.throttle_4);
      }
      usageHeaders(c, token);
      const url = new URL(c.req.url);
      const base = `${url.origin}${url.pathname.slice(0, prefixLength)}/${(version ?? `/${cfg().defaultVersion}`).slice(1)}`;
      const root = `${url.origin}${url.pathname.slice(0, rootLength)}`;
      return await handler({
        c,
        params,
        segments: path.split('/').filter(Boolean),
        host,
        base,
        root,
      });
    } catch (error) {
      if (error instanceof GraphFailure) return errorResponse(c, error.spec, error.wwwAuthenticate);
      throw error;
    }
  }

  function page<T>(
    c: Context,
    items: T[],
    params: Record<string, string>,
    base: string,
    path: string,
  ) {
    const limit = Math.max(1, Math.min(100, Number(params.limit) || 25));
    const offset = params.after
      ? Number(Buffer.from(params.after, 'base64url').toString()) || 0
      : 0;
    const slice = items.slice(offset, offset + limit);
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
    const paging: Record<string, unknown> = {
      cursors: { before: cursor(offset), after: cursor(offset + slice.length) },
    };
    if (offset + limit < items.length) {
      const next = new URL(`${base}${path}`);
      for (const [k, v] of Object.entries(params)) if (k !== 'after') next.searchParams.set(k, v);
      next.searchParams.set('limit', String(limit));
      next.searchParams.set('after', cursor(offset + limit));
      paging.next = next.toString();
    }
    return c.json({ data: slice, paging });
  }

  const fieldsOf = (params: Record<string, string>, fallback: string[]) =>
    params.fields
      ? params.fields
          .split(/,(?![^{(]*[})])/)
          .map((f) => f.trim())
          .filter(Boolean)
      : fallback;

  const baseField = (f: string) => f.split(/[.{(]/)[0]!;

  function pageNode(p: SimPage, fields: string[], token: SimToken | null, imageBase: string) {
    const node: Record<string, unknown> = {};
    for (const field of fields) {
      switch (baseField(field)) {
        case 'id':
          node.id = p.id;
          break;
        case 'name':
          node.name = p.name;
          break;
        case 'username':
          node.username = p.username;
          break;
        case 'category':
          node.category = p.category;
          node.category_list = [{ id: '2211', name: p.category }];
          break;
        case 'tasks':
          node.tasks = p.tasks;
          break;
        case 'followers_count':
          node.followers_count = p.followers;
          break;
        case 'fan_count':
          node.fan_count = p.followers;
          break;
        case 'link':
          node.link = `https://www.facebook.com/${p.username}`;
          break;
        case 'picture':
          node.picture = {
            data: {
              height: 200,
              width: 200,
              is_silhouette: false,
              url: `${imageBase}${SIM_HOSTS.cdn}/avatar/${p.id}.svg`,
            },
          };
          break;
        case 'access_token':
          if (token && token.kind === 'USER') node.access_token = pageTokenFor(token, p).value;
          break;
        case 'instagram_business_account':
          if (token && !token.scopes.includes('instagram_basic')) {
            fail(
              invalidParam(
                '(#100) Tried accessing nonexisting field (instagram_business_account) on node type (Page)',
              ),
            );
          }
          if (p.igAccountId) node.instagram_business_account = { id: p.igAccountId };
          break;
        case 'business':
          if (token && !token.scopes.includes('business_management'))
            fail(FAULTS.permission_200_business);
          if (p.businessId)
            node.business = { id: p.businessId, name: state.businesses.get(p.businessId)?.name };
          break;
        default:
          break;
      }
    }
    if (!('id' in node)) node.id = p.id;
    return node;
  }

  function igNode(a: SimIgAccount, fields: string[], imageBase: string, login: boolean) {
    const node: Record<string, unknown> = {};
    const media = [...state.media.values()].filter((m) => m.igUserId === a.id).length;
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

  function pageTokenFor(user: SimToken, p: SimPage): SimToken {
    // A Page token from a long-lived user token never expires
    // (docs/product/meta-platform.md#long-lived-user-token); from a short-lived one it lives as
    // long as its parent.
    const ttl = user.longLived ? 0 : Math.max(1, user.expiresAt - nowSec());
    return issueToken({
      kind: 'PAGE',
      personId: user.personId,
      subjectId: p.id,
      scopes: user.scopes,
      declined: user.declined,
      ttlSeconds: ttl,
      longLived: user.longLived,
    });
  }

  function personOf(token: SimToken): SimPerson {
    const person = state.people.get(token.personId);
    if (!person) fail(FAULTS.app_removed);
    return person!;
  }

  function pagesOfPerson(person: SimPerson, includeBusiness: boolean): SimPage[] {
    const ids = new Set(person.pageIds);
    if (includeBusiness) {
      for (const b of person.businessIds) {
        const biz = state.businesses.get(b);
        for (const id of [...(biz?.ownedPageIds ?? []), ...(biz?.clientPageIds ?? [])]) ids.add(id);
      }
    }
    return [...ids].map((id) => state.pages.get(id)).filter((p): p is SimPage => Boolean(p));
  }

  function canActOnPage(token: SimToken, pageId: string): boolean {
    if (token.kind === 'PAGE') return token.subjectId === pageId;
    if (token.kind !== 'USER') return false;
    return pagesOfPerson(personOf(token), true).some((p) => p.id === pageId);
  }

  function canActOnIg(token: SimToken, igId: string): boolean {
    if (token.kind === 'IG_USER') return token.subjectId === igId;
    if (token.kind === 'PAGE') return state.pages.get(token.subjectId)?.igAccountId === igId;
    if (token.kind === 'USER')
      return pagesOfPerson(personOf(token), true).some((p) => p.igAccountId === igId);
    return false;
  }

  function containerStatus(k: SimContainer): { code: string; text: string } {
    if (k.publishedMediaId) return { code: 'PUBLISHED', text: 'Published' };
    if (k.errorSubcode) {
      return {
        code: 'ERROR',
        text: `Error: Media upload has failed with error code ${k.errorSubcode}`,
      };
    }
    if (nowMs() - k.createdAt >= 86_400_000) return { code: 'EXPIRED', text: 'Expired' };
    if (nowMs() < k.readyAt) return { code: 'IN_PROGRESS', text: 'In Progress' };
    return { code: 'FINISHED', text: 'Finished' };
  }

  function countWindow(map: Map<string, number[]>, key: string): number[] {
    const dayAgo = nowMs() - 86_400_000;
    const list = (map.get(key) ?? []).filter((t) => t > dayAgo);
    map.set(key, list);
    return list;
  }

  const isoTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

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

  /**
   * A node with the requested fields the object has: each field reads its value, and a field
   * whose value is undefined (or that the node does not know) is left out, as the Graph API does.
   */
  function pick<T extends { id: string }>(
    object: T,
    fields: string[],
    readers: Record<string, (o: T) => unknown>,
  ): Record<string, unknown> {
    const node: Record<string, unknown> = { id: object.id };
    for (const f of fields) {
      const name = baseField(f);
      const value = Object.hasOwn(readers, name) ? readers[name]!(object) : undefined;
      if (value !== undefined) node[name] = value;
    }
    return node;
  }

  // Permalinks: the platform's addresses, or this simulator's pages for them (decision 058),
  // the same paths under its own prefixes.
  const pagesRoot = options.postPages?.root.replace(/\/$/, '');
  const instagramHome = pagesRoot
    ? `${pagesRoot}${SIM_HOSTS.instagramDialog}`
    : 'https://www.instagram.com';
  const facebookHome = pagesRoot
    ? `${pagesRoot}${SIM_HOSTS.facebookDialog}`
    : 'https://www.facebook.com';
  const commentsOn = (objectId: string) => state.comments.filter((x) => x.objectId === objectId);

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

  const POST_FIELDS: Record<string, (p: SimPost) => unknown> = {
    message: (p) => p.message || undefined,
    created_time: (p) => isoTime(p.createdAt),
    permalink_url: (p) => `${facebookHome}/${p.id.replace('_', '/posts/')}`,
    full_picture: (p) => p.mediaUrl || undefined,
    is_published: (p) => p.published,
    scheduled_publish_time: (p) => p.scheduledPublishTime || undefined,
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

  // ----------------------------------------------------------------------------- the app

  const app = options.basePath ? new Hono().basePath(options.basePath) : new Hono();

  // Login tickets (docs/decisions/057): with requireLoginTicket the dialogs know a person only
  // through a ticket the simulator issued, kept for one decision and LOGIN_TICKET_SECONDS.
  function issueLoginTicket(personId: string, bind: { state?: string } = {}): string {
    if (!state.people.has(personId)) throw new Error(`No simulated person ${personId}`);
    const now = Date.now();
    for (const [key, held] of state.loginTickets) {
      if (held.expiresAt <= now) state.loginTickets.delete(key);
    }
    const ticket = randomBytes(32).toString('base64url');
    state.loginTickets.set(ticket, {
      personId,
      state: bind.state ?? null,
      expiresAt: now + LOGIN_TICKET_SECONDS * 1000,
    });
    return ticket;
  }

  /** The person a ticket lets in for this dialog `state`, or undefined. */
  function ticketPerson(ticket: string, stateParam: string): SimPerson | undefined {
    const found = ticket ? state.loginTickets.get(ticket) : undefined;
    if (!found || found.expiresAt <= Date.now()) return undefined;
    if (found.state !== null && found.state !== stateParam) return undefined;
    return state.people.get(found.personId);
  }

  const loginRequired = (c: Context, login: 'facebook' | 'instagram') =>
    c.html(
      `<h1>Log in to continue</h1><p>This simulated ${login === 'facebook' ? 'Facebook' : 'Instagram'} sign-in has expired or was not started by the app. Go back to the app and connect again.</p>`,
      403,
    );

  /** The dialog's check of redirect_uri, which the decision repeats ("URL blocked"). */
  function redirectAllowed(redirectUri: string): boolean {
    if (!redirectUri || !URL.canParse(redirectUri)) return false;
    return cfg().redirectUris.length === 0 || cfg().redirectUris.includes(redirectUri);
  }

  const urlBlocked = (c: Context) =>
    c.html(
      "<h1>URL blocked</h1><p>This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.</p>",
      400,
    );

  // FB Login dialog: consent page (or auto consent), then a 302 to redirect_uri.
  const dialog = async (c: Context, login: 'facebook' | 'instagram') => {
    const q = c.req.query();
    const appId = login === 'facebook' ? cfg().appId : cfg().igAppId;
    if (q.client_id !== appId) {
      return c.html(
        '<h1>Invalid App ID</h1><p>The provided app ID does not look like a valid app ID.</p>',
        400,
      );
    }
    const redirectUri = q.redirect_uri ?? '';
    if (!redirectAllowed(redirectUri)) return urlBlocked(c);
    const scopes = (q.scope ?? '').split(/[,\s]+/).filter(Boolean);
    const ticket = q.sim_login ?? '';
    let person: SimPerson;
    if (cfg().requireLoginTicket) {
      const holder = ticketPerson(ticket, q.state ?? '');
      if (!holder) return loginRequired(c, login);
      person = holder;
    } else {
      person = state.people.get(q.sim_person ?? '') ?? [...state.people.values()][0]!;
    }
    const auto = (q.sim_auto as 'allow' | 'deny' | undefined) ?? cfg().autoConsent;
    if (auto) {
      if (cfg().requireLoginTicket) state.loginTickets.delete(ticket);
      return c.redirect(
        decide(login, auto, person.id, redirectUri, q.state ?? '', scopes, scopes),
        302,
      );
    }
    const url = new URL(c.req.url);
    return c.html(
      consentPage({
        login,
        appName: cfg().appName,
        personName:
          login === 'facebook'
            ? person.name
            : `@${state.igAccounts.get(person.igLoginAccountId ?? '')?.username ?? person.name}`,
        action: `${url.pathname}/decide`,
        scopes,
        hidden: {
          redirect_uri: redirectUri,
          state: q.state ?? '',
          scope: scopes.join(','),
          ...(cfg().requireLoginTicket ? { sim_login: ticket } : { person: person.id }),
        },
      }),
    );
  };

  function decide(
    login: 'facebook' | 'instagram',
    decision: 'allow' | 'deny',
    personId: string,
    redirectUri: string,
    stateParam: string,
    requested: string[],
    granted: string[],
  ): string {
    const target = new URL(redirectUri);
    if (decision === 'deny') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_reason', 'user_denied');
      target.searchParams.set(
        'error_description',
        login === 'facebook' ? 'Permissions error' : 'The user denied your request',
      );
      if (stateParam) target.searchParams.set('state', stateParam);
      return target.toString();
    }
    const code = `AQ${randomBytes(48).toString('base64url')}`;
    state.codes.set(code, {
      code,
      login,
      personId,
      redirectUri,
      scopes: requested.filter((s) => granted.includes(s)),
      declined: requested.filter((s) => !granted.includes(s)),
      expiresAt: nowSec() + (login === 'instagram' ? 3600 : cfg().codeSeconds),
      used: false,
    });
    target.searchParams.set('code', code);
    if (stateParam) target.searchParams.set('state', stateParam);
    // Instagram appends "#_" to the redirect (docs/product/meta-platform.md#instagram-login);
    // clients strip it.
    return login === 'instagram' ? `${target.toString()}#_` : target.toString();
  }

  const decideRoute = async (c: Context, login: 'facebook' | 'instagram') => {
    const body = await c.req.parseBody({ all: true });
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
    // The form comes back from the browser: its redirect_uri is checked again, like the dialog's.
    if (!redirectAllowed(str('redirect_uri'))) return urlBlocked(c);
    let personId = str('person');
    if (cfg().requireLoginTicket) {
      const holder = ticketPerson(str('sim_login'), str('state'));
      if (!holder) return loginRequired(c, login);
      state.loginTickets.delete(str('sim_login'));
      personId = holder.id;
    }
    const grantedRaw = body.granted;
    const granted = Array.isArray(grantedRaw)
      ? grantedRaw.filter((g): g is string => typeof g === 'string')
      : typeof grantedRaw === 'string'
        ? [grantedRaw]
        : [];
    const requested = str('scope').split(',').filter(Boolean);
    const decision = str('decision') === 'allow' ? 'allow' : 'deny';
    return c.redirect(
      decide(login, decision, personId, str('redirect_uri'), str('state'), requested, granted),
      302,
    );
  };

  app.get('/facebook/:version/dialog/oauth', (c) => dialog(c, 'facebook'));
  app.post('/facebook/:version/dialog/oauth/decide', (c) => decideRoute(c, 'facebook'));
  app.get('/facebook/dialog/oauth', (c) => dialog(c, 'facebook'));
  app.post('/facebook/dialog/oauth/decide', (c) => decideRoute(c, 'facebook'));
  app.get('/instagram/oauth/authorize', (c) => dialog(c, 'instagram'));
  app.post('/instagram/oauth/authorize/decide', (c) => decideRoute(c, 'instagram'));

  // api.instagram.com: code → short-lived token, with its own flat error shape
  // (docs/product/meta-platform.md#instagram-login).
  app.post('/ig-api/oauth/access_token', async (c) => {
    const flatError = (message: string) =>
      c.json({ error_type: 'OAuthException', code: 400, error_message: message }, 400);
    let params: Record<string, string>;
    try {
      params = await paramsOf(c);
    } catch {
      return flatError('Invalid request');
    }
    if (params.client_id !== cfg().igAppId || params.client_secret !== cfg().igAppSecret) {
      return flatError('Invalid client_id or client_secret');
    }
    if (params.grant_type !== 'authorization_code') return flatError('Unsupported grant_type');
    const code = state.codes.get((params.code ?? '').replace(/#_$/, ''));
    if (!code || code.login !== 'instagram' || code.used || code.expiresAt <= nowSec()) {
      return flatError('Matching code was not found or was already used');
    }
    if (code.redirectUri !== params.redirect_uri) {
      return flatError(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    }
    code.used = true;
    const person = state.people.get(code.personId)!;
    const igId = person.igLoginAccountId!;
    const token = issueToken({
      kind: 'IG_USER',
      personId: person.id,
      subjectId: igId,
      scopes: code.scopes,
      declined: code.declined,
      ttlSeconds: 3600,
      longLived: false,
    });
    if (cfg().igTokenShape === 'wrapped') {
      return c.json({
        data: [{ access_token: token.value, user_id: igId, permissions: code.scopes.join(',') }],
      });
    }
    // Production answers the flat shape with a numeric user_id
    // (docs/product/meta-platform.md#instagram-login).
    return c.body(
      `{"access_token":${JSON.stringify(token.value)},"user_id":${igId},"permissions":${JSON.stringify(code.scopes)}}`,
      200,
      { 'content-type': 'application/json' },
    );
  });

  // graph.facebook.com and graph-video.facebook.com
  const graphHandler: Handler = async ({ c, params, segments, host, base, root }) => {
    const method = c.req.method;
    const [first, second] = segments;
    const imageBase = root;

    if (first === 'oauth' && second === 'access_token' && method === 'GET') {
      if (params.client_id !== cfg().appId) {
        fail({
          status: 400,
          code: 101,
          message: 'Error validating application. Invalid application ID.',
        });
      }
      if (params.client_secret !== cfg().appSecret) {
        fail({ status: 400, code: 1, message: 'Error validating client secret.' });
      }
      if (params.grant_type === 'fb_exchange_token') {
        const short = state.tokens.get(params.fb_exchange_token ?? '');
        if (!short || short.kind !== 'USER') fail(FAULTS.malformed_token);
        if (short!.invalidSubcode || (short!.expiresAt !== 0 && short!.expiresAt <= nowSec())) {
          fail(FAULTS.token_expired);
        }
        const long = issueToken({
          kind: 'USER',
          personId: short!.personId,
          subjectId: short!.subjectId,
          scopes: short!.scopes,
          declined: short!.declined,
          ttlSeconds: cfg().longLivedTokenSeconds,
          longLived: true,
        });
        return c.json({
          access_token: long.value,
          token_type: 'bearer',
          expires_in: cfg().longLivedTokenSeconds,
        });
      }
      const code = state.codes.get(params.code ?? '');
      if (!code || code.login !== 'facebook')
        fail(invalidParam('Invalid verification code format.'));
      if (code!.used) {
        fail(
          invalidParam('This authorization code has been used.'),
          'OAuth "Facebook Platform" "invalid_code" "This authorization code has been used."',
        );
      }
      if (code!.expiresAt <= nowSec())
        fail(invalidParam('This authorization code has expired.', 36007));
      if (code!.redirectUri !== params.redirect_uri) {
        fail(
          invalidParam(
            'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
            36008,
          ),
        );
      }
      code!.used = true;
      const token = issueToken({
        kind: 'USER',
        personId: code!.personId,
        subjectId: code!.personId,
        scopes: code!.scopes,
        declined: code!.declined,
        ttlSeconds: cfg().shortLivedTokenSeconds,
        longLived: false,
      });
      return c.json({
        access_token: token.value,
        token_type: 'bearer',
        expires_in: cfg().shortLivedTokenSeconds,
      });
    }

    if (first === 'debug_token' && method === 'GET') {
      const appToken = tokenFrom(c, params);
      if (appToken !== `${cfg().appId}|${cfg().appSecret}`) {
        const asToken = appToken ? state.tokens.get(appToken) : undefined;
        if (!asToken) fail(FAULTS.malformed_token);
      }
      const input = state.tokens.get(params.input_token ?? '');
      if (!input) {
        return c.json({
          data: {
            is_valid: false,
            error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' },
            scopes: [],
          },
        });
      }
      const expired = input.expiresAt !== 0 && input.expiresAt <= nowSec();
      const data: Record<string, unknown> = {
        app_id: cfg().appId,
        type: input.kind === 'PAGE' ? 'PAGE' : 'USER',
        application: cfg().appName,
        data_access_expires_at: input.dataAccessExpiresAt,
        expires_at: input.expiresAt,
        is_valid: !expired && !input.invalidSubcode,
        issued_at: input.issuedAt,
        scopes: input.scopes,
        granular_scopes: input.scopes.map((scope) => ({ scope })),
        user_id: input.personId,
      };
      if (input.kind === 'PAGE') data.profile_id = input.subjectId;
      if (expired || input.invalidSubcode) {
        const sub = input.invalidSubcode ?? 463;
        const spec = Object.values(FAULTS).find(
          (f) => f.code === 190 && 'subcode' in f && f.subcode === sub,
        );
        data.error = {
          code: 190,
          message: spec?.message ?? 'Error validating access token',
          subcode: sub,
        };
      }
      return c.json({ data });
    }

    if (first === 'me' && method === 'GET') {
      const token = authenticate(c, params, ['USER', 'PAGE']);
      if (!second) {
        if (token.kind === 'PAGE') {
          return c.json(
            pageNode(
              state.pages.get(token.subjectId)!,
              fieldsOf(params, ['id', 'name']),
              null,
              imageBase,
            ),
          );
        }
        const person = personOf(token);
        const node: Record<string, unknown> = {};
        for (const f of fieldsOf(params, ['id', 'name'])) {
          if (baseField(f) === 'id') node.id = person.id;
          if (baseField(f) === 'name') node.name = person.name;
          if (baseField(f) === 'email' && token.scopes.includes('email')) node.email = person.email;
          if (baseField(f) === 'picture') {
            node.picture = {
              data: {
                url: `${imageBase}${SIM_HOSTS.cdn}/avatar/${person.id}.svg`,
                is_silhouette: false,
              },
            };
          }
        }
        node.id ??= person.id;
        return c.json(node);
      }
      if (token.kind !== 'USER')
        fail(invalidParam('(#100) This call requires a user access token'));
      if (second === 'permissions') {
        return c.json({
          data: [
            ...token.scopes.map((permission) => ({ permission, status: 'granted' })),
            ...token.declined.map((permission) => ({ permission, status: 'declined' })),
          ],
        });
      }
      if (second === 'accounts') {
        requireScope(token, 'pages_show_list');
        const items = pagesOfPerson(personOf(token), false).map((p) =>
          pageNode(
            p,
            fieldsOf(params, ['id', 'name', 'access_token', 'category', 'tasks']),
            token,
            imageBase,
          ),
        );
        return page(c, items, params, base, '/me/accounts');
      }
      if (second === 'businesses') {
        requireScope(token, 'business_management');
        const items = personOf(token)
          .businessIds.map((id) => state.businesses.get(id))
          .filter(Boolean)
          .map((b) => ({ id: b!.id, name: b!.name }));
        return page(c, items, params, base, '/me/businesses');
      }
      fail(unknownObject(`me/${second}`));
    }

    if (!first) fail(unknownObject(''));
    const id = first!;

    // Business edges
    const business = state.businesses.get(id);
    if (business && (second === 'owned_pages' || second === 'client_pages') && method === 'GET') {
      const token = authenticate(c, params, ['USER']);
      requireScope(token, 'business_management');
      if (!personOf(token).businessIds.includes(id)) fail(FAULTS.permission_200_business);
      const ids = second === 'owned_pages' ? business.ownedPageIds : business.clientPageIds;
      const items = ids
        .map((pid) => state.pages.get(pid))
        .filter((p): p is SimPage => Boolean(p))
        .map((p) =>
          pageNode(p, fieldsOf(params, ['id', 'name', 'access_token']), token, imageBase),
        );
      return page(c, items, params, base, `/${id}/${second}`);
    }

    // Pages
    const p = state.pages.get(id);
    if (p) {
      const token = authenticate(c, params, ['USER', 'PAGE']);
      if (!canActOnPage(token, id)) fail(unknownObject(id, method.toLowerCase()));
      if (!second && method === 'GET') {
        return c.json(pageNode(p, fieldsOf(params, ['id', 'name']), token, imageBase));
      }
      if (token.kind !== 'PAGE' && second !== 'subscribed_apps') {
        fail(
          invalidParam(
            'A Page access token is required for this call for the new Pages experience.',
          ),
        );
      }
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
      if (second === 'subscribed_apps') {
        if (method === 'POST') {
          requireScope(token, 'pages_manage_metadata');
          state.subscribedApps.set(id, (params.subscribed_fields ?? '').split(',').filter(Boolean));
          return c.json({ success: true });
        }
        return c.json({
          data: [
            {
              name: cfg().appName,
              id: cfg().appId,
              subscribed_fields: state.subscribedApps.get(id) ?? [],
            },
          ],
        });
      }
      fail(unknownObject(`${id}/${second ?? ''}`, method.toLowerCase()));
    }

    // Instagram accounts (Facebook Login path)
    const ig = state.igAccounts.get(id);
    if (ig) return igAccountRoutes(c, params, ig, second, method, base, imageBase, false);

    // Comments on published media and posts (the first comment of a post).
    if (second === 'comments' && method === 'POST') {
      const media = state.media.get(id);
      const fbPost = media ? undefined : findPost(id);
      if (!media && !fbPost) fail(unknownObject(id, 'post'));
      const token = authenticate(c, params, media ? undefined : ['PAGE']);
      if (media && !canActOnIg(token, media.igUserId)) fail(unknownObject(id, 'post'));
      if (fbPost && token.subjectId !== fbPost.pageId) fail(unknownObject(id, 'post'));
      if (!params.message) fail(invalidParam('(#100) The parameter message is required'));
      const comment = {
        id: media ? digits(17, '179') : `${fbPost!.id}_${digits(16, '1')}`,
        objectId: media ? media.id : fbPost!.id,
        message: params.message!,
        createdAt: nowMs(),
      };
      state.comments.push(comment);
      return c.json({ id: comment.id });
    }

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
    const mediaItem = state.media.get(id);
    if (mediaItem && method === 'GET') {
      const token = authenticate(c, params);
      if (!canActOnIg(token, mediaItem.igUserId)) fail(unknownObject(id));
      return c.json(mediaNode(mediaItem, fieldsOf(params, ['id', 'media_type']), imageBase));
    }
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
    fail(unknownObject(id, method.toLowerCase()));
    return c.json({});
  };

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
      const items = [...state.media.values()]
        .filter((m) => m.igUserId === ig.id && m.productType !== 'STORY')
        .reverse()
        .map((m) => mediaNode(m, fieldsOf(params, ['id']), imageBase));
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

  // graph.instagram.com: token exchange/refresh (unversioned) and the Instagram Login graph.
  const igGraphHandler: Handler = async ({ c, params, segments, base, root }) => {
    const method = c.req.method;
    const [first, second] = segments;
    const imageBase = root;
    if (first === 'access_token' && method === 'GET') {
      if (params.grant_type !== 'ig_exchange_token') fail(invalidParam('Unsupported grant_type'));
      if (params.client_secret !== cfg().igAppSecret) {
        fail({ status: 400, code: 1, message: 'Error validating client secret.' });
      }
      const short = authenticate(c, params, ['IG_USER']);
      const long = issueToken({
        kind: 'IG_USER',
        personId: short.personId,
        subjectId: short.subjectId,
        scopes: short.scopes,
        declined: short.declined,
        ttlSeconds: cfg().longLivedTokenSeconds,
        longLived: true,
      });
      return c.json({
        access_token: long.value,
        token_type: 'bearer',
        expires_in: cfg().longLivedTokenSeconds,
      });
    }
    if (first === 'refresh_access_token' && method === 'GET') {
      if (params.grant_type !== 'ig_refresh_token') fail(invalidParam('Unsupported grant_type'));
      const current = authenticate(c, params, ['IG_USER']);
      if (!current.longLived) fail(invalidParam('(#100) Only long-lived tokens can be refreshed'));
      if (nowSec() - current.issuedAt < 86_400) {
        fail(invalidParam('(#100) The token can only be refreshed 24 hours after it was issued'));
      }
      if (!current.scopes.includes('instagram_business_basic')) {
        fail(missingPermission('instagram_business_basic'));
      }
      const refreshed = issueToken({
        kind: 'IG_USER',
        personId: current.personId,
        subjectId: current.subjectId,
        scopes: current.scopes,
        declined: current.declined,
        ttlSeconds: cfg().longLivedTokenSeconds,
        longLived: true,
      });
      return c.json({
        access_token: refreshed.value,
        token_type: 'bearer',
        expires_in: cfg().longLivedTokenSeconds,
      });
    }
    if (first === 'me') {
      const token = authenticate(c, params, ['IG_USER']);
      const ig = state.igAccounts.get(token.subjectId)!;
      if (!second && method === 'GET') {
        requireScope(token, 'instagram_business_basic');
        return c.json(igNode(ig, fieldsOf(params, ['id', 'username']), imageBase, true));
      }
      return igAccountRoutes(c, params, ig, second, method, base, imageBase, true);
    }
    if (!first) fail(unknownObject(''));
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
    const mediaItem = state.media.get(first!);
    if (mediaItem && second === 'comments' && method === 'POST') {
      const token = authenticate(c, params, ['IG_USER']);
      if (!canActOnIg(token, mediaItem.igUserId)) fail(unknownObject(first!));
      if (!params.message) fail(invalidParam('(#100) The parameter message is required'));
      const comment = {
        id: digits(17, '179'),
        objectId: mediaItem.id,
        message: params.message!,
        createdAt: nowMs(),
      };
      state.comments.push(comment);
      return c.json({ id: comment.id });
    }
    if (mediaItem && method === 'GET') {
      const token = authenticate(c, params, ['IG_USER']);
      if (!canActOnIg(token, mediaItem.igUserId)) fail(unknownObject(first!));
      return c.json(mediaNode(mediaItem, fieldsOf(params, ['id', 'media_type']), imageBase));
    }
    fail(unknownObject(first!, method.toLowerCase()));
    return c.json({});
  };

  const mountGraph = (prefix: string, host: HostKey, handler: Handler) => {
    app.all(`${prefix}/*`, (c) => {
      const pathname = new URL(c.req.url).pathname;
      const at = pathname.indexOf(`${prefix}/`);
      return graphEntry(c, host, at, at + prefix.length, handler);
    });
  };
  mountGraph(SIM_HOSTS.graph, 'graph', graphHandler);
  mountGraph(SIM_HOSTS.graphVideo, 'graph-video', graphHandler);
  mountGraph(SIM_HOSTS.instagramGraph, 'ig-graph', igGraphHandler);

  // Avatars: a coloured initial, so pictures render without any network. Public, unlike /_sim.
  app.get(`${SIM_HOSTS.cdn}/avatar/:file`, (c) => {
    const id = c.req.param('file').replace(/\.svg$/, '');
    const name =
      state.pages.get(id)?.name ??
      state.igAccounts.get(id)?.name ??
      state.people.get(id)?.name ??
      '?';
    const hue = [...id].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200"><rect width="200" height="200" fill="hsl(${hue} 55% 45%)"/><text x="100" y="128" font-family="sans-serif" font-size="96" font-weight="700" fill="#fff" text-anchor="middle">${name.charAt(0).toUpperCase()}</text></svg>`;
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=3600',
    });
  });

  // A video's thumbnail when no cover was sent: a dark frame with a play mark. Public, as avatars
  // are, and the same for every id.
  app.get(`${SIM_HOSTS.cdn}/media-thumbnail/:file`, (c) => {
    if (!/^\d+\.svg$/.test(c.req.param('file'))) return c.body(null, 404);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="1136" viewBox="0 0 640 1136"><rect width="640" height="1136" fill="#1f2430"/><circle cx="320" cy="568" r="84" fill="#ffffff" fill-opacity="0.18"/><path d="M292 520 L372 568 L292 616 Z" fill="#fff"/></svg>`;
    return c.body(svg, 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=3600',
    });
  });

  // ------------------------------------------------------------- post pages (decision 058)
  // What "View on Instagram / Facebook" opens: the post as the platform shows it, for a reader of
  // the world that published it. Everyone else, and every post that does not exist (or no longer:
  // a story after 24 hours, a deleted or unpublished post), gets the same "not available" page.
  const pages = options.postPages;
  if (pages && pagesRoot) {
    const origin = new URL(pagesRoot).origin;
    const avatar = (id: string) => `${pagesRoot}${SIM_HOSTS.cdn}/avatar/${id}.svg`;
    const answer = (c: Context, html: string, status: 200 | 404) =>
      c.html(html, status, POST_PAGE_HEADERS);
    /** The reader's world that holds account `accountId`, or null: the post is not theirs. */
    const worldOf = (keys: readonly string[], accountId: string): string | null => {
      for (const key of keys) {
        const w = state.worlds.get(key);
        if (!w) continue;
        const accounts = [w.pageId, w.secondPageId, w.businessPageId, w.igAccountId];
        if ([...accounts, w.igLoginAccountId].includes(accountId)) return key;
      }
      return null;
    };
    const shown = async (
      items: { mediaUrl: string | null; isVideo: boolean }[],
      key: string,
    ): Promise<PageMedia[]> =>
      Promise.all(
        items.map(async (item) => {
          const src =
            item.mediaUrl && pages.mediaSource ? await pages.mediaSource(item.mediaUrl, key) : null;
          // Only an address on the simulator's own origin is ever put on a page.
          const own =
            src !== null &&
            URL.canParse(src, pagesRoot) &&
            new URL(src, pagesRoot).origin === origin;
          return { src: own ? src : null, video: item.isVideo };
        }),
      );

    const instagram = async (c: Context, find: () => SimMedia | undefined) => {
      const keys = await pages.readerWorlds(c);
      const media = find();
      const key = media ? worldOf(keys, media.igUserId) : null;
      const account = media ? state.igAccounts.get(media.igUserId) : undefined;
      if (!media || !account || key === null) return answer(c, notAvailablePage('instagram'), 404);
      const items =
        media.children.length > 0
          ? media.children
          : [{ mediaUrl: media.mediaUrl, isVideo: media.mediaType === 'VIDEO' }];
      const html = instagramPostPage({
        username: account.username,
        avatar: avatar(account.id),
        product: media.productType,
        media: await shown(items, key),
        caption: media.caption,
        likes: 0,
        comments: commentsOn(media.id).map((x) => ({
          author: account.username,
          text: x.message,
          at: x.createdAt,
        })),
        publishedAt: media.timestamp,
      });
      return answer(c, html, 200);
    };
    const feedMedia = (c: Context) => {
      const code = c.req.param('code') ?? '';
      return instagram(c, () =>
        [...state.media.values()].find((m) => m.shortcode === code && m.productType !== 'STORY'),
      );
    };
    const story = (c: Context) => {
      const id = c.req.param('id') ?? '';
      const username = c.req.param('username') ?? '';
      return instagram(c, () => {
        const m = state.media.get(id);
        const live = m && m.productType === 'STORY' && nowMs() - m.timestamp < 86_400_000;
        return live && state.igAccounts.get(m.igUserId)?.username === username ? m : undefined;
      });
    };
    const facebook = async (c: Context) => {
      const keys = await pages.readerWorlds(c);
      const post = state.posts.get(`${c.req.param('page') ?? ''}_${c.req.param('post') ?? ''}`);
      const page = post ? state.pages.get(post.pageId) : undefined;
      const key = post?.published && page ? worldOf(keys, page.id) : null;
      if (!post || !page || key === null) return answer(c, notAvailablePage('facebook'), 404);
      const items =
        post.attachedPhotoIds.length > 0
          ? post.attachedPhotoIds.map((id) => ({
              mediaUrl: state.posts.get(`${page.id}_${id}`)?.mediaUrl ?? null,
              isVideo: false,
            }))
          : post.mediaUrl
            ? [{ mediaUrl: post.mediaUrl, isVideo: post.kind === 'video' }]
            : [];
      const html = facebookPostPage({
        pageName: page.name,
        avatar: avatar(page.id),
        message: post.message,
        link: post.link,
        media: await shown(items, key),
        reactions: 0,
        comments: commentsOn(post.id).map((x) => ({
          author: page.name,
          text: x.message,
          at: x.createdAt,
        })),
        publishedAt: post.createdAt,
      });
      return answer(c, html, 200);
    };
    const ig = SIM_HOSTS.instagramDialog;
    for (const path of [`${ig}/p/:code`, `${ig}/p/:code/`, `${ig}/reel/:code`, `${ig}/reel/:code/`])
      app.get(path, feedMedia);
    for (const path of [`${ig}/stories/:username/:id`, `${ig}/stories/:username/:id/`])
      app.get(path, story);
    app.get(`${SIM_HOSTS.facebookDialog}/:page{[0-9]+}/posts/:post{[0-9]+}`, facebook);
  }

  // --------------------------------------------------------------------------- control API

  const control = new Hono();
  control.get('/state', (c) =>
    c.json({
      config: { ...cfg(), appSecret: undefined, igAppSecret: undefined },
      now: nowMs(),
      people: [...state.people.values()],
      pages: [...state.pages.values()],
      igAccounts: [...state.igAccounts.values()],
      tokens: [...state.tokens.values()].map((t) => ({ ...t, value: `${t.value.slice(0, 8)}…` })),
      containers: [...state.containers.values()].map((k) => ({
        ...k,
        status: containerStatus(k).code,
      })),
      posts: [...state.posts.values()],
      faults: state.faults,
    }),
  );
  // Where outbound calls go, the registered redirect URIs and the secrets are the creator's
  // choice, never a request's (docs/decisions/057).
  const refuseFixed = (c: Context, config: Partial<SimConfig> | undefined) => {
    const fixed = FIXED_CONFIG_KEYS.filter((key) => config && Object.hasOwn(config, key));
    return fixed.length === 0
      ? null
      : c.json({ error: `${fixed.join(', ')} cannot be changed through the control API` }, 400);
  };
  control.post('/reset', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { config?: Partial<SimConfig> };
    const refused = refuseFixed(c, body.config);
    if (refused) return refused;
    const fresh = createState({ ...options.config, ...body.config });
    Object.assign(state, fresh);
    return c.json({ success: true });
  });
  control.post('/config', async (c) => {
    const body = (await c.req.json()) as Partial<SimConfig>;
    const refused = refuseFixed(c, body);
    if (refused) return refused;
    Object.assign(state.config, body);
    return c.json({ success: true });
  });
  control.post('/clock', async (c) => {
    const body = (await c.req.json()) as { advanceSeconds?: number };
    state.clockOffsetMs += (body.advanceSeconds ?? 0) * 1000;
    return c.json({ now: nowMs(), offsetMs: state.clockOffsetMs });
  });
  control.post('/faults', async (c) => {
    const body = (await c.req.json()) as {
      fault?: FaultName;
      error?: GraphErrorSpec;
      method?: string;
      path?: string;
      resource?: string;
      host?: string;
      times?: number | null;
    };
    const error = body.fault ? FAULTS[body.fault] : body.error;
    if (!error) return c.json({ error: `Unknown fault ${String(body.fault)}` }, 400);
    const fault = {
      id: randomBytes(6).toString('hex'),
      error,
      ...(body.method ? { method: body.method } : {}),
      ...(body.path ? { path: body.path } : {}),
      ...(body.resource ? { resource: body.resource } : {}),
      ...(body.host ? { host: body.host } : {}),
      // Per call by default; per resource (or path) until cleared with times: null.
      remaining: body.times === null ? null : (body.times ?? 1),
    };
    state.faults.push(fault);
    return c.json({ id: fault.id });
  });
  control.delete('/faults', (c) => {
    state.faults = [];
    return c.json({ success: true });
  });
  // Token events (docs/product/meta-platform.md#simulator-state): expire (463), expire in N
  // seconds, or invalidate with 458/459/460/492.
  control.post('/tokens', async (c) => {
    const body = (await c.req.json()) as {
      token?: string;
      personId?: string;
      subjectId?: string;
      action: 'expire' | 'expire_in' | 'invalidate' | 'age';
      seconds?: number;
      subcode?: number;
    };
    let count = 0;
    for (const t of state.tokens.values()) {
      const hit =
        (body.token && t.value === body.token) ||
        (body.subjectId && t.subjectId === body.subjectId) ||
        (body.personId && t.personId === body.personId && !body.subjectId);
      if (!hit) continue;
      count += 1;
      if (body.action === 'expire') t.expiresAt = nowSec() - 1;
      if (body.action === 'expire_in') t.expiresAt = nowSec() + (body.seconds ?? 0);
      if (body.action === 'age') {
        t.issuedAt -= body.seconds ?? 0;
      }
      if (body.action === 'invalidate') t.invalidSubcode = body.subcode ?? 458;
    }
    return c.json({ updated: count });
  });
  // The password change event invalidates every user and Page token of the person (460).
  control.post('/people/:id/password-changed', (c) => {
    let count = 0;
    for (const t of state.tokens.values()) {
      if (t.personId === c.req.param('id')) {
        t.invalidSubcode = 460;
        count += 1;
      }
    }
    return c.json({ updated: count });
  });
  // Auto-consent helper for tests: a code as if the person had clicked Allow.
  control.post('/authorize', async (c) => {
    const body = (await c.req.json()) as {
      login: 'facebook' | 'instagram';
      redirectUri: string;
      scopes: string[];
      granted?: string[];
      state?: string;
      personId?: string;
    };
    const person = body.personId ?? [...state.people.keys()][0]!;
    const location = decide(
      body.login,
      'allow',
      person,
      body.redirectUri,
      body.state ?? '',
      body.scopes,
      body.granted ?? body.scopes,
    );
    const code = new URL(location.replace(/#_$/, '')).searchParams.get('code');
    return c.json({ code, location });
  });
  // Webhooks and signed requests go to the configured callbacks only: a request never names
  // where the simulator sends anything (docs/decisions/057).
  control.post('/webhooks/verify', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { verifyToken?: string };
    const target = cfg().webhookCallbackUrl;
    if (!target) return c.json({ error: 'No webhook callback URL configured' }, 400);
    const challenge = String(digits(10));
    const url = new URL(target);
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.verify_token', body.verifyToken ?? cfg().webhookVerifyToken ?? '');
    const res = await outbound(url.toString(), { method: 'GET' });
    const text = await res.text();
    return c.json({
      status: res.status,
      body: text,
      verified: res.status === 200 && text === challenge,
    });
  });
  // Signed delivery like Meta's (docs/product/meta-platform.md#webhook-delivery):
  // X-Hub-Signature-256 over the exact bytes sent.
  control.post('/webhooks/deliver', async (c) => {
    const body = (await c.req.json()) as {
      object: string;
      entry: unknown[];
      signWith?: 'facebook' | 'instagram' | 'wrong';
      duplicate?: boolean;
    };
    const target = cfg().webhookCallbackUrl;
    if (!target) return c.json({ error: 'No webhook callback URL configured' }, 400);
    // Meta signs an escaped-unicode serialisation; so do we, so receivers must use raw bytes.
    const raw = JSON.stringify({ object: body.object, entry: body.entry }).replace(
      /[\u007f-\uffff]/g,
      (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    const secret =
      body.signWith === 'instagram'
        ? cfg().igAppSecret
        : body.signWith === 'wrong'
          ? 'not-the-secret'
          : cfg().appSecret;
    const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    const deliveries = body.duplicate ? 2 : 1;
    const results: { status: number; body: string }[] = [];
    for (let i = 0; i < deliveries; i += 1) {
      const res = await outbound(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body: raw,
      });
      results.push({ status: res.status, body: await res.text() });
    }
    return c.json({ signature, results });
  });
  // Signed deauthorize and data-deletion requests
  // (docs/product/meta-platform.md#deauthorize-and-data-deletion).
  control.post('/signed-request', async (c) => {
    const body = (await c.req.json()) as {
      kind: 'deauthorize' | 'data_deletion';
      login?: 'facebook' | 'instagram';
      personId?: string;
    };
    const login = body.login ?? 'facebook';
    const person = state.people.get(body.personId ?? '') ?? [...state.people.values()][0]!;
    const target =
      login === 'facebook'
        ? body.kind === 'deauthorize'
          ? cfg().deauthorizeUrl
          : cfg().dataDeletionUrl
        : body.kind === 'deauthorize'
          ? cfg().igDeauthorizeUrl
          : cfg().igDataDeletionUrl;
    if (!target) return c.json({ error: `No ${body.kind} URL configured` }, 400);
    const userId = login === 'facebook' ? person.id : (person.igLoginAccountId ?? person.id);
    const signed = signedRequest(
      { algorithm: 'HMAC-SHA256', issued_at: nowSec(), expires: nowSec() + 3600, user_id: userId },
      login === 'facebook' ? cfg().appSecret : cfg().igAppSecret,
    );
    if (body.kind === 'deauthorize') {
      for (const t of state.tokens.values()) if (t.personId === person.id) t.invalidSubcode = 458;
    }
    const res = await outbound(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
    return c.json({ status: res.status, body: await res.text(), signedRequest: signed, userId });
  });
  if (options.mountControl ?? true) {
    app.route(SIM_HOSTS.control, control);
  } else {
    // Inside the app nothing under /_sim is served, nor falls through to the app's own pages.
    app.all(SIM_HOSTS.control, (c) => c.text('Not Found', 404));
    app.all(`${SIM_HOSTS.control}/*`, (c) => c.text('Not Found', 404));
  }

  return {
    app,
    /** The control API, its paths without the /_sim prefix (e.g. `control.request('/reset')`). */
    control,
    state,
    now: nowMs,
    reset(config: Partial<SimConfig> = {}) {
      Object.assign(state, createState({ ...options.config, ...config }));
    },
    /**
     * The world of `key` (in the app: a business), made on first use with a person, Pages and
     * Instagram accounts of its own, shaped like the seed; the same world for the same key until
     * a reset (docs/decisions/057).
     */
    provisionWorld(key: string): SimWorld {
      let world = state.worlds.get(key);
      if (!world) {
        world = addFreshWorld(state);
        state.worlds.set(key, world);
      }
      return world;
    },
    issueLoginTicket,
  };
}

export type MetaGraphSimulator = ReturnType<typeof createMetaGraphSimulator>;

/**
 * `base64url(HMAC-SHA256(payload segment)) + "." + base64url(JSON payload)`
 * (docs/product/meta-platform.md#deauthorize-and-data-deletion).
 */
export function signedRequest(payload: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return `${signature}.${body}`;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
