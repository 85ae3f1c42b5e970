import { sql } from 'drizzle-orm';
import { AppError } from '#shared/errors/index.ts';
import type { ForgotPasswordInput, ResetPasswordInput } from '#shared/contracts/auth.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { rowsOf, type Tx } from '#server/platform/db/client.ts';
import type { BackgroundWork } from '#server/platform/background.ts';
import { enforceRateLimit, resetRateLimit } from '#server/platform/security/rate-limit.ts';
import { constantTimeEqual, hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import { RATE_LIMITS } from './auth-limits.ts';
import * as repo from './auth.repository.ts';
import type { DeviceCookies } from './device-cookie.ts';
import { hashPassword, requireStrongPassword } from './password.ts';
import type { IssuedSession, RequestMeta, Sessions } from './sessions.ts';

// E-mailed links, single use, stored as hashes and consumed by one `UPDATE … RETURNING`
// (docs/decisions/005). One live link per purpose; a new password ends every link
// (docs/decisions/026). Requests for a link answer alike whether or not the address has an
// account: what depends on it runs after the answer (docs/decisions/007, 026).

const HOUR_MS = 3_600_000;
const CONFIRM_TOKEN_TTL_MS = 24 * HOUR_MS;
const RESET_TOKEN_TTL_MS = HOUR_MS;
/** The signing-up browser's nonce cookie lives as long as the confirmation link. */
export const SIGN_UP_COOKIE_SECONDS = CONFIRM_TOKEN_TTL_MS / 1000;

const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

/** What a confirmation e-mail says it finishes: setting up a business, or joining one. */
export interface ConfirmationAbout {
  /** The business being set up; null for someone without a business of their own. */
  businessName: string | null;
  /** The business an invited person is about to join. */
  joining: string | null;
}

/** A confirmation link that worked: a session only for the browser that signed up. */
export interface Confirmed {
  session: IssuedSession | null;
}

export function createEmailLinks(
  deps: AppDeps,
  parts: { sessions: Sessions; devices: DeviceCookies; background: BackgroundWork },
) {
  const { database, env, mailer } = deps;
  const { sessions, devices, background } = parts;
  const db = database.unsafeDb;
  const secureLinkBase = env.appUrl;

  /**
   * A new confirmation link, which ends the account's earlier ones: only the newest works. The
   * e-mail names the business being set up, or the one being joined (docs/decisions/035).
   */
  async function sendConfirmation(
    user: { id: string; email: string },
    about: ConfirmationAbout,
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
    await mailer.send(user.email, 'confirmEmail', emailTemplates.confirmEmail({ url, ...about }));
  }

  /** What a resent link is about: the account's business, or none for an invited person. */
  async function confirmationAboutOf(userId: string): Promise<ConfirmationAbout> {
    const result = await db.execute(
      sql`select business_name from public.business_profiles where user_id = ${userId}`,
    );
    const name = rowsOf<{ business_name: string }>(result)[0]?.business_name;
    return { businessName: name ?? null, joining: null };
  }

  return {
    sendConfirmation,

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
        session: {
          ...(await sessions.issueSession(user, meta, now)),
          device: devices.issue(user.id),
        },
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
        await sendConfirmation(user, await confirmationAboutOf(user.id), browserHash);
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
          userMessage: INVALID_RESET_LINK,
          details: { fieldErrors: { token: INVALID_RESET_LINK } },
        });
      }
      await requireStrongPassword(input.password, [pending.email]);
      const passwordHash = await hashPassword(input.password);
      const consumed = await repo.unsafeConsumeToken(db, tokenHash, 'reset_password', now);
      if (!consumed) {
        throw AppError.from('VALIDATION_ERROR', { userMessage: INVALID_RESET_LINK });
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
      sessions.forgetCached(consumed.userId);
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

export type EmailLinks = ReturnType<typeof createEmailLinks>;
