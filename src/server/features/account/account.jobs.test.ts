import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/platform/db/client.ts';
import { getTestDatabase } from '#server/test/db.ts';
import { createUser } from '#server/test/fixtures.ts';
import { mfaChallenges } from '../auth/mfa.tables.ts';
import { pruneAccountTokens } from './account.jobs.ts';
import { emailChanges } from './account.tables.ts';

let db: Database;
beforeAll(async () => {
  db = await getTestDatabase();
});

describe('pruneAccountTokens', () => {
  it('drops challenges and e-mail change links a day after they ended, keeps live ones', async () => {
    const userId = await createUser(db);
    const now = new Date();
    const old = new Date(now.getTime() - 2 * 86_400_000);
    const soon = new Date(now.getTime() + 60_000);
    await db.unsafeDb.insert(mfaChallenges).values([
      { userId, tokenHash: `old-${crypto.randomUUID()}`, expiresAt: old },
      { userId, tokenHash: `live-${crypto.randomUUID()}`, expiresAt: soon },
      // Expired long ago but still locking the account: kept until the lock passes.
      { userId, tokenHash: `lock-${crypto.randomUUID()}`, expiresAt: old, lockedUntil: soon },
    ]);
    await db.unsafeDb.insert(emailChanges).values([
      { userId, newEmail: 'a@example.com', tokenHash: `o-${crypto.randomUUID()}`, expiresAt: old },
      { userId, newEmail: 'b@example.com', tokenHash: `l-${crypto.randomUUID()}`, expiresAt: soon },
    ]);
    await pruneAccountTokens(db, now);
    const challenges = await db.unsafeDb
      .select({ tokenHash: mfaChallenges.tokenHash })
      .from(mfaChallenges)
      .where(eq(mfaChallenges.userId, userId));
    expect(challenges.map((c) => c.tokenHash.split('-')[0]).sort()).toEqual(['live', 'lock']);
    const changes = await db.unsafeDb
      .select({ newEmail: emailChanges.newEmail })
      .from(emailChanges)
      .where(eq(emailChanges.userId, userId));
    expect(changes).toEqual([{ newEmail: 'b@example.com' }]);
  });
});
