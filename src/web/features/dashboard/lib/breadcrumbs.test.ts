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

  // docs/product/routes.md#breadcrumbs: each word gets a capital first letter.
  it('capitalises each word as the product says, and spells known acronyms in capitals', () => {
    expect(buildBreadcrumbs('/dashboard/ai-content').at(-1)?.label).toBe('AI Content');
    expect(buildBreadcrumbs('/dashboard/engine-room').at(-1)?.label).toBe('Engine Room');
    expect(buildBreadcrumbs('/dashboard/email-marketing').at(-1)?.label).toBe('Email Marketing');
    // Only whole words: "aid" and "main" stay words.
    expect(buildBreadcrumbs('/dashboard/first-aid-main').at(-1)?.label).toBe('First Aid Main');
  });
});

describe('ids in the address', () => {
  it('names an id by what it is the id of', () => {
    const id = '9f79d66c-3af0-4d2a-8a3e-2f0c4b5e6a71';
    expect(buildBreadcrumbs(`/dashboard/engine-room/sessions/${id}`).map((c) => c.label)).toEqual([
      'Dashboard',
      'Engine Room',
      'Sessions',
      'Session',
    ]);
    expect(buildBreadcrumbs(`/dashboard/campaigns/${id}`).at(-1)?.label).toBe('Campaign');
  });
});

describe('named pages', () => {
  it('heads the trial-expired address by what it shows in every state', () => {
    expect(buildBreadcrumbs('/dashboard/trial-expired').at(-1)?.label).toBe('Plan Status');
    expect(dashboardDocumentTitle('/dashboard/trial-expired')).toBe(
      'Plan Status - Soci Gen Dashboard',
    );
  });
});

describe('page titles', () => {
  it('uses the last crumb, "Home" on the root', () => {
    expect(pageTitleFromPath('/dashboard')).toBe('Home');
    expect(dashboardDocumentTitle('/dashboard')).toBe('Home - Soci Gen Dashboard');
    expect(dashboardDocumentTitle('/dashboard/')).toBe('Home - Soci Gen Dashboard');
    expect(dashboardDocumentTitle('/dashboard/media')).toBe('Media - Soci Gen Dashboard');
    expect(dashboardDocumentTitle('/dashboard/ai-content')).toBe('AI Content - Soci Gen Dashboard');
    expect(dashboardDocumentTitle('/dashboard/no-such-area')).toBe(
      'Page not found - Soci Gen Dashboard',
    );
  });
});
