import { resolveBusinessName } from '#shared/business-name.ts';
import { AppError } from '#shared/errors/index.ts';
import type { SignUpInput, SignUpResult } from '#shared/contracts/auth.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { applySettings, type Tx } from '#server/platform/db/client.ts';
import { tenantSettings, businessScope } from '#server/platform/db/tenant.ts';
import type { BackgroundWork } from '#server/platform/background.ts';
import { enforceRateLimit } from '#server/platform/security/rate-limit.ts';
import { hashToken, randomToken } from '#server/platform/security/tokens.ts';
import { emailTemplates } from '#server/platform/email/templates.tsx';
import { unsafeInvitationForSignUp } from '../staff/invited-sign-up.ts';
import { RATE_LIMITS } from './auth-limits.ts';
import * as repo from './auth.repository.ts';
import type { EmailLinks } from './email-links.ts';
import {
  hashPassword,
  requireStrongPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './password.ts';
import { provisionAccount, reprovisionAccount } from './provision.ts';
import type { RequestMeta, Sessions } from './sessions.ts';

export interface SignUpAnswer {
  result: SignUpResult;
  /** For the sign-up cookie: only the browser holding it is signed in by the confirmation link. */
  browserNonce: string;
}

export function createSignUp(
  deps: AppDeps,
  parts: { sessions: Sessions; links: EmailLinks; background: BackgroundWork },
) {
  const { database, env, mailer } = deps;
  const { sessions, links, background } = parts;
  const db = database.unsafeDb;
  const secureLinkBase = env.appUrl;

  /**
   * The rest of a sign-up, after the answer. A new address gets its account and a confirmation
   * link. A confirmed address's owner is told by e-mail that they already have an account. An
   * address nobody confirmed may have been signed up by a stranger first (pre-account takeover):
   * this sign-up's password and names replace the earlier ones, and every earlier link and
   * session ends, so only the link sent now works (docs/decisions/026).
   * A sign-up from a live invitation to the same address makes the person without a business of
   * their own: they join the inviting one by accepting (docs/decisions/035).
   */
  async function completeSignUp(
    input: SignUpInput & { email: string },
    id: string,
    existing: repo.UserRow | undefined,
    browserHash: string,
  ): Promise<void> {
    const now = new Date();
    const invitation = input.invitationToken
      ? await unsafeInvitationForSignUp(db, input.invitationToken, input.email, now)
      : null;
    // An invited person names no business; whatever the form sent for one is not used.
    const businessName = invitation ? undefined : input.businessName?.trim() || undefined;
    const provision = {
      fullName: input.fullName,
      businessName,
      timeZone: input.timeZone,
      withBusiness: invitation === null,
      now,
    };
    const confirmationFor = invitation
      ? { businessName: null, joining: invitation.businessName }
      : { businessName: resolveBusinessName({ business_name: businessName }), joining: null };
    if (existing?.emailConfirmedAt) {
      // The owner of the address is sent to sign in, and on to the invitation if there is one.
      const next = invitation
        ? `?redirect=${encodeURIComponent(`/accept-invitation/${input.invitationToken}`)}`
        : '';
      await mailer.send(
        existing.email,
        'accountExists',
        emailTemplates.accountExists({
          loginUrl: `${secureLinkBase}/login${next}`,
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
        if (invitation) await repo.unsafeRemoveUnconfirmedBusiness(t, existing.id);
        await applySettings(t, tenantSettings(businessScope(existing.id)));
        await reprovisionAccount(t, { userId: existing.id, ...provision });
        return true;
      });
      if (!replaced) {
        // Confirmed meanwhile: as for any confirmed address.
        const confirmed = await repo.unsafeFindUserById(db, existing.id);
        if (confirmed) await completeSignUp(input, id, confirmed, browserHash);
        return;
      }
      sessions.forgetCached(existing.id);
      deps.logger.info({ userId: existing.id }, 'unconfirmed account signed up again');
      await links.sendConfirmation(existing, confirmationFor, browserHash);
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
        await applySettings(tx as unknown as Tx, tenantSettings(businessScope(created.id)));
        await provisionAccount(tx as unknown as Tx, { userId: created.id, ...provision });
        return created;
      });
    } catch (error) {
      // Another sign-up of the same address got there first: carry on as for an existing one.
      const raced = await repo.unsafeFindUserByEmail(db, input.email);
      if (!raced) throw error;
      await completeSignUp(input, id, raced, browserHash);
      return;
    }
    await links.sendConfirmation(user, confirmationFor, browserHash);
    deps.logger.info(
      { userId: user.id, invited: invitation !== null },
      invitation ? 'account created to join a business' : 'account created',
    );
  }

  /**
   * Answers alike, in content and in time, whether or not the address has an account
   * (docs/decisions/007, 026): what differs happens after the answer, in completeSignUp.
   */
  return async function signUp(
    input: SignUpInput & { email: string },
    meta: RequestMeta,
  ): Promise<SignUpAnswer> {
    await enforceRateLimit(database, RATE_LIMITS.signUpAddress, meta.ip);
    await requireStrongPassword(input.password, [input.email, input.businessName, input.fullName]);
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
  };
}
