import { z } from 'zod';

// Platform connections (docs/product/screens.md#platforms, docs/product/screens.md#oauth-callbacks
// for /dashboard/connect and /dashboard/instagram-callback). Tokens never appear here: the browser
// sees names, pictures, permissions and health only.

export const PLATFORM_KINDS = ['facebook', 'instagram'] as const;
export type PlatformKind = (typeof PLATFORM_KINDS)[number];
export const LOGIN_KINDS = ['facebook', 'instagram'] as const;
export type LoginKind = (typeof LOGIN_KINDS)[number];
export const CONNECTION_HEALTH = [
  'healthy',
  'expiring',
  'expired',
  'revoked',
  'permission_missing',
] as const;
export type ConnectionHealth = (typeof CONNECTION_HEALTH)[number];

export const connectionSchema = z.object({
  id: z.uuid(),
  platform: z.enum(PLATFORM_KINDS),
  login: z.enum(LOGIN_KINDS),
  external_id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  picture_url: z.string().nullable(),
  linked_page_id: z.string().nullable(),
  granted_scopes: z.array(z.string()),
  missing_permissions: z.array(z.string()),
  status: z.enum(['connected', 'disconnected']),
  health: z.enum(CONNECTION_HEALTH),
  /** Days until the token stops working, when it expires at all. */
  expires_in_days: z.number().int().nullable(),
  token_expires_at: z.string().nullable(),
  /** The exact fix, e.g. "Reconnect and grant instagram_content_publish." */
  fix: z.string().nullable(),
  simulated: z.boolean(),
  last_checked_at: z.string().nullable(),
  connected_at: z.string(),
  scheduled_posts: z.number().int(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const platformsStatusSchema = z.object({
  /** simulated: no Meta app configured, the built-in Graph API simulator stands in. */
  mode: z.enum(['live', 'simulated']),
  facebook_login: z.boolean(),
  instagram_login: z.boolean(),
  connected_accounts_limit: z.number().int(),
  warning_days: z.number().int(),
});
export type PlatformsStatus = z.infer<typeof platformsStatusSchema>;

export const startConnectInputSchema = z.strictObject({
  login: z.enum(LOGIN_KINDS, { error: 'Choose Facebook or Instagram' }),
});
export type StartConnectInput = z.input<typeof startConnectInputSchema>;
export const startConnectResultSchema = z.object({ url: z.string() });

export const oauthCallbackInputSchema = z.strictObject({
  login: z.enum(LOGIN_KINDS),
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
});
export type OauthCallbackInput = z.input<typeof oauthCallbackInputSchema>;

export const candidateSchema = z.object({
  platform: z.enum(PLATFORM_KINDS),
  external_id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  picture_url: z.string().nullable(),
  linked_page_id: z.string().nullable(),
  linked_page_name: z.string().nullable(),
  missing_permissions: z.array(z.string()),
  already_connected: z.boolean(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const oauthCallbackResultSchema = z.object({
  attempt_id: z.uuid(),
  login: z.enum(LOGIN_KINDS),
  granted_scopes: z.array(z.string()),
  declined_scopes: z.array(z.string()),
  candidates: z.array(candidateSchema),
  simulated: z.boolean(),
});
export type OauthCallbackResult = z.infer<typeof oauthCallbackResultSchema>;

export const connectSelectedInputSchema = z.strictObject({
  external_ids: z
    .array(z.string().min(1).max(64))
    .min(1, 'Choose at least one account to connect')
    .max(50),
});
export type ConnectSelectedInput = z.input<typeof connectSelectedInputSchema>;

export const disconnectInputSchema = z.strictObject({
  scheduled_posts: z.enum(['keep', 'cancel'], {
    error: 'Choose what happens to scheduled posts',
  }),
});
export type DisconnectInput = z.input<typeof disconnectInputSchema>;

/**
 * One published medium of an Instagram account, read from the platform for the calendar's
 * profile grid (docs/decisions/078, docs/product/meta-platform.md#reading-instagram-media): the
 * media edge's fields, null where the platform gave none. `media_url` is a carousel's first item;
 * `thumbnail_url` a video's. An address the app itself handed to the platform is answered as the
 * library's own (decision 058), never as the address Meta was sent.
 */
export const instagramMediaSchema = z.object({
  id: z.string(),
  media_type: z.enum(['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM']),
  /** FEED, REELS…; null when the platform did not say. */
  media_product_type: z.string().nullable(),
  media_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  permalink: z.string().nullable(),
  /** When it was published, ISO 8601. */
  timestamp: z.string().nullable(),
  caption: z.string().nullable(),
});
export type InstagramMedia = z.infer<typeof instagramMediaSchema>;

/** A page of an account's media, newest first; `next_cursor` reads the next page. */
export const instagramMediaPageSchema = z.object({
  items: z.array(instagramMediaSchema),
  next_cursor: z.string().nullable(),
});
export type InstagramMediaPage = z.infer<typeof instagramMediaPageSchema>;

/** How many media one page of the grid reads: eight rows of three. */
export const INSTAGRAM_MEDIA_PAGE_SIZE = 24;

export const instagramMediaQuerySchema = z.strictObject({
  /** The platform's paging cursor from the page before. */
  after: z
    .string()
    .regex(/^[\w=-]{1,512}$/, 'That page of posts cannot be read. Start from the newest.')
    .optional(),
});
export type InstagramMediaQuery = z.input<typeof instagramMediaQuerySchema>;

export const platformRoutes = {
  status: '/api/platforms/status',
  connections: '/api/platforms/connections',
  connection: (id: string) => `/api/platforms/connections/${id}`,
  check: (id: string) => `/api/platforms/connections/${id}/check`,
  disconnect: (id: string) => `/api/platforms/connections/${id}/disconnect`,
  /** GET: the Instagram account's published media, read from the platform (decision 078). */
  media: (id: string) => `/api/platforms/connections/${id}/media`,
  start: '/api/platforms/oauth/start',
  callback: '/api/platforms/oauth/callback',
  connectSelected: (attemptId: string) => `/api/platforms/oauth/${attemptId}/connect`,
  facebookSignIn: '/api/auth/facebook/start',
  facebookSignInAvailable: '/api/auth/facebook/available',
} as const;
