import { and, count, eq, gt, isNull, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '#server/platform/db/client.ts';
import { mfaBackupCodes, mfaChallenges, mfaFactors } from './mfa.tables.ts';

// Factors, backup codes and challenges sit outside row-level security with the identities;
// every function takes the user id or token hash it acts on from a verified source (the
// session, or a challenge token), never from user input alone.

type Db = AppDb | Tx;
export type MfaFactorRow = typeof mfaFactors.$inferSelect;
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;

export async function unsafeFindFactor(db: Db, userId: string): Promise<MfaFactorRow | undefined> {
  const [row] = await db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
  return row;
}

export async function unsafeHasEnabledFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: mfaFactors.userId })
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.enabledAt)));
  return Boolean(row);
}

/** A new, not yet enabled secret; replaces an earlier unfinished enrolment. */
export async function unsafeSavePendingFactor(
  db: Db,
  userId: string,
  secretEncrypted: string,
  now: Date,
): Promise<void> {
  await db
    .insert(mfaFactors)
    .values({
      userId,
      secretEncrypted,
      lastStep: 0,
      enabledAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: mfaFactors.userId,
      set: { secretEncrypted, lastStep: 0, enabledAt: null, createdAt: now, updatedAt: now },
      // An enabled factor is only replaced by turning it off first.
      setWhere: isNull(mfaFactors.enabledAt),
    });
}

/**
 * Accepts a code of time step `step`: raises last_step in one conditional statement, so of
 * any number of simultaneous submissions of one code exactly one sees a row come back.
 */
export async function unsafeClaimStep(
  db: Db,
  userId: string,
  step: number,
  options: { enable?: Date } = {},
): Promise<boolean> {
  const rows = await db
    .update(mfaFactors)
    .set({
      lastStep: step,
      updatedAt: new Date(),
      ...(options.enable ? { enabledAt: options.enable } : {}),
    })
    .where(
      and(
        eq(mfaFactors.userId, userId),
        lt(mfaFactors.lastStep, step),
        options.enable ? isNull(mfaFactors.enabledAt) : isNotNull(mfaFactors.enabledAt),
      ),
    )
    .returning({ userId: mfaFactors.userId });
  return rows.length > 0;
}

export async function unsafeDeleteFactor(db: Db, userId: string): Promise<void> {
  await db.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
  await db.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
}

export async function unsafeReplaceBackupCodes(
  db: Db,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(mfaBackupCodes).where(eq(mfaBackupCodes.userId, userId));
  await db.insert(mfaBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function unsafeCountUnusedBackupCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaBackupCodes)
    .where(and(eq(mfaBackupCodes.userId, userId), isNull(mfaBackupCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** Spends a backup code in one statement: a second use, simultaneous or later, finds none. */
export async function unsafeConsumeBackupCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaBackupCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaBackupCodes.userId, userId),
        eq(mfaBackupCodes.codeHash, codeHash),
        isNull(mfaBackupCodes.usedAt),
      ),
    )
    .returning({ id: mfaBackupCodes.id });
  return rows.length > 0;
}

export async function unsafeInsertChallenge(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(mfaChallenges).values(values);
}

/** The latest time any of the user's challenges stays locked, if one is locked now. */
export async function unsafeChallengeLockedUntil(
  db: Db,
  userId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql<string | Date | null>`max(${mfaChallenges.lockedUntil})` })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, userId), gt(mfaChallenges.lockedUntil, now)));
  return row?.until ? new Date(row.until) : null;
}

export async function unsafeFindChallenge(
  db: Db,
  tokenHash: string,
): Promise<MfaChallengeRow | undefined> {
  const [row] = await db.select().from(mfaChallenges).where(eq(mfaChallenges.tokenHash, tokenHash));
  return row;
}

/** Counts a wrong code; the attempt that reaches `maxAttempts` locks the challenge until `lockUntil`. */
export async function unsafeRecordChallengeFailure(
  db: Db,
  id: string,
  maxAttempts: number,
  lockUntil: Date,
): Promise<{ failedAttempts: number; lockedUntil: Date | null }> {
  const [row] = await db
    .update(mfaChallenges)
    .set({
      failedAttempts: sql`${mfaChallenges.failedAttempts} + 1`,
      lockedUntil: sql`case when ${mfaChallenges.failedAttempts} + 1 >= ${maxAttempts} then ${lockUntil.toISOString()}::timestamptz else ${mfaChallenges.lockedUntil} end`,
    })
    .where(eq(mfaChallenges.id, id))
    .returning({
      failedAttempts: mfaChallenges.failedAttempts,
      lockedUntil: mfaChallenges.lockedUntil,
    });
  return {
    failedAttempts: row?.failedAttempts ?? maxAttempts,
    lockedUntil: row?.lockedUntil ?? null,
  };
}

/** Ends a challenge once it has been answered; false when another request got there first. */
export async function unsafeConsumeChallenge(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ consumedAt: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.consumedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}

/** Challenges are short-lived; the cleanup drops those long expired and no longer locking. */
export async function unsafePruneChallenges(db: Db, olderThan: Date): Promise<void> {
  await db
    .delete(mfaChallenges)
    .where(
      and(
        lt(mfaChallenges.expiresAt, olderThan),
        sql`(${mfaChallenges.lockedUntil} is null or ${mfaChallenges.lockedUntil} < ${olderThan.toISOString()}::timestamptz)`,
      ),
    );
}
