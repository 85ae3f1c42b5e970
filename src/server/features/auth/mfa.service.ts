import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AppError, type ErrorCode } from '#shared/errors/index.ts';
import {
  TOTP_CODE_PATTERN,
  type BackupCodes,
  type MfaChallenge,
  type MfaSetup,
  type MfaStatus,
} from '#shared/contracts/account-security.contract.ts';
import { requireAccess, type ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { serviceError } from '#server/platform/result.ts';
import { enforceRateLimit, type RateLimitRule } from '#server/platform/security/rate-limit.ts';
import { hashToken, randomToken } from '#server/platform/security/tokens.ts';
import * as authRepo from './auth.repository.ts';
import * as repo from './mfa.repository.ts';
import { verifyPassword } from './password.ts';

// Two-factor authentication with an authenticator app (RFC 6238 TOTP: SHA-1, 6 digits, 30 s,
// one step of clock drift either way) and ten single-use backup codes.

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const BACKUP_CODE_COUNT = 10;
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_FAILURES = 5;
export const CHALLENGE_LOCK_MS = 15 * 60_000;
const ISSUER = 'Soci Gen';

export const MFA_RATE_LIMITS = {
  /** Every code tried for one account, across challenges: bounds guessing however it is spread. */
  verifyAccount: { name: 'mfa-verify:account', limit: 20, windowSeconds: 900 },
  enrolAccount: { name: 'mfa-enrol:account', limit: 20, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

const WRONG_CODE = 'This code is not valid or has already been used.';
const WRONG_PASSWORD = 'Your password is not correct.';

function secretContext(userId: string): string {
  return `mfa_factor:${userId}:secret`;
}

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step a valid code belongs to, or null. */
export function matchingStep(totp: TOTP, code: string, now: number): number | null {
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

// 31 symbols without look-alikes; 8 of them is about 40 bits, and every try is rate limited.
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newBackupCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Backup codes are kept as hashes bound to their owner, compared without dash or case. */
export function backupCodeHash(userId: string, code: string): string {
  return hashToken(`${userId}:${code.replace(/-/g, '').toLowerCase()}`);
}

function wrongCode(userId: string, technicalMessage: string): AppError {
  return AppError.from('MFA_VERIFICATION_ERROR', {
    technicalMessage,
    userId,
    details: { fieldErrors: { code: WRONG_CODE } },
  });
}

function wrongPassword(userId: string): AppError {
  return AppError.from('VALIDATION_ERROR', {
    userMessage: WRONG_PASSWORD,
    technicalMessage: 'Wrong password for a security change',
    userId,
    details: { fieldErrors: { password: WRONG_PASSWORD } },
  });
}

function lockedError(userId: string, until: Date, now: Date): AppError {
  return AppError.from('RATE_LIMIT_EXCEEDED', {
    userMessage: 'Too many wrong codes. Please wait 15 minutes before trying again.',
    technicalMessage: `MFA challenge locked until ${until.toISOString()}`,
    userId,
    details: {
      retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
    },
  });
}

export function createMfaService(deps: AppDeps) {
  const db = deps.database.unsafeDb;

  async function guard<T>(code: ErrorCode, text: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw serviceError(text, error, code);
    }
  }

  async function requirePassword(userId: string, password: string): Promise<void> {
    const user = await authRepo.unsafeFindUserById(db, userId);
    if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      throw wrongPassword(userId);
    }
  }

  async function issueBackupCodes(userId: string): Promise<BackupCodes> {
    const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
    await repo.unsafeReplaceBackupCodes(
      db,
      userId,
      codes.map((code) => backupCodeHash(userId, code)),
    );
    return { backupCodes: codes };
  }

  /** Checks a code for an enabled factor and spends it: a TOTP step or a backup code, once. */
  async function acceptCode(userId: string, code: string, now: Date): Promise<boolean> {
    if (!TOTP_CODE_PATTERN.test(code)) {
      return repo.unsafeConsumeBackupCode(db, userId, backupCodeHash(userId, code), now);
    }
    const factor = await repo.unsafeFindFactor(db, userId);
    if (!factor?.enabledAt) return false;
    const secret = deps.secrets.decrypt(factor.secretEncrypted, secretContext(userId));
    const step = matchingStep(totpFor(secret, ''), code, now.getTime());
    return step !== null && repo.unsafeClaimStep(db, userId, step);
  }

  return {
    async status(ctx: ServiceContext): Promise<MfaStatus> {
      requireAccess(ctx.actor, 'manage:own-account');
      return guard(
        'MFA_STATUS_ERROR',
        'Failed to load two-factor authentication status',
        async () => {
          const factor = await repo.unsafeFindFactor(db, ctx.actor.userId);
          const enabled = Boolean(factor?.enabledAt);
          return {
            enabled,
            enabledAt: factor?.enabledAt?.toISOString() ?? null,
            backupCodesRemaining: enabled
              ? await repo.unsafeCountUnusedBackupCodes(db, ctx.actor.userId)
              : 0,
          };
        },
      );
    },

    /** Starts (or restarts) enrolment: a new secret, shown once as a QR code and a typed key. */
    async setup(ctx: ServiceContext, email: string): Promise<MfaSetup> {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      return guard('MFA_SETUP_ERROR', 'Failed to set up two-factor authentication', async () => {
        await enforceRateLimit(deps.database, MFA_RATE_LIMITS.enrolAccount, userId);
        if (await repo.unsafeHasEnabledFactor(db, userId)) {
          throw AppError.from('MFA_SETUP_ERROR', {
            userMessage: 'Two-factor authentication is already on.',
            technicalMessage: 'Setup asked for with an enabled factor',
            userId,
          });
        }
        const secret = new Secret({ size: 20 });
        await repo.unsafeSavePendingFactor(
          db,
          userId,
          deps.secrets.encrypt(secret.base32, secretContext(userId)),
          new Date(),
        );
        const otpauthUrl = totpFor(secret.base32, email).toString();
        // Loaded by the first set-up, not at every start (decision 019).
        const { default: QRCode } = await import('qrcode');
        return {
          qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }),
          manualKey: secret.base32.replace(/(.{4})/g, '$1 ').trim(),
          otpauthUrl,
        };
      });
    },

    /** Finishes enrolment with a first code; answers the backup codes, shown this once. */
    async enable(ctx: ServiceContext, code: string): Promise<BackupCodes> {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      return guard('MFA_SETUP_ERROR', 'Failed to turn on two-factor authentication', async () => {
        await enforceRateLimit(deps.database, MFA_RATE_LIMITS.enrolAccount, userId);
        const factor = await repo.unsafeFindFactor(db, userId);
        if (!factor || factor.enabledAt) {
          throw AppError.from('MFA_SETUP_ERROR', {
            userMessage: factor
              ? 'Two-factor authentication is already on.'
              : 'Start the setup again to get a new QR code.',
            technicalMessage: 'Enable without a pending factor',
            userId,
          });
        }
        const now = Date.now();
        const secret = deps.secrets.decrypt(factor.secretEncrypted, secretContext(userId));
        const step = matchingStep(totpFor(secret, ''), code, now);
        if (
          step === null ||
          !(await repo.unsafeClaimStep(db, userId, step, { enable: new Date(now) }))
        ) {
          throw wrongCode(userId, 'Wrong code while enabling MFA');
        }
        deps.logger.info({ userId }, 'two-factor authentication turned on');
        return issueBackupCodes(userId);
      });
    },

    async regenerateBackupCodes(ctx: ServiceContext, password: string): Promise<BackupCodes> {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      return guard('MFA_SETUP_ERROR', 'Failed to create new backup codes', async () => {
        await enforceRateLimit(deps.database, MFA_RATE_LIMITS.enrolAccount, userId);
        await requirePassword(userId, password);
        if (!(await repo.unsafeHasEnabledFactor(db, userId))) {
          throw AppError.from('MFA_SETUP_ERROR', {
            userMessage: 'Turn on two-factor authentication first.',
            technicalMessage: 'Backup codes asked for without an enabled factor',
            userId,
          });
        }
        return issueBackupCodes(userId);
      });
    },

    async disable(ctx: ServiceContext, password: string): Promise<void> {
      requireAccess(ctx.actor, 'manage:own-account');
      const { userId } = ctx.actor;
      await guard('MFA_DISABLE_ERROR', 'Failed to turn off two-factor authentication', async () => {
        await enforceRateLimit(deps.database, MFA_RATE_LIMITS.enrolAccount, userId);
        await requirePassword(userId, password);
        await repo.unsafeDeleteFactor(db, userId);
        deps.logger.info({ userId }, 'two-factor authentication turned off');
      });
    },

    /** Sign-in, after the password: a challenge when the account has a factor, else null. */
    async startChallenge(userId: string, now = new Date()): Promise<MfaChallenge | null> {
      if (!(await repo.unsafeHasEnabledFactor(db, userId))) return null;
      const lockedUntil = await repo.unsafeChallengeLockedUntil(db, userId, now);
      if (lockedUntil) throw lockedError(userId, lockedUntil, now);
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
      await repo.unsafeInsertChallenge(db, { userId, tokenHash: hashToken(token), expiresAt });
      return { mfaRequired: true, challengeToken: token, expiresAt: expiresAt.toISOString() };
    },

    /** Answers a sign-in challenge; the user id to open a session for. */
    async verifyChallenge(challengeToken: string, code: string): Promise<string> {
      const now = new Date();
      const challenge = await repo.unsafeFindChallenge(db, hashToken(challengeToken));
      if (!challenge || challenge.consumedAt || challenge.expiresAt <= now) {
        throw AppError.from('AUTH_SESSION_ERROR', {
          technicalMessage: 'Unknown, used or expired MFA challenge',
        });
      }
      const { userId } = challenge;
      if (challenge.lockedUntil && challenge.lockedUntil > now) {
        throw lockedError(userId, challenge.lockedUntil, now);
      }
      await enforceRateLimit(deps.database, MFA_RATE_LIMITS.verifyAccount, userId);
      if (!(await acceptCode(userId, code, now))) {
        const failure = await repo.unsafeRecordChallengeFailure(
          db,
          challenge.id,
          CHALLENGE_MAX_FAILURES,
          new Date(now.getTime() + CHALLENGE_LOCK_MS),
        );
        if (failure.lockedUntil && failure.lockedUntil > now) {
          deps.logger.warn({ userId }, 'MFA challenge locked after wrong codes');
          throw lockedError(userId, failure.lockedUntil, now);
        }
        throw wrongCode(userId, `Wrong MFA code (${failure.failedAttempts})`);
      }
      if (!(await repo.unsafeConsumeChallenge(db, challenge.id, now))) {
        throw AppError.from('AUTH_SESSION_ERROR', {
          technicalMessage: 'MFA challenge answered twice',
          userId,
        });
      }
      return userId;
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
