import { AppError } from '#shared/errors/index.ts';
import type { SignInInput } from '#shared/contracts/auth.contract.ts';
import type { MfaChallenge } from '#shared/contracts/account-security.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { backgroundWork } from '#server/platform/background.ts';
import {
  enforceRateLimit,
  hitRateLimit,
  refuseWhenExhausted,
  resetRateLimit,
} from '#server/platform/security/rate-limit.ts';
import { RATE_LIMITS } from './auth-limits.ts';
import * as repo from './auth.repository.ts';
import { createDeviceCookies } from './device-cookie.ts';
import { createEmailLinks } from './email-links.ts';
import { createMfaService } from './mfa.service.ts';
import { verifyAgainstDummy, verifyPassword } from './password.ts';
import { createSessions, type IssuedSession, type RequestMeta } from './sessions.ts';
import { createSignUp } from './sign-up.ts';
import { perProcess } from '#server/platform/per-process.ts';

// The auth service (docs/decisions/005). Sign-in, its second factor and adopting an address a
// provider verified are here; the object it returns also carries sign-up (sign-up.ts), the
// e-mailed links (email-links.ts) and sessions (sessions.ts), so its callers use one service.
// The rate-limit rules are in auth-limits.ts.

export { RATE_LIMITS } from './auth-limits.ts';
export { SIGN_UP_COOKIE_SECONDS, type Confirmed } from './email-links.ts';
export type { IssuedSession, RequestMeta } from './sessions.ts';
export type { SignUpAnswer } from './sign-up.ts';

export function createAuthService(deps: AppDeps) {
  const { database } = deps;
  const db = database.unsafeDb;
  const sessions = createSessions(deps);
  const mfa = createMfaService(deps);
  const background = backgroundWork(deps);
  const devices = createDeviceCookies(deps.secrets);
  const links = createEmailLinks(deps, { sessions, devices, background });
  const signUp = createSignUp(deps, { sessions, links, background });

  return {
    issueSession: sessions.issueSession,

    signUp,

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
      return { ...(await sessions.issueSession(user, meta)), device: devices.issue(user.id) };
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
      return { ...(await sessions.issueSession(user, meta)), device: devices.issue(user.id) };
    },

    signOut: sessions.signOut,

    resolveSession: sessions.resolveSession,

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
        sessions.forgetCached(user.id);
        deps.logger.info(
          { userId: user.id },
          'unconfirmed account taken over by a verified sign-in',
        );
      }
      return (await repo.unsafeFindUserById(db, user.id)) ?? user;
    },

    confirmEmail: links.confirmEmail,

    resendConfirmation: links.resendConfirmation,

    forgotPassword: links.forgotPassword,

    resetPassword: links.resetPassword,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * The process's auth service, made once: the API's session middleware and the live status
 * stream resolve sessions through it, so they share one session cache.
 */
export const authService = perProcess((deps): AuthService => createAuthService(deps));
