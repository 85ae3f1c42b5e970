import type {
  AuthConfig,
  AuthSession,
  ForgotPasswordInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  SignUpResult,
} from '#shared/contracts/auth.contract.ts';
import type { MfaChallenge } from '#shared/contracts/account-security.contract.ts';
import { api } from '../../../lib/api-client.ts';
import { authPaths } from '../../../lib/routes.ts';

// Auth calls. The session lives in an httpOnly cookie the browser sends by itself; these answers
// only describe it.

const routes = authPaths;

/** The installation's sign-up settings: the same for everyone, so the key carries no user id. */
export const authConfigKey = ['auth', 'config'] as const;

export const authApi = {
  getSession: (signal?: AbortSignal) =>
    api.get<AuthSession | null>(routes.session, signal ? { signal } : {}),
  signIn: (input: SignInInput) => api.post<AuthSession | MfaChallenge>(routes.signIn, input),
  verifyMfa: (challengeToken: string, code: string) =>
    api.post<AuthSession>(routes.mfaVerify, { challengeToken, code }),
  signUp: (input: SignUpInput) => api.post<SignUpResult>(routes.signUp, input),
  signOut: () => api.post<null>(routes.signOut),
  refresh: () => api.post<AuthSession>(routes.refresh),
  resendConfirmation: (email: string) => api.post<null>(routes.resendConfirmation, { email }),
  forgotPassword: (input: ForgotPasswordInput) => api.post<null>(routes.forgotPassword, input),
  resetPassword: (input: ResetPasswordInput) => api.post<null>(routes.resetPassword, input),
  config: (signal?: AbortSignal) => api.get<AuthConfig>(routes.config, signal ? { signal } : {}),
};
