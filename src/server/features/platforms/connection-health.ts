import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { MetaApiError } from '#server/integrations/meta/errors.ts';
import { assessHealth } from './health.ts';
import { metaRuntime } from './meta-runtime.ts';
import * as repo from './platforms.repository.ts';

// A connection's token and its health: decrypted only for server-side Graph calls; checked with
// Meta, an Instagram Login token refreshed once a day, the verdict stored (docs/decisions/051).

const DAY_MS = 86_400_000;

export const tokenContext = (id: string) => `platform_connection:${id}:access_token`;

/** The decrypted token of a connection, for server-side Graph calls only. */
export function connectionToken(deps: AppDeps, row: repo.ConnectionRow): string | null {
  if (!row.accessToken || row.status !== 'connected') return null;
  return deps.secrets.decrypt(row.accessToken, tokenContext(row.id));
}

/**
 * Asks Meta whether a connection's token still works, refreshes an Instagram Login token that
 * is at least 24 hours old, and stores the verdict. Transient failures and throttling leave the
 * last verdict in place.
 */
export async function checkConnectionRow(
  deps: AppDeps,
  scope: TenantScope,
  row: repo.ConnectionRow,
  now = new Date(),
): Promise<repo.ConnectionRow> {
  const token = connectionToken(deps, row);
  if (!token) return row;
  const { client } = metaRuntime(deps);
  let invalid: 'expired' | 'revoked' | null = null;
  let granted = row.grantedScopes;
  let expiresAt = row.tokenExpiresAt;
  let issuedAt = row.tokenIssuedAt;
  let newToken: string | null = null;
  let lastError: string | null = null;
  try {
    if (row.login === 'facebook') {
      const info = await client.facebook.debugToken(token);
      if (!info.is_valid) invalid = info.error?.subcode === 463 ? 'expired' : 'revoked';
      if (info.scopes) granted = info.scopes;
      const ends = [info.expires_at, info.data_access_expires_at].filter((t): t is number =>
        Boolean(t),
      );
      expiresAt = ends.length > 0 ? new Date(Math.min(...ends) * 1000) : null;
    } else {
      await client.instagram.me(token);
      const age = now.getTime() - (row.tokenIssuedAt?.getTime() ?? now.getTime());
      if (age >= DAY_MS) {
        const refreshed = await client.instagram.refresh(token);
        newToken = refreshed.access_token;
        issuedAt = now;
        expiresAt = refreshed.expires_in
          ? new Date(now.getTime() + refreshed.expires_in * 1000)
          : expiresAt;
      }
    }
  } catch (error) {
    if (!(error instanceof MetaApiError)) throw error;
    lastError = error.message.slice(0, 500);
    if (error.kind === 'token_expired') invalid = 'expired';
    else if (error.kind === 'token_revoked') invalid = 'revoked';
    else if (error.kind === 'permission_missing') {
      const missing = error.details.missingPermission;
      if (missing) granted = granted.filter((g) => !missing.split(' or ').includes(g));
    } else {
      return withTenant(
        deps.database,
        scope,
        async (tx) =>
          (await repo.updateConnection(tx, row.userId, row.id, { lastError, lastCheckedAt: now }))!,
      );
    }
  }
  const verdict = assessHealth({
    platform: row.platform,
    login: row.login,
    granted,
    expiresAt,
    invalid,
    now,
    warningDays: deps.env.META_TOKEN_WARNING_DAYS,
  });
  return withTenant(
    deps.database,
    scope,
    async (tx) =>
      (await repo.updateConnection(tx, row.userId, row.id, {
        health: verdict.health,
        missingPermissions: verdict.missingPermissions,
        grantedScopes: granted,
        tokenExpiresAt: expiresAt,
        tokenIssuedAt: issuedAt,
        lastCheckedAt: now,
        lastError,
        ...(newToken ? { accessToken: deps.secrets.encrypt(newToken, tokenContext(row.id)) } : {}),
        // A renewed token earns a new warning before its own expiry.
        ...(newToken || verdict.health === 'healthy' ? { expiryWarnedAt: null } : {}),
      }))!,
  );
}
