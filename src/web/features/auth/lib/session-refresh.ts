// docs/product/constants.md#session-refresh: a timer ticks every 30 s and refreshes the session
// once 3 ticks (90 s) or fewer remain before it expires. Time left is measured from when the
// session arrived, using the server's `expiresIn` and the browser's monotonic clock, so a wrong
// wall clock cannot trigger or skip a refresh.

export const REFRESH_TICK_MS = 30_000;
export const REFRESH_THRESHOLD_TICKS = 3;
export const REFRESH_THRESHOLD_MS = REFRESH_TICK_MS * REFRESH_THRESHOLD_TICKS;

export function shouldRefreshSession(remainingMs: number): boolean {
  return remainingMs <= REFRESH_THRESHOLD_MS;
}

export function monotonicNow(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

/** Milliseconds until a session received at `receivedAt` (monotonic) stops being accepted. */
export function sessionRemainingMs(
  expiresInSeconds: number,
  receivedAt: number,
  now: number,
): number {
  return expiresInSeconds * 1000 - (now - receivedAt);
}

interface RefreshTimerOptions {
  remainingMs: () => number;
  /** Resolves when the refresh finished, whatever its outcome; the timer never overlaps calls. */
  refresh: () => Promise<void>;
}

/** Starts ticking (first tick at once) and returns a stop function. */
export function startSessionRefreshTimer({
  remainingMs,
  refresh,
}: RefreshTimerOptions): () => void {
  let inFlight = false;
  let stopped = false;
  const tick = () => {
    if (stopped || inFlight || !shouldRefreshSession(remainingMs())) return;
    inFlight = true;
    refresh()
      .catch(() => {
        // The caller handles outcomes; a failure here only means the next tick tries again.
      })
      .finally(() => {
        inFlight = false;
      });
  };
  const interval = setInterval(tick, REFRESH_TICK_MS);
  // Background tabs throttle timers; check as soon as the tab is visible again.
  const onVisible = () => {
    if (document.visibilityState === 'visible') tick();
  };
  document.addEventListener('visibilitychange', onVisible);
  tick();
  return () => {
    stopped = true;
    clearInterval(interval);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
