import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_PAGE_PATHS, APP_PAGE_PATTERNS, isAppPage } from '#shared/app-pages.ts';
import { routes } from './router.tsx';

/** Every address the route table renders a page for, `*` (not found) left out. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of list) {
    if (route.path === '*') continue;
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    if (route.index || (route.path && !route.children)) out.push(path || '/');
    if (route.children) out.push(...pagePaths(route.children, path));
  }
  return out;
}

describe('the route table and the server’s list of pages', () => {
  it('name the same pages, so the server answers 404 exactly where the app has no page', () => {
    const table = [...new Set(pagePaths(routes))].sort();
    expect(table).toEqual([...APP_PAGE_PATHS, ...APP_PAGE_PATTERNS].sort());
  });

  it('tells pages from other addresses', () => {
    expect(isAppPage('/dashboard/calendar')).toBe(true);
    expect(isAppPage('/dashboard/calendar/')).toBe(true);
    expect(isAppPage('/accept-invitation/abc123')).toBe(true);
    expect(isAppPage('/accept-invitation/abc/extra')).toBe(false);
    expect(isAppPage('/dashboard/nope')).toBe(false);
    expect(isAppPage('/wp-login.php')).toBe(false);
  });
});
