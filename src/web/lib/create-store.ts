import { useSyncExternalStore } from 'react';

/**
 * A minimal external store for small pieces of UI state shared across components (sidebar,
 * engine room). Anything bigger or server-owned belongs in TanStack Query instead.
 */
export interface Store<T> {
  get(): T;
  set(update: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
  reset(): void;
}

export function createStore<T extends object>(
  initial: () => T,
  onChange?: (state: T) => void,
): Store<T> {
  let state = initial();
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    set(update) {
      const patch = typeof update === 'function' ? update(state) : update;
      state = { ...state, ...patch };
      onChange?.(state);
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset() {
      state = initial();
      notify();
    },
  };
}

export function useStore<T extends object, S>(store: Store<T>, select: (state: T) => S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
