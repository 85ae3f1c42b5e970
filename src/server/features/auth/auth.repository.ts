import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDb, Database, Tx } from '#server/platform/db/client.ts';
import {
  actorFactsColumns,
  actorFactsOf,
  type ActorFacts,
  type ActorFactsRow,
} from '../staff/membership.ts';
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
  values: { id?: string; email: string; passwordHash: string },
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

/**
 * Sets a new password on an account whose address nobody has confirmed yet; false when it was
 * confirmed meanwhile (then its password stays).
 */
export async function unsafeReplaceUnconfirmedPassword(
  db: Db,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.id, id), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Removes the business profile and trial of an account nobody has confirmed: its newest sign-up
 * came from an invitation, so it joins that business instead (docs/decisions/035). An account
 * that was never confirmed was never signed in to, so these two rows are all its business has.
 * Call inside the transaction that replaced the unconfirmed password, which proved it still
 * unconfirmed.
 */
export async function unsafeRemoveUnconfirmedBusiness(db: Db, id: string): Promise<void> {
  await db.execute(sql`delete from public.subscription where user_id = ${id}`);
  await db.execute(sql`delete from public.business_profiles where user_id = ${id}`);
}

/**
 * Marks an unconfirmed address confirmed and removes the password set before it was: false when
 * the address was already confirmed (then nothing changes).
 */
export async function unsafeConfirmWithoutPassword(
  db: Db,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: null, emailConfirmedAt: now, updatedAt: now })
    .where(and(eq(users.id, id), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export interface SessionWithUser {
  session: SessionRow;
  email: string;
  emailConfirmedAt: Date | null;
  roles: string[];
}

/**
 * The session, its user, the user's installation-wide roles, and their memberships and status
 * (staff/membership.ts), in one statement: it runs on every session-cache miss, and the request
 * needs all of it next. Written by hand and kept prepared (docs/decisions/015): through the query
 * builder it cost the builder's work and, on the embedded database, a copy of PGlite's type
 * parsers, and planning it again each time cost more than running it. Timestamps come back as
 * Dates from both drivers.
 */
const SESSION_BY_TOKEN_HASH_SQL = `select s.id, s.user_id, s.token_hash, s.provider, s.expires_at,
  s.idle_expires_at, s.absolute_expires_at, s.ip_address, s.user_agent, s.created_at,
  s.last_seen_at, u.email, u.email_confirmed_at,
  array(select r.role from public.user_roles r where r.user_id = s.user_id and r.tenant_id is null) as roles,
  ${actorFactsColumns('s.user_id')}
from auth.sessions s join auth.users u on u.id = s.user_id
where s.token_hash = $1`;

interface SessionLookupRow extends ActorFactsRow {
  id: string;
  user_id: string;
  token_hash: string;
  provider: string;
  expires_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Date;
  last_seen_at: Date;
  email: string;
  email_confirmed_at: Date | null;
  roles: string[];
}

export async function unsafeFindSessionByTokenHash(
  database: Database,
  tokenHash: string,
): Promise<(SessionWithUser & { facts: ActorFacts }) | undefined> {
  const [row] = await database.queryPrepared<SessionLookupRow>(
    'auth_session_by_token_hash',
    SESSION_BY_TOKEN_HASH_SQL,
    [tokenHash],
  );
  if (!row) return undefined;
  return {
    session: {
      id: row.id,
      userId: row.user_id,
      tokenHash: row.token_hash,
      provider: row.provider,
      expiresAt: row.expires_at,
      idleExpiresAt: row.idle_expires_at,
      absoluteExpiresAt: row.absolute_expires_at,
      ipAddress: row.ip_address,
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
    },
    email: row.email,
    emailConfirmedAt: row.email_confirmed_at,
    roles: row.roles,
    facts: actorFactsOf(row.user_id, row),
  };
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

/** Ends the session behind a token hash; the person's id, or undefined when there was none. */
export async function unsafeDeleteSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ userId: sessions.userId });
  return row?.userId;
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

export type LinkPurpose = 'confirm_email' | 'reset_password';

/**
 * Marks a link token used and returns it, in one statement: of two clicks at the same moment
 * only one gets the row back.
 */
export async function unsafeConsumeToken(
  db: Db,
  tokenHash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<{ userId: string; browserHash: string | null } | undefined> {
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
    .returning({ userId: authTokens.userId, browserHash: authTokens.browserHash });
  return row;
}

/**
 * Ends every unused link of an account (of the given purposes; all by default), so none of them
 * works any more: marked used, which keeps the rows for the record.
 */
export async function unsafeEndLinks(
  db: Db,
  userId: string,
  now: Date,
  purposes: readonly LinkPurpose[] = ['confirm_email', 'reset_password'],
): Promise<number> {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.usedAt),
        inArray(authTokens.purpose, [...purposes]),
      ),
    )
    .returning({ id: authTokens.id });
  return rows.length;
}

/** The browser binding of the account's newest live confirmation link, if it has one. */
export async function unsafeLatestConfirmBrowserHash(
  db: Db,
  userId: string,
  now: Date,
): Promise<string | null> {
  const [row] = await db
    .select({ browserHash: authTokens.browserHash })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'confirm_email'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row?.browserHash ?? null;
}
