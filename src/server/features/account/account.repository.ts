import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '#server/platform/db/client.ts';
import { sessions, users } from '../auth/auth.tables.ts';
import { emailChanges } from './account.tables.ts';

// Sessions and sign-in addresses live in schema auth, outside row-level security: every
// function takes the user id from the signed-in session, never from input.

type Db = AppDb | Tx;

export async function unsafeListSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.absoluteExpiresAt, now),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

export async function unsafeDeleteSessionOfUser(db: Db, userId: string, id: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function unsafeDeleteOtherSessions(db: Db, userId: string, keepId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

export async function unsafeInsertEmailChange(
  db: Db,
  values: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
) {
  // One pending change at a time: a new request replaces the earlier link.
  await db
    .delete(emailChanges)
    .where(and(eq(emailChanges.userId, values.userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values(values);
}

export async function unsafeFindPendingEmailChange(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Spends an e-mail change link in one statement; of two clicks only one gets the row. */
export async function unsafeConsumeEmailChange(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailChanges.tokenHash, tokenHash),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  return row;
}

/** Moves the account to a new address; false when another account took it meanwhile. */
export async function unsafeSetEmail(db: Db, userId: string, email: string, now: Date) {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)));
  if (taken.length > 0) return false;
  await db
    .update(users)
    .set({ email, emailConfirmedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
  return true;
}

export async function unsafeDeleteUser(db: Db, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}
