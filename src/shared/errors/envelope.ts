import { ERROR_CATALOGUE, isErrorCode, isErrorSeverity, isErrorType } from './catalogue.ts';
import type { ErrorCode, ErrorSeverity, ErrorType } from './catalogue.ts';
import { codeFromCodeOrStatus } from './mapping.ts';
import { AppError, createCorrelationId } from './record.ts';
import type { AppErrorRecord } from './record.ts';

/** docs/product/entities.md#error-response; `error` is the user message, not the technical one. */
export interface ErrorResponse {
  success: false;
  error: string;
  metadata: {
    errorCode: ErrorCode;
    errorType: ErrorType;
    severity: ErrorSeverity;
    retryable: boolean;
    correlationId: string;
    fieldErrors?: Record<string, string>;
  };
}

/** docs/product/entities.md#successful-wrapped-operation; processingTime is in milliseconds. */
export interface SuccessResponse<T> {
  success: true;
  data: T;
  metadata: {
    processingTime: number;
    timestamp: string;
  };
}

export type ApiResponse<T> = SuccessResponse<T> | ErrorResponse;

function isRecordOfStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

export function toErrorResponse(
  record: AppErrorRecord,
  fieldErrors?: Record<string, string>,
): ErrorResponse {
  const response: ErrorResponse = {
    success: false,
    error: record.userMessage,
    metadata: {
      errorCode: record.code,
      errorType: record.type,
      severity: record.severity,
      retryable: record.retryable,
      correlationId: record.correlationId,
    },
  };
  // Validation failures raised deep in a service carry their field errors in details.
  const fields = fieldErrors ?? record.details?.['fieldErrors'];
  if (isRecordOfStrings(fields) && Object.keys(fields).length > 0) {
    response.metadata.fieldErrors = fields;
  }
  return response;
}

export function toSuccessResponse<T>(
  data: T,
  processingTimeMs: number,
  now: Date | number = new Date(),
): SuccessResponse<T> {
  return {
    success: true,
    data,
    metadata: {
      processingTime: processingTimeMs,
      timestamp: (typeof now === 'number' ? new Date(now) : now).toISOString(),
    },
  };
}

export function isErrorResponse(value: unknown): value is ErrorResponse {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  if (body['success'] !== false || typeof body['error'] !== 'string') return false;
  const metadata = body['metadata'];
  return (
    typeof metadata === 'object' &&
    metadata !== null &&
    typeof (metadata as Record<string, unknown>)['errorCode'] === 'string'
  );
}

/**
 * Rebuilds the server's error in the browser. The body crossed the network, so every field is
 * re-checked; the server's correlation id is kept so the user can quote it to support.
 */
export function appErrorFromResponse(body: ErrorResponse, status: number): AppError {
  const metadata: Partial<Record<string, unknown>> = isErrorResponse(body) ? body.metadata : {};
  const code: ErrorCode = isErrorCode(metadata['errorCode'])
    ? metadata['errorCode']
    : codeFromCodeOrStatus(status);
  const entry = ERROR_CATALOGUE[code];
  const userMessage =
    typeof body.error === 'string' && body.error.trim() !== '' ? body.error : entry.userMessage;
  const correlationId = metadata['correlationId'];
  const details: Record<string, unknown> = { status };
  if (isRecordOfStrings(metadata['fieldErrors'])) details['fieldErrors'] = metadata['fieldErrors'];

  const record: AppErrorRecord = {
    code,
    type: isErrorType(metadata['errorType']) ? metadata['errorType'] : entry.type,
    message: userMessage,
    technicalMessage: `HTTP ${status} ${code}: ${userMessage}`,
    userMessage,
    severity: isErrorSeverity(metadata['severity']) ? metadata['severity'] : entry.severity,
    retryable: typeof metadata['retryable'] === 'boolean' ? metadata['retryable'] : entry.retryable,
    correlationId:
      typeof correlationId === 'string' && correlationId !== ''
        ? correlationId
        : createCorrelationId(),
    details,
  };
  return new AppError(record);
}
