// Every page of the web app, by address: the server answers these with the app and 200, and any
// other address with the app and 404, whose router shows its not-found page (a dashboard address
// inside the dashboard). src/web/app/router.test.ts checks this list against the route table.

/** Public pages, the development mailbox, and the dashboard's pages. */
export const APP_PAGE_PATHS: readonly string[] = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/about',
  '/contact',
  '/features',
  '/pricing',
  '/privacy',
  '/terms',
  '/documentation',
  '/deletion-confirmation',
  '/dev/mailbox',
  '/dashboard',
  '/dashboard/overview',
  '/dashboard/profile',
  '/dashboard/settings',
  '/dashboard/media',
  '/dashboard/calendar',
  '/dashboard/trial-expired',
  '/dashboard/platforms',
  '/dashboard/connect',
  '/dashboard/instagram-callback',
  '/dashboard/staff',
  '/dashboard/admin-setup',
  '/dashboard/admin',
  '/dashboard/ai-content',
  '/dashboard/analytics',
  '/dashboard/campaigns',
  '/dashboard/campaigns/new',
  '/dashboard/engine-room',
  '/dashboard/engine-room/sessions',
  '/dashboard/audience',
  '/dashboard/audience/segments/new',
  '/dashboard/audience/emails/new',
  '/dashboard/audience/emails/suppressions',
  '/dashboard/social-monitor',
  '/dashboard/subscription',
];

/** Pages whose address carries a value: `:token` is one path segment. */
export const APP_PAGE_PATTERNS: readonly string[] = [
  '/accept-invitation/:token',
  '/dashboard/campaigns/:id',
  '/dashboard/audience/contacts/:id',
  '/dashboard/audience/segments/:id',
  '/dashboard/audience/emails/:id',
  '/dashboard/engine-room/sessions/:sessionId',
];

const exact = new Set(APP_PAGE_PATHS);
const patterns = APP_PAGE_PATTERNS.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}$`),
);

/** Whether an address (without query or fragment) is a page of the app; a trailing / is ignored. */
export function isAppPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return exact.has(path) || patterns.some((pattern) => pattern.test(path));
}
