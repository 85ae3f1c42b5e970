import v8 from 'node:v8';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/context.ts';

// The monitor of docs/product/constants.md#logging-and-monitor: the last 1000 calls and 100
// alerts of this process, in memory. Every call is recorded; after each one the last 60 s are
// evaluated against the thresholds (error rate 0.1, response time 5000 ms, memory 80 %), only once
// at least 5 calls were made in that window, and an alert identical to one raised in the last
// 5 minutes is not raised again.

export const MONITOR_LIMITS = {
  maxCalls: 1000,
  maxAlerts: 100,
  errorRate: 0.1,
  responseTimeMs: 5000,
  memoryPercent: 80,
  windowMs: 60_000,
  minCalls: 5,
  suppressMs: 5 * 60_000,
} as const;

export interface MonitoredCall {
  at: number;
  method: string;
  /** The route pattern (ids left out), so calls group by endpoint. */
  route: string;
  status: number;
  durationMs: number;
}

export type AlertKind = 'error_rate' | 'response_time' | 'memory';

export interface MonitorAlert {
  at: number;
  kind: AlertKind;
  message: string;
  value: number;
  threshold: number;
}

export interface MonitorSnapshot {
  window: { calls: number; errors: number; errorRate: number; averageMs: number; p95Ms: number };
  memory: { heapUsedBytes: number; heapLimitBytes: number; rssBytes: number; percent: number };
  thresholds: typeof MONITOR_LIMITS;
  recentCalls: MonitoredCall[];
  alerts: MonitorAlert[];
  totalCalls: number;
  startedAt: string;
}

const MEMORY_SAMPLE_MS = 1000;

/**
 * The heap in use against the most V8 will ever give this process (its heap size limit): at 100
 * the process dies. Heap used against heap *allocated* is not a memory alarm — V8 keeps the
 * allocated heap just above what is used, so that ratio sits near 90 % on a healthy process.
 */
export type MemoryReader = () => { heapUsed: number; heapLimit: number; rss: number };

export function readProcessMemory(): { heapUsed: number; heapLimit: number; rss: number } {
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, heapLimit: v8.getHeapStatistics().heap_size_limit, rss };
}

export class SystemMonitor {
  readonly #calls: MonitoredCall[] = [];
  // What evaluation reads of the calls in #calls, in flat arrays (a ring of the last maxCalls):
  // it runs after every API call, and scanning 1000 call objects spread over the heap cost more
  // than the rest of the request's bookkeeping (docs/decisions/015).
  readonly #at = new Float64Array(MONITOR_LIMITS.maxCalls);
  readonly #durationMs = new Float64Array(MONITOR_LIMITS.maxCalls);
  readonly #failed = new Uint8Array(MONITOR_LIMITS.maxCalls);
  #ringNext = 0;
  readonly #alerts: MonitorAlert[] = [];
  readonly #lastRaised = new Map<string, number>();
  readonly #memory: MemoryReader;
  readonly #startedAt = new Date();
  #total = 0;
  #memoryReadAt = Number.NEGATIVE_INFINITY;
  #memoryPercentValue = 0;

  constructor(memory: MemoryReader = readProcessMemory) {
    this.#memory = memory;
  }

  record(call: MonitoredCall): void {
    this.#calls.push(call);
    this.#total += 1;
    if (this.#calls.length > MONITOR_LIMITS.maxCalls) this.#calls.shift();
    this.#at[this.#ringNext] = call.at;
    this.#durationMs[this.#ringNext] = call.durationMs;
    this.#failed[this.#ringNext] = call.status >= 500 ? 1 : 0;
    this.#ringNext = (this.#ringNext + 1) % MONITOR_LIMITS.maxCalls;
    this.evaluate(call.at);
  }

  #window(now: number): MonitoredCall[] {
    const from = now - MONITOR_LIMITS.windowMs;
    return this.#calls.filter((call) => call.at > from && call.at <= now);
  }

  // Reading the heap costs more than the rest of a call's bookkeeping, and evaluation runs after
  // every call: the reading is reused for up to a second.
  #memoryPercent(now: number): number {
    if (now - this.#memoryReadAt >= MEMORY_SAMPLE_MS || now < this.#memoryReadAt) {
      const { heapUsed, heapLimit } = this.#memory();
      this.#memoryPercentValue = heapLimit > 0 ? Math.round((heapUsed / heapLimit) * 1000) / 10 : 0;
      this.#memoryReadAt = now;
    }
    return this.#memoryPercentValue;
  }

  /** Checks the last 60 s; returns the alerts it raised. */
  evaluate(now = Date.now()): MonitorAlert[] {
    // One pass over the flat arrays without allocating: this runs after every API call. The
    // ring's first #calls.length slots hold exactly the calls in #calls (order does not matter).
    const from = now - MONITOR_LIMITS.windowMs;
    const at = this.#at;
    let count = 0;
    let errors = 0;
    let totalMs = 0;
    for (let i = 0; i < this.#calls.length; i += 1) {
      const callAt = at[i]!;
      if (callAt <= from || callAt > now) continue;
      count += 1;
      errors += this.#failed[i]!;
      totalMs += this.#durationMs[i]!;
    }
    if (count < MONITOR_LIMITS.minCalls) return [];
    const raised: MonitorAlert[] = [];
    const errorRate = errors / count;
    if (errorRate > MONITOR_LIMITS.errorRate) {
      raised.push({
        at: now,
        kind: 'error_rate',
        message: `Error rate ${(errorRate * 100).toFixed(1)}% over the last minute`,
        value: errorRate,
        threshold: MONITOR_LIMITS.errorRate,
      });
    }
    const average = totalMs / count;
    if (average > MONITOR_LIMITS.responseTimeMs) {
      raised.push({
        at: now,
        kind: 'response_time',
        message: `Average response time ${Math.round(average)} ms over the last minute`,
        value: average,
        threshold: MONITOR_LIMITS.responseTimeMs,
      });
    }
    const memory = this.#memoryPercent(now);
    if (memory > MONITOR_LIMITS.memoryPercent) {
      raised.push({
        at: now,
        kind: 'memory',
        message: `Memory use ${memory}% of the heap limit`,
        value: memory,
        threshold: MONITOR_LIMITS.memoryPercent,
      });
    }
    // Identical means the same kind: a rising error rate is one ongoing problem, not many.
    const kept = raised.filter((alert) => {
      const last = this.#lastRaised.get(alert.kind);
      if (last !== undefined && now - last < MONITOR_LIMITS.suppressMs) return false;
      this.#lastRaised.set(alert.kind, now);
      return true;
    });
    for (const alert of kept) {
      this.#alerts.push(alert);
      if (this.#alerts.length > MONITOR_LIMITS.maxAlerts) this.#alerts.shift();
    }
    return kept;
  }

  snapshot(now = Date.now(), recent = 50): MonitorSnapshot {
    const calls = this.#window(now);
    const errors = calls.filter((call) => call.status >= 500).length;
    const durations = calls.map((call) => call.durationMs).sort((a, b) => a - b);
    const p95 = durations.length
      ? durations[Math.min(durations.length - 1, Math.floor(durations.length * 0.95))]!
      : 0;
    const memory = this.#memory();
    return {
      window: {
        calls: calls.length,
        errors,
        errorRate: calls.length ? errors / calls.length : 0,
        averageMs: calls.length
          ? Math.round((durations.reduce((a, b) => a + b, 0) / calls.length) * 10) / 10
          : 0,
        p95Ms: Math.round(p95 * 10) / 10,
      },
      memory: {
        heapUsedBytes: memory.heapUsed,
        heapLimitBytes: memory.heapLimit,
        rssBytes: memory.rss,
        percent:
          memory.heapLimit > 0 ? Math.round((memory.heapUsed / memory.heapLimit) * 1000) / 10 : 0,
      },
      thresholds: MONITOR_LIMITS,
      recentCalls: this.#calls.slice(-recent).reverse(),
      alerts: [...this.#alerts].reverse(),
      totalCalls: this.#total,
      startedAt: this.#startedAt.toISOString(),
    };
  }

  get callCount(): number {
    return this.#calls.length;
  }

  get alertCount(): number {
    return this.#alerts.length;
  }
}

const monitors = new WeakMap<object, SystemMonitor>();

/** One monitor per process (per set of deps). */
export function monitorFor(owner: object): SystemMonitor {
  let monitor = monitors.get(owner);
  if (!monitor) {
    monitor = new SystemMonitor();
    monitors.set(owner, monitor);
  }
  return monitor;
}

const UUID_SEGMENT = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;
const LONG_TOKEN_SEGMENT = /\/[A-Za-z0-9_-]{20,}(?=\/|$)/g;

/** Records every API call (route pattern, status, duration) into the process's monitor. */
export function monitorMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    let failed = false;
    try {
      await next();
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // Ids and link tokens are left out so calls group by endpoint and no secret is kept.
      const route = c.req.path.replace(UUID_SEGMENT, '/:id').replace(LONG_TOKEN_SEGMENT, '/:token');
      monitorFor(c.get('deps')).record({
        at: Date.now(),
        method: c.req.method,
        route,
        status: failed ? 500 : c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  };
}
