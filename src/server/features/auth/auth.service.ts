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
import { backgroundWork } from '#server/platform/background.ts';
import {
  enforceRateLimit,
  hitRateLimit,
  refuseWhenExhausted,
  resetRateLimit,
  type RateLimitRule,
} from '#server/platform/security/rate-limit.ts';
import { constantTimeEqual, hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import { SessionCache } from '#server/platform/session-cache.ts';
import { membershipCache } from '../staff/membership.ts';
import * as repo from './auth.repository.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';
import { provisionAccount, reprovisionAccount } from './provision.ts';
import { createDeviceCookies, type IssuedDeviceCookie } from './device-cookie.ts';
import { createMfaService } from './mfa.service.ts';
import type { MfaChallenge } from '#shared/contracts/account-security.contract.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const CONFIRM_TOKEN_TTL_MS = DAY_MS;
const RESET_TOKEN_TTL_MS = HOUR_MS;
/** The signing-up browser's nonce cookie lives as long as the confirmation link. */
export const SIGN_UP_COOKIE_SECONDS = CONFIRM_TOKEN_TTL_MS / 1000;

// "Address" is the client's network address; an e-mail address is keyed after normalising
// (trimmed, lower case: the contract does it), so every limit counts alike whether or not an
// account exists (docs/decisions/026).
export const RATE_LIMITS = {
  /** Every sign-in attempt from one client address, whatever accounts it tries. */
  signInAddress: { name: 'sign-in:address', limit: 30, windowSeconds: 900 },
  /** Attempts at one account from one client address: stops a guesser there, not the owner elsewhere. */
  signInAccountAddress: { name: 'sign-in:account-address', limit: 10, windowSeconds: 900 },
  /**
   * Wrong passwords for one account from anywhere, counted only for browsers without the
   * account's device cookie: slows guessing spread over many addresses, while the owner's own
   * browsers pass (docs/decisions/026).
   */
  signInAccountUntrusted: { name: 'sign-in:account-untrusted', limit: 30, windowSeconds: 900 },
  /** Attempts with one device cookie, wherever they come from (a copied cookie). */
  signInDevice: { name: 'sign-in:device', limit: 10, windowSeconds: 900 },
  signUpAddress: { name: 'sign-up:address', limit: 10, windowSeconds: 3600 },
  /** Requests for e-mailed links to one e-mail address (sign-up, resend, forgot password). */
  emailLinkRecipient: { name: 'email-link:recipient', limit: 5, windowSeconds: 3600 },
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
  /** After a sign-in with the password: the device cookie for this browser. */
  device?: IssuedDeviceCookie;
}

export interface SignUpAnswer {
  result: SignUpResult;
  /** For the sign-up cookie: only the browser holding it is signed in by the confirmation link. */
  browserNonce: string;
}

/** A confirmation link that worked: a session only for the browser that signed up. */
export interface Confirmed {
  session: IssuedSession | null;
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
  const background = backgroundWork(deps);
  const devices = createDeviceCookies(deps.secrets);

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

  /** A new confirmation link, which ends the account's earlier ones: only the newest works. */
  async function sendConfirmation(
    user: { id: string; email: string },
    businessName: string,
    browserHash: string | null,
  ): Promise<void> {
    const token = randomToken();
    const now = new Date();
    await db.transaction(async (tx) => {
      await repo.unsafeEndLinks(tx as unknown as Tx, user.id, now, ['confirm_email']);
      await repo.unsafeInsertToken(tx as unknown as Tx, {
        userId: user.id,
        purpose: 'confirm_email',
        tokenHash: hashToken(token),
        browserHash,
        expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS),
      });
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

  /**
   * The rest of a sign-up, after the answer. A new address gets its account and a confirmation
   * link. A confirmed address's owner is told by e-mail that they already have an account. An
   * address nobody confirmed may have been signed up by a stranger first (pre-account takeover):
   * this sign-up's password and names replace the earlier ones, and every earlier link and
   * session ends, so only the link sent now works (docs/decisions/026).
   */
  async function completeSignUp(
    input: SignUpInput & { email: string },
    id: string,
    existing: repo.UserRow | undefined,
    browserHash: string,
  ): Promise<void> {
    const now = new Date();
    const businessName = input.businessName?.trim() || undefined;
    if (existing?.emailConfirmedAt) {
      await mailer.send(
        existing.email,
        'accountExists',
        emailTemplates.accountExists({
          loginUrl: `${secureLinkBase}/login`,
          resetUrl: `${secureLinkBase}/forgot-password`,
        }),
      );
      return;
    }
    const passwordHash = await hashPassword(input.password);
    if (existing) {
      const replaced = await db.transaction(async (tx) => {
        const t = tx as unknown as Tx;
        if (!(await repo.unsafeReplaceUnconfirmedPassword(t, existing.id, passwordHash, now))) {
          return false;
        }
        await repo.unsafeEndLinks(t, existing.id, now);
        await repo.unsafeDeleteSessionsOfUser(t, existing.id);
        await applySettings(t, tenantSettings({ userId: existing.id, tenantId: existing.id }));
        await reprovisionAccount(t, {
          userId: existing.id,
          fullName: input.fullName,
          businessName,
          now,
        });
        return true;
      });
      if (!replaced) {
        // Confirmed meanwhile: as for any confirmed address.
        const confirmed = await repo.unsafeFindUserById(db, existing.id);
        if (confirmed) await completeSignUp(input, id, confirmed, browserHash);
        return;
      }
      sessionCache.invalidateUser(existing.id);
      deps.logger.info({ userId: existing.id }, 'unconfirmed account signed up again');
      await sendConfirmation(existing, businessName ?? 'your business', browserHash);
      return;
    }
    let user: repo.UserRow;
    try {
      user = await db.transaction(async (tx) => {
        const created = await repo.unsafeInsertUser(tx as unknown as Tx, {
          id,
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
          businessName,
          now,
        });
        return created;
      });
    } catch (error) {
      // Another sign-up of the same address got there first: carry on as for an existing one.
      const raced = await repo.unsafeFindUserByEmail(db, input.email);
      if (!raced) throw error;
      await completeSignUp(input, id, raced, browserHash);
      return;
    }
    await sendConfirmation(user, businessName ?? 'your business', browserHash);
    deps.logger.info({ userId: user.id }, 'account created');
  }

  return {
    issueSession,

    /**
     * Answers alike, in content and in time, whether or not the address has an account
     * (docs/decisions/007, 026): what differs happens after the answer, in completeSignUp.
     */
    async signUp(input: SignUpInput & { email: string }, meta: RequestMeta): Promise<SignUpAnswer> {
      await enforceRateLimit(database, RATE_LIMITS.signUpAddress, meta.ip);
      await requireStrongPassword(input.password, [
        input.email,
        input.businessName,
        input.fullName,
      ]);
      await enforceRateLimit(database, RATE_LIMITS.emailLinkRecipient, input.email);
      const existing = await repo.unsafeFindUserByEmail(db, input.email);
      // Only someone who also knows the account's password is told it exists. The check costs
      // the same when there is no password to compare with.
      let ownersPassword = false;
      if (existing?.passwordHash) {
        ownersPassword = await verifyPassword(existing.passwordHash, input.password);
      } else {
        await verifyAgainstDummy(input.password);
      }
      if (ownersPassword) {
        throw AppError.from('EMAIL_ALREADY_EXISTS', {
          details: { fieldErrors: { email: 'An account with this email already exists.' } },
        });
      }
      // A new account gets this id; for an address with an account it is a stranger's id.
      const id = crypto.randomUUID();
      const browserNonce = randomToken();
      const browserHash = hashToken(browserNonce);
      background.run('sign-up', () => completeSignUp(input, id, existing, browserHash));
      return {
        result: { user: { id, email: input.email }, confirmationRequired: true },
        browserNonce,
      };
    },

    /**
     * A session, or — when the account has two-factor authentication — a challenge first.
     * `deviceCookie` is this browser's device cookie, if it has one: with a valid one for this
     * account the attempt is limited per device instead of by the account-wide limit, which
     * strangers can use up (docs/decisions/026).
     */
    async signIn(
      input: SignInInput & { email: string },
      meta: RequestMeta,
      deviceCookie?: string,
    ): Promise<IssuedSession | MfaChallenge> {
      const pair = `${input.email}|${meta.ip}`;
      await enforceRateLimit(database, RATE_LIMITS.signInAddress, meta.ip);
      await enforceRateLimit(database, RATE_LIMITS.signInAccountAddress, pair);
      const user = await repo.unsafeFindUserByEmail(db, input.email);
      const device = devices.verify(deviceCookie, user?.id);
      if (device) await enforceRateLimit(database, RATE_LIMITS.signInDevice, device.id);
      else await refuseWhenExhausted(database, RATE_LIMITS.signInAccountUntrusted, input.email);
      let passwordOk = false;
      if (user?.passwordHash) passwordOk = await verifyPassword(user.passwordHash, input.password);
      else await verifyAgainstDummy(input.password);
      if (!user || !passwordOk) {
        // Counted alike for an unknown address, so the limit does not tell which exist.
        if (!device) await hitRateLimit(database, RATE_LIMITS.signInAccountUntrusted, input.email);
        throw AppError.from('INVALID_CREDENTIALS', {
          technicalMessage: user ? 'Wrong password' : 'No account for this address',
          ...(user ? { userId: user.id } : {}),
        });
      }
      if (!user.emailConfirmedAt) {
        throw AppError.from('EMAIL_NOT_CONFIRMED', { userId: user.id });
      }
      await resetRateLimit(database, RATE_LIMITS.signInAccountAddress, pair);
      const challenge = await mfa.startChallenge(user.id);
      if (challenge) return challenge;
      return { ...(await issueSession(user, meta)), device: devices.issue(user.id) };
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
      return { ...(await issueSession(user, meta)), device: devices.issue(user.id) };
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

    /**
     * A provider that verifies addresses (Facebook) proved this account's address. If nobody had
     * confirmed it before, a password on it was set without that proof, possibly by a stranger
     * who signed the address up first: the address is marked confirmed, that password removed
     * (the owner can set one with "forgot password") and every earlier link and session ended
     * (docs/decisions/026). Returns the account as it now is.
     */
    async adoptVerifiedAddress(user: repo.UserRow): Promise<repo.UserRow> {
      if (user.emailConfirmedAt) return user;
      const now = new Date();
      const adopted = await db.transaction(async (tx) => {
        const t = tx as unknown as Tx;
        if (!(await repo.unsafeConfirmWithoutPassword(t, user.id, now))) return false;
        await repo.unsafeEndLinks(t, user.id, now);
        await repo.unsafeDeleteSessionsOfUser(t, user.id);
        return true;
      });
      if (adopted) {
        sessionCache.invalidateUser(user.id);
        deps.logger.info(
          { userId: user.id },
          'unconfirmed account taken over by a verified sign-in',
        );
      }
      return (await repo.unsafeFindUserById(db, user.id)) ?? user;
    },

    /**
     * Follows a confirmation link: null when it is not (or no longer) valid. The address is
     * confirmed whoever opens it, but only the browser that signed up — holding the nonce whose
     * hash the link carries — is signed in: anyone else could be a victim sent the link of an
     * attacker's account, to be signed in to it unawares (docs/decisions/026).
     */
    async confirmEmail(
      token: string,
      browserNonce: string | undefined,
      meta: RequestMeta,
    ): Promise<Confirmed | null> {
      const now = new Date();
      const consumed = await repo.unsafeConsumeToken(db, hashToken(token), 'confirm_email', now);
      if (!consumed) return null;
      const user = await repo.unsafeFindUserById(db, consumed.userId);
      if (!user) return null;
      if (!user.emailConfirmedAt) {
        await repo.unsafeUpdateUser(db, user.id, { emailConfirmedAt: now });
        user.emailConfirmedAt = now;
      }
      await repo.unsafeEndLinks(db, user.id, now, ['confirm_email']);
      const sameBrowser =
        consumed.browserHash !== null &&
        browserNonce !== undefined &&
        constantTimeEqual(hashToken(browserNonce), consumed.browserHash);
      if (!sameBrowser) {
        deps.logger.info({ userId: user.id }, 'address confirmed from another browser');
        return { session: null };
      }
      return {
        session: { ...(await issueSession(user, meta, now)), device: devices.issue(user.id) },
      };
    },

    /** Answers alike whether or not the address has an unconfirmed account; sends after. */
    async resendConfirmation(email: string, meta: RequestMeta): Promise<void> {
      await enforceRateLimit(database, RATE_LIMITS.emailLinkAddress, meta.ip);
      await enforceRateLimit(database, RATE_LIMITS.emailLinkRecipient, email);
      background.run('resend-confirmation', async () => {
        const user = await repo.unsafeFindUserByEmail(db, email);
        if (!user || user.emailConfirmedAt) return;
        // The new link signs in the browser that signed up, as the one it replaces would have.
        const browserHash = await repo.unsafeLatestConfirmBrowserHash(db, user.id, new Date());
        await sendConfirmation(user, await businessNameOf(user.id), browserHash);
      });
    },

    /** Answers alike whether or not the address has an account; sends after. */
    async forgotPassword(
      input: ForgotPasswordInput & { email: string },
      meta: RequestMeta,
    ): Promise<void> {
      await enforceRateLimit(database, RATE_LIMITS.emailLinkAddress, meta.ip);
      await enforceRateLimit(database, RATE_LIMITS.emailLinkRecipient, input.email);
      background.run('forgot-password', async () => {
        const user = await repo.unsafeFindUserByEmail(db, input.email);
        if (!user) return;
        const token = randomToken();
        const now = new Date();
        // One live reset link per account: a new one ends the earlier ones.
        await db.transaction(async (tx) => {
          await repo.unsafeEndLinks(tx as unknown as Tx, user.id, now, ['reset_password']);
          await repo.unsafeInsertToken(tx as unknown as Tx, {
            userId: user.id,
            purpose: 'reset_password',
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          });
        });
        const url = `${secureLinkBase}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send(user.email, 'resetPassword', emailTemplates.resetPassword({ url }));
      });
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
      // A new password ends every existing session (whoever knew the old one is signed out) and
      // every other link: an older reset link must not set a password again.
      await repo.unsafeEndLinks(db, consumed.userId, now);
      await repo.unsafeDeleteSessionsOfUser(db, consumed.userId);
      sessionCache.invalidateUser(consumed.userId);
      // Proving the address lifts the account-wide limit of browsers without a device cookie.
      await resetRateLimit(
        database,
        RATE_LIMITS.signInAccountUntrusted,
        pending.email.toLowerCase(),
      );
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
