import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import { accountLabel } from '#shared/account-label.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { IgHost } from '#server/integrations/meta/client.ts';
import { toAppError } from '#server/integrations/meta/errors.ts';
import { metaRuntime } from './meta-runtime.ts';
import { connectionToken } from './connection-health.ts';
import type * as platformsRepo from './platforms.repository.ts';

// What a connected account may still publish in the platform's rolling 24-hour window
// (docs/product/meta-platform.md#instagram-publishing-quota). Instagram states its limit through
// content_publishing_limit, read from the platform, never assumed; Facebook Pages have no such
// limit. Saving a post that is scheduled or published now reads it afresh
// (posts/validate-post.ts), as does the worker just before publishing; the quota list of the
// home page and the composer (publishing/quota.service.ts) reuses a reading for a minute
// (docs/decisions/082), so page views do not spend the calls publishing needs.

/**
 * How long the quota list reuses an account's reading. A post of the business that is published
 * (or may have been: unconfirmed) drops its readings in every process sooner (runtime.ts), and a
 * reconnect changes the connection's updated_at, which is part of the key.
 */
export const QUOTA_READING_TTL_MS = 60_000;

/**
 * Where a business's quota readings are cached: apart from its lists, so the status changes
 * that drop those (a claim, a retry, a failure: several a second in a burst) do not make every
 * view of the home page ask Instagram again. Only a publish uses quota.
 */
export function quotaReadingsScope(tenantId: string): string {
  return `publishing-quota:${tenantId}`;
}

/** The Graph host an Instagram account is reached on: Facebook Login's or Instagram Login's. */
export function igHostOf(connection: Pick<platformsRepo.ConnectionRow, 'login'>): IgHost {
  return connection.login === 'facebook' ? 'facebook' : 'instagram';
}

interface LimitReading {
  used: number;
  total: number | null;
  /** When the platform was asked. */
  checkedAt: string;
}

async function readLimit(
  deps: AppDeps,
  connection: platformsRepo.ConnectionRow,
  token: string,
): Promise<LimitReading> {
  const checkedAt = new Date().toISOString();
  const limit = await metaRuntime(deps).client.ig.publishingLimit(
    igHostOf(connection),
    connection.externalId,
    token,
  );
  return { used: limit.used, total: limit.total, checkedAt };
}

/**
 * One account's quota, read from the platform now; with `reuse`, from a reading of the last
 * QUOTA_READING_TTL_MS when there is one (checked_at then says when it was read). A failed read
 * is not kept: the next one asks again.
 */
export async function readQuota(
  deps: AppDeps,
  connection: platformsRepo.ConnectionRow,
  options: { reuse?: boolean } = {},
): Promise<AccountQuota> {
  const base = {
    connection_id: connection.id,
    platform: connection.platform,
    account_name: accountLabel(connection),
    checked_at: new Date().toISOString(),
  };
  const none = { remaining: null, used: null, total: null };
  if (connection.platform === 'facebook') {
    return { ...base, ...none, source: 'not_limited', reason: null };
  }
  const token = connectionToken(deps, connection);
  if (!token || connection.health === 'expired' || connection.health === 'revoked') {
    return {
      ...base,
      ...none,
      source: 'unavailable',
      reason: 'The access to this account has ended. Reconnect it on the Platforms page',
    };
  }
  try {
    const limit = options.reuse
      ? await deps.cache.getOrLoad(
          quotaReadingsScope(connection.userId),
          `publishing-limit:${connection.id}:${connection.updatedAt.getTime()}`,
          () => readLimit(deps, connection, token),
          { ttlMs: QUOTA_READING_TTL_MS },
        )
      : await readLimit(deps, connection, token);
    const read = { ...base, checked_at: limit.checkedAt };
    if (limit.total === null) {
      return {
        ...read,
        ...none,
        used: limit.used,
        source: 'unavailable',
        reason:
          'Instagram did not say how many posts this account may publish. You can still schedule: the limit is checked again just before publishing.',
      };
    }
    return {
      ...read,
      source: 'platform',
      remaining: Math.max(0, limit.total - limit.used),
      used: limit.used,
      total: limit.total,
      reason: null,
    };
  } catch (error) {
    // Publishing checks again before sending; an unreadable quota blocks nothing.
    deps.logger.warn({ err: error, connectionId: connection.id }, 'publishing quota not read');
    // The catalogue's message for a Graph failure (a token the platform refused says to
    // reconnect), not the generic one for an unknown error.
    return {
      ...base,
      ...none,
      source: 'unavailable',
      reason: toAppError(error).record.userMessage,
    };
  }
}
