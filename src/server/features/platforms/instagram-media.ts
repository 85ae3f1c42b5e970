import {
  INSTAGRAM_MEDIA_PAGE_SIZE,
  instagramMediaQuerySchema,
  type InstagramMedia,
  type InstagramMediaPage,
  type InstagramMediaQuery,
} from '#shared/contracts/platforms.contract.ts';
import { mediaRoutes } from '#shared/contracts/media.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import type { InstagramMediaItem } from '#server/integrations/meta/client.ts';
import { toAppError } from '#server/integrations/meta/errors.ts';
import { findMediaRows } from '../media/media.repository.ts';
import { isUuid } from '../profile/user-id.ts';
import { PUBLIC_MEDIA_PATH, publicMediaGrant } from '../publishing/media-urls.ts';
import { metaRuntime } from './meta-runtime.ts';
import { connectionToken } from './connection-health.ts';
import * as repo from './platforms.repository.ts';
import { igHostOf } from './publishing-limit.ts';

// An Instagram account's published media, read from the platform for the calendar's profile grid
// (docs/decisions/078, docs/product/meta-platform.md#reading-instagram-media): one page of the
// media edge at a time, newest first. A page is reused for a minute, apart from the business's
// lists (the posts it saves do not change what the platform shows); a post of the business that
// goes out drops them in every process (runtime.ts), so the grid shows it once it is published.

/** How long a page read from the platform is reused. */
export const INSTAGRAM_MEDIA_TTL_MS = 60_000;

/** Where a business's pages of media are cached. */
export function instagramMediaScope(tenantId: string): string {
  return `instagram-media:${tenantId}`;
}

/** GET /api/platforms/connections/{id}/media: a page of the account's published media. */
export async function readInstagramMedia(
  ctx: ServiceContext,
  connectionId: string,
  query: InstagramMediaQuery = {},
): Promise<InstagramMediaPage> {
  requireAccess(ctx.actor, 'read:calendar');
  const parsed = instagramMediaQuerySchema.safeParse(query);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  const { after } = parsed.data;
  const { deps, actor } = ctx;
  const tenantId = actor.tenantId;
  // Another business's account, a Facebook Page or an id that names nothing: not found alike.
  const row = isUuid(connectionId)
    ? await withTenant(deps.database, tenantScope(actor), (tx) =>
        repo.findConnection(tx, tenantId, connectionId.toLowerCase()),
      )
    : undefined;
  if (!row || row.platform !== 'instagram') {
    throw AppError.from('NOT_FOUND', {
      technicalMessage: `No visible Instagram connection ${connectionId}`,
    });
  }
  const token = connectionToken(deps, row);
  if (!token || row.health === 'expired' || row.health === 'revoked') {
    throw AppError.from('PLATFORM_TOKEN_ERROR', {
      technicalMessage: `Connection ${row.id} has no working token (${row.status}, ${row.health})`,
    });
  }
  let page: { items: InstagramMediaItem[]; after: string | null };
  try {
    page = await deps.cache.getOrLoad(
      instagramMediaScope(tenantId),
      `media:${row.id}:${row.updatedAt.getTime()}:${after ?? ''}`,
      () =>
        metaRuntime(deps).client.ig.mediaPage(igHostOf(row), row.externalId, token, {
          after,
          limit: INSTAGRAM_MEDIA_PAGE_SIZE,
        }),
      { ttlMs: INSTAGRAM_MEDIA_TTL_MS },
    );
  } catch (error) {
    throw toAppError(error, 'INSTAGRAM_MEDIA_ERROR', { connectionId: row.id });
  }
  const items = await withOwnAddresses(ctx, page.items.map(toMediaDto));
  return { items, next_cursor: page.after };
}

function toMediaDto(item: InstagramMediaItem): InstagramMedia {
  return {
    id: item.id,
    media_type: item.media_type ?? 'IMAGE',
    media_product_type: item.media_product_type ?? null,
    media_url: item.media_url ?? null,
    thumbnail_url: item.thumbnail_url ?? null,
    permalink: item.permalink ?? null,
    timestamp: isoTime(item.timestamp),
    caption: item.caption ?? null,
  };
}

/** Graph times are ISO 8601 with no colon in the offset, "2026-04-06T17:50:09+0000". */
export function isoTime(value: string | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * The platform answers the addresses it was sent. One of ours (a capability URL of decision 080,
 * which the simulator of demo mode keeps) is never handed to the browser: the library's own
 * route of that item is (its small copy to draw; the session and row-level security decide
 * again), or nothing when it names another business or is not one we made.
 */
async function withOwnAddresses(
  ctx: ServiceContext,
  items: InstagramMedia[],
): Promise<InstagramMedia[]> {
  const { deps, actor } = ctx;
  const prefix = `${deps.env.appUrl}${PUBLIC_MEDIA_PATH}/`;
  const ours = (url: string | null) => url !== null && url.startsWith(prefix);
  if (!items.some((m) => ours(m.media_url) || ours(m.thumbnail_url))) return items;
  const granted = new Map<string, string>();
  for (const m of items) {
    for (const url of [m.media_url, m.thumbnail_url]) {
      if (!url || !ours(url)) continue;
      const grant = grantOf(deps, url, actor.tenantId);
      if (grant) granted.set(url, grant);
    }
  }
  const rows = await withTenant(deps.database, tenantScope(actor), (tx) =>
    findMediaRows(tx, [...new Set(granted.values())]),
  );
  const library = new Map(rows.map((r) => [r.id, r]));
  const smallCopy = (url: string | null): string | null => {
    const id = url ? granted.get(url) : undefined;
    const row = id ? library.get(id) : undefined;
    if (!row) return null;
    if (row.thumbnailKey) return mediaRoutes.file(row.id, 'thumbnail');
    return row.kind === 'image' ? mediaRoutes.file(row.id, 'original') : null;
  };
  const mapped = (url: string | null) => (ours(url) ? smallCopy(url) : url);
  return items.map((m) => {
    if (m.media_type !== 'VIDEO') {
      return { ...m, media_url: mapped(m.media_url), thumbnail_url: mapped(m.thumbnail_url) };
    }
    // A video of the library shows its poster frame, else the platform's thumbnail; the browser
    // never plays it here, so its own address is not handed on.
    const frame = ours(m.media_url) ? smallCopy(m.media_url) : null;
    return {
      ...m,
      media_url: ours(m.media_url) ? null : m.media_url,
      thumbnail_url: frame ?? mapped(m.thumbnail_url),
    };
  });
}

function grantOf(deps: AppDeps, url: string, tenantId: string): string | null {
  const grant = publicMediaGrant(deps, url);
  return grant && grant.tenantId === tenantId ? grant.mediaId : null;
}
