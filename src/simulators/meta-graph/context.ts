import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { FAULTS, type GraphErrorSpec } from './faults.ts';
import {
  createState,
  fbtraceId,
  tokenValue,
  type SimConfig,
  type SimContainer,
  type SimPage,
  type SimPerson,
  type SimState,
  type SimToken,
  type TokenKind,
} from './state.ts';

// What every area of the Graph API simulator shares (docs/product/meta-platform.md#simulator):
// the state, the configuration and the clock, authentication, faults, usage headers, error
// bodies and paging. Each area (dialogs.ts, tokens.ts, pages.ts, instagram.ts,
// facebook-publishing.ts, comments.ts, conversations.ts, cdn.ts, post-page-routes.ts, control.ts,
// webhooks.ts) takes it from simulator.ts, which mounts them (docs/decisions/050); the inbox's
// record, webhooks and followers are in the inbox-*.ts and crowd.ts modules (docs/decisions/091).

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

export type HostKey = 'graph' | 'graph-video' | 'ig-graph';

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

export class GraphFailure extends Error {
  constructor(
    readonly spec: GraphErrorSpec,
    readonly wwwAuthenticate?: string,
  ) {
    super(spec.message);
  }
}

export const fail = (spec: GraphErrorSpec, www?: string): never => {
  throw new GraphFailure(spec, www);
};

export const unknownObject = (id: string, method = 'get'): GraphErrorSpec => ({
  status: 400,
  code: 100,
  subcode: 33,
  type: 'GraphMethodException',
  message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
});

export const invalidParam = (message: string, subcode?: number): GraphErrorSpec => ({
  status: 400,
  code: 100,
  message,
  ...(subcode ? { subcode } : {}),
});

export const missingPermission = (scope: string): GraphErrorSpec => ({
  status: 403,
  code: 200,
  message: `(#200) The user hasn't authorized the application to perform this action: requires ${scope}`,
});

const VERSION = /^\/v\d+\.\d+(?=\/|$)/;

/** One request to a Graph host, as an area's handler sees it. */
export interface GraphRequest {
  c: Context;
  params: Record<string, string>;
  segments: string[];
  host: HostKey;
  base: string;
  /** The simulator's own root URL (for avatar links). */
  root: string;
}

export type Handler = (request: GraphRequest) => Promise<Response> | Response;

/** The part of a Graph host one area answers; undefined when the request is not its own. */
export type GraphArea = (
  request: GraphRequest,
) => Promise<Response | undefined> | Response | undefined;

/**
 * A Graph host's handler: its areas asked in order, the first answer wins; a request none of
 * them answers is an unknown object, as on the Graph API.
 */
export const graphChain =
  (...areas: GraphArea[]): Handler =>
  async (request) => {
    for (const area of areas) {
      const answer = await area(request);
      if (answer) return answer;
    }
    return fail(unknownObject(request.segments[0]!, request.c.req.method.toLowerCase()));
  };

/** Between the named paths (oauth, me…) and object ids: an empty path is an unknown object. */
export const requireObject: GraphArea = ({ segments }) => {
  if (!segments[0]) fail(unknownObject(''));
  return undefined;
};

export function createSimContext(options: SimulatorOptions = {}) {
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

  function errorResponse(c: Context, spec: GraphErrorSpec, www?: string): Response {
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

  async function graphEntry(
    c: Context,
    host: HostKey,
    rootLength: number,
    prefixLength: number,
    handler: Handler,
  ): Promise<Response> {
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
  ): Response {
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
  const commentsOn = (objectId: string) =>
    state.comments.filter((x) => x.objectId === objectId && x.deletedAt === null);

  return {
    options,
    state,
    outbound,
    nowMs,
    nowSec,
    cfg,
    paramsOf,
    tokenFrom,
    authenticate,
    requireScope,
    issueToken,
    errorResponse,
    graphEntry,
    page,
    fieldsOf,
    baseField,
    personOf,
    pagesOfPerson,
    canActOnPage,
    canActOnIg,
    containerStatus,
    countWindow,
    isoTime,
    pick,
    pagesRoot,
    instagramHome,
    facebookHome,
    commentsOn,
  };
}

export type SimContext = ReturnType<typeof createSimContext>;

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
