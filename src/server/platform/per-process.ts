import type { AppDeps } from './deps.ts';

// Parts of the process that a feature builds on first use from the process's dependencies (its
// storage, the live status hub, the Meta runtime, the session and membership caches, …). Each is
// reached from AppDeps — `part(deps)` — so there is one per process, a test app gets its own
// with its own deps, and a test may put another in its place.

export interface ProcessPart<T> {
  (deps: AppDeps): T;
  /** Puts `value` in place of the part for these deps (tests: another storage adapter, …). */
  replace(deps: AppDeps, value: T): void;
  /** The part if it was built for these deps, without building it (shutting down). */
  peek(deps: AppDeps): T | undefined;
}

export function perProcess<T>(build: (deps: AppDeps) => T): ProcessPart<T> {
  const built = new WeakMap<AppDeps, T>();
  const part = (deps: AppDeps): T => {
    if (built.has(deps)) return built.get(deps)!;
    const value = build(deps);
    built.set(deps, value);
    return value;
  };
  part.replace = (deps: AppDeps, value: T) => {
    built.set(deps, value);
  };
  part.peek = (deps: AppDeps) => built.get(deps);
  return part;
}
