import { AppError, mapBackendError, type ErrorCode } from '#shared/errors/index.ts';

// Two ways a use case reports a failure. Most throw an AppError that the HTTP layer turns into the
// error envelope. A few keep the result shape of the product's business profile calls
// (docs/product/services.md#business-profiles), where the caller receives
// `{ success: false, error }` instead of an exception.

export type ServiceResult<T> =
  | { success: true; data: T }
  | {
      success: false;
      /** Text for the person: the cause's own when it is clearer, else the use case's fallback text. */
      error: string;
      /** The catalogue code that answers for it on the wire. */
      code: ErrorCode;
    };

export function success<T>(data: T): ServiceResult<T> {
  return { success: true, data };
}

// Causes whose catalogue text already tells the person what happened
// (docs/product/errors.md#backend-mapping: row-level security, not found, unique constraint,
// foreign key, authentication). Any other database failure gets the use case's own text: the
// database's message is for the logs.
const CLEAR_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'FORBIDDEN',
  'PERMISSION_DENIED',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FEATURE_NOT_AVAILABLE',
]);

/**
 * A failure of a use case, with its failure text (docs/product/errors.md#service-failure-texts,
 * e.g. "Failed to fetch user profile") as its message. An AppError raised on purpose (access,
 * validation, not found) passes unchanged; a database failure is mapped by
 * docs/product/errors.md#backend-mapping and keeps a clear user message where the mapping gives
 * one, else `fallbackCode` (or the mapped code) with `text` for the person.
 */
export function serviceError(text: string, cause: unknown, fallbackCode?: ErrorCode): AppError {
  if (cause instanceof AppError) return cause;
  const mapped = mapBackendError(cause).record;
  const clear = CLEAR_CODES.has(mapped.code);
  return AppError.from(clear ? mapped.code : (fallbackCode ?? mapped.code), {
    message: text,
    userMessage: clear ? mapped.userMessage : text,
    technicalMessage: `${text}: ${mapped.technicalMessage}`,
    ...(mapped.details ? { details: mapped.details } : {}),
    cause,
  });
}

/** The `{ success: false, error }` form of serviceError. */
export function failure<T>(
  text: string,
  cause: unknown,
  fallbackCode: ErrorCode,
): ServiceResult<T> {
  const error = serviceError(text, cause, fallbackCode).record;
  return { success: false, error: error.userMessage, code: error.code };
}

/** Unwraps a result for an HTTP handler: a failure becomes the error envelope with its text. */
export function unwrapResult<T>(result: ServiceResult<T>): T {
  if (result.success) return result.data;
  throw AppError.from(result.code, {
    message: result.error,
    userMessage: result.error,
    technicalMessage: `${result.code}: ${result.error}`,
  });
}
