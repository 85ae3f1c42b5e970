import type { AuthSession } from '#shared/contracts/auth.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { SessionCache } from '#server/platform/session-cache.ts';
import { membershipCache } from '../staff/membership.ts';
import * as repo from './auth.repository.ts';
import type { IssuedDeviceCookie } from './device-cookie.ts';

// Sessions are opaque tokens stored as SHA-256 hashes, with three limits: an access period the
// browser renews, an idle limit and an absolute limit (docs/decisions/005). Live sessions are
// cached for a few seconds; any change to a person's sessions drops them in every process
// through the bus (docs/decisions/021).

const DAY_MS = 86_400_000;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface IssuedSession {
  token: string;
  session: AuthSession;
  cookieMaxAgeSeconds: number;
  /** After a sign-in with the password: the device cookie for this browser. */
  device?: IssuedDeviceCookie;
}

function toAuthSession(
  user: { id: string; email: string; emailConfirmedAt: Date | null; provider: string },
  expiresAt: Date,
  now: Date,
): AuthSession {
  return {
    user: {
      id: user.id,
      email: user.email,
      emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
      appMetadata: { provider: user.provider === 'facebook' ? 'facebook' : 'email' },
    },
    expiresAt: expiresAt.toISOString(),
    expiresIn: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

export function createSessions(deps: AppDeps) {
  const { database, env } = deps;
  const db = database.unsafeDb;
  const sessionCache = new SessionCache<repo.SessionWithUser>();
  sessionCache.connect(deps.bus);
  const memberships = membershipCache(deps);

  /**
   * The session behind a token hash, from the database. The same statement reads the person's
   * memberships and status, which resolving the request's actor needs next: they go to the
   * membership cache, so a session-cache miss costs one round trip (docs/decisions/015).
   */
  async function readSession(tokenHash: string): Promise<repo.SessionWithUser | undefined> {
    const stamp = memberships.stamp();
    const found = await repo.unsafeFindSessionByTokenHash(database, tokenHash);
    if (!found) return undefined;
    const { facts, ...session } = found;
    memberships.prime(session.session.userId, facts, stamp);
    return session;
  }

  async function issueSession(
    user: repo.UserRow,
    meta: RequestMeta,
    now = new Date(),
  ): Promise<IssuedSession> {
    const token = randomToken();
    const absoluteExpiresAt = new Date(now.getTime() + env.SESSION_ABSOLUTE_DAYS * DAY_MS);
    const idleExpiresAt = new Date(
      Math.min(now.getTime() + env.SESSION_IDLE_DAYS * DAY_MS, absoluteExpiresAt.getTime()),
    );
    const expiresAt = new Date(
      Math.min(now.getTime() + env.SESSION_TTL_SECONDS * 1000, absoluteExpiresAt.getTime()),
    );
    await repo.unsafeInsertSession(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      provider: user.provider,
      expiresAt,
      idleExpiresAt,
      absoluteExpiresAt,
      ipAddress: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    return {
      token,
      session: toAuthSession(user, expiresAt, now),
      cookieMaxAgeSeconds: Math.floor((idleExpiresAt.getTime() - now.getTime()) / 1000),
    };
  }

  /** Ends the session behind a cookie, live or not: an ended access period is still a session. */
  async function signOut(token: string): Promise<void> {
    // One statement: nothing of the session is needed but whose it was.
    const userId = await repo.unsafeDeleteSessionByTokenHash(db, hashToken(token));
    if (userId) sessionCache.invalidateUser(userId);
  }

  async function resolveSession(token: string, options: { refresh: boolean }, now = new Date()) {
    const tokenHash = hashToken(token);
    const cached = options.refresh ? undefined : sessionCache.get(tokenHash, now);
    const found = cached ?? (await readSession(tokenHash));
    if (!found) return null;
    const { session } = found;
    const hardLimit = Math.min(
      session.idleExpiresAt.getTime(),
      session.absoluteExpiresAt.getTime(),
    );
    if (now.getTime() >= hardLimit) {
      await repo.unsafeDeleteSession(db, session.id);
      sessionCache.invalidateUser(session.userId);
      return null;
    }
    let expiresAt = session.expiresAt;
    if (options.refresh) {
      const absolute = session.absoluteExpiresAt.getTime();
      expiresAt = new Date(Math.min(now.getTime() + env.SESSION_TTL_SECONDS * 1000, absolute));
      const idleExpiresAt = new Date(
        Math.min(now.getTime() + env.SESSION_IDLE_DAYS * DAY_MS, absolute),
      );
      await repo.unsafeExtendSession(db, session.id, { expiresAt, idleExpiresAt });
      const renewed = { ...found, session: { ...session, expiresAt, idleExpiresAt } };
      sessionCache.set(tokenHash, { userId: session.userId, expiresAt, value: renewed });
    } else if (now.getTime() >= expiresAt.getTime()) {
      return null;
    } else if (!cached) {
      sessionCache.set(tokenHash, { userId: session.userId, expiresAt, value: found });
    }
    const user = {
      id: session.userId,
      email: found.email,
      emailConfirmedAt: found.emailConfirmedAt,
      provider: session.provider,
    };
    return {
      sessionId: session.id,
      user,
      roles: found.roles,
      expiresAt,
      authSession: toAuthSession(user, expiresAt, now),
    };
  }

  return {
    issueSession,
    signOut,
    resolveSession,
    /**
     * After the person's sessions changed in the database (ended, or their account changed):
     * drops their cached sessions in every process.
     */
    forgetCached(userId: string): void {
      sessionCache.invalidateUser(userId);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
