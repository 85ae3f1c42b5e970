import { createStore, useStore } from '../../../lib/create-store.ts';

// docs/product/routes.md#dashboard-layout: the dashboard layout has a sidebar open/closed toggle
// and a layout mode ("default"). The desktop sidebar choice is remembered across visits; the
// small-screen drawer is not, because it should start closed on every page load.

export const LAYOUT_MODES = ['default', 'wide'] as const;
export type LayoutMode = (typeof LAYOUT_MODES)[number];

export const SIDEBAR_STORAGE_KEY = 'soci-gen:sidebar-open';
export const LAYOUT_MODE_STORAGE_KEY = 'soci-gen:layout-mode';

export interface LayoutState {
  sidebarOpen: boolean;
  mobileSidebarOpen: boolean;
  layoutMode: LayoutMode;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private modes, policies); the defaults then apply.
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembering the choice is acceptable.
  }
}

function initialLayout(): LayoutState {
  const storedMode = readStorage(LAYOUT_MODE_STORAGE_KEY);
  return {
    sidebarOpen: readStorage(SIDEBAR_STORAGE_KEY) !== 'false',
    mobileSidebarOpen: false,
    layoutMode: (LAYOUT_MODES as readonly string[]).includes(storedMode ?? '')
      ? (storedMode as LayoutMode)
      : 'default',
  };
}

export const layoutStore = createStore(initialLayout, (state) => {
  writeStorage(SIDEBAR_STORAGE_KEY, String(state.sidebarOpen));
  writeStorage(LAYOUT_MODE_STORAGE_KEY, state.layoutMode);
});

export function useLayout<S>(select: (state: LayoutState) => S): S {
  return useStore(layoutStore, select);
}

export const layoutActions = {
  toggleSidebar: () => layoutStore.set((state) => ({ sidebarOpen: !state.sidebarOpen })),
  setMobileSidebarOpen: (open: boolean) => layoutStore.set({ mobileSidebarOpen: open }),
  setLayoutMode: (layoutMode: LayoutMode) => layoutStore.set({ layoutMode }),
};
