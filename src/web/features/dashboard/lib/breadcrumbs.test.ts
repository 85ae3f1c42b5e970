import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs, dashboardDocumentTitle, pageTitleFromPath } from './breadcrumbs.ts';

describe('buildBreadcrumbs', () => {
  it('gives a single current "Dashboard" crumb on the dashboard root', () => {
    expect(buildBreadcrumbs('/dashboard')).toEqual([
      { label: 'Dashboard', href: '/dashboard', current: true },
    ]);
    expect(buildBreadcrumbs('/dashboard/')).toEqual([
      { label: 'Dashboard', href: '/dashboard', current: true },
    ]);
  });

  it('adds one crumb per later segment, dashes to spaces, words capitalised, last current', () => {
    expect(buildBreadcrumbs('/dashboard/social-monitor')).toEqual([
      { label: 'Dashboard', href: '/dashboard', current: false },
      { label: 'Social Monitor', href: '/dashboard/social-monitor', current: true },
    ]);
    expect(buildBreadcrumbs('/dashboard/engine-room/campaign-plan')).toEqual([
      { label: 'Dashboard', href: '/dashboard', current: false },
      { label: 'Engine Room', href: '/dashboard/engine-room', current: false },
      { label: 'Campaign Plan', href: '/dashboard/engine-room/campaign-plan', current: true },
    ]);
  });

  it('capitalises each word as the seed says, even abbreviations', () => {
    expect(buildBreadcrumbs('/dashboard/ai-content').at(-1)?.label).toBe('Ai Content');
    expect(buildBreadcrumbs('/dashboard/trial-expired').at(-1)?.label).toBe('Trial Expired');
  });
});

describe('page titles', () => {
  it('uses the last crumb, "Dashboard" on the root', () => {
    expect(pageTitleFromPath('/dashboard')).toBe('Dashboard');
    expect(dashboardDocumentTitle('/dashboard')).toBe('Dashboard - Soci Gen Dashboard');
    expect(dashboardDocumentTitle('/dashboard/media')).toBe('Media - Soci Gen Dashboard');
    expect(dashboardDocumentTitle('/dashboard/no-such-area')).toBe(
      'Page not found - Soci Gen Dashboard',
    );
  });
});
