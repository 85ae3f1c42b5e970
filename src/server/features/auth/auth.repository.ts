import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDb, Tx } from '#server/platform/db/client.ts';
import { authTokens, sessions, users } from './auth.tables.ts';

// Identities and sessions sit outside row-level security (they are read before anyone is
// known), so every function here is "unsafe" in the project's sense: callers must scope by the
// token or id they were given, never by user input alone.

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
type Db = AppDb | Tx;

export async function unsafeFindUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function unsafeFindUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function unsafeInsertUser(
  db: Db,
  values: { email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function unsafeUpdateUser(
  db: Db,
  id: string,
  values: Partial<Pick<UserRow, 'passwordHash' | 'emailConfirmedAt'>>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export interface SessionWithUser {
  session: SessionRow;
  email: string;
  emailConfirmedAt: Date | null;
  roles: string[];
}

/** One round trip per request: the session, its user and the user's installation-wide roles. */
export async function unsafeFindSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({
      session: sessions,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      roles: sql<
        string[]
      >`coalesce((select array_agg(r.role) from public.user_roles r where r.user_id = ${users.id} and r.tenant_id is null), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row;
}

export async function unsafeInsertSession(
  db: Db,
  values: typeof sessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

export async function unsafeExtendSession(
  db: Db,
  id: string,
  values: { expiresAt: Date; idleExpiresAt: Date },
): Promise<void> {
  await db
    .update(sessions)
    .set({ ...values, lastSeenAt: new Date() })
    .where(eq(sessions.id, id));
}

export async function unsafeDeleteSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function unsafeDeleteSessionsOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function unsafeInsertToken(
  db: Db,
  values: typeof authTokens.$inferInsert,
): Promise<void> {
  await db.insert(authTokens).values(values);
}

/**
 * Marks a link token used and returns it, in one statement: of two clicks at the same moment
 * only one gets the row back.
 */
export async function unsafeConsumeToken(
  db: Db,
  tokenHash: string,
  purpose: 'confirm_email' | 'reset_password',
  now: Date,
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row;
}
