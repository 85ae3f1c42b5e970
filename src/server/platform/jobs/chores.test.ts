import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { Chores } from './chores.ts';

describe('chores', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each chore on its interval, logs a failure and goes on', async () => {
    const logger = createLogger('silent');
    const warn = vi.spyOn(logger, 'warn');
    const chores = new Chores(logger);
    let runs = 0;
    chores.every('counting failed', 1000, () => {
      runs += 1;
      return runs === 2 ? Promise.reject(new Error('once')) : Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(2001);
    expect(runs).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![1]).toBe('counting failed');
    await chores.stop();
  });

  it('runs a chore with a first delay once then on its interval', async () => {
    const chores = new Chores(createLogger('silent'));
    const runs: number[] = [];
    chores.every('x', 10_000, async () => void runs.push(Date.now()), { firstAfterMs: 100 });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(20_100);
    expect(runs.map((at) => at - start)).toEqual([100, 10_100, 20_100]);
    await chores.stop();
  });

  it('leaves no timer when stopped, runs its goodbyes after, and starts nothing new', async () => {
    const chores = new Chores(createLogger('silent'));
    let runs = 0;
    chores.every('x', 1000, async () => void (runs += 1));
    chores.every('y', 1000, async () => void (runs += 1), { firstAfterMs: 5000 });
    const said: string[] = [];
    chores.onStop(async () => {
      said.push(`goodbye with ${chores.pending} timers`);
    });
    chores.onStop(() => Promise.reject(new Error('a failed goodbye does not stop the next')));
    chores.onStop(async () => void said.push('second goodbye'));
    expect(chores.pending).toBe(2);
    await chores.stop();
    expect(chores.pending).toBe(0);
    expect(said).toEqual(['goodbye with 0 timers', 'second goodbye']);
    chores.every('z', 1000, async () => void (runs += 1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    await chores.stop();
    expect(said).toHaveLength(2);
  });
});
