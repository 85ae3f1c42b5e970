import { createHmac } from 'node:crypto';
import { MetaApiError, parseMetaError } from './errors.ts';

// One Graph request: parameters in the query (GET/DELETE) or a form body (POST), the token as
// access_token with appsecret_proof when configured, the usage headers read on every answer, and
// retries with exponential back-off and jitter only for failures the policy calls transient
// (docs/product/meta-platform.md#rate-limits, docs/product/meta-platform.md#retry-policy).
// Throttled keys are not called again until they recover.

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 2000, maxDelayMs: 30_000 };

export interface UsageReport {
  /** Highest percentage across X-App-Usage and X-Business-Use-Case-Usage (0–100). */
  highest: number;
  app: Record<string, number> | null;
  business: Record<
    string,
    { type: string; call_count: number; estimated_time_to_regain_access: number }[]
  > | null;
}

export interface GraphRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  params?: Record<string, string | number | boolean | undefined>;
  token?: string;
  /** Secret for appsecret_proof, when the app requires it; never on /oauth/access_token. */
  proofSecret?: string;
  /** Rate-limit key: the Page, Instagram account or app the call counts against. */
  usageKey?: string;
  /** OAuth exchanges and other calls that must not be repeated (single-use codes). */
  retry?: boolean;
}

/** Remembers throttled keys, so a throttled Page or account is left alone until it recovers. */
export class RateLimitGate {
  readonly #blockedUntil = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  block(key: string, untilMs: number): void {
    const current = this.#blockedUntil.get(key) ?? 0;
    if (untilMs > current) this.#blockedUntil.set(key, untilMs);
  }

  waitFor(key: string): number {
    const until = this.#blockedUntil.get(key);
    if (!until) return 0;
    const left = until - this.now();
    if (left <= 0) {
      this.#blockedUntil.delete(key);
      return 0;
    }
    return left;
  }
}

export function readUsage(headers: Headers): UsageReport {
  const parse = <T>(name: string): T | null => {
    const raw = headers.get(name);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  };
  const app = parse<Record<string, number>>('x-app-usage');
  const business = parse<UsageReport['business'] & object>('x-business-use-case-usage');
  const page = parse<Record<string, number>>('x-page-usage');
  let highest = 0;
  for (const source of [app, page]) {
    if (source)
      for (const v of Object.values(source))
        if (typeof v === 'number') highest = Math.max(highest, v);
  }
  if (business) {
    for (const list of Object.values(business)) {
      for (const item of list ?? []) {
        for (const key of ['call_count', 'total_cputime', 'total_time'] as const) {
          const v = (item as unknown as Record<string, unknown>)[key];
          if (typeof v === 'number') highest = Math.max(highest, v);
        }
      }
    }
  }
  return { highest, app, business };
}

/** Minutes to regain access from X-Business-Use-Case-Usage, as milliseconds. */
function regainMs(usage: UsageReport): number | null {
  let minutes = 0;
  for (const list of Object.values(usage.business ?? {})) {
    for (const item of list ?? [])
      minutes = Math.max(minutes, item.estimated_time_to_regain_access ?? 0);
  }
  return minutes > 0 ? minutes * 60_000 : null;
}

export interface GraphHttpOptions {
  fetch?: FetchLike;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  gate?: RateLimitGate;
  /**
   * Usage at or above this slows non-urgent work down (docs/product/meta-platform.md#retry-policy);
   * reported through onUsage.
   */
  onUsage?: (usage: UsageReport, request: GraphRequest) => void;
  random?: () => number;
  /** A request (answer included) that takes longer is given up as a network error. */
  timeoutMs?: number;
}

export class GraphHttp {
  readonly gate: RateLimitGate;
  readonly #fetch: FetchLike;
  readonly #retry: RetryPolicy;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #onUsage: GraphHttpOptions['onUsage'];
  readonly #random: () => number;
  readonly #timeoutMs: number | undefined;
  lastUsage: UsageReport | null = null;
  /** The last usage headers of each usage key: one account's, not whichever answered last. */
  readonly #usageByKey = new Map<string, UsageReport>();

  constructor(options: GraphHttpOptions = {}) {
    this.#fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.gate = options.gate ?? new RateLimitGate();
    this.#onUsage = options.onUsage;
    this.#random = options.random ?? Math.random;
    this.#timeoutMs = options.timeoutMs;
  }

  /** The usage headers last read for `key` (an account's calls), or null. */
  usageOf(key: string): UsageReport | null {
    return this.#usageByKey.get(key) ?? null;
  }

  async request<T>(req: GraphRequest): Promise<T> {
    const key = req.usageKey ?? 'app';
    const attempts = req.retry === false ? 1 : this.#retry.maxAttempts;
    let lastError: MetaApiError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const wait = this.gate.waitFor(key);
      if (wait > 0) {
        throw new MetaApiError({
          kind: 'rate_limited',
          httpStatus: 429,
          code: null,
          subcode: null,
          type: null,
          message: `Calls for ${key} are paused after a rate limit`,
          fbtraceId: null,
          isTransient: null,
          userTitle: null,
          userMessage: null,
          retryAfterMs: wait,
          missingPermission: null,
        });
      }
      try {
        return await this.#once<T>(req, key);
      } catch (error) {
        if (!(error instanceof MetaApiError)) throw error;
        lastError = error;
        if (!error.retryable || attempt === attempts) throw error;
        const ceiling = Math.min(
          this.#retry.maxDelayMs,
          this.#retry.baseDelayMs * 2 ** (attempt - 1),
        );
        // Full jitter between half and all of the ceiling: clients that failed together spread out.
        await this.#sleep(Math.round(ceiling / 2 + (this.#random() * ceiling) / 2));
      }
    }
    throw lastError!;
  }

  async #once<T>(req: GraphRequest, key: string): Promise<T> {
    const url = new URL(req.url);
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(req.params ?? {})) {
      if (v !== undefined) params.set(k, String(v));
    }
    if (req.token) {
      params.set('access_token', req.token);
      if (req.proofSecret) {
        params.set(
          'appsecret_proof',
          createHmac('sha256', req.proofSecret).update(req.token).digest('hex'),
        );
      }
    }
    const init: RequestInit = { method: req.method, headers: { accept: 'application/json' } };
    if (this.#timeoutMs !== undefined) init.signal = AbortSignal.timeout(this.#timeoutMs);
    if (req.method === 'POST') {
      init.body = params.toString();
      init.headers = { ...init.headers, 'content-type': 'application/x-www-form-urlencoded' };
    } else {
      for (const [k, v] of params) url.searchParams.set(k, v);
    }
    let response: Response;
    let text: string;
    try {
      response = await this.#fetch(url.toString(), init);
      text = await response.text();
    } catch (cause) {
      throw new MetaApiError({
        kind: 'transient',
        httpStatus: 0,
        code: null,
        subcode: null,
        type: null,
        message: `Network error: ${cause instanceof Error ? cause.message : String(cause)}`,
        fbtraceId: null,
        isTransient: true,
        userTitle: null,
        userMessage: null,
        retryAfterMs: null,
        missingPermission: null,
      });
    }
    const usage = readUsage(response.headers);
    this.lastUsage = usage;
    if (this.#usageByKey.size > 10_000) this.#usageByKey.clear();
    this.#usageByKey.set(key, usage);
    this.#onUsage?.(usage, req);
    let body: unknown = null;
    try {
      // Ids are strings in Graph bodies, but a few answers carry them as bare numbers (the
      // Instagram user_id): 17 digits do not survive a double, so they are read as text.
      body = text
        ? JSON.parse(text.replace(/([:[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g, '$1"$2"'))
        : null;
    } catch {
      body = null;
    }
    const isError =
      !response.ok ||
      (body !== null && typeof body === 'object' && ('error' in body || 'error_message' in body));
    if (isError) {
      const error = parseMetaError(response.status, body, response.headers, regainMs(usage));
      if (error.kind === 'rate_limited') {
        this.gate.block(key, Date.now() + (error.details.retryAfterMs ?? 0));
      }
      throw error;
    }
    return body as T;
  }
}
