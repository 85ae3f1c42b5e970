import { z } from 'zod';
import type { Candidate, LoginKind } from '#shared/contracts/platforms.contract.ts';
import { AppError, type ErrorCode } from '#shared/errors/index.ts';
import { type ServiceContext } from '#server/platform/access.ts';
import type { PageAccount } from '#server/integrations/meta/client.ts';
import { metaRuntime } from './meta-runtime.ts';
import type * as repo from './platforms.repository.ts';

// The OAuth grant: the code exchanged for tokens (Facebook Login: the long-lived user token and
// each Page's token; Instagram Login: the account's token), kept encrypted on the attempt until
// the person picks accounts (docs/decisions/052).

export const grantContext = (id: string) => `platform_oauth_state:${id}:grant`;

/** What the token exchange found, kept encrypted until the person picks accounts. */
export interface Grant {
  login: LoginKind;
  metaUserId: string;
  scopes: string[];
  declined: string[];
  /** Token per candidate external id, with its expiry (ms) or null for never. */
  tokens: Record<string, { token: string; expiresAt: number | null; issuedAt: number }>;
}

const grantSchema: z.ZodType<Grant> = z.object({
  login: z.enum(['facebook', 'instagram']),
  metaUserId: z.string(),
  scopes: z.array(z.string()),
  declined: z.array(z.string()),
  tokens: z.record(
    z.string(),
    z.object({ token: z.string(), expiresAt: z.number().nullable(), issuedAt: z.number() }),
  ),
});

export function connectionError(
  login: LoginKind,
  userMessage: string,
  technicalMessage: string,
  details: Record<string, unknown> = {},
) {
  const code: ErrorCode =
    login === 'facebook' ? 'FACEBOOK_CONNECTION_ERROR' : 'INSTAGRAM_CONNECTION_ERROR';
  return AppError.from(code, { userMessage, message: userMessage, technicalMessage, details });
}

export function readGrant(ctx: ServiceContext, attempt: repo.OauthStateRow): Grant {
  if (!attempt.grant) {
    throw AppError.from('OAUTH_STATE_ERROR', { technicalMessage: 'Attempt has no grant' });
  }
  return grantSchema.parse(
    JSON.parse(ctx.deps.secrets.decrypt(attempt.grant, grantContext(attempt.id))),
  );
}

export async function exchangeFacebook(ctx: ServiceContext, code: string, redirectUri: string) {
  const { client } = metaRuntime(ctx.deps);
  const short = await client.facebook.exchangeCode({ code, redirectUri });
  const long = await client.facebook.exchangeLongLived(short.access_token);
  const userToken = long.access_token;
  const [me, permissions, info] = await Promise.all([
    client.facebook.me(userToken),
    client.facebook.permissions(userToken),
    client.facebook.debugToken(userToken),
  ]);
  if (!permissions.granted.includes('pages_show_list')) {
    throw connectionError(
      'facebook',
      'Facebook did not grant pages_show_list, which Soci Gen needs to list your Pages. Connect again and allow it.',
      `Declined: ${permissions.declined.join(',')}`,
      { reason: 'permission_missing', permissions: ['pages_show_list'] },
    );
  }
  let pages: PageAccount[] = await client.facebook.listPages(userToken);
  if (permissions.granted.includes('business_management')) {
    try {
      const business = await client.facebook.listBusinessPages(userToken);
      pages = [...pages, ...business.filter((b) => !pages.some((p) => p.id === b.id))];
    } catch (error) {
      // Personal Pages are still worth offering when the business route fails.
      ctx.deps.logger.warn({ err: error }, 'business pages could not be listed');
    }
  }
  const now = Date.now();
  // A Page token from a long-lived user token never expires
  // (docs/product/meta-platform.md#long-lived-user-token), but data access does (about 90 days
  // after the person last used the app): that is the date the person must come back by.
  const dataAccessEnds = info.data_access_expires_at ? info.data_access_expires_at * 1000 : null;
  const grant: Grant = {
    login: 'facebook',
    metaUserId: me.id,
    scopes: permissions.granted,
    declined: permissions.declined,
    tokens: {},
  };
  const candidates: Candidate[] = [];
  const pageMissing = ['pages_manage_posts', 'pages_read_engagement'].filter(
    (p) => !permissions.granted.includes(p),
  );
  const igMissing = ['instagram_basic', 'instagram_content_publish'].filter(
    (p) => !permissions.granted.includes(p),
  );
  for (const page of pages) {
    if (!page.access_token) continue;
    grant.tokens[`facebook:${page.id}`] = {
      token: page.access_token,
      expiresAt: dataAccessEnds,
      issuedAt: now,
    };
    candidates.push({
      platform: 'facebook',
      external_id: page.id,
      name: page.name,
      username: page.username ?? null,
      picture_url: page.picture?.data?.url ?? null,
      linked_page_id: null,
      linked_page_name: null,
      missing_permissions: pageMissing,
      already_connected: false,
    });
    const igId = page.instagram_business_account?.id;
    if (igId) {
      const account = await client.ig.account('facebook', igId, page.access_token);
      grant.tokens[`instagram:${igId}`] = {
        token: page.access_token,
        expiresAt: dataAccessEnds,
        issuedAt: now,
      };
      candidates.push({
        platform: 'instagram',
        external_id: igId,
        name: account.name ?? account.username ?? igId,
        username: account.username ?? null,
        picture_url: account.profile_picture_url ?? null,
        linked_page_id: page.id,
        linked_page_name: page.name,
        missing_permissions: igMissing,
        already_connected: false,
      });
    }
  }
  if (candidates.length === 0) {
    throw connectionError(
      'facebook',
      'No Facebook Pages were shared with Soci Gen. Connect again and choose at least one Page you manage.',
      'No pages in /me/accounts or the business route',
      { reason: 'no_accounts' },
    );
  }
  return { grant, candidates };
}

export async function exchangeInstagram(ctx: ServiceContext, code: string, redirectUri: string) {
  const { client } = metaRuntime(ctx.deps);
  const short = await client.instagram.exchangeCode({ code, redirectUri });
  if (!short.permissions.includes('instagram_business_basic')) {
    throw connectionError(
      'instagram',
      'Instagram did not grant instagram_business_basic, which Soci Gen needs to read your account. Connect again and allow it.',
      `Granted: ${short.permissions.join(',')}`,
      { reason: 'permission_missing', permissions: ['instagram_business_basic'] },
    );
  }
  const long = await client.instagram.exchangeLongLived(short.accessToken);
  const me = await client.instagram.me(long.access_token);
  const igId = me.user_id ?? short.userId;
  const now = Date.now();
  const grant: Grant = {
    login: 'instagram',
    metaUserId: short.userId,
    scopes: short.permissions,
    declined: [],
    tokens: {
      [`instagram:${igId}`]: {
        token: long.access_token,
        expiresAt: long.expires_in ? now + long.expires_in * 1000 : null,
        issuedAt: now,
      },
    },
  };
  const candidates: Candidate[] = [
    {
      platform: 'instagram',
      external_id: igId,
      name: me.name ?? me.username ?? igId,
      username: me.username ?? null,
      picture_url: me.profile_picture_url ?? null,
      linked_page_id: null,
      linked_page_name: null,
      missing_permissions: ['instagram_business_content_publish'].filter(
        (p) => !short.permissions.includes(p),
      ),
      already_connected: false,
    },
  ];
  return { grant, candidates };
}
