import {
  AppError,
  appErrorFromResponse,
  codeFromCodeOrStatus,
  isErrorResponse,
  type AppErrorRecord,
  type SuccessResponse,
} from '#shared/errors/index.ts';
import { errorLog } from './error-log.ts';

// Every call to our own API goes through here: same-origin cookie auth, JSON in and out, the
// response envelope unwrapped, and every failure turned into an AppError whose record is kept in
// the shared error log. Callers decide whether to show it (see reportError in errors.ts).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Adds a record to the shared error log once: reportError calls this too, and an error that went
 * through the API client and is then reported keeps its correlation id, so it is not kept twice.
 */
export function recordError(record: AppErrorRecord): void {
  if (!errorLog.history().some((entry) => entry.correlationId === record.correlationId)) {
    errorLog.record(record);
  }
}

function logged(error: AppError): AppError {
  recordError(error.record);
  return error;
}

function withContext(error: AppError, context: Record<string, unknown>): AppError {
  return new AppError(
    {
      ...error.record,
      component: error.record.component ?? 'api-client',
      context: { ...context, ...error.record.context },
    },
    { cause: error.cause },
  );
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function isSuccessEnvelope(body: unknown): body is SuccessResponse<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { success?: unknown }).success === true &&
    'data' in body
  );
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const { body, query, signal, headers } = options;
  const context = { method, path };
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(path, query), init);
    text = await response.text();
  } catch (cause) {
    // A cancelled request (navigation, unmounted query) is not a failure worth recording.
    if (isAbort(cause, signal)) throw cause;
    throw logged(
      AppError.from('NETWORK_ERROR', {
        technicalMessage: `${method} ${path} could not be sent: ${cause instanceof Error ? cause.message : String(cause)}`,
        component: 'api-client',
        context,
        cause,
      }),
    );
  }

  let parsed: unknown = undefined;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  if (isErrorResponse(parsed)) {
    throw logged(
      withContext(appErrorFromResponse(parsed, response.status), {
        ...context,
        status: response.status,
      }),
    );
  }
  if (!response.ok) {
    throw logged(
      AppError.from(
        response.status >= 500 ? 'SERVER_ERROR' : codeFromCodeOrStatus(response.status),
        {
          technicalMessage: `${method} ${path} answered HTTP ${response.status} without an error envelope`,
          component: 'api-client',
          context: { ...context, status: response.status },
          details: { status: response.status },
        },
      ),
    );
  }
  if (!isSuccessEnvelope(parsed)) {
    // E.g. an HTML page from a proxy or a missing API route served by the SPA fallback.
    throw logged(
      AppError.from('SERVER_ERROR', {
        technicalMessage: `${method} ${path} answered HTTP ${response.status} with a body that is not a JSON envelope`,
        component: 'api-client',
        context: { ...context, status: response.status },
      }),
    );
  }
  return parsed.data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('DELETE', path, options),
};

/** The server's per-field messages from a VALIDATION_ERROR or WEAK_PASSWORD answer. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof AppError)) return {};
  const fields = error.record.details?.['fieldErrors'];
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof AppError ? error.record.code : undefined;
}

export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof AppError)) return undefined;
  const status = error.record.details?.['status'] ?? error.record.context?.['status'];
  return typeof status === 'number' ? status : undefined;
}
