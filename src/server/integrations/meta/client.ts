import { GraphHttp, type GraphHttpOptions } from './http.ts';
import { createInboxClient } from './inbox-client.ts';
import { createInsightsClient } from './insights-client.ts';

export type {
  AccountTotal,
  DailyValue,
  DemographicList,
  IgMediaSummary,
  InsightsClient,
  PagePostSummary,
} from './insights-client.ts';

// The Graph API client (docs/product/meta-platform.md#authentication-and-tokens,
// docs/product/meta-platform.md#publishing): Facebook Login and Instagram Login,
// Pages and their tokens, linked Instagram accounts, token inspection, and the publishing calls
// (feed, photo, video, Instagram containers). Hosts and the version are configuration, so the
// same client talks to Meta or to the simulator.

export interface MetaConfig {
  appId: string;
  appSecret: string;
  graphVersion: string;
  /** https://graph.facebook.com */
  graphBaseUrl: string;
  /** https://graph-video.facebook.com */
  graphVideoBaseUrl: string;
  /** https://www.facebook.com (the Login dialog) */
  dialogBaseUrl: string;
  igAppId: string;
  igAppSecret: string;
  /** https://graph.instagram.com */
  igGraphBaseUrl: string;
  /** https://api.instagram.com (code exchange) */
  igApiBaseUrl: string;
  /** https://www.instagram.com (the Instagram Login dialog) */
  igDialogBaseUrl: string;
  /**
   * Sends appsecret_proof with every token call ("Require App Secret",
   * docs/product/meta-platform.md#app-secret-proof).
   */
  appsecretProof: boolean;
}

export const DEFAULT_GRAPH_VERSION = 'v25.0';

/**
 * Facebook Login scopes (docs/product/meta-platform.md#permissions): Pages, publishing and the
 * linked Instagram account.
 */
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'business_management',
  'pages_read_engagement',
  'pages_manage_posts',
  'pages_manage_metadata',
  'instagram_basic',
  'instagram_content_publish',
  // The social monitor: comments, private replies and direct messages of the Pages and their
  // Instagram accounts (docs/product/meta-platform.md#permissions). Publishing does not need
  // them, so an account granted without them still publishes (platforms/health.ts).
  'pages_read_user_content',
  'pages_manage_engagement',
  'pages_messaging',
  'instagram_manage_comments',
  'instagram_manage_messages',
  // Analytics: Page and post insights, Instagram account and media insights
  // (docs/product/meta-platform.md#insights).
  'read_insights',
  'instagram_manage_insights',
] as const;

/**
 * Instagram Login scopes (docs/product/meta-platform.md#instagram-login);
 * instagram_business_basic is required.
 */
export const INSTAGRAM_SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  // The social monitor (docs/product/meta-platform.md#permissions).
  'instagram_business_manage_comments',
  'instagram_business_manage_messages',
  // Analytics (docs/product/meta-platform.md#insights).
  'instagram_business_manage_insights',
] as const;

export interface TokenAnswer {
  access_token: string;
  token_type?: string;
  expires_in?: number;
}

export interface PageAccount {
  id: string;
  name: string;
  username?: string;
  access_token?: string;
  category?: string;
  tasks?: string[];
  picture?: { data?: { url?: string } };
  instagram_business_account?: { id: string };
}

export interface Paged<T> {
  data: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
}

export interface DebugTokenData {
  app_id?: string;
  type?: string;
  application?: string;
  data_access_expires_at?: number;
  expires_at?: number;
  is_valid: boolean;
  issued_at?: number;
  scopes?: string[];
  granular_scopes?: { scope: string; target_ids?: string[] }[];
  user_id?: string;
  profile_id?: string;
  error?: { code?: number; message?: string; subcode?: number };
}

export interface InstagramAccount {
  id: string;
  user_id?: string;
  username?: string;
  name?: string;
  profile_picture_url?: string;
  followers_count?: number;
  media_count?: number;
  account_type?: string;
}

export interface InstagramLoginToken {
  accessToken: string;
  userId: string;
  permissions: string[];
}

export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'PUBLISHED' | 'ERROR' | 'EXPIRED';

export interface ContainerInput {
  image_url?: string;
  video_url?: string;
  media_type?: 'REELS' | 'STORIES' | 'CAROUSEL' | 'VIDEO';
  is_carousel_item?: boolean;
  children?: string[];
  caption?: string;
  alt_text?: string;
  share_to_feed?: boolean;
  cover_url?: string;
}

/**
 * One item of an account's media edge as the profile grid reads it
 * (docs/product/meta-platform.md#reading-instagram-media). `media_url` is a carousel's first
 * item; `thumbnail_url` is given for videos only.
 */
export interface InstagramMediaItem {
  id: string;
  media_type?: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_product_type?: 'AD' | 'FEED' | 'STORY' | 'REELS';
  media_url?: string;
  thumbnail_url?: string;
  permalink?: string;
  timestamp?: string;
  caption?: string;
}

/** Which host an Instagram account is reached through: Facebook Login or Instagram Login. */
export type IgHost = 'facebook' | 'instagram';

const PAGE_FIELDS =
  'id,name,username,access_token,category,tasks,picture.type(large),instagram_business_account';

export function createMetaClient(config: MetaConfig, options: GraphHttpOptions = {}) {
  const http = new GraphHttp(options);
  const v = config.graphVersion;
  const graph = (path: string) => `${config.graphBaseUrl}/${v}${path}`;
  const igGraph = (path: string) => `${config.igGraphBaseUrl}/${v}${path}`;
  const proof = config.appsecretProof ? config.appSecret : undefined;
  const igProof = config.appsecretProof ? config.igAppSecret : undefined;
  const hostUrl = (host: IgHost, path: string) =>
    host === 'facebook' ? graph(path) : igGraph(path);
  const hostProof = (host: IgHost) => (host === 'facebook' ? proof : igProof);

  /**
   * Follows paging.next until it is missing (docs/product/meta-platform.md#paging), with a page
   * cap against loops.
   */
  async function collect<T>(
    first: Paged<T>,
    token: string,
    usageKey?: string,
    proofSecret: string | undefined = proof,
  ): Promise<T[]> {
    const out = [...first.data];
    let next = first.paging?.next;
    for (let pages = 0; next && pages < 50; pages += 1) {
      const url = new URL(next);
      // The next URL repeats the token; send ours instead (and a fresh proof).
      url.searchParams.delete('access_token');
      url.searchParams.delete('appsecret_proof');
      const page = await http.request<Paged<T>>({
        method: 'GET',
        url: url.toString(),
        token,
        proofSecret,
        ...(usageKey ? { usageKey } : {}),
      });
      out.push(...page.data);
      next = page.paging?.next;
    }
    return out;
  }

  const facebook = {
    /**
     * The Login dialog (docs/product/meta-platform.md#facebook-login-dialog); `state` is bound to
     * the person's session by the caller.
     */
    dialogUrl(input: { redirectUri: string; state: string; scopes?: readonly string[] }): string {
      const url = new URL(`${config.dialogBaseUrl}/${v}/dialog/oauth`);
      url.searchParams.set('client_id', config.appId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('state', input.state);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', (input.scopes ?? FACEBOOK_SCOPES).join(','));
      return url.toString();
    },

    /**
     * Code → short-lived user token (docs/product/meta-platform.md#code-exchange). Never retried:
     * a code is single use.
     */
    exchangeCode(input: { code: string; redirectUri: string }): Promise<TokenAnswer> {
      return http.request<TokenAnswer>({
        method: 'GET',
        url: graph('/oauth/access_token'),
        params: {
          client_id: config.appId,
          client_secret: config.appSecret,
          redirect_uri: input.redirectUri,
          code: input.code,
        },
        retry: false,
      });
    },

    /**
     * Short-lived → long-lived user token, about 60 days
     * (docs/product/meta-platform.md#long-lived-user-token).
     */
    exchangeLongLived(shortLivedToken: string): Promise<TokenAnswer> {
      return http.request<TokenAnswer>({
        method: 'GET',
        url: graph('/oauth/access_token'),
        params: {
          grant_type: 'fb_exchange_token',
          client_id: config.appId,
          client_secret: config.appSecret,
          fb_exchange_token: shortLivedToken,
        },
      });
    },

    me(
      token: string,
      fields = 'id,name',
    ): Promise<{
      id: string;
      name?: string;
      email?: string;
      picture?: { data?: { url?: string } };
    }> {
      return http.request({
        method: 'GET',
        url: graph('/me'),
        params: { fields },
        token,
        proofSecret: proof,
      });
    },

    async permissions(token: string): Promise<{ granted: string[]; declined: string[] }> {
      const answer = await http.request<Paged<{ permission: string; status: string }>>({
        method: 'GET',
        url: graph('/me/permissions'),
        token,
        proofSecret: proof,
      });
      return {
        granted: answer.data.filter((p) => p.status === 'granted').map((p) => p.permission),
        declined: answer.data.filter((p) => p.status !== 'granted').map((p) => p.permission),
      };
    },

    /**
     * Pages the person manages directly, every page of them
     * (docs/product/meta-platform.md#pages-and-page-tokens).
     */
    async listPages(userToken: string, pageSize = 100): Promise<PageAccount[]> {
      const first = await http.request<Paged<PageAccount>>({
        method: 'GET',
        url: graph('/me/accounts'),
        params: { fields: PAGE_FIELDS, limit: pageSize },
        token: userToken,
        proofSecret: proof,
      });
      return collect(first, userToken);
    },

    /**
     * Business-portfolio Pages, which /me/accounts can leave out since v17
     * (docs/product/meta-platform.md#pages-and-page-tokens).
     */
    async listBusinessPages(userToken: string): Promise<PageAccount[]> {
      const businesses = await collect(
        await http.request<Paged<{ id: string; name: string }>>({
          method: 'GET',
          url: graph('/me/businesses'),
          params: { fields: 'id,name', limit: 100 },
          token: userToken,
          proofSecret: proof,
        }),
        userToken,
      );
      const pages: PageAccount[] = [];
      for (const business of businesses) {
        for (const edge of ['owned_pages', 'client_pages'] as const) {
          const first = await http.request<Paged<PageAccount>>({
            method: 'GET',
            url: graph(`/${business.id}/${edge}`),
            params: { fields: PAGE_FIELDS, limit: 100 },
            token: userToken,
            proofSecret: proof,
          });
          pages.push(...(await collect(first, userToken)));
        }
      }
      return pages;
    },

    page(
      pageId: string,
      token: string,
      fields = 'id,name,access_token,instagram_business_account',
    ): Promise<PageAccount> {
      return http.request({
        method: 'GET',
        url: graph(`/${pageId}`),
        params: { fields },
        token,
        proofSecret: proof,
        usageKey: pageId,
      });
    },

    /**
     * Token inspection with the app token (docs/product/meta-platform.md#token-inspection):
     * expiry, validity and granted scopes.
     */
    async debugToken(inputToken: string): Promise<DebugTokenData> {
      const answer = await http.request<{ data: DebugTokenData }>({
        method: 'GET',
        url: graph('/debug_token'),
        params: { input_token: inputToken },
        token: `${config.appId}|${config.appSecret}`,
      });
      return answer.data;
    },

    publishText(
      pageId: string,
      pageToken: string,
      input: {
        message?: string;
        link?: string;
        published?: boolean;
        scheduled_publish_time?: number;
        /**
         * JSON array of {"media_fbid": id} for a multi-photo post
         * (docs/product/meta-platform.md#facebook-multi-photo-posts).
         */
        attached_media?: string;
      },
    ) {
      return http.request<{ id: string }>({
        method: 'POST',
        url: graph(`/${pageId}/feed`),
        params: input,
        token: pageToken,
        proofSecret: proof,
        usageKey: pageId,
        retry: false,
      });
    },

    publishPhoto(
      pageId: string,
      pageToken: string,
      input: { url: string; message?: string; published?: boolean },
    ) {
      return http.request<{ id: string; post_id?: string }>({
        method: 'POST',
        url: graph(`/${pageId}/photos`),
        params: input,
        token: pageToken,
        proofSecret: proof,
        usageKey: pageId,
        retry: false,
      });
    },

    publishVideo(
      pageId: string,
      pageToken: string,
      input: { file_url: string; description?: string; title?: string },
    ) {
      return http.request<{ id: string }>({
        method: 'POST',
        url: `${config.graphVideoBaseUrl}/${v}/${pageId}/videos`,
        params: input,
        token: pageToken,
        proofSecret: proof,
        usageKey: pageId,
        retry: false,
      });
    },

    getPost(
      postId: string,
      pageToken: string,
      fields = 'id,message,created_time,permalink_url,is_published',
    ) {
      return http.request<{
        id: string;
        message?: string;
        permalink_url?: string;
        is_published?: boolean;
      }>({
        method: 'GET',
        url: graph(`/${postId}`),
        params: { fields },
        token: pageToken,
        proofSecret: proof,
      });
    },

    /** The Page's posts, newest first (reconcile looks for one it may have made). */
    async listPosts(pageId: string, pageToken: string, limit = 25) {
      const answer = await http.request<
        Paged<{ id: string; message?: string; created_time?: string; permalink_url?: string }>
      >({
        method: 'GET',
        url: graph(`/${pageId}/feed`),
        params: { fields: 'id,message,created_time,permalink_url', limit },
        token: pageToken,
        proofSecret: proof,
        usageKey: pageId,
      });
      // Every page: posts made since the attempt may sit below many newer ones.
      return collect(answer, pageToken, pageId);
    },

    /** A comment on a Page post, as the Page (docs/product/meta-platform.md#facebook-comments). */
    comment(objectId: string, pageToken: string, message: string) {
      return http.request<{ id: string }>({
        method: 'POST',
        url: graph(`/${objectId}/comments`),
        params: { message },
        token: pageToken,
        proofSecret: proof,
        retry: false,
      });
    },

    deletePost(postId: string, pageToken: string) {
      return http.request<{ success: boolean }>({
        method: 'DELETE',
        url: graph(`/${postId}`),
        token: pageToken,
        proofSecret: proof,
      });
    },
  };

  const instagram = {
    /** Business Login for Instagram (docs/product/meta-platform.md#instagram-login). */
    authorizeUrl(input: {
      redirectUri: string;
      state: string;
      scopes?: readonly string[];
    }): string {
      const url = new URL(`${config.igDialogBaseUrl}/oauth/authorize`);
      url.searchParams.set('client_id', config.igAppId);
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', (input.scopes ?? INSTAGRAM_SCOPES).join(','));
      url.searchParams.set('state', input.state);
      return url.toString();
    },

    /**
     * Code → short-lived token; accepts the documented wrapped body and the flat one
     * (docs/product/meta-platform.md#instagram-login).
     */
    async exchangeCode(input: { code: string; redirectUri: string }): Promise<InstagramLoginToken> {
      const answer = await http.request<Record<string, unknown>>({
        method: 'POST',
        url: `${config.igApiBaseUrl}/oauth/access_token`,
        params: {
          client_id: config.igAppId,
          client_secret: config.igAppSecret,
          grant_type: 'authorization_code',
          redirect_uri: input.redirectUri,
          // The redirect carries "#_" after the code; it is not part of it.
          code: input.code.replace(/#_$/, ''),
        },
        retry: false,
      });
      const item = (Array.isArray(answer.data) ? answer.data[0] : answer) as Record<
        string,
        unknown
      >;
      const permissions = item.permissions;
      return {
        accessToken: String(item.access_token),
        userId: String(item.user_id),
        permissions: Array.isArray(permissions)
          ? permissions.map(String)
          : typeof permissions === 'string'
            ? permissions.split(',').filter(Boolean)
            : [],
      };
    },

    exchangeLongLived(shortLivedToken: string): Promise<TokenAnswer> {
      return http.request<TokenAnswer>({
        method: 'GET',
        url: `${config.igGraphBaseUrl}/access_token`,
        params: { grant_type: 'ig_exchange_token', client_secret: config.igAppSecret },
        token: shortLivedToken,
      });
    },

    /**
     * A new 60-day token; works once the current one is 24 h old and still valid
     * (docs/product/meta-platform.md#instagram-login).
     */
    refresh(longLivedToken: string): Promise<TokenAnswer> {
      return http.request<TokenAnswer>({
        method: 'GET',
        url: `${config.igGraphBaseUrl}/refresh_access_token`,
        params: { grant_type: 'ig_refresh_token' },
        token: longLivedToken,
      });
    },

    /**
     * `user_id` is the professional account id; `id` is app-scoped
     * (docs/product/meta-platform.md#instagram-login).
     */
    me(token: string): Promise<InstagramAccount> {
      return http.request({
        method: 'GET',
        url: igGraph('/me'),
        params: {
          fields:
            'user_id,username,name,profile_picture_url,account_type,followers_count,media_count',
        },
        token,
        proofSecret: igProof,
      });
    },
  };

  /** Instagram account calls, through graph.facebook.com (Page token) or graph.instagram.com. */
  const ig = {
    account(host: IgHost, igUserId: string, token: string): Promise<InstagramAccount> {
      return http.request({
        method: 'GET',
        url: hostUrl(host, `/${igUserId}`),
        params: { fields: 'id,username,name,profile_picture_url,followers_count,media_count' },
        token,
        proofSecret: hostProof(host),
        usageKey: igUserId,
      });
    },

    createContainer(host: IgHost, igUserId: string, token: string, input: ContainerInput) {
      const params: Record<string, string | boolean | undefined> = {
        ...input,
        children: input.children?.join(','),
      };
      return http.request<{ id: string }>({
        method: 'POST',
        url: hostUrl(host, `/${igUserId}/media`),
        params,
        token,
        proofSecret: hostProof(host),
        usageKey: igUserId,
        retry: false,
      });
    },

    containerStatus(host: IgHost, containerId: string, token: string) {
      return http.request<{ id: string; status_code: ContainerStatus; status?: string }>({
        method: 'GET',
        url: hostUrl(host, `/${containerId}`),
        params: { fields: 'status_code,status' },
        token,
        proofSecret: hostProof(host),
      });
    },

    publish(host: IgHost, igUserId: string, token: string, creationId: string) {
      return http.request<{ id: string }>({
        method: 'POST',
        url: hostUrl(host, `/${igUserId}/media_publish`),
        params: { creation_id: creationId },
        token,
        proofSecret: hostProof(host),
        usageKey: igUserId,
        retry: false,
      });
    },

    /**
     * The rolling 24-hour quota; read quota_total, never assume it
     * (docs/product/meta-platform.md#instagram-publishing-quota).
     */
    async publishingLimit(host: IgHost, igUserId: string, token: string) {
      const answer = await http.request<{
        data: { quota_usage: number; config?: { quota_total: number; quota_duration: number } }[];
      }>({
        method: 'GET',
        url: hostUrl(host, `/${igUserId}/content_publishing_limit`),
        params: { fields: 'quota_usage,config' },
        token,
        proofSecret: hostProof(host),
        usageKey: igUserId,
      });
      const item = answer.data[0];
      return {
        used: item?.quota_usage ?? 0,
        total: item?.config?.quota_total ?? null,
        windowSeconds: item?.config?.quota_duration ?? 86_400,
      };
    },

    media(host: IgHost, mediaId: string, token: string) {
      return http.request<{
        id: string;
        permalink?: string;
        media_type?: string;
        media_product_type?: string;
        caption?: string;
      }>({
        method: 'GET',
        url: hostUrl(host, `/${mediaId}`),
        params: { fields: 'id,caption,media_type,media_product_type,permalink,timestamp' },
        token,
        proofSecret: hostProof(host),
      });
    },

    /**
     * A comment on the account's own media (docs/product/meta-platform.md#instagram-comments),
     * e.g. the first comment of a post.
     */
    comment(host: IgHost, mediaId: string, token: string, message: string) {
      return http.request<{ id: string }>({
        method: 'POST',
        url: hostUrl(host, `/${mediaId}/comments`),
        params: { message },
        token,
        proofSecret: hostProof(host),
        retry: false,
      });
    },

    async listMedia(host: IgHost, igUserId: string, token: string) {
      const first = await http.request<
        Paged<{ id: string; caption?: string; media_type?: string }>
      >({
        method: 'GET',
        url: hostUrl(host, `/${igUserId}/media`),
        params: {
          fields: 'id,caption,media_type,media_product_type,permalink,timestamp',
          limit: 25,
        },
        token,
        proofSecret: hostProof(host),
        usageKey: igUserId,
      });
      return collect(first, token, igUserId, hostProof(host));
    },

    /**
     * One page of the account's published media, newest first, from the cursor `after` of the
     * page before (docs/product/meta-platform.md#paging): `after` of the next page, or null on
     * the last one (the answer has no `next`).
     */
    async mediaPage(
      host: IgHost,
      igUserId: string,
      token: string,
      options: { after?: string | undefined; limit?: number } = {},
    ): Promise<{ items: InstagramMediaItem[]; after: string | null }> {
      const answer = await http.request<Paged<InstagramMediaItem>>({
        method: 'GET',
        url: hostUrl(host, `/${igUserId}/media`),
        params: {
          fields:
            'id,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp,caption',
          limit: options.limit ?? 25,
          ...(options.after ? { after: options.after } : {}),
        },
        token,
        proofSecret: hostProof(host),
        usageKey: igUserId,
      });
      const after = answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null;
      return { items: answer.data, after };
    },

    /**
     * The account's stories of the last 24 hours, which the media edge leaves out
     * (docs/product/meta-platform.md#reading-instagram-media).
     * A story has no caption: media_type (IMAGE or VIDEO) and timestamp are what tell it apart.
     */
    async listStories(host: IgHost, igUserId: string, token: string) {
      const first = await http.request<
        Paged<{ id: string; media_type?: string; permalink?: string; timestamp?: string }>
      >({
        method: 'GET',
        url: hostUrl(host, `/${igUserId}/stories`),
        params: { fields: 'id,permalink,timestamp,media_type' },
        token,
        proofSecret: hostProof(host),
        usageKey: igUserId,
      });
      return collect(first, token, igUserId, hostProof(host));
    },
  };

  // Comments and messages of the social monitor (docs/decisions/091).
  const inbox = createInboxClient({ http, url: hostUrl, proof: hostProof });
  // Analytics: account, Page, media and post insights (docs/decisions/092).
  const insights = createInsightsClient({ http, url: hostUrl, proof: hostProof });

  return { config, http, facebook, instagram, ig, inbox, insights };
}

export type MetaClient = ReturnType<typeof createMetaClient>;
