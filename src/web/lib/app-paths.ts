/** Paths of the app's own screens (docs/product/routes.md). */
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
