import { randomBytes, randomInt } from 'node:crypto';
import type { GraphErrorSpec } from './faults.ts';
import type { SimComment, SimConversation, SimFollower, SimMessage } from './inbox-types.ts';

export type { SimComment, SimConversation, SimFollower, SimMessage };

// What the simulator remembers: apps, people, Pages, Instagram accounts, tokens, codes, posts,
// containers and media (docs/product/meta-platform.md#simulator-state), all in memory and all reset
// together.

export interface SimConfig {
  appId: string;
  appSecret: string;
  appName: string;
  igAppId: string;
  igAppSecret: string;
  /** Empty: any redirect URI is accepted (the real app checks its "Valid OAuth Redirect URIs"). */
  redirectUris: string[];
  webhookCallbackUrl: string | null;
  webhookVerifyToken: string | null;
  deauthorizeUrl: string | null;
  dataDeletionUrl: string | null;
  igDeauthorizeUrl: string | null;
  igDataDeletionUrl: string | null;
  requireAppsecretProof: boolean;
  /**
   * docs/product/meta-platform.md#instagram-login: the documented wrapped body or the flat one
   * production clients see (default).
   */
  igTokenShape: 'flat' | 'wrapped';
  /**
   * docs/product/meta-platform.md#instagram-publishing-quota: 100 in the guide, 50 in the
   * reference example; configurable.
   */
  quotaTotal: number;
  containerLimit: number;
  videoProcessingSeconds: number;
  shortLivedTokenSeconds: number;
  longLivedTokenSeconds: number;
  codeSeconds: number;
  /**
   * Calls per rolling hour, per person who uses the app, that make X-App-Usage read 100: Meta
   * allows 200 × the app's users (docs/product/meta-platform.md#rate-limits).
   */
  callsPerHour: number;
  /** Skips the consent page: every dialog answers at once (tests). */
  autoConsent: 'allow' | 'deny' | null;
  defaultVersion: string;
  /**
   * The dialogs know a person only by a login ticket the simulator issued (`sim_login`), never by
   * `sim_person` or a form field: the simulator inside the app, where every business has a world
   * of its own (docs/decisions/057).
   */
  requireLoginTicket: boolean;
  /**
   * Conversation reads per second per Page or Instagram account
   * (docs/product/meta-platform.md#conversations: 2).
   */
  conversationsPerSecond: number;
  /**
   * Days of generated past posts each Instagram account and Page has before the simulated now,
   * with their insights (docs/product/meta-platform.md#insights); 0 (default): none.
   */
  insightsHistoryDays: number;
}

/**
 * Set when the simulator is created, never through the control API: where outbound calls go,
 * which redirect URIs are registered, the app secrets and how the dialogs know a person
 * (docs/decisions/057).
 */
export const FIXED_CONFIG_KEYS = [
  'appId',
  'appSecret',
  'igAppId',
  'igAppSecret',
  'redirectUris',
  'webhookCallbackUrl',
  'deauthorizeUrl',
  'dataDeletionUrl',
  'igDeauthorizeUrl',
  'igDataDeletionUrl',
  'requireLoginTicket',
] as const satisfies readonly (keyof SimConfig)[];

export const DEFAULT_CONFIG: SimConfig = {
  appId: '138483919580948',
  appSecret: 'simulated-meta-app-secret',
  appName: 'Soci Gen (simulated)',
  igAppId: '990602627938098',
  igAppSecret: 'simulated-instagram-app-secret',
  redirectUris: [],
  webhookCallbackUrl: null,
  webhookVerifyToken: null,
  deauthorizeUrl: null,
  dataDeletionUrl: null,
  igDeauthorizeUrl: null,
  igDataDeletionUrl: null,
  requireAppsecretProof: false,
  igTokenShape: 'flat',
  quotaTotal: 100,
  containerLimit: 400,
  videoProcessingSeconds: 20,
  shortLivedTokenSeconds: 3600,
  longLivedTokenSeconds: 5_184_000,
  codeSeconds: 600,
  callsPerHour: 200,
  autoConsent: null,
  defaultVersion: 'v25.0',
  requireLoginTicket: false,
  conversationsPerSecond: 2,
  insightsHistoryDays: 0,
};

export type PageTask =
  'MANAGE' | 'CREATE_CONTENT' | 'MODERATE' | 'MESSAGING' | 'ADVERTISE' | 'ANALYZE';

export interface SimPerson {
  /** App-scoped user id, what signed_request and /me answer. */
  id: string;
  name: string;
  email: string;
  pageIds: string[];
  businessIds: string[];
  /** The professional account this person signs in with through Instagram Login. */
  igLoginAccountId: string | null;
}

export interface SimBusiness {
  id: string;
  name: string;
  ownedPageIds: string[];
  clientPageIds: string[];
}

export interface SimPage {
  id: string;
  name: string;
  username: string;
  category: string;
  tasks: PageTask[];
  followers: number;
  igAccountId: string | null;
  businessId: string | null;
}

export interface SimIgAccount {
  id: string;
  /** The app-scoped id Instagram Login's /me answers as `id`. */
  appScopedId: string;
  username: string;
  name: string;
  followers: number;
  follows: number;
  accountType: 'BUSINESS' | 'MEDIA_CREATOR';
}

export type TokenKind = 'USER' | 'PAGE' | 'IG_USER';

export interface SimToken {
  value: string;
  kind: TokenKind;
  personId: string;
  /** Page id for PAGE tokens, IG user id for IG_USER tokens, person id for USER tokens. */
  subjectId: string;
  scopes: string[];
  declined: string[];
  issuedAt: number;
  /** Unix seconds; 0 never expires. */
  expiresAt: number;
  dataAccessExpiresAt: number;
  longLived: boolean;
  /** Set when the token was invalidated early (458, 459, 460, 492). */
  invalidSubcode: number | null;
}

export interface SimCode {
  code: string;
  login: 'facebook' | 'instagram';
  personId: string;
  redirectUri: string;
  scopes: string[];
  declined: string[];
  expiresAt: number;
  used: boolean;
}

export interface SimContainer {
  id: string;
  igUserId: string;
  createdAt: number;
  readyAt: number;
  mediaType: 'IMAGE' | 'VIDEO' | 'REELS' | 'STORIES' | 'CAROUSEL';
  isCarouselItem: boolean;
  /**
   * As sent; a story publishes without it (docs/product/meta-platform.md#instagram-containers:
   * "not used on stories").
   */
  caption: string | null;
  mediaUrl: string | null;
  /** A video_url (or resumable upload): a story is published as VIDEO, else as IMAGE. */
  isVideo: boolean;
  /** A reel's cover_url as sent: its thumbnail once published. */
  coverUrl: string | null;
  children: string[];
  errorSubcode: number | null;
  publishedMediaId: string | null;
}

export interface SimMedia {
  id: string;
  igUserId: string;
  caption: string | null;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  productType: 'FEED' | 'REELS' | 'STORY';
  mediaUrl: string | null;
  /** The cover sent with a reel (cover_url); null for anything else. */
  coverUrl: string | null;
  /** A carousel's items, in order, as their containers were sent; empty for anything else. */
  children: { mediaUrl: string | null; isVideo: boolean }[];
  /** When it was published; a story is listed under /stories for 24 hours from then. */
  timestamp: number;
  shortcode: string;
}

export interface SimPost {
  id: string;
  pageId: string;
  kind: 'status' | 'photo' | 'video';
  message: string | null;
  link: string | null;
  mediaUrl: string | null;
  /** Photo ids of a multi-photo post (`attached_media`), in order. */
  attachedPhotoIds: string[];
  published: boolean;
  scheduledPublishTime: number | null;
  createdAt: number;
}

export interface SimFault {
  id: string;
  error: GraphErrorSpec;
  method?: string;
  /** Substring of the path after the host prefix and version, e.g. "/me/accounts". */
  path?: string;
  /** An id that must appear as a segment of the path, or as the token's subject. */
  resource?: string;
  host?: string;
  /** null: every matching call until cleared. */
  remaining: number | null;
}

/** One person's world: the ids of what `createState` seeds, or of a copy made for one key. */
export interface SimWorld {
  personId: string;
  pageId: string;
  secondPageId: string;
  businessPageId: string;
  businessId: string;
  igAccountId: string;
  igLoginAccountId: string;
}

/** Lets a browser into the dialogs as one person, for a short while and one decision. */
export interface SimLoginTicket {
  personId: string;
  /** The dialog's `state` it was issued for, or null for any. */
  state: string | null;
  /** Unix ms (wall clock: the simulated clock moves for tests of tokens, not of tickets). */
  expiresAt: number;
}

export interface SimState {
  config: SimConfig;
  clockOffsetMs: number;
  people: Map<string, SimPerson>;
  businesses: Map<string, SimBusiness>;
  pages: Map<string, SimPage>;
  igAccounts: Map<string, SimIgAccount>;
  tokens: Map<string, SimToken>;
  codes: Map<string, SimCode>;
  containers: Map<string, SimContainer>;
  media: Map<string, SimMedia>;
  posts: Map<string, SimPost>;
  publishes: Map<string, number[]>;
  containerCreates: Map<string, number[]>;
  subscribedApps: Map<string, string[]>;
  comments: SimComment[];
  followers: Map<string, SimFollower>;
  conversations: Map<string, SimConversation>;
  messages: SimMessage[];
  /** Conversation reads per account, for their rate limit. */
  conversationCalls: Map<string, number[]>;
  faults: SimFault[];
  calls: number[];
  /** Worlds made by `provisionWorld`, by key (in the app: one per business). */
  worlds: Map<string, SimWorld>;
  loginTickets: Map<string, SimLoginTicket>;
}

export function digits(length: number, prefix = ''): string {
  let out = prefix;
  if (out.length === 0) out += String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}

export function fbtraceId(): string {
  return randomBytes(9).toString('base64').replace(/[+/=]/g, 'A');
}

export function tokenValue(kind: TokenKind): string {
  const body = randomBytes(120).toString('base64url').replace(/[-_]/g, 'Z');
  return kind === 'IG_USER' ? `IGAA${body}` : `EAAB${body}`;
}

/** The starting world: one person with two Pages of their own, a business-owned Page, and an
 *  Instagram Login account — enough to walk every connect path from the UI or a test. */
export function createState(config: Partial<SimConfig> = {}): SimState {
  const state: SimState = {
    config: { ...DEFAULT_CONFIG, ...config },
    clockOffsetMs: 0,
    people: new Map(),
    businesses: new Map(),
    pages: new Map(),
    igAccounts: new Map(),
    tokens: new Map(),
    codes: new Map(),
    containers: new Map(),
    media: new Map(),
    posts: new Map(),
    publishes: new Map(),
    containerCreates: new Map(),
    subscribedApps: new Map(),
    comments: [],
    followers: new Map(),
    conversations: new Map(),
    messages: [],
    conversationCalls: new Map(),
    faults: [],
    calls: [],
    worlds: new Map(),
    loginTickets: new Map(),
  };
  addWorld(state, SEED, 'rosa.martinez@example.com');
  return state;
}

export const SEED = {
  personId: '10222000000000001',
  pageId: '723701000827665',
  secondPageId: '723701000827666',
  businessPageId: '723701000827667',
  businessId: '240000000000001',
  igAccountId: '17841405822304914',
  igLoginAccountId: '17841405822399999',
} as const satisfies SimWorld;

const SEED_APP_SCOPED = ['2690000000000001', '2690000000000002'] as const;

/**
 * Adds a world shaped like the seed (the same names, so "Rosa Bakery" is always there to pick)
 * with ids of its own: nothing in it is shared with another world (docs/decisions/057).
 */
export function addFreshWorld(state: SimState): SimWorld {
  const taken = new Set<string>();
  const fresh = (existing: Map<string, unknown>, length: number, prefix: string) => {
    let id = digits(length, prefix);
    while (existing.has(id) || taken.has(id)) id = digits(length, prefix);
    taken.add(id);
    return id;
  };
  const world: SimWorld = {
    personId: fresh(state.people, 17, '10222'),
    pageId: fresh(state.pages, 15, '7237'),
    secondPageId: fresh(state.pages, 15, '7237'),
    businessPageId: fresh(state.pages, 15, '7237'),
    businessId: fresh(state.businesses, 15, '24'),
    igAccountId: fresh(state.igAccounts, 17, '17841'),
    igLoginAccountId: fresh(state.igAccounts, 17, '17841'),
  };
  addWorld(state, world, `rosa.martinez.${world.personId.slice(-6)}@example.com`, [
    digits(16, '269'),
    digits(16, '269'),
  ]);
  return world;
}

function addWorld(
  state: SimState,
  ids: SimWorld,
  email: string,
  appScoped: readonly [string, string] = SEED_APP_SCOPED,
): void {
  const ig: SimIgAccount = {
    id: ids.igAccountId,
    appScopedId: appScoped[0],
    username: 'rosabakery',
    name: 'Rosa Bakery',
    followers: 1280,
    follows: 210,
    accountType: 'BUSINESS',
  };
  const igLogin: SimIgAccount = {
    id: ids.igLoginAccountId,
    appScopedId: appScoped[1],
    username: 'rosa.studio',
    name: 'Rosa Studio',
    followers: 430,
    follows: 98,
    accountType: 'MEDIA_CREATOR',
  };
  state.igAccounts.set(ig.id, ig);
  state.igAccounts.set(igLogin.id, igLogin);
  const allTasks: PageTask[] = [
    'MANAGE',
    'CREATE_CONTENT',
    'MODERATE',
    'MESSAGING',
    'ADVERTISE',
    'ANALYZE',
  ];
  const pages: SimPage[] = [
    {
      id: ids.pageId,
      name: 'Rosa Bakery',
      username: 'rosabakery',
      category: 'Bakery',
      tasks: allTasks,
      followers: 2150,
      igAccountId: ig.id,
      businessId: null,
    },
    {
      id: ids.secondPageId,
      name: 'Rosa Catering',
      username: 'rosacatering',
      category: 'Caterer',
      tasks: ['CREATE_CONTENT', 'MODERATE', 'ANALYZE'],
      followers: 310,
      igAccountId: null,
      businessId: null,
    },
    {
      id: ids.businessPageId,
      name: 'Rosa Events',
      username: 'rosaevents',
      category: 'Event Planner',
      tasks: allTasks,
      followers: 95,
      igAccountId: null,
      businessId: ids.businessId,
    },
  ];
  for (const page of pages) state.pages.set(page.id, page);
  state.businesses.set(ids.businessId, {
    id: ids.businessId,
    name: 'Rosa Group',
    ownedPageIds: [ids.businessPageId],
    clientPageIds: [],
  });
  state.people.set(ids.personId, {
    id: ids.personId,
    name: 'Rosa Martinez',
    email,
    pageIds: [ids.pageId, ids.secondPageId],
    businessIds: [ids.businessId],
    igLoginAccountId: igLogin.id,
  });
}
