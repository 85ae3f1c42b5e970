import { AppError } from '#shared/errors/index.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { applySettings, type Tx } from '#server/platform/db/client.ts';
import { tenantSettings } from '#server/platform/db/tenant.ts';
import { constantTimeEqual, randomToken } from '#server/platform/security/tokens.ts';
import { MetaApiError } from '#server/integrations/meta/errors.ts';
import { authService, type IssuedSession, type RequestMeta } from '../auth/auth.service.ts';
import { createMfaService } from '../auth/mfa.service.ts';
import * as authRepo from '../auth/auth.repository.ts';
import { users } from '../auth/auth.tables.ts';
import { provisionAccount } from '../auth/provision.ts';
import { metaRuntime } from './meta-runtime.ts';

// "Continue with Facebook" (docs/product/entities.md#auth-session: a session whose provider is
// `facebook`). The dialog asks for the public profile and e-mail; Facebook verifies e-mail
// addresses, so the address is the link to an existing account, and a new address creates a
// confirmed account with a trial, exactly as a confirmed sign-up would. The session itself comes
// from the auth service.

export const FACEBOOK_SIGN_IN_SCOPES = ['public_profile', 'email'] as const;
export const SIGN_IN_STATE_COOKIE = 'sg_fb_state';
export const SIGN_IN_STATE_SECONDS = 600;
/** Why Continue with Facebook refuses in demo mode (docs/decisions/057). */
export const FACEBOOK_SIGN_IN_UNAVAILABLE =
  'Continue with Facebook needs a Meta app; sign in with your e-mail address.';

export class SignInRefused extends Error {
  constructor(readonly description: string) {
    super(description);
  }
}

export function facebookSignInStart(deps: AppDeps): { url: string; state: string } {
  const meta = metaRuntime(deps);
  const state = randomToken();
  const url = meta.client.facebook.dialogUrl({
    redirectUri: meta.redirectUris.signIn,
    state,
    scopes: FACEBOOK_SIGN_IN_SCOPES,
  });
  return { url, state };
}

export function createFacebookSignIn(deps: AppDeps) {
  const auth = authService(deps);
  const mfa = createMfaService(deps);
  const db = deps.database.unsafeDb;

  return async function complete(
    query: { code?: string; state?: string; error?: string; error_description?: string },
    cookieState: string | undefined,
    requestMeta: RequestMeta,
  ): Promise<IssuedSession> {
    if (!metaRuntime(deps).facebookSignIn) throw new SignInRefused(FACEBOOK_SIGN_IN_UNAVAILABLE);
    if (!query.state || !cookieState || !constantTimeEqual(query.state, cookieState)) {
      throw new SignInRefused(
        'The sign-in request expired or did not come from this browser. Please try again.',
      );
    }
    if (query.error) {
      throw new SignInRefused(
        query.error === 'access_denied'
          ? 'Facebook sign-in was cancelled.'
          : (query.error_description ?? 'Facebook sign-in failed.'),
      );
    }
    if (!query.code)
      throw new SignInRefused('Facebook did not send a sign-in code. Please try again.');
    const meta = metaRuntime(deps);
    let profile: { id: string; name?: string; email?: string };
    try {
      const token = await meta.client.facebook.exchangeCode({
        code: query.code,
        redirectUri: meta.redirectUris.signIn,
      });
      profile = await meta.client.facebook.me(token.access_token, 'id,name,email');
    } catch (error) {
      if (error instanceof MetaApiError) {
        deps.logger.warn({ err: error }, 'facebook sign-in exchange failed');
        throw new SignInRefused('Facebook could not confirm the sign-in. Please try again.');
      }
      throw error;
    }
    const email = profile.email?.trim().toLowerCase();
    if (!email) {
      throw new SignInRefused(
        'Facebook did not share your e-mail address. Allow e-mail access, or sign up with your e-mail address.',
      );
    }
    let user = await authRepo.unsafeFindUserByEmail(db, email);
    if (user) {
      // The second factor is asked on the e-mail sign-in form; Facebook must not skip it.
      if (await mfa.startChallenge(user.id)) {
        throw new SignInRefused(
          'This account uses two-factor authentication. Log in with your e-mail address and password.',
        );
      }
      // Facebook proved the address: a password set before anyone had was never proven and
      // goes, with earlier links and sessions (docs/decisions/026).
      user = await auth.adoptVerifiedAddress(user);
    } else {
      const now = new Date();
      user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({ email, provider: 'facebook', emailConfirmedAt: now })
          .returning();
        await applySettings(
          tx as unknown as Tx,
          tenantSettings({ userId: created!.id, tenantId: created!.id }),
        );
        await provisionAccount(tx as unknown as Tx, {
          userId: created!.id,
          fullName: profile.name,
          businessName: undefined,
          now,
        });
        return created!;
      });
      deps.logger.info({ userId: user.id }, 'account created with Facebook');
    }
    if (!user) throw AppError.from('AUTH_SESSION_ERROR', { technicalMessage: 'No user' });
    return auth.issueSession({ ...user, provider: 'facebook' }, requestMeta);
  };
}
