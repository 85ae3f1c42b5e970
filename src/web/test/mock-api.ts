import { vi } from 'vitest';

// A fetch stand-in that answers like the API: success and error envelopes by method and path.

export interface MockResponse {
  status?: number;
  body: unknown;
}

export type MockHandler = (request: {
  method: string;
  path: string;
  body: unknown;
}) => MockResponse | Promise<MockResponse>;

export function ok<T>(data: T): MockResponse {
  return {
    status: 200,
    body: {
      success: true,
      data,
      metadata: { processingTime: 1, timestamp: new Date(0).toISOString() },
    },
  };
}

export function fail(
  status: number,
  errorCode: string,
  error: string,
  extra: {
    fieldErrors?: Record<string, string>;
    retryable?: boolean;
    severity?: string;
    errorType?: string;
  } = {},
): MockResponse {
  return {
    status,
    body: {
      success: false,
      error,
      metadata: {
        errorCode,
        errorType: extra.errorType ?? 'validation',
        severity: extra.severity ?? 'low',
        retryable: extra.retryable ?? false,
        correlationId: `err_${Date.now()}_test`,
        ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}),
      },
    },
  };
}

/** Installs fetch answering `"METHOD /path"` keys; unknown calls fail the test loudly. */
export function mockApi(handlers: Record<string, MockHandler | MockResponse>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, body };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request in test: ${method} ${url.pathname}`);
    const response = typeof handler === 'function' ? await handler(request) : handler;
    return new Response(JSON.stringify(response.body), {
      status: response.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
