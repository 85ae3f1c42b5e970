import type { AppDeps } from '#server/platform/deps.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import { accountLabel } from '#shared/account-label.ts';
import { getNotificationPreferences } from '../../settings/notifications.ts';
import * as platformsRepo from '../../platforms/platforms.repository.ts';
import type * as repo from '../publishing.repository.ts';
import { settle } from './claim.ts';

// A post that failed for good: its reason is written on the post, and the owner is e-mailed
// when they asked to be.

/**
 * Ends the post as failed with `reason`, and tells the owner; only the attempt that owned the
 * post does (docs/decisions/083).
 */
export async function fail(
  deps: AppDeps,
  row: repo.PostRow,
  connection: platformsRepo.ConnectionRow | undefined,
  attempts: number,
  reason: string,
  code: string,
  now: Date,
): Promise<void> {
  const settled = await settle(
    deps,
    row,
    {
      status: 'failed',
      attempts,
      lastError: reason,
      errorCode: code,
      nextAttemptAt: null,
      containerId: null,
    },
    now,
  );
  // Only the attempt that owned the post tells the owner; one that lost it has nothing to say.
  if (!settled) return;
  await notifyFailure(deps, row, connection, settled.title ?? 'A post', reason).catch(
    (error: unknown) => deps.logger.warn({ err: error, postId: row.id }, 'failure e-mail not sent'),
  );
}

async function notifyFailure(
  deps: AppDeps,
  row: repo.PostRow,
  connection: platformsRepo.ConnectionRow | undefined,
  title: string,
  reason: string,
): Promise<void> {
  const prefs = await getNotificationPreferences(deps.database, row.userId);
  if (!prefs.emailOnFailedPost) return;
  const email = await platformsRepo.unsafeOwnerEmail(deps.database.unsafeDb, row.userId);
  if (!email) return;
  await deps.mailer.send(
    email,
    'postPublishFailed',
    emailTemplates.postPublishFailed({
      title,
      accountName: connection ? accountLabel(connection) : 'your account',
      reason,
      url: `${deps.env.appUrl}/dashboard/calendar`,
    }),
  );
}
