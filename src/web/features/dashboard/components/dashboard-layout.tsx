import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { PastDueBanner } from '../../billing/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { dashboardDocumentTitle } from '../lib/breadcrumbs.ts';
import { layoutActions, useLayout } from '../lib/layout-store.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { NoBusinessGate } from './no-business.tsx';
import { SIDEBAR_ID, SidebarContent } from './sidebar.tsx';
import { UserMenu } from './user-menu.tsx';

// Loaded after the shell renders: the drawer opens only on a tap, and the dialog it is built
// on is not part of the dashboard's first load (docs/decisions/028).
const MobileSidebar = lazy(() => import('./mobile-sidebar.tsx'));

export function DashboardLayout() {
  const location = useLocation();
  const sidebarOpen = useLayout((state) => state.sidebarOpen);
  const layoutMode = useLayout((state) => state.layoutMode);
  useDocumentTitle(dashboardDocumentTitle(location.pathname));

  // A drawer left open would cover the page the user just chose.
  useEffect(() => {
    layoutActions.setMobileSidebarOpen(false);
  }, [location.pathname]);

  return (
    <TooltipProvider>
      <div className="flex min-h-dvh bg-muted/40">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <aside
          id={SIDEBAR_ID}
          aria-label="Sidebar"
          data-state={sidebarOpen ? 'open' : 'closed'}
          className={cn(
            'sticky top-0 hidden h-dvh shrink-0 bg-sidebar transition-[width] duration-200 motion-reduce:transition-none lg:block',
            sidebarOpen ? 'w-64' : 'w-[4.5rem]',
          )}
        >
          <SidebarContent collapsed={!sidebarOpen} />
        </aside>
        <Suspense fallback={null}>
          <MobileSidebar />
        </Suspense>

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur sm:gap-3 sm:px-6">
            <Button
              variant="ghost"
              size="icon"
              className="lg:hidden"
              aria-label="Open navigation"
              onClick={() => layoutActions.setMobileSidebarOpen(true)}
            >
              <Menu aria-hidden className="size-5" />
            </Button>
            {/* Wrapped: the button's own display class would otherwise beat `hidden`. */}
            <div className="hidden lg:block">
              <Button
                variant="ghost"
                size="icon"
                aria-label={sidebarOpen ? 'Collapse sidebar' : 'Expand sidebar'}
                aria-expanded={sidebarOpen}
                aria-controls={SIDEBAR_ID}
                onClick={layoutActions.toggleSidebar}
              >
                {sidebarOpen ? (
                  <PanelLeftClose aria-hidden className="size-5" />
                ) : (
                  <PanelLeftOpen aria-hidden className="size-5" />
                )}
              </Button>
            </div>
            <div className="min-w-0 flex-1">
              <Breadcrumbs pathname={location.pathname} />
            </div>
            <UserMenu />
          </header>
          <main
            id="main-content"
            tabIndex={-1}
            data-layout-mode={layoutMode}
            className={cn(
              'mx-auto w-full flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8',
              layoutMode === 'default' ? 'max-w-7xl' : 'max-w-none',
            )}
          >
            <PastDueBanner />
            <NoBusinessGate>
              <Outlet />
            </NoBusinessGate>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
