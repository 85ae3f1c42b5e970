import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import {
  AppError,
  ERROR_CATALOGUE,
  mapBackendError,
  toErrorResponse,
  type AppErrorRecord,
  type ErrorCode,
} from '#shared/errors/index.ts';
import { fieldErrorsFromZod, validationError } from '../validation.ts';
import type { AppEnv } from './context.ts';

// Validation outside HTTP: services refuse input with the same helpers (platform/validation.ts).
export { fieldErrorsFromZod, validationError } from '../validation.ts';

/** zod-openapi's hook: a failed validation answers 400 in our envelope, never Hono's default. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError },
  c: Context<AppEnv>,
) {
  if (!result.success) {
    const error = validationError(fieldErrorsFromZod(result.error));
    return respondWithError(c, error.record);
  }
  return undefined;
}

const HTTP_EXCEPTION_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT_ERROR',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMIT_EXCEEDED',
};

export function respondWithError(c: Context<AppEnv>, record: AppErrorRecord) {
  const status = ERROR_CATALOGUE[record.code].httpStatus as ContentfulStatusCode;
  const retryAfter = record.details?.['retryAfterSeconds'];
  if (typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
  c.header('X-Correlation-Id', record.correlationId);
  return c.json(toErrorResponse(record), status);
}

/**
 * A database "data exception" (SQLSTATE class 22: a value the column type cannot hold, a bad
 * number or date, text it cannot store) comes from what the client sent, whatever check missed
 * it: the client gets the catalogue's 400, never the database's own words (docs/security.md).
 */
function asClientInputError(error: AppError): AppError {
  const sqlState = error.record.details?.['sqlState'];
  if (error.record.code !== 'DATABASE_ERROR' || typeof sqlState !== 'string') return error;
  if (!sqlState.startsWith('22')) return error;
  return AppError.from('VALIDATION_ERROR', {
    technicalMessage: error.record.technicalMessage,
    cause: error,
  });
}

export const handleError: ErrorHandler<AppEnv> = (err, c) => {
  let appError: AppError;
  if (err instanceof AppError) {
    appError = err;
  } else if (err instanceof HTTPException) {
    const code =
      HTTP_EXCEPTION_CODES[err.status] ?? (err.status >= 500 ? 'SERVER_ERROR' : 'VALIDATION_ERROR');
    // Hono says "Malformed JSON in request body" for unparsable JSON: a user input problem.
    appError = AppError.from(code, { technicalMessage: err.message, cause: err });
  } else {
    appError = asClientInputError(mapBackendError(err));
  }
  const record = appError.record;
  const deps = c.get('deps');
  const session = c.get('session');
  const logged = {
    correlationId: record.correlationId,
    code: record.code,
    technicalMessage: record.technicalMessage,
    requestId: c.get('requestId'),
    path: c.req.path,
    method: c.req.method,
    userId: session?.userId,
  };
  const status = ERROR_CATALOGUE[record.code].httpStatus;
  if (status >= 500)
    deps?.logger.error(
      { ...logged, stack: record.stackTrace ?? (err as Error).stack },
      'request failed',
    );
  else deps?.logger.info(logged, 'request refused');
  return respondWithError(c, record);
};

export function notFound(c: Context<AppEnv>) {
  return respondWithError(
    c,
    AppError.from('NOT_FOUND', { technicalMessage: `No route for ${c.req.method} ${c.req.path}` })
      .record,
  );
}
