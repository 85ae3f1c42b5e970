import type {
  Candidate,
  Connection,
  ConnectSelectedInput,
  DisconnectInput,
  LoginKind,
  OauthCallbackInput,
  OauthCallbackResult,
  PlatformsStatus,
} from '#shared/contracts/platforms.contract.ts';
import {
  connectSelectedInputSchema,
  disconnectInputSchema,
  oauthCallbackInputSchema,
} from '#shared/contracts/platforms.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { PLANS } from '#shared/plans.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { fieldErrorsFromZod, validationError } from '#server/platform/validation.ts';
import { hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { MetaApiError, toAppError } from '#server/integrations/meta/errors.ts';
import { entitlementsOf, limitsOf } from '../subscription/entitlements.ts';
import { assessHealth, fixFor } from './health.ts';
import { metaRuntime } from './meta-runtime.ts';
import * as repo from './platforms.repository.ts';
import { checkConnectionRow, tokenContext } from './connection-health.ts';
import {
  connectionError,
  exchangeFacebook,
  exchangeInstagram,
  grantContext,
  readGrant,
  type Grant,
} from './oauth-grant.ts';

// Connecting Facebook Pages and Instagram accounts: the OAuth attempt bound to the session, the
// code exchange, picking accounts, the connections with their health, reconnect and disconnect.

const STATE_TTL_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

export function platformsStatus(ctx: ServiceContext): PlatformsStatus {
  requireAccess(ctx.actor, 'read:dashboard');
  const meta = metaRuntime(ctx.deps);
  return {
    mode: meta.mode,
    facebook_login: meta.facebookLogin,
    instagram_login: meta.instagramLogin,
    connected_accounts_limit: PLANS.premium.limits.connectedAccounts,
    warning_days: ctx.deps.env.META_TOKEN_WARNING_DAYS,
  };
}

// -------------------------------------------------------------------------------- listing

export function toConnectionDto(
  row: repo.ConnectionRow,
  deps: AppDeps,
  scheduled: Record<string, number>,
  now = new Date(),
): Connection {
  const expiresInDays =
    row.tokenExpiresAt === null
      ? null
      : Math.max(0, Math.ceil((row.tokenExpiresAt.getTime() - now.getTime()) / DAY_MS));
  const fix =
    row.status === 'disconnected'
      ? null
      : fixFor(row.health, row.login, row.missingPermissions, expiresInDays);
  return {
    id: row.id,
    platform: row.platform,
    login: row.login,
    external_id: row.externalId,
    name: row.name,
    username: row.username,
    picture_url: row.pictureUrl,
    linked_page_id: row.linkedPageId,
    granted_scopes: row.grantedScopes,
    missing_permissions: row.missingPermissions,
    status: row.status,
    health: row.health,
    expires_in_days: expiresInDays,
    token_expires_at: row.tokenExpiresAt?.toISOString() ?? null,
    fix,
    simulated: row.simulated,
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    connected_at: row.connectedAt.toISOString(),
    scheduled_posts: row.status === 'connected' ? (scheduled[row.platform] ?? 0) : 0,
  };
}

export async function listConnections(ctx: ServiceContext): Promise<Connection[]> {
  requireAccess(ctx.actor, 'read:dashboard');
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const rows = await repo.listConnections(tx, ctx.actor.tenantId);
    const scheduled = await repo.scheduledPostsByPlatform(tx, ctx.actor.tenantId);
    return rows.map((row) => toConnectionDto(row, ctx.deps, scheduled));
  });
}

// ---------------------------------------------------------------------------- OAuth start

export async function startConnect(
  ctx: ServiceContext,
  sessionId: string,
  login: LoginKind,
): Promise<{ url: string }> {
  requireAccess(ctx.actor, 'manage:platforms');
  const meta = metaRuntime(ctx.deps);
  if (login === 'instagram' && !meta.instagramLogin) {
    throw AppError.from('FEATURE_NOT_AVAILABLE', {
      technicalMessage: 'INSTAGRAM_APP_ID/INSTAGRAM_APP_SECRET are not configured',
    });
  }
  const state = randomToken();
  const now = new Date();
  await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    await repo.pruneOauthStates(tx, ctx.actor.tenantId, new Date(now.getTime() - DAY_MS));
    await repo.insertOauthState(tx, {
      userId: ctx.actor.tenantId,
      sessionId,
      stateHash: hashToken(state),
      login,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
  });
  const dialog =
    login === 'facebook'
      ? meta.client.facebook.dialogUrl({ redirectUri: meta.redirectUris.facebook, state })
      : meta.client.instagram.authorizeUrl({ redirectUri: meta.redirectUris.instagram, state });
  // In demo mode the business signs in as its own simulated person (docs/decisions/057).
  return { url: meta.dialogFor(dialog, { businessId: ctx.actor.tenantId, state }) };
}

// ------------------------------------------------------------------------- OAuth callback

export async function completeCallback(
  ctx: ServiceContext,
  sessionId: string,
  rawInput: OauthCallbackInput,
): Promise<OauthCallbackResult> {
  requireAccess(ctx.actor, 'manage:platforms');
  const parsed = oauthCallbackInputSchema.safeParse(rawInput);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  const input = parsed.data;
  const meta = metaRuntime(ctx.deps);
  const scope = tenantScope(ctx.actor);
  const now = new Date();

  if (!input.state) {
    throw AppError.from('OAUTH_STATE_ERROR', {
      technicalMessage: 'Callback without state',
      details: { reason: 'state_missing' },
    });
  }
  const attempt = await withTenant(ctx.deps.database, scope, (tx) =>
    repo.findOauthStateByHash(tx, ctx.actor.tenantId, hashToken(input.state!)),
  );
  // Unknown state, another session's state, or one for the other login: all a mismatch.
  if (!attempt || attempt.sessionId !== sessionId || attempt.login !== input.login) {
    throw AppError.from('OAUTH_STATE_ERROR', {
      userMessage:
        "This connection request doesn't match your session. Please start the connection again.",
      technicalMessage: attempt ? 'State of another session or login' : 'Unknown state',
      details: { reason: 'state_mismatch' },
    });
  }
  if (attempt.status === 'authorized' && attempt.grant) {
    // The page was reloaded: show the same choice again rather than spending the code twice.
    return callbackResult(ctx, attempt);
  }
  if (attempt.status !== 'started') {
    throw AppError.from('OAUTH_VALIDATION_ERROR', {
      userMessage: 'This connection link was already used. Please start the connection again.',
      technicalMessage: `Attempt already ${attempt.status}`,
      details: { reason: 'code_reused' },
    });
  }
  if (attempt.expiresAt.getTime() <= now.getTime()) {
    throw AppError.from('OAUTH_STATE_ERROR', {
      technicalMessage: 'State expired',
      details: { reason: 'state_expired' },
    });
  }
  const fail = async (error: AppError) => {
    await withTenant(ctx.deps.database, scope, (tx) =>
      repo.updateOauthState(tx, attempt.id, { status: 'failed', grant: null }),
    );
    return error;
  };
  if (input.error) {
    const denied = input.error === 'access_denied';
    throw await fail(
      connectionError(
        input.login,
        denied
          ? `You cancelled the ${input.login === 'facebook' ? 'Facebook' : 'Instagram'} connection, so nothing was connected. You can try again whenever you like.`
          : `${input.login === 'facebook' ? 'Facebook' : 'Instagram'} reported a problem: ${input.error_description ?? input.error}.`,
        `OAuth dialog answered ${input.error} (${input.error_reason ?? '-'}): ${input.error_description ?? ''}`,
        { reason: denied ? 'access_denied' : 'dialog_error' },
      ),
    );
  }
  if (!input.code) {
    throw await fail(
      AppError.from('OAUTH_VALIDATION_ERROR', {
        technicalMessage: 'Callback without code',
        details: { reason: 'code_missing' },
      }),
    );
  }

  let found: { grant: Grant; candidates: Candidate[] };
  try {
    found =
      input.login === 'facebook'
        ? await exchangeFacebook(ctx, input.code, meta.redirectUris.facebook)
        : await exchangeInstagram(ctx, input.code, meta.redirectUris.instagram);
  } catch (error) {
    if (error instanceof AppError) throw await fail(error);
    if (error instanceof MetaApiError && error.kind === 'invalid_parameter') {
      throw await fail(
        AppError.from('OAUTH_VALIDATION_ERROR', {
          userMessage: /used|not found/i.test(error.details.message)
            ? 'This connection link was already used. Please start the connection again.'
            : "We couldn't verify the connection with the platform. Please try again.",
          technicalMessage: error.message,
          details: {
            reason: /used|not found/i.test(error.details.message) ? 'code_reused' : 'code_invalid',
          },
          cause: error,
        }),
      );
    }
    throw await fail(
      toAppError(
        error,
        input.login === 'facebook' ? 'FACEBOOK_CONNECTION_ERROR' : 'INSTAGRAM_CONNECTION_ERROR',
      ),
    );
  }
  const updated = await withTenant(ctx.deps.database, scope, async (tx) => {
    await repo.updateOauthState(tx, attempt.id, {
      status: 'authorized',
      candidates: found.candidates,
      grant: ctx.deps.secrets.encrypt(JSON.stringify(found.grant), grantContext(attempt.id)),
    });
    return repo.findOauthState(tx, ctx.actor.tenantId, attempt.id);
  });
  return callbackResult(ctx, updated!);
}

async function callbackResult(
  ctx: ServiceContext,
  attempt: repo.OauthStateRow,
): Promise<OauthCallbackResult> {
  const grant = readGrant(ctx, attempt);
  const connected = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
    repo.listConnections(tx, ctx.actor.tenantId),
  );
  const candidates = (attempt.candidates as Candidate[]).map((c) => ({
    ...c,
    already_connected: connected.some(
      (row) =>
        row.status === 'connected' &&
        row.platform === c.platform &&
        row.externalId === c.external_id,
    ),
  }));
  return {
    attempt_id: attempt.id,
    login: attempt.login,
    granted_scopes: grant.scopes,
    declined_scopes: grant.declined,
    candidates,
    simulated: metaRuntime(ctx.deps).mode === 'simulated',
  };
}

// ------------------------------------------------------------------------ pick and connect

export async function connectSelected(
  ctx: ServiceContext,
  sessionId: string,
  attemptId: string,
  rawInput: ConnectSelectedInput,
): Promise<Connection[]> {
  requireAccess(ctx.actor, 'manage:platforms');
  const parsed = connectSelectedInputSchema.safeParse(rawInput);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  const selected = new Set(parsed.data.external_ids);
  const scope = tenantScope(ctx.actor);
  const meta = metaRuntime(ctx.deps);
  const now = new Date();
  return withTenant(ctx.deps.database, scope, async (tx) => {
    const attempt = await repo.findOauthState(tx, ctx.actor.tenantId, attemptId);
    if (!attempt || attempt.sessionId !== sessionId) {
      throw AppError.from('OAUTH_STATE_ERROR', {
        technicalMessage: 'Unknown attempt for this session',
      });
    }
    if (attempt.status !== 'authorized') {
      throw AppError.from('OAUTH_VALIDATION_ERROR', {
        userMessage: 'These accounts were already connected. Start a new connection to add more.',
        technicalMessage: `Attempt ${attempt.status}`,
      });
    }
    const grant = readGrant(ctx, attempt);
    const candidates = (attempt.candidates as Candidate[]).filter((c) =>
      selected.has(c.external_id),
    );
    if (candidates.length === 0) {
      throw validationError({ external_ids: 'Choose at least one account to connect' });
    }
    const limit = limitsOf(await entitlementsOf(tx, ctx.actor.tenantId)).connectedAccounts;
    const existing = await repo.listConnections(tx, ctx.actor.tenantId);
    const connectedKeys = new Set(
      existing.filter((r) => r.status === 'connected').map((r) => `${r.platform}:${r.externalId}`),
    );
    const added = candidates.filter(
      (c) => !connectedKeys.has(`${c.platform}:${c.external_id}`),
    ).length;
    if (connectedKeys.size + added > limit) {
      throw AppError.from('BUSINESS_RULE_VIOLATION', {
        userMessage: `Your plan allows ${limit} connected accounts. Disconnect one or upgrade your plan to add more.`,
        technicalMessage: `${connectedKeys.size} + ${added} > ${limit}`,
        details: { fieldErrors: { external_ids: `Your plan allows ${limit} connected accounts.` } },
      });
    }
    const saved: repo.ConnectionRow[] = [];
    for (const c of candidates) {
      const secret = grant.tokens[`${c.platform}:${c.external_id}`];
      if (!secret) continue;
      const previous = existing.find(
        (r) => r.platform === c.platform && r.externalId === c.external_id,
      );
      const id = previous?.id ?? crypto.randomUUID();
      const verdict = assessHealth({
        platform: c.platform,
        login: grant.login,
        granted: grant.scopes,
        expiresAt: secret.expiresAt === null ? null : new Date(secret.expiresAt),
        invalid: null,
        now,
        warningDays: ctx.deps.env.META_TOKEN_WARNING_DAYS,
      });
      saved.push(
        await repo.upsertConnection(tx, {
          id,
          userId: ctx.actor.tenantId,
          platform: c.platform,
          login: grant.login,
          externalId: c.external_id,
          name: c.name,
          username: c.username,
          pictureUrl: c.picture_url,
          linkedPageId: c.linked_page_id,
          metaUserId: grant.metaUserId,
          grantedScopes: grant.scopes,
          accessToken: ctx.deps.secrets.encrypt(secret.token, tokenContext(id)),
          tokenExpiresAt: secret.expiresAt === null ? null : new Date(secret.expiresAt),
          tokenIssuedAt: new Date(secret.issuedAt),
          status: 'connected',
          health: verdict.health,
          missingPermissions: verdict.missingPermissions,
          lastError: null,
          lastCheckedAt: now,
          expiryWarnedAt: null,
          simulated: meta.mode === 'simulated',
          connectedAt: now,
          disconnectedAt: null,
          updatedAt: now,
        }),
      );
    }
    await repo.updateOauthState(tx, attempt.id, { status: 'completed', grant: null });
    ctx.deps.logger.info(
      { tenantId: ctx.actor.tenantId, accounts: saved.map((s) => `${s.platform}:${s.externalId}`) },
      'platform accounts connected',
    );
    const scheduled = await repo.scheduledPostsByPlatform(tx, ctx.actor.tenantId);
    return saved.map((row) => toConnectionDto(row, ctx.deps, scheduled, now));
  });
}

// --------------------------------------------------------------------------- disconnect

export async function disconnect(
  ctx: ServiceContext,
  id: string,
  rawInput: DisconnectInput,
): Promise<{ connection: Connection; cancelled_posts: number }> {
  requireAccess(ctx.actor, 'manage:platforms');
  const parsed = disconnectInputSchema.safeParse(rawInput);
  if (!parsed.success) throw validationError(fieldErrorsFromZod(parsed.error));
  const now = new Date();
  return withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
    const row = await repo.findConnection(tx, ctx.actor.tenantId, id);
    if (!row) throw AppError.from('NOT_FOUND', { technicalMessage: `No connection ${id}` });
    // The token is wiped: a disconnected account must not be usable by anything.
    const updated = await repo.updateConnection(tx, ctx.actor.tenantId, id, {
      status: 'disconnected',
      accessToken: '',
      disconnectedAt: now,
    });
    let cancelled = 0;
    if (parsed.data.scheduled_posts === 'cancel') {
      const others = (await repo.listConnections(tx, ctx.actor.tenantId)).some(
        (r) => r.id !== id && r.status === 'connected' && r.platform === row.platform,
      );
      // Posts name a platform, not an account: with another account of the same platform still
      // connected they may be meant for it, so they are kept.
      if (!others) {
        cancelled = await repo.cancelScheduledPosts(
          tx,
          ctx.actor.tenantId,
          row.platform,
          `Cancelled when ${row.name} was disconnected`,
        );
      }
    }
    const scheduled = await repo.scheduledPostsByPlatform(tx, ctx.actor.tenantId);
    return {
      connection: toConnectionDto(updated!, ctx.deps, scheduled, now),
      cancelled_posts: cancelled,
    };
  });
}

export async function checkConnection(ctx: ServiceContext, id: string): Promise<Connection> {
  requireAccess(ctx.actor, 'manage:platforms');
  const scope = tenantScope(ctx.actor);
  const row = await withTenant(ctx.deps.database, scope, (tx) =>
    repo.findConnection(tx, ctx.actor.tenantId, id),
  );
  if (!row) throw AppError.from('NOT_FOUND', { technicalMessage: `No connection ${id}` });
  if (row.status !== 'connected') {
    throw AppError.from('PLATFORM_CONNECTION_ERROR', {
      userMessage: 'This account is disconnected. Connect it again to check it.',
      technicalMessage: 'Check on a disconnected account',
    });
  }
  const checked = await checkConnectionRow(ctx.deps, scope, row);
  const scheduled = await withTenant(ctx.deps.database, scope, (tx) =>
    repo.scheduledPostsByPlatform(tx, ctx.actor.tenantId),
  );
  return toConnectionDto(checked, ctx.deps, scheduled);
}
