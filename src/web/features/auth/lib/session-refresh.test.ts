import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REFRESH_TICK_MS,
  sessionRemainingMs,
  shouldRefreshSession,
  startSessionRefreshTimer,
} from './session-refresh.ts';

describe('shouldRefreshSession', () => {
  it('refreshes when 90 s (3 ticks of 30 s) or less remain, not at 91 s', () => {
    expect(shouldRefreshSession(91_000)).toBe(false);
    expect(shouldRefreshSession(90_001)).toBe(false);
    expect(shouldRefreshSession(90_000)).toBe(true);
    expect(shouldRefreshSession(1_000)).toBe(true);
    expect(shouldRefreshSession(-5_000)).toBe(true);
  });

  it('measures time left from when the session arrived, not from the wall clock', () => {
    expect(sessionRemainingMs(3600, 1_000, 1_000)).toBe(3_600_000);
    expect(sessionRemainingMs(3600, 1_000, 61_000)).toBe(3_540_000);
  });
});

describe('startSessionRefreshTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every 30 s and refreshes on the first tick with 90 s or less left', async () => {
    let now = 0;
    const expiresIn = 151; // seconds: ticks at 0, 30 and 60 s see 151, 121, 91 s left
    const refresh = vi.fn(() => Promise.resolve());
    const stop = startSessionRefreshTimer({
      remainingMs: () => sessionRemainingMs(expiresIn, 0, now),
      refresh,
    });

    expect(refresh).not.toHaveBeenCalled();
    for (const at of [30_000, 60_000]) {
      now = at;
      await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
      expect(refresh).not.toHaveBeenCalled(); // 121 s, then 91 s left
    }
    now = 90_000;
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(1); // 61 s left
    stop();
    now = 120_000;
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once when the session it starts with is already close to expiry', () => {
    const refresh = vi.fn(() => Promise.resolve());
    const stop = startSessionRefreshTimer({ remainingMs: () => 90_000, refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('never runs two refreshes at once', async () => {
    let finish: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startSessionRefreshTimer({ remainingMs: () => 10_000, refresh });
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS * 2);
    expect(refresh).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(REFRESH_TICK_MS);
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
  });
});
