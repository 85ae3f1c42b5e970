import { sql } from 'drizzle-orm';
import { AppError } from '#shared/errors/index.ts';
import { checkPasswordStrength } from '#shared/password-strength.ts';
import type {
  AuthSession,
  ForgotPasswordInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  SignUpResult,
} from '#shared/contracts/auth.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { applySettings, rowsOf, type Tx } from '#server/platform/db/client.ts';
import { tenantSettings } from '#server/platform/db/tenant.ts';
import {
  enforceRateLimit,
  resetRateLimit,
  type RateLimitRule,
} from '#server/platform/security/rate-limit.ts';
import { hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import { SessionCache } from '#server/platform/session-cache.ts';
import { membershipCache } from '../staff/membership.ts';
import * as repo from './auth.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';
import { provisionAccount } from './provision.ts';
import { createMfaService } from './mfa.service.ts';
import type { MfaChallenge } from '#shared/contracts/account-security.contract.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CONFIRM_TOKEN_TTL_MS = DAY_MS;
const RESET_TOKEN_TTL_MS = HOUR_MS;

export const RATE_LIMITS = {
  signInAccount: { name: 'sign-in:account', limit: 10, windowSeconds: 900 },
  signInAddress: { name: 'sign-in:address', limit: 30, windowSeconds: 900 },
  signUpAddress: { name: 'sign-up:address', limit: 10, windowSeconds: 3600 },
  emailLinkAccount: { name: 'email-link:account', limit: 5, windowSeconds: 3600 },
  emailLinkAddress: { name: 'email-link:address', limit: 20, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export interface IssuedSession {
  token: string;
  session: AuthSession;
  cookieMaxAgeSeconds: number;
}

function weakPassword(suggestion: string | undefined): AppError {
  const message = 'Password is too weak. Please choose a stronger password.';
  return AppError.from('WEAK_PASSWORD', {
    details: { fieldErrors: { password: suggestion ? `${message} ${suggestion}` : message } },
  });
}

async function requireStrongPassword(
  password: string,
  userInputs: (string | undefined)[],
): Promise<void> {
  const inputs = userInputs.filter((v): v is string => Boolean(v));
  for (const value of [...inputs]) {
    const local = value.split('@')[0];
    if (local && local !== value) inputs.push(local);
  }
  const strength = await checkPasswordStrength(password, inputs);
  if (!strength.ok) throw weakPassword(strength.suggestions[0] ?? strength.warning ?? undefined);
}

export function createAuthService(deps: AppDeps) {
  const { database, env, mailer } = deps;
  const db = database.unsafeDb;
  const secureLinkBase = env.appUrl;
  const sessionCache = new SessionCache<repo.SessionWithUser>();
  sessionCache.connect(deps.bus);
  const memberships = membershipCache(deps);
  const mfa = createMfaService(deps);

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

  async function sendConfirmation(
    user: { id: string; email: string },
    businessName: string,
  ): Promise<void> {
    const token = randomToken();
    await repo.unsafeInsertToken(db, {
      userId: user.id,
      purpose: 'confirm_email',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + CONFIRM_TOKEN_TTL_MS),
    });
    const url = `${secureLinkBase}/api/auth/confirm?token=${encodeURIComponent(token)}`;
    await mailer.send(
      user.email,
      'confirmEmail',
      emailTemplates.confirmEmail({ url, businessName }),
    );
  }

  async function businessNameOf(userId: string): Promise<string> {
    const result = await db.execute(
      sql`select business_name from public.business_profiles where user_id = ${userId}`,
    );
    return rowsOf<{ business_name: string }>(result)[0]?.business_name ?? 'your business';
  }

  return {
    issueSession,

    async signUp(input: SignUpInput & { email: string }, meta: RequestMeta): Promise<SignUpResult> {
      await enforceRateLimit(database, RATE_LIMITS.signUpAddress, meta.ip);
      const existing = await repo.unsafeFindUserByEmail(db, input.email);
      if (existing) {
        // Whether an address has an account is not told to whoever asks. The owner of the
        // address learns it by e-mail; only someone who also knows the password is told here.
        if (
          existing.passwordHash &&
          (await verifyPassword(existing.passwordHash, input.password))
        ) {
          throw AppError.from('EMAIL_ALREADY_EXISTS', {
            details: { fieldErrors: { email: 'An account with this email already exists.' } },
          });
        }
        await enforceRateLimit(database, RATE_LIMITS.emailLinkAccount, existing.id);
        if (existing.emailConfirmedAt) {
          await mailer.send(
            existing.email,
            'accountExists',
            emailTemplates.accountExists({
              loginUrl: `${secureLinkBase}/login`,
              resetUrl: `${secureLinkBase}/forgot-password`,
            }),
          );
        } else {
          await sendConfirmation(existing, await businessNameOf(existing.id));
        }
        return {
          user: { id: crypto.randomUUID(), email: input.email },
          confirmationRequired: true,
        };
      }
      await requireStrongPassword(input.password, [
        input.email,
        input.businessName,
        input.fullName,
      ]);
      const passwordHash = await hashPassword(input.password);
      const now = new Date();
      const user = await db.transaction(async (tx) => {
        const created = await repo.unsafeInsertUser(tx as unknown as Tx, {
          email: input.email,
          passwordHash,
        });
        // The identity row is written as the owner; the tenant rows under the new tenant's scope.
        await applySettings(
          tx as unknown as Tx,
          tenantSettings({ userId: created.id, tenantId: created.id }),
        );
        await provisionAccount(tx as unknown as Tx, {
          userId: created.id,
          fullName: input.fullName,
          businessName: input.businessName,
          now,
        });
        return created;
      });
      await sendConfirmation(user, input.businessName?.trim() || 'your business');
      deps.logger.info({ userId: user.id }, 'account created');
      return { user: { id: user.id, email: user.email }, confirmationRequired: true };
    },

    /** A session, or — when the account has two-factor authentication — a challenge first. */
    async signIn(
      input: SignInInput & { email: string },
      meta: RequestMeta,
    ): Promise<IssuedSession | MfaChallenge> {
      await enforceRateLimit(database, RATE_LIMITS.signInAddress, meta.ip);
      await enforceRateLimit(database, RATE_LIMITS.signInAccount, input.email);
      const user = await repo.unsafeFindUserByEmail(db, input.email);
      if (!user?.passwordHash) {
        await verifyAgainstDummy(input.password);
        throw AppError.from('INVALID_CREDENTIALS', {
          technicalMessage: 'No account for this address',
        });
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw AppError.from('INVALID_CREDENTIALS', {
          technicalMessage: 'Wrong password',
          userId: user.id,
        });
      }
      if (!user.emailConfirmedAt) {
        throw AppError.from('EMAIL_NOT_CONFIRMED', { userId: user.id });
      }
      await resetRateLimit(database, RATE_LIMITS.signInAccount, input.email);
      const challenge = await mfa.startChallenge(user.id);
      if (challenge) return challenge;
      return issueSession(user, meta);
    },

    /** The second step of a sign-in with two-factor authentication: a code for a session. */
    async completeMfaSignIn(
      challengeToken: string,
      code: string,
      meta: RequestMeta,
    ): Promise<IssuedSession> {
      const userId = await mfa.verifyChallenge(challengeToken, code);
      const user = await repo.unsafeFindUserById(db, userId);
      if (!user) throw AppError.from('AUTH_SESSION_ERROR', { technicalMessage: 'User gone' });
      deps.logger.info({ userId, ip: meta.ip }, 'signed in with a second factor');
      return issueSession(user, meta);
    },

    /** Ends the session behind a cookie, live or not: an ended access period is still a session. */
    async signOut(token: string): Promise<void> {
      // One statement: nothing of the session is needed but whose it was.
      const userId = await repo.unsafeDeleteSessionByTokenHash(db, hashToken(token));
      if (userId) sessionCache.invalidateUser(userId);
    },

    async resolveSession(token: string, options: { refresh: boolean }, now = new Date()) {
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
    },

    async confirmEmail(token: string, meta: RequestMeta): Promise<IssuedSession | null> {
      const now = new Date();
      const consumed = await repo.unsafeConsumeToken(db, hashToken(token), 'confirm_email', now);
      if (!consumed) return null;
      const user = await repo.unsafeFindUserById(db, consumed.userId);
      if (!user) return null;
      if (!user.emailConfirmedAt) {
        await repo.unsafeUpdateUser(db, user.id, { emailConfirmedAt: now });
        user.emailConfirmedAt = now;
      }
      return issueSession(user, meta, now);
    },

    async resendConfirmation(email: string, meta: RequestMeta): Promise<void> {
      await enforceRateLimit(database, RATE_LIMITS.emailLinkAddress, meta.ip);
      const user = await repo.unsafeFindUserByEmail(db, email);
      if (!user || user.emailConfirmedAt) return;
      await enforceRateLimit(database, RATE_LIMITS.emailLinkAccount, user.id);
      await sendConfirmation(user, await businessNameOf(user.id));
    },

    async forgotPassword(
      input: ForgotPasswordInput & { email: string },
      meta: RequestMeta,
    ): Promise<void> {
      await enforceRateLimit(database, RATE_LIMITS.emailLinkAddress, meta.ip);
      const user = await repo.unsafeFindUserByEmail(db, input.email);
      if (!user) return;
      await enforceRateLimit(database, RATE_LIMITS.emailLinkAccount, user.id);
      const token = randomToken();
      await repo.unsafeInsertToken(db, {
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
      });
      const url = `${secureLinkBase}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.send(user.email, 'resetPassword', emailTemplates.resetPassword({ url }));
    },

    async resetPassword(input: ResetPasswordInput, meta: RequestMeta): Promise<void> {
      await enforceRateLimit(database, RATE_LIMITS.emailLinkAddress, meta.ip);
      const tokenHash = hashToken(input.token);
      const now = new Date();
      // Check strength before spending the single-use link, so a weak choice can be corrected.
      const [pending] = rowsOf<{ user_id: string; email: string; email_confirmed_at: Date | null }>(
        await db.execute(
          sql`select t.user_id, u.email, u.email_confirmed_at from auth.tokens t join auth.users u on u.id = t.user_id
              where t.token_hash = ${tokenHash} and t.purpose = 'reset_password' and t.used_at is null and t.expires_at > ${now.toISOString()}`,
        ),
      );
      if (!pending) {
        throw AppError.from('VALIDATION_ERROR', {
          userMessage: 'This reset link is invalid or has expired. Please ask for a new one.',
          details: {
            fieldErrors: {
              token: 'This reset link is invalid or has expired. Please ask for a new one.',
            },
          },
        });
      }
      await requireStrongPassword(input.password, [pending.email]);
      const passwordHash = await hashPassword(input.password);
      const consumed = await repo.unsafeConsumeToken(db, tokenHash, 'reset_password', now);
      if (!consumed) {
        throw AppError.from('VALIDATION_ERROR', {
          userMessage: 'This reset link is invalid or has expired. Please ask for a new one.',
        });
      }
      // Following the e-mailed link proves the address; an earlier confirmation time is kept.
      await repo.unsafeUpdateUser(db, consumed.userId, {
        passwordHash,
        emailConfirmedAt: pending.email_confirmed_at ? new Date(pending.email_confirmed_at) : now,
      });
      // A new password ends every existing session: whoever knew the old one is signed out.
      await repo.unsafeDeleteSessionsOfUser(db, consumed.userId);
      sessionCache.invalidateUser(consumed.userId);
      deps.logger.info({ userId: consumed.userId, ip: meta.ip }, 'password reset');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

const services = new WeakMap<AppDeps, AuthService>();

/**
 * The process's auth service, made once: the API's session middleware and the live status
 * stream resolve sessions through it, so they share one session cache.
 */
export function authService(deps: AppDeps): AuthService {
  let service = services.get(deps);
  if (!service) {
    service = createAuthService(deps);
    services.set(deps, service);
  }
  return service;
}
