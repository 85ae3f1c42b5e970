import { AppError, type ErrorCode } from '#shared/errors/index.ts';
import type {
  AccountOverview,
  AccountSession,
  ChangeEmailInput,
  ChangePasswordInput,
} from '#shared/contracts/account-security.contract.ts';
import type { Profile } from '#shared/contracts/account.contract.ts';
import { requireAccess, tenantScope, type ServiceContext } from '#server/platform/access.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import { serviceError } from '#server/platform/result.ts';
import { enforceRateLimit, type RateLimitRule } from '#server/platform/security/rate-limit.ts';
import { hashToken, randomToken } from '#server/platform/security/tokens.ts';
import * as authRepo from '../auth/auth.repository.ts';
import { hashPassword, loadPasswordStrength, verifyPassword } from '../auth/password.ts';
import * as profileRepo from '../profile/profile.repository.ts';
import { accountEmails } from './account-emails.tsx';
import {
  deleteAccountImages,
  findAccountImage,
  processAccountImage,
  storeAccountImage,
} from './account-images.ts';
import * as repo from './account.repository.ts';
import { completeDeletionRequest, createDeletionRequest } from './deletion-requests.ts';
import { removeMediaFiles, unsafeMediaKeysOfTenant } from '../media/media.service.ts';
import { describeUserAgent } from './user-agent.ts';

// A person's own account: sign-in address, password, sessions, avatar, and closing it.

const DAY_MS = 86_400_000;
const EMAIL_CHANGE_TTL_MS = DAY_MS;

export const ACCOUNT_RATE_LIMITS = {
  /** Password checks on this page: bounds guessing from a stolen session. */
  passwordCheck: { name: 'account-password:account', limit: 10, windowSeconds: 900 },
  /** E-mails sent by an address change. */
  emailChange: { name: 'email-change:account', limit: 5, windowSeconds: 3600 },
  imageUpload: { name: 'account-image:account', limit: 30, windowSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

const WRONG_PASSWORD = 'Your password is not correct.';
export const PASSWORD_CHANGE_FAILED =
  'Password change failed. Please verify your current password and try again.';

/** Everything the account use cases need to know about the request. */
export interface AccountRequest {
  ctx: ServiceContext;
  sessionId: string;
  email: string;
}

function rethrow(code: ErrorCode, text: string, error: unknown): never {
  throw serviceError(text, error, code);
}

export function createAccountService() {
  async function checkPassword(
    ctx: ServiceContext,
    password: string,
    onWrong: () => AppError,
  ): Promise<authRepo.UserRow> {
    const { database } = ctx.deps;
    await enforceRateLimit(database, ACCOUNT_RATE_LIMITS.passwordCheck, ctx.actor.userId);
    const user = await authRepo.unsafeFindUserById(database.unsafeDb, ctx.actor.userId);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      throw onWrong();
    }
    return user;
  }

  const wrongPassword = (userId: string) => () =>
    AppError.from('VALIDATION_ERROR', {
      userMessage: WRONG_PASSWORD,
      technicalMessage: 'Wrong password for an account change',
      userId,
      details: { fieldErrors: { password: WRONG_PASSWORD } },
    });

  function endSessions(ctx: ServiceContext) {
    // Every process drops its cached sessions of this user and re-reads them.
    ctx.deps.bus.publish('user-sessions', ctx.actor.userId);
  }

  return {
    async overview({ ctx, email }: AccountRequest): Promise<AccountOverview> {
      requireAccess(ctx.actor, 'manage:own-account');
      const pendingEmail = await repo.unsafeFindPendingEmailChange(
        ctx.deps.database.unsafeDb,
        ctx.actor.userId,
        new Date(),
      );
      return { email, pendingEmail };
    },

    /**
     * Sends a confirmation link to the new address. The answer is the same whether or not that
     * address already has an account; its owner is told by e-mail instead.
     */
    async requestEmailChange({ ctx, email }: AccountRequest, input: ChangeEmailInput) {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      const newEmail = input.newEmail.trim().toLowerCase();
      if (newEmail === email.toLowerCase()) {
        const message = 'This is already your e-mail address.';
        throw AppError.from('VALIDATION_ERROR', {
          userMessage: message,
          details: { fieldErrors: { newEmail: message } },
        });
      }
      await checkPassword(ctx, input.password, wrongPassword(userId));
      const { database, mailer, env } = ctx.deps;
      await enforceRateLimit(database, ACCOUNT_RATE_LIMITS.emailChange, userId);
      const db = database.unsafeDb;
      const existing = await authRepo.unsafeFindUserByEmail(db, newEmail);
      if (existing) {
        await mailer.send(
          existing.email,
          'addressInUse',
          accountEmails.addressInUse({ loginUrl: `${env.appUrl}/login` }),
        );
        ctx.deps.logger.info({ userId }, 'e-mail change to an address in use');
        return;
      }
      const token = randomToken();
      await repo.unsafeInsertEmailChange(db, {
        userId,
        newEmail,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
      });
      const url = `${env.appUrl}/api/account/email/confirm?token=${encodeURIComponent(token)}`;
      await mailer.send(newEmail, 'confirmEmailChange', accountEmails.confirmEmailChange({ url }));
      await mailer.send(
        email,
        'emailChangeRequested',
        accountEmails.emailChangeRequested({ newEmail }),
      );
    },

    /** Follows the link sent to the new address; true when the account moved. */
    async confirmEmailChange(deps: ServiceContext['deps'], token: string): Promise<boolean> {
      const db = deps.database.unsafeDb;
      const now = new Date();
      const consumed = await repo.unsafeConsumeEmailChange(db, hashToken(token), now);
      if (!consumed) return false;
      let moved = false;
      try {
        moved = await repo.unsafeSetEmail(db, consumed.userId, consumed.newEmail, now);
      } catch (error) {
        // The unique index on the address: another account took it between the two statements.
        deps.logger.warn({ err: error, userId: consumed.userId }, 'e-mail change refused');
        return false;
      }
      if (moved) {
        // Reset links went to the old address, which no longer signs in (docs/decisions/026).
        await authRepo.unsafeEndLinks(db, consumed.userId, now);
        deps.bus.publish('user-sessions', consumed.userId);
        deps.logger.info({ userId: consumed.userId }, 'sign-in address changed');
      }
      return moved;
    },

    /** Needs the current password; every other session ends. */
    async changePassword({ ctx, sessionId, email }: AccountRequest, input: ChangePasswordInput) {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      await checkPassword(ctx, input.currentPassword, () =>
        AppError.from('PASSWORD_CHANGE_ERROR', {
          technicalMessage: 'Wrong current password',
          userId,
          details: { fieldErrors: { currentPassword: PASSWORD_CHANGE_FAILED } },
        }),
      );
      const { checkPasswordStrength } = await loadPasswordStrength();
      const strength = await checkPasswordStrength(input.newPassword, [
        email,
        email.split('@')[0]!,
      ]);
      if (!strength.ok) {
        const base = 'Password is too weak. Please choose a stronger password.';
        const hint = strength.suggestions[0] ?? strength.warning;
        throw AppError.from('WEAK_PASSWORD', {
          details: { fieldErrors: { newPassword: hint ? `${base} ${hint}` : base } },
        });
      }
      try {
        const db = ctx.deps.database.unsafeDb;
        await authRepo.unsafeUpdateUser(db, userId, {
          passwordHash: await hashPassword(input.newPassword),
        });
        // A reset link sent before must not set a password over this one (docs/decisions/026).
        await authRepo.unsafeEndLinks(db, userId, new Date());
        await repo.unsafeDeleteOtherSessions(db, userId, sessionId);
      } catch (error) {
        rethrow('PASSWORD_CHANGE_ERROR', PASSWORD_CHANGE_FAILED, error);
      }
      endSessions(ctx);
      ctx.deps.logger.info({ userId }, 'password changed');
    },

    async listSessions({ ctx, sessionId }: AccountRequest): Promise<AccountSession[]> {
      requireAccess(ctx.actor, 'manage:own-account');
      const rows = await repo.unsafeListSessions(
        ctx.deps.database.unsafeDb,
        ctx.actor.userId,
        new Date(),
      );
      return rows.map((row) => ({
        id: row.id,
        device: describeUserAgent(row.userAgent),
        ipAddress: row.ipAddress,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        current: row.id === sessionId,
      }));
    },

    /** Ends one of the person's sessions; true when it was the current one. */
    async signOutSession({ ctx, sessionId }: AccountRequest, id: string): Promise<boolean> {
      requireAccess(ctx.actor, 'manage:own-account');
      const deleted = await repo.unsafeDeleteSessionOfUser(
        ctx.deps.database.unsafeDb,
        ctx.actor.userId,
        id,
      );
      if (!deleted) {
        throw AppError.from('NOT_FOUND', { technicalMessage: `No session ${id} of this user` });
      }
      endSessions(ctx);
      return id === sessionId;
    },

    async signOutOtherSessions({ ctx, sessionId }: AccountRequest): Promise<number> {
      requireAccess(ctx.actor, 'manage:own-account');
      try {
        const count = await repo.unsafeDeleteOtherSessions(
          ctx.deps.database.unsafeDb,
          ctx.actor.userId,
          sessionId,
        );
        endSessions(ctx);
        return count;
      } catch (error) {
        rethrow('SIGN_OUT_ALL_SESSIONS_ERROR', 'Failed to sign out of all sessions', error);
      }
    },

    async setAvatar({ ctx }: AccountRequest, upload: Buffer): Promise<Profile> {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      await enforceRateLimit(ctx.deps.database, ACCOUNT_RATE_LIMITS.imageUpload, userId);
      const image = await processAccountImage(upload, 'avatar');
      const profile = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
        const url = await storeAccountImage(tx, userId, 'avatar', image);
        return profileRepo.updateProfile(tx, userId, { avatarUrl: url }, new Date());
      });
      if (!profile) throw AppError.from('NOT_FOUND', { technicalMessage: 'No profile' });
      return profile;
    },

    async removeAvatar({ ctx }: AccountRequest): Promise<Profile> {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      const profile = await withTenant(ctx.deps.database, tenantScope(ctx.actor), async (tx) => {
        await deleteAccountImages(tx, userId, 'avatar');
        return profileRepo.updateProfile(tx, userId, { avatarUrl: null }, new Date());
      });
      if (!profile) throw AppError.from('NOT_FOUND', { technicalMessage: 'No profile' });
      return profile;
    },

    /** An avatar or logo, if row-level security lets this person see it. */
    async getImage(ctx: ServiceContext, id: string) {
      requireAccess(ctx.actor, 'read:dashboard');
      const image = await withTenant(ctx.deps.database, tenantScope(ctx.actor), (tx) =>
        findAccountImage(tx, id),
      );
      if (!image) throw AppError.from('NOT_FOUND', { technicalMessage: `No image ${id}` });
      return image;
    },

    /**
     * Closes the account: the identity row goes, and with it (by cascade) the profile, the
     * business account's rows, sessions and stored images; then its media files in storage. The deletion request stays, so the
     * confirmation page can show its status without the account.
     */
    async deleteAccount({ ctx }: AccountRequest, password: string): Promise<{ code: string }> {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      await checkPassword(ctx, password, wrongPassword(userId));
      const { database } = ctx.deps;
      try {
        const { code } = await createDeletionRequest(database, { kind: 'account' });
        // The business account's media files: their keys are known only while the rows exist.
        const mediaKeys = await unsafeMediaKeysOfTenant(ctx.deps, userId);
        await repo.unsafeDeleteUser(database.unsafeDb, userId);
        await removeMediaFiles(ctx.deps, mediaKeys);
        endSessions(ctx);
        ctx.deps.cache.invalidateTenant(userId);
        await completeDeletionRequest(database, code);
        ctx.deps.logger.info({ userId, deletionRequest: code }, 'account deleted');
        return { code };
      } catch (error) {
        rethrow('USER_PROFILE_ERROR', 'Failed to delete the account', error);
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
