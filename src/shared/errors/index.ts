export {
  ERROR_CATALOGUE,
  ERROR_CODES,
  ERROR_SEVERITIES,
  ERROR_TYPES,
  isErrorCode,
  isErrorSeverity,
  isErrorType,
} from './catalogue.ts';
export type { ErrorCatalogueEntry, ErrorCode, ErrorSeverity, ErrorType } from './catalogue.ts';
export { AppError, createCorrelationId, createErrorRecord, isAppError } from './record.ts';
export type { AppErrorOptions, AppErrorRecord } from './record.ts';
export {
  codeFromCodeOrStatus,
  inferCodeFromMessage,
  mapBackendError,
  normalizeError,
} from './mapping.ts';
export type { NormalizeOptions } from './mapping.ts';
export {
  appErrorFromResponse,
  isErrorResponse,
  toErrorResponse,
  toSuccessResponse,
} from './envelope.ts';
export type { ApiResponse, ErrorResponse, SuccessResponse } from './envelope.ts';
export {
  ERROR_LOG_LIMIT,
  createErrorLog,
  logErrorRecord,
  logLevelFor,
  shouldToast,
} from './log.ts';
export type { ErrorLog, LevelLogger, LogLevel } from './log.ts';
