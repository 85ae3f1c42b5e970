import { z } from 'zod';
import { AppError } from '#shared/errors/index.ts';
import {
  authConfigSchema,
  authRoutes,
  authSessionSchema,
  forgotPasswordInputSchema,
  resendConfirmationInputSchema,
  resetPasswordInputSchema,
  signInInputSchema,
  signUpInputSchema,
  signUpResultSchema,
} from '#shared/contracts/auth.contract.ts';
import {
  accountSecurityRoutes,
  isMfaChallenge,
  signInResultSchema,
  verifyMfaChallengeInputSchema,
} from '#shared/contracts/account-security.contract.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok, redirect } from '#server/platform/http/respond.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import {
  SIGN_UP_COOKIE_SECONDS,
  type AuthService,
  type IssuedSession,
  type RequestMeta,
} from './auth.service.ts';
import {
  clearSessionCookie,
  clearSignUpCookie,
  clearSignUpInvitationCookie,
  readDeviceCookie,
  readSessionCookie,
  readSignUpCookie,
  readSignUpInvitationCookie,
  writeDeviceCookie,
  writeSessionCookie,
  writeSignUpCookie,
  writeSignUpInvitationCookie,
} from './session-cookie.ts';

const tags = ['Auth'];

function meta(c: AppContext): RequestMeta {
  return { ip: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
}

/** A sign-in that proved the password: the session, and the device cookie for this browser. */
function writeSignedIn(c: AppContext, issued: IssuedSession): void {
  writeSessionCookie(c, issued.token, issued.cookieMaxAgeSeconds);
  if (issued.device) writeDeviceCookie(c, issued.device.value, issued.device.maxAgeSeconds);
}

export function createAuthRoutes(auth: AuthService) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/sign-up',
      summary: 'Create an account',
      tags,
      request: { body: jsonBody(signUpInputSchema) },
      responses: envelope(signUpResultSchema, 201),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { result, browserNonce } = await auth.signUp(input, meta(c));
      // Set whether or not the address has an account, so the answers stay alike.
      writeSignUpCookie(c, browserNonce, SIGN_UP_COOKIE_SECONDS);
      // From what was sent, never from what the server found (docs/decisions/035).
      if (input.invitationToken) {
        writeSignUpInvitationCookie(c, input.invitationToken, SIGN_UP_COOKIE_SECONDS);
      } else {
        clearSignUpInvitationCookie(c);
      }
      return ok(c, result, 201);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: authRoutes.config,
      summary:
        'What the sign-up pages need to know about this installation: who reads the e-mails it keeps instead of sending',
      tags,
      responses: envelope(authConfigSchema),
    }),
    // The same for everyone, signed in or not; no key, no address (docs/decisions/036).
    (c) => ok(c, { mailbox: c.get('deps').env.mailbox }),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/sign-in',
      summary:
        'Sign in with e-mail and password; with two-factor authentication on, answers a challenge',
      tags,
      request: { body: jsonBody(signInInputSchema) },
      responses: envelope(signInResultSchema),
    }),
    async (c) => {
      const issued = await auth.signIn(c.req.valid('json'), meta(c), readDeviceCookie(c));
      // No session yet: the challenge is traded for one with a code.
      if ('mfaRequired' in issued && isMfaChallenge(issued)) return ok(c, issued);
      writeSignedIn(c, issued);
      return ok(c, issued.session);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: accountSecurityRoutes.mfaVerify,
      summary: 'Answer a sign-in challenge with an authenticator or backup code',
      tags,
      request: { body: jsonBody(verifyMfaChallengeInputSchema) },
      responses: envelope(authSessionSchema),
    }),
    async (c) => {
      const { challengeToken, code } = c.req.valid('json');
      const issued = await auth.completeMfaSignIn(challengeToken, code, meta(c));
      writeSignedIn(c, issued);
      return ok(c, issued.session);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/sign-out',
      summary: 'Sign out of this session',
      tags,
      responses: envelope(z.null()),
    }),
    async (c) => {
      const token = readSessionCookie(c);
      if (token) await auth.signOut(token);
      clearSessionCookie(c);
      return ok(c, null);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/auth/session',
      summary: 'The current session, renewed when due',
      tags,
      responses: envelope(authSessionSchema.nullable()),
    }),
    async (c) => {
      const token = readSessionCookie(c);
      const resolved = token ? await auth.resolveSession(token, { refresh: true }) : null;
      if (!resolved) {
        if (token) clearSessionCookie(c);
        return ok(c, null);
      }
      return ok(c, resolved.authSession);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/refresh',
      summary: 'Renew the session before it expires',
      tags,
      responses: envelope(authSessionSchema),
    }),
    async (c) => {
      const token = readSessionCookie(c);
      const resolved = token ? await auth.resolveSession(token, { refresh: true }) : null;
      if (!resolved) {
        clearSessionCookie(c);
        throw AppError.from('AUTH_SESSION_ERROR', {
          technicalMessage: 'Session cannot be refreshed',
        });
      }
      return ok(c, resolved.authSession);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/auth/confirm',
      summary:
        'Confirm an e-mail address from the e-mailed link; redirects to the site root (or, for a sign-up from an invitation, back to the invitation) signed in in the browser that signed up, to the login page elsewhere',
      tags,
      request: { query: z.object({ token: z.string().max(200).optional() }) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      const { token } = c.req.valid('query');
      const confirmed = token ? await auth.confirmEmail(token, readSignUpCookie(c), meta(c)) : null;
      if (!confirmed) {
        const description =
          'This confirmation link is invalid or has expired. Sign in to get a new one.';
        return redirect(
          c,
          `/login?error=invalid_link&error_description=${encodeURIComponent(description)}`,
        );
      }
      // Another browser than the one that signed up: confirmed, but it signs in itself.
      if (!confirmed.session) return redirect(c, '/login?confirmed=1');
      clearSignUpCookie(c);
      writeSignedIn(c, confirmed.session);
      // A sign-up from an invitation goes back to it, to join (docs/decisions/035).
      const invitation = readSignUpInvitationCookie(c);
      if (invitation) {
        clearSignUpInvitationCookie(c);
        return redirect(c, `/accept-invitation/${encodeURIComponent(invitation)}?confirmed=1`);
      }
      return redirect(c, '/?confirmed=1');
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/resend-confirmation',
      summary: 'Send the confirmation e-mail again',
      tags,
      request: { body: jsonBody(resendConfirmationInputSchema) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      await auth.resendConfirmation(c.req.valid('json').email, meta(c));
      return ok(c, null);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/forgot-password',
      summary: 'E-mail a password reset link',
      tags,
      request: { body: jsonBody(forgotPasswordInputSchema) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      await auth.forgotPassword(c.req.valid('json'), meta(c));
      return ok(c, null);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/reset-password',
      summary: 'Choose a new password with an e-mailed token',
      tags,
      request: { body: jsonBody(resetPasswordInputSchema) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      await auth.resetPassword(c.req.valid('json'), meta(c));
      clearSessionCookie(c);
      return ok(c, null);
    },
  );

  return router;
}
