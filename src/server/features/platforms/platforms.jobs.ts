import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { withTenant, businessScope } from '#server/platform/db/tenant.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import { checkConnectionRow, tokenContext } from './connection-health.ts';
import * as repo from './platforms.repository.ts';
import { processWebhookEvent, webhookEventJob } from './webhooks.ts';

// The daily token check: every connected account's token is asked about, Instagram Login tokens
// older than a day are refreshed, and the owner is warned (e-mail, and the platforms page) once,
// META_TOKEN_WARNING_DAYS before an expiry nothing can extend.

const DAY_MS = 86_400_000;

export const tokenCheckJob: JobDefinition<{ day: string }> = {
  id: 'platforms.token-check',
  version: 1,
  payload: z.object({ day: z.string() }),
  retryLimit: 3,
  retryDelay: 60,
  policy: 'stately',
};

export interface TokenCheckReport {
  checked: number;
  /** Tokens re-encrypted under the current key after ENCRYPTION_KEYS gained a new first key. */
  rotated: number;
  warned: number;
  failed: number;
}

export async function runTokenCheck(deps: AppDeps, now = new Date()): Promise<TokenCheckReport> {
  const report: TokenCheckReport = { checked: 0, rotated: 0, warned: 0, failed: 0 };
  const targets = await repo.unsafeConnectionsToCheck(deps.database.unsafeDb);
  for (const target of targets) {
    // The job acts for each tenant under that tenant's own scope.
    const scope = businessScope(target.userId);
    try {
      const row = await withTenant(deps.database, scope, (tx) =>
        repo.findConnection(tx, target.userId, target.id),
      );
      if (!row) continue;
      const checked = await checkConnectionRow(deps, scope, row, now);
      report.checked += 1;
      if (await rotateTokenKey(deps, checked)) report.rotated += 1;
      if (await warnIfExpiring(deps, checked, now)) report.warned += 1;
    } catch (error) {
      report.failed += 1;
      deps.logger.warn({ err: error, connectionId: target.id }, 'token check failed');
    }
  }
  deps.logger.info(report, 'platform token check finished');
  return report;
}

async function rotateTokenKey(deps: AppDeps, row: repo.ConnectionRow): Promise<boolean> {
  if (!row.accessToken || !deps.secrets.needsRotation(row.accessToken)) return false;
  const context = tokenContext(row.id);
  await withTenant(deps.database, businessScope(row.userId), (tx) =>
    repo.updateConnection(tx, row.userId, row.id, {
      accessToken: deps.secrets.rotate(row.accessToken, context),
    }),
  );
  return true;
}

async function warnIfExpiring(deps: AppDeps, row: repo.ConnectionRow, now: Date): Promise<boolean> {
  if (row.status !== 'connected' || row.health !== 'expiring' || !row.tokenExpiresAt) return false;
  if (row.expiryWarnedAt) return false;
  const email = await repo.unsafeOwnerEmail(deps.database.unsafeDb, row.userId);
  if (!email) return false;
  const days = Math.max(0, Math.ceil((row.tokenExpiresAt.getTime() - now.getTime()) / DAY_MS));
  await deps.mailer.send(
    email,
    'platformTokenExpiring',
    emailTemplates.platformTokenExpiring({
      accountName: row.platform === 'instagram' && row.username ? `@${row.username}` : row.name,
      platformLabel: row.platform === 'facebook' ? 'Facebook Page' : 'Instagram',
      loginLabel: row.login === 'facebook' ? 'Facebook' : 'Instagram',
      days,
      expiresOn: row.tokenExpiresAt.toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, ''),
      url: `${deps.env.appUrl}/dashboard/platforms`,
    }),
  );
  await withTenant(deps.database, businessScope(row.userId), (tx) =>
    repo.updateConnection(tx, row.userId, row.id, { expiryWarnedAt: now }),
  );
  return true;
}

/** Workers for the token check and webhook events, and the daily schedule of the check. */
export async function registerPlatformJobs(deps: AppDeps, chores: Chores): Promise<void> {
  await deps.jobs.work(tokenCheckJob, async () => {
    await runTokenCheck(deps);
  });
  await deps.jobs.work(webhookEventJob, async ({ eventId }) => {
    await processWebhookEvent(deps, eventId);
  });
  // One check per day: the day is the singleton key, so several processes ask only once while
  // it is pending, and a repeat the same day is harmless (warnings are sent once per expiry).
  chores.every(
    'token check not scheduled',
    DAY_MS,
    () => {
      const day = new Date().toISOString().slice(0, 10);
      return deps.jobs.send(tokenCheckJob, { day }, { singletonKey: day });
    },
    { firstAfterMs: 60_000 },
  );
}
