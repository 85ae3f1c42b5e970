import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { layoutActions, useLayout } from '../lib/layout-store.ts';
import { SidebarContent } from './sidebar.tsx';

/** Small screens get the sidebar as an overlay drawer (a modal dialog, so focus stays in it). */
export default function MobileSidebar() {
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
