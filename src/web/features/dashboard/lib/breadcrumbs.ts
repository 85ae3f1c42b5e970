// docs/product/routes.md#breadcrumbs, docs/product/routes.md#page-title: breadcrumbs and the page
// title are derived from the path alone, so every dashboard route gets them without registering
// anything.

import { isAppPage } from '#shared/app-pages.ts';

export interface Breadcrumb {
  label: string;
  href: string;
  current: boolean;
}

export const DASHBOARD_TITLE_SUFFIX = ' - Soci Gen Dashboard';

/** The dashboard root's page title: the sidebar calls it Home. */
export const DASHBOARD_HOME_TITLE = 'Home';

/**
 * Words the product spells in capitals. docs/product/routes.md#breadcrumbs capitalises each word of
 * a segment, which would make "ai-content" "Ai Content"; these keep the rule and spell the acronym
 * as everywhere else.
 */
const ACRONYMS: Readonly<Record<string, string>> = { ai: 'AI', api: 'API', crm: 'CRM' };

/**
 * Segments whose page says more than its address: /dashboard/trial-expired tells where the plan
 * stands in every state, an active trial too, so it is not headed "Trial Expired".
 */
const SEGMENT_LABELS: Readonly<Record<string, string>> = { 'trial-expired': 'Plan Status' };

export function segmentLabel(segment: string): string {
  const known = SEGMENT_LABELS[segment];
  if (known) return known;
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as typed rather than breaking the whole header.
  }
  return decoded
    .split('-')
    .filter((word) => word !== '')
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id in the address is named by what it is the id of, never shown as the id itself. */
const ID_LABELS: Readonly<Record<string, string>> = { campaigns: 'Campaign', sessions: 'Session' };

/** "Dashboard" first, then one crumb per later segment; the last one is the current page. */
export function buildBreadcrumbs(pathname: string): Breadcrumb[] {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const crumbs: Breadcrumb[] = [{ label: 'Dashboard', href: '/dashboard', current: false }];
  let href = `/${segments[0] ?? 'dashboard'}`;
  segments.slice(1).forEach((segment, i) => {
    href += `/${segment}`;
    const label = UUID.test(segment)
      ? (ID_LABELS[segments[i] ?? ''] ?? 'Details')
      : segmentLabel(segment);
    crumbs.push({ label, href, current: false });
  });
  const last = crumbs[crumbs.length - 1];
  if (last) last.current = true;
  return crumbs;
}

/** The page's own title: the last crumb, and "Home" on /dashboard itself. */
export function pageTitleFromPath(pathname: string): string {
  const crumbs = buildBreadcrumbs(pathname);
  if (crumbs.length === 1) return DASHBOARD_HOME_TITLE;
  return crumbs[crumbs.length - 1]?.label ?? DASHBOARD_HOME_TITLE;
}

/** The document title; an address that is no page of the dashboard says so instead. */
export function dashboardDocumentTitle(pathname: string): string {
  const title = isAppPage(pathname) ? pageTitleFromPath(pathname) : 'Page not found';
  return `${title}${DASHBOARD_TITLE_SUFFIX}`;
}
