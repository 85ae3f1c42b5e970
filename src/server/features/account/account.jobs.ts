import { lt, or } from 'drizzle-orm';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import type { Database } from '#server/platform/db/client.ts';
import { unsafePruneChallenges } from '../auth/mfa.repository.ts';
import { emailChanges } from './account.tables.ts';

const DAY_MS = 86_400_000;

/**
 * Sign-in challenges and e-mail change links are single-use and short-lived; a day after they
 * expired (and any lock has passed) they can never matter again.
 */
export async function pruneAccountTokens(database: Database, now = new Date()): Promise<void> {
  const olderThan = new Date(now.getTime() - DAY_MS);
  await unsafePruneChallenges(database.unsafeDb, olderThan);
  await database.unsafeDb
    .delete(emailChanges)
    .where(or(lt(emailChanges.expiresAt, olderThan), lt(emailChanges.usedAt, olderThan)));
}

export function registerAccountJobs(deps: AppDeps, chores: Chores): void {
  chores.every('account token pruning failed', 3_600_000, () => pruneAccountTokens(deps.database));
}
