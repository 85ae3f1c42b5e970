import { describe, expect, it } from 'vitest';
import { MONITOR_LIMITS, readProcessMemory, SystemMonitor } from './monitor.ts';

const calm = () => ({ heapUsed: 10, heapLimit: 100, rss: 200 });

function call(at: number, status = 200, durationMs = 10) {
  return { at, method: 'GET', route: '/api/x', status, durationMs };
}

describe('SystemMonitor (docs/product/constants.md#logging-and-monitor)', () => {
  it('keeps the last 1000 calls', () => {
    const monitor = new SystemMonitor(calm);
    for (let i = 0; i < 1005; i += 1) monitor.record(call(i));
    expect(monitor.callCount).toBe(1000);
    expect(monitor.snapshot(1004).totalCalls).toBe(1005);
  });

  it('raises nothing with fewer than 5 calls in the last 60 s', () => {
    const monitor = new SystemMonitor(calm);
    const now = 1_000_000;
    for (let i = 0; i < 4; i += 1) monitor.record(call(now, 500));
    expect(monitor.alertCount).toBe(0);
    monitor.record(call(now, 500));
    expect(monitor.alertCount).toBe(1);
  });

  it('alerts above a 0.1 error rate and 5000 ms, over the last 60 s only', () => {
    const monitor = new SystemMonitor(calm);
    const now = 10_000_000;
    // Old failures, more than a minute ago, do not count.
    for (let i = 0; i < 10; i += 1) monitor.record(call(now - 61_000, 500, 9000));
    expect(monitor.alertCount).toBe(2);
    const fresh = new SystemMonitor(calm);
    for (let i = 0; i < 9; i += 1) fresh.record(call(now, 200));
    fresh.record(call(now, 500)); // exactly 0.1: not above the threshold
    expect(fresh.alertCount).toBe(0);
    fresh.record(call(now, 500));
    expect(fresh.snapshot(now).alerts.map((a) => a.kind)).toEqual(['error_rate']);
    const slow = new SystemMonitor(calm);
    for (let i = 0; i < 5; i += 1) slow.record(call(now, 200, 6000));
    expect(slow.snapshot(now).alerts[0]).toMatchObject({ kind: 'response_time', threshold: 5000 });
  });

  it('alerts above 80 % memory', () => {
    const monitor = new SystemMonitor(() => ({ heapUsed: 81, heapLimit: 100, rss: 1 }));
    for (let i = 0; i < 5; i += 1) monitor.record(call(1000));
    expect(monitor.snapshot(1000).alerts.map((a) => a.kind)).toEqual(['memory']);
  });

  it('measures against the heap limit, so a healthy process raises no memory alarm', () => {
    // A process whose allocated heap is nearly all used, as V8 keeps it, is far from its limit.
    const reading = readProcessMemory();
    expect(reading.heapLimit).toBeGreaterThan(process.memoryUsage().heapTotal);
    const monitor = new SystemMonitor();
    for (let i = 0; i < 5; i += 1) monitor.record(call(Date.now()));
    expect(monitor.snapshot().memory.percent).toBeLessThan(MONITOR_LIMITS.memoryPercent);
    expect(monitor.snapshot().alerts.filter((a) => a.kind === 'memory')).toEqual([]);
  });

  it('evaluates the last 1000 calls only, however many were made in the minute', () => {
    const monitor = new SystemMonitor(calm);
    const now = 5_000_000;
    for (let i = 0; i < 1000; i += 1) monitor.record(call(now, 200));
    // Each failure replaces a success among the kept calls: 100 of 1000 is not above 0.1.
    for (let i = 0; i < 100; i += 1) monitor.record(call(now, 500));
    expect(monitor.alertCount).toBe(0);
    monitor.record(call(now, 500));
    expect(monitor.snapshot(now).alerts.map((a) => a.kind)).toEqual(['error_rate']);
  });

  it('suppresses an identical alert for 5 minutes and keeps at most 100', () => {
    const monitor = new SystemMonitor(calm);
    let now = 0;
    for (let i = 0; i < 5; i += 1) monitor.record(call(now, 500));
    now += MONITOR_LIMITS.suppressMs - 1;
    for (let i = 0; i < 5; i += 1) monitor.record(call(now, 500));
    expect(monitor.alertCount).toBe(1);
    now += 1;
    monitor.record(call(now, 500));
    expect(monitor.alertCount).toBe(2);
    for (let i = 0; i < 150; i += 1) {
      now += MONITOR_LIMITS.suppressMs;
      for (let j = 0; j < 5; j += 1) monitor.record(call(now, 500));
    }
    expect(monitor.alertCount).toBe(100);
  });
});
