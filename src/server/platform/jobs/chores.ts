import type { Logger } from '../logger.ts';

/**
 * The periodic work of a process that runs jobs (queueing the sweeper, pruning, saying which
 * tools it has): started with its workers and stopped with them, so a process that shuts down
 * leaves no timer behind and can say goodbye where others count it.
 */
export class Chores {
  readonly #logger: Logger;
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #onStop: Array<() => Promise<void>> = [];
  #stopped = false;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /**
   * Runs `chore` every `everyMs` (first after `firstAfterMs` when given, else after `everyMs`). A
   * failure is logged with `failure` and the next run goes ahead; timers never keep the process
   * alive on their own.
   */
  every(
    failure: string,
    everyMs: number,
    chore: () => Promise<unknown>,
    options: { firstAfterMs?: number } = {},
  ): void {
    if (this.#stopped) return;
    const run = () => {
      chore().catch((error: unknown) => this.#logger.warn({ err: error }, failure));
    };
    const repeat = () => {
      const timer = setInterval(run, everyMs);
      timer.unref();
      this.#timers.add(timer);
    };
    if (options.firstAfterMs === undefined) {
      repeat();
      return;
    }
    const first = setTimeout(() => {
      this.#timers.delete(first);
      if (this.#stopped) return;
      run();
      repeat();
    }, options.firstAfterMs);
    first.unref();
    this.#timers.add(first);
  }

  /** Runs `goodbye` when the chores stop, after every timer is cleared. */
  onStop(goodbye: () => Promise<void>): void {
    this.#onStop.push(goodbye);
  }

  /** Clears every timer, then runs what was registered with onStop (a failure is logged). */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const goodbye of this.#onStop) {
      await goodbye().catch((error: unknown) =>
        this.#logger.warn({ err: error }, 'stopping a chore failed'),
      );
    }
  }

  /** How many timers are set (for tests). */
  get pending(): number {
    return this.#timers.size;
  }
}
