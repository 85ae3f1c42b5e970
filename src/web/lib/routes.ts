// API paths for code that the root bundle loads. They repeat the route constants of
// src/shared/contracts/*.contract.ts as plain strings because those files import zod at module
// level, and zod must stay out of the initial chunk of `/`. routes.test.ts keeps the two in step.

export const apiRoutes = {
  auth: {
    signUp: '/api/auth/sign-up',
    signIn: '/api/auth/sign-in',
    signOut: '/api/auth/sign-out',
    session: '/api/auth/session',
    refresh: '/api/auth/refresh',
    resendConfirmation: '/api/auth/resend-confirmation',
    forgotPassword: '/api/auth/forgot-password',
    resetPassword: '/api/auth/reset-password',
    mfaVerify: '/api/auth/mfa/verify',
  },
  account: {
    profile: '/api/profile',
    businessProfile: '/api/business-profile',
    subscription: '/api/subscription',
  },
  calendar: {
    upcoming: '/api/calendar-events/upcoming',
  },
  devMailbox: {
    list: '/api/dev/mailbox',
    unlock: '/api/dev/mailbox/unlock',
    message: (id: string) => `/api/dev/mailbox/${encodeURIComponent(id)}`,
  },
} as const;

/** Paths of the app's own screens (seed §2). */
export const appPaths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  subscription: '/dashboard/subscription',
  trialExpired: '/dashboard/trial-expired',
  adminSetup: '/dashboard/admin-setup',
  settings: '/dashboard/settings',
  profile: '/dashboard/profile',
  platforms: '/dashboard/platforms',
  calendar: '/dashboard/calendar',
} as const;
