import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { dashboardDocumentTitle } from '../lib/breadcrumbs.ts';
import { layoutActions, useLayout } from '../lib/layout-store.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { NoBusinessGate } from './no-business.tsx';
import { SIDEBAR_ID, SidebarContent } from './sidebar.tsx';
import { UserMenu } from './user-menu.tsx';

/** Small screens get the sidebar as an overlay drawer (a modal dialog, so focus stays in it). */
function MobileSidebar() {
  const open = useLayout((state) => state.mobileSidebarOpen);
  const close = () => layoutActions.setMobileSidebarOpen(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={layoutActions.setMobileSidebarOpen}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-sidebar shadow-xl focus:outline-none lg:hidden"
        >
          <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
          <DialogPrimitive.Close
            aria-label="Close navigation"
            className="absolute top-5 right-3 rounded-md p-1.5 text-sidebar-foreground hover:bg-sidebar-active hover:text-white"
          >
            <X aria-hidden className="size-5" />
          </DialogPrimitive.Close>
          <SidebarContent collapsed={false} onNavigate={close} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

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
        <MobileSidebar />

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
            <NoBusinessGate>
              <Outlet />
            </NoBusinessGate>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
