import { z } from 'zod';
import { AppError } from '#shared/errors/index.ts';
import {
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
import type { AuthService, RequestMeta } from './auth.service.ts';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './session-cookie.ts';

const tags = ['Auth'];

function meta(c: AppContext): RequestMeta {
  return { ip: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null };
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
    async (c) => ok(c, await auth.signUp(c.req.valid('json'), meta(c)), 201),
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
      const issued = await auth.signIn(c.req.valid('json'), meta(c));
      // No session yet: the challenge is traded for one with a code.
      if ('mfaRequired' in issued && isMfaChallenge(issued)) return ok(c, issued);
      writeSessionCookie(c, issued.token, issued.cookieMaxAgeSeconds);
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
      writeSessionCookie(c, issued.token, issued.cookieMaxAgeSeconds);
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
      summary: 'Confirm an e-mail address from the e-mailed link; redirects to the site root',
      tags,
      request: { query: z.object({ token: z.string().max(200).optional() }) },
      responses: envelope(z.null()),
    }),
    async (c) => {
      const { token } = c.req.valid('query');
      const issued = token ? await auth.confirmEmail(token, meta(c)) : null;
      if (!issued) {
        const description =
          'This confirmation link is invalid or has expired. Sign in to get a new one.';
        return redirect(
          c,
          `/login?error=invalid_link&error_description=${encodeURIComponent(description)}`,
        );
      }
      writeSessionCookie(c, issued.token, issued.cookieMaxAgeSeconds);
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
