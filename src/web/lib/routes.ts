// The API paths the first download of `/` needs (signing in, the account), as plain strings:
// they repeat the route constants of src/shared/contracts/*.contract.ts because those files import
// zod at module level, and zod must stay out of the initial chunk of `/`. Every other area's
// paths are in lib/api-paths.ts, each written once; routes.test.ts keeps both equal to the
// contracts. Web code takes its paths from these two files, never from a contract.

export const authPaths = {
  signUp: '/api/auth/sign-up',
  signIn: '/api/auth/sign-in',
  signOut: '/api/auth/sign-out',
  session: '/api/auth/session',
  refresh: '/api/auth/refresh',
  resendConfirmation: '/api/auth/resend-confirmation',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  mfaVerify: '/api/auth/mfa/verify',
  config: '/api/auth/config',
} as const;

export const accountPaths = {
  profile: '/api/profile',
  businessProfile: '/api/business-profile',
  subscription: '/api/subscription',
} as const;
