import type { AdminAccountPage, SystemHealth } from '#shared/contracts/admin.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { monitorFor } from '#server/platform/monitor/monitor.ts';
import { enforceRateLimit } from '#server/platform/security/rate-limit.ts';
import { constantTimeEqual, hashToken, randomToken } from '#server/platform/security/tokens.ts';
import * as repo from './admin.repository.ts';
import { perProcess } from '#server/platform/per-process.ts';

// The first administrator, the user directory and system health (decision 033).

const SETUP_RATE_LIMIT = { name: 'admin-setup:address', limit: 10, windowSeconds: 900 };

/** The setup token's hash, per process; the token itself is only ever printed. */
const setupTokens = perProcess((): { hash: string | null } => ({ hash: null }));

/** A new one-time setup token (replacing any earlier one of this process); returns it in clear. */
export function issueAdminSetupToken(deps: AppDeps, token = randomToken(24)): string {
  setupTokens(deps).hash = hashToken(token);
  return token;
}

/**
 * At start: while no administrator exists, prints a one-time setup token to the log. The token
 * is kept only as a hash in this process's memory.
 */
export async function announceAdminSetup(deps: AppDeps): Promise<void> {
  if (await repo.unsafeAdminExists(deps.database.unsafeDb)) return;
  if (deps.env.ADMIN_SETUP_TOKEN) {
    // The operator chose it, so it is not printed.
    issueAdminSetupToken(deps, deps.env.ADMIN_SETUP_TOKEN);
    deps.logger.warn(
      `No administrator yet. Open ${deps.env.appUrl}/dashboard/admin-setup and enter ADMIN_SETUP_TOKEN.`,
    );
    return;
  }
  const token = issueAdminSetupToken(deps);
  deps.logger.warn(
    { setupPath: '/dashboard/admin-setup' },
    `No administrator yet. Sign in, open ${deps.env.appUrl}/dashboard/admin-setup and enter this one-time setup token: ${token}`,
  );
}

export async function adminSetupNeeded(deps: AppDeps): Promise<boolean> {
  return !(await repo.unsafeAdminExists(deps.database.unsafeDb));
}

const INVALID_TOKEN =
  'That setup token is not valid. Use the one the server printed when it started.';

/** Makes the signed-in person the first administrator, with the token printed at start. */
export async function completeAdminSetup(
  ctx: ServiceContext,
  token: string,
  clientIp: string,
): Promise<void> {
  requireAccess(ctx.actor, 'read:dashboard');
  await enforceRateLimit(ctx.deps.database, SETUP_RATE_LIMIT, clientIp);
  const db = ctx.deps.database.unsafeDb;
  if (await repo.unsafeAdminExists(db)) {
    throw AppError.from('FORBIDDEN', {
      userMessage: 'This installation already has an administrator.',
      technicalMessage: 'Admin setup after an administrator exists',
    });
  }
  const held = setupTokens(ctx.deps);
  if (!held.hash || !constantTimeEqual(held.hash, hashToken(token.trim()))) {
    throw AppError.from('VALIDATION_ERROR', {
      userMessage: INVALID_TOKEN,
      technicalMessage: 'Wrong admin setup token',
      details: { fieldErrors: { token: INVALID_TOKEN } },
    });
  }
  // Spent before the write: a second request with the same token cannot race this one.
  held.hash = null;
  if (!(await repo.unsafeCreateFirstAdmin(db, ctx.actor.userId))) {
    throw AppError.from('FORBIDDEN', {
      userMessage: 'This installation already has an administrator.',
      technicalMessage: 'Another administrator was created first',
    });
  }
  ctx.deps.bus.publish('user-sessions', ctx.actor.userId);
  ctx.deps.logger.info({ userId: ctx.actor.userId }, 'first administrator created');
}

export async function listAccounts(
  ctx: ServiceContext,
  query: { search?: string | undefined; limit: number; offset: number },
): Promise<AdminAccountPage> {
  requireAccess(ctx.actor, 'admin:users');
  try {
    const { items, total } = await repo.unsafeSearchAccounts(ctx.deps.database.unsafeDb, {
      search: query.search || undefined,
      limit: query.limit,
      offset: query.offset,
    });
    return { items, total, limit: query.limit, offset: query.offset };
  } catch (error) {
    throw AppError.from('USER_PROFILE_ERROR', {
      message: 'Failed to fetch users',
      technicalMessage: String(error),
      cause: error,
    });
  }
}

export async function systemHealth(ctx: ServiceContext): Promise<SystemHealth> {
  requireAccess(ctx.actor, 'admin:system');
  const db = ctx.deps.database.unsafeDb;
  // pg-boss's tables exist once the queue has started (it starts while the process listens).
  await ctx.deps.jobs.ready();
  const [queues, failedJobs] = await Promise.all([
    repo.unsafeQueueDepths(db),
    repo.unsafeFailedJobs(db),
  ]);
  return {
    monitor: monitorFor(ctx.deps).snapshot(),
    queues,
    failedJobs,
    database: ctx.deps.database.kind,
  };
}
