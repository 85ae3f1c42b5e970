import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { AreaSlug } from '../features/dashboard/lib/areas.ts';
import NotFoundPage from '../features/errors/not-found-page.tsx';
import { RootErrorBoundary } from '../features/errors/route-error.tsx';
import { PageLoadingFallback, RootLayout } from './root-layout.tsx';

// The route table. Every screen is a lazy route so the first load of `/` carries only this file,
// the providers and the home page (docs/product/routes.md#loading-texts: a lazily loaded page shows
// "Loading page..." — the root's HydrateFallback on first load, the root's indicator on later
// navigations).

type ModuleWithDefault = { default: ComponentType };

function lazyPage(load: () => Promise<ModuleWithDefault>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * Dashboard areas that are still "coming soon" pages. Listed as plain slugs (not from the areas
 * table) so that table and its icons stay out of the root bundle. None is left; the coming-soon
 * page (features/dashboard/pages/area-page.tsx) is still used elsewhere, so the list stays.
 */
const COMING_SOON_AREAS: readonly AreaSlug[] = [];

const marketing = {
  home: () => import('../features/marketing/pages/home-page.tsx'),
  about: () => import('../features/marketing/pages/about-page.tsx'),
  contact: () => import('../features/marketing/pages/contact-page.tsx'),
  features: () => import('../features/marketing/pages/features-page.tsx'),
  pricing: () => import('../features/marketing/pages/pricing-page.tsx'),
  privacy: () => import('../features/marketing/pages/privacy-page.tsx'),
  terms: () => import('../features/marketing/pages/terms-page.tsx'),
  documentation: () => import('../features/marketing/pages/documentation-page.tsx'),
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoadingFallback,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        lazy: lazyPage(() => import('../features/marketing/components/public-layout.tsx')),
        children: [
          { index: true, lazy: lazyPage(marketing.home) },
          { path: 'about', lazy: lazyPage(marketing.about) },
          { path: 'contact', lazy: lazyPage(marketing.contact) },
          { path: 'features', lazy: lazyPage(marketing.features) },
          { path: 'pricing', lazy: lazyPage(marketing.pricing) },
          { path: 'privacy', lazy: lazyPage(marketing.privacy) },
          { path: 'terms', lazy: lazyPage(marketing.terms) },
          { path: 'documentation', lazy: lazyPage(marketing.documentation) },
          {
            path: 'deletion-confirmation',
            lazy: lazyPage(() => import('../features/public/pages/deletion-confirmation-page.tsx')),
          },
          {
            path: 'accept-invitation/:token',
            lazy: lazyPage(() => import('../features/public/pages/accept-invitation-page.tsx')),
          },
          // Static: the error boundary shows the same page for a 404, so it is in the root bundle anyway.
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        lazy: lazyPage(() => import('../features/auth/components/auth-layout.tsx')),
        children: [
          { path: 'login', lazy: lazyPage(() => import('../features/auth/pages/login-page.tsx')) },
          {
            path: 'register',
            lazy: lazyPage(() => import('../features/auth/pages/register-page.tsx')),
          },
          {
            path: 'forgot-password',
            lazy: lazyPage(() => import('../features/auth/pages/forgot-password-page.tsx')),
          },
          {
            path: 'reset-password',
            lazy: lazyPage(() => import('../features/auth/pages/reset-password-page.tsx')),
          },
        ],
      },
      {
        path: 'dashboard',
        lazy: lazyPage(() => import('../features/dashboard/components/dashboard-shell.tsx')),
        children: [
          {
            // Inside the layout, so an error in one area keeps the sidebar and top bar usable.
            lazy: async () => {
              const { DashboardErrorBoundary } =
                await import('../features/dashboard/components/dashboard-shell.tsx');
              return { ErrorBoundary: DashboardErrorBoundary };
            },
            children: [
              {
                index: true,
                lazy: lazyPage(() => import('../features/dashboard/pages/home-page.tsx')),
              },
              { path: 'overview', loader: () => redirect('/dashboard') },
              {
                path: 'profile',
                lazy: lazyPage(() => import('../features/profile/pages/profile-page.tsx')),
              },
              {
                path: 'settings',
                lazy: lazyPage(() => import('../features/settings/pages/settings-page.tsx')),
              },
              {
                path: 'media',
                lazy: lazyPage(() => import('../features/media/pages/media-page.tsx')),
              },
              {
                path: 'calendar',
                lazy: lazyPage(() => import('../features/calendar/pages/calendar-page.tsx')),
              },
              {
                path: 'trial-expired',
                lazy: lazyPage(() => import('../features/dashboard/pages/trial-expired-page.tsx')),
              },
              {
                path: 'platforms',
                lazy: lazyPage(() => import('../features/platforms/pages/platforms-page.tsx')),
              },
              {
                path: 'connect',
                lazy: lazyPage(() => import('../features/platforms/pages/connect-page.tsx')),
              },
              {
                path: 'instagram-callback',
                lazy: lazyPage(
                  () => import('../features/platforms/pages/instagram-callback-page.tsx'),
                ),
              },
              {
                path: 'social-monitor',
                lazy: lazyPage(
                  () => import('../features/social-monitor/pages/social-monitor-page.tsx'),
                ),
              },
              {
                path: 'staff',
                lazy: lazyPage(() => import('../features/staff/pages/staff-page.tsx')),
              },
              {
                path: 'admin-setup',
                lazy: lazyPage(() => import('../features/admin/pages/admin-setup-page.tsx')),
              },
              {
                path: 'admin',
                lazy: lazyPage(() => import('../features/admin/pages/admin-page.tsx')),
              },
              {
                path: 'ai-content',
                lazy: lazyPage(() => import('../features/ai-content/pages/ai-content-page.tsx')),
              },
              {
                path: 'analytics',
                lazy: lazyPage(() => import('../features/analytics/pages/analytics-page.tsx')),
              },
              {
                path: 'subscription',
                lazy: lazyPage(() => import('../features/billing/pages/subscription-page.tsx')),
              },
              {
                path: 'campaigns',
                children: [
                  {
                    index: true,
                    lazy: lazyPage(() => import('../features/campaigns/pages/campaigns-page.tsx')),
                  },
                  {
                    path: 'new',
                    lazy: lazyPage(
                      () => import('../features/campaigns/pages/new-campaign-page.tsx'),
                    ),
                  },
                  {
                    // The wizard while a draft, the detail once launched.
                    path: ':id',
                    lazy: lazyPage(() => import('../features/campaigns/pages/campaign-page.tsx')),
                  },
                ],
              },
              {
                // One page for both addresses, so a conversation carries on when its new session's
                // address opens; the session id is read from the child route's params.
                path: 'engine-room',
                lazy: lazyPage(() => import('../features/engine-room/pages/engine-room-page.tsx')),
                children: [
                  { index: true, element: null },
                  { path: 'sessions', element: null },
                  { path: 'sessions/:sessionId', element: null },
                ],
              },
              {
                path: 'audience',
                children: [
                  {
                    index: true,
                    lazy: lazyPage(() => import('../features/audience/pages/audience-page.tsx')),
                  },
                  {
                    path: 'contacts/:id',
                    lazy: lazyPage(() => import('../features/audience/pages/contact-page.tsx')),
                  },
                  {
                    // The builder for a new segment and for a saved one.
                    path: 'segments/new',
                    lazy: lazyPage(() => import('../features/audience/pages/segment-page.tsx')),
                  },
                  {
                    path: 'segments/:id',
                    lazy: lazyPage(() => import('../features/audience/pages/segment-page.tsx')),
                  },
                  {
                    // The e-mail add-on: the editor for a new e-mail and a draft, the figures of
                    // one sent, and the suppression list.
                    path: 'emails/new',
                    lazy: lazyPage(() => import('../features/audience/email/pages/email-page.tsx')),
                  },
                  {
                    path: 'emails/suppressions',
                    lazy: lazyPage(
                      () => import('../features/audience/email/pages/suppressions-page.tsx'),
                    ),
                  },
                  {
                    path: 'emails/:id',
                    lazy: lazyPage(() => import('../features/audience/email/pages/email-page.tsx')),
                  },
                ],
              },
              ...COMING_SOON_AREAS.map((slug): RouteObject => ({
                path: slug,
                lazy: async () => {
                  const { areaPageComponent } =
                    await import('../features/dashboard/pages/area-page.tsx');
                  return { Component: areaPageComponent(slug) };
                },
              })),
              {
                path: '*',
                lazy: lazyPage(
                  () => import('../features/dashboard/pages/dashboard-not-found-page.tsx'),
                ),
              },
            ],
          },
        ],
      },
      {
        path: 'dev/mailbox',
        lazy: lazyPage(() => import('../features/dev-mailbox/pages/dev-mailbox-page.tsx')),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
