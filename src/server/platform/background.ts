import type { AppDeps } from './deps.ts';
import { perProcess } from './per-process.ts';

// Work a request starts and does not wait for: the answer must not depend on it, in content or
// in time (sign-up, forgot-password and resend-confirmation answer alike whether or not an
// account exists; docs/decisions/026). It starts once the current turn of the event loop is over,
// so after the answer is on its way. A failure is logged, never answered. `settled()` waits for
// everything started so far: the runtime waits before closing the database, tests before reading
// what the work wrote.

export interface BackgroundWork {
  run(name: string, work: () => Promise<void>): void;
  settled(): Promise<void>;
}

function createBackgroundWork(deps: AppDeps): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(name, work) {
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => deps.logger.error({ err, work: name }, 'background work failed'))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

/** The process's background work (one per set of dependencies). */
export const backgroundWork = perProcess(createBackgroundWork);
