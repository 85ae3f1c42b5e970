import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy… and waitFor wait until something shows; their 1 s default failed now and then on a
// loaded two-core machine (a composer test under load 13). Waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; sonner (system theme) and Radix (sizes) read them.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver =
    ResizeObserverStub;
}

// ScrollRestoration calls it; jsdom only prints "Not implemented".
window.scrollTo = () => {};

// A test that makes the app print an unexpected console.error fails (epic-stack's rule): React
// warnings and unhandled errors must not slip by. Tests that expect one stub console.error first.
let consoleErrorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  consoleErrorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  consoleErrorSpy?.mockRestore();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
