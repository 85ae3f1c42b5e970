import { ERROR_CATALOGUE } from './catalogue.ts';
import type { ErrorCode, ErrorSeverity, ErrorType } from './catalogue.ts';

/**
 * The unified error record (docs/product/entities.md#unified-error-record); the same shape on the
 * server, in logs and in the browser.
 */
export interface AppErrorRecord {
  code: ErrorCode;
  type: ErrorType;
  message: string;
  technicalMessage: string;
  userMessage: string;
  severity: ErrorSeverity;
  retryable: boolean;
  correlationId: string;
  component?: string;
  userId?: string;
  context?: Record<string, unknown>;
  stackTrace?: string;
  details?: Record<string, unknown>;
}

const CORRELATION_SUFFIX_LENGTH = 9;

/** `err_<epoch ms>_<9 base-36 chars>`; the id a user quotes to support and the logs are searched by. */
export function createCorrelationId(
  now: number = Date.now(),
  random: () => number = Math.random,
): string {
  let suffix = '';
  for (let i = 0; i < CORRELATION_SUFFIX_LENGTH; i += 1) {
    // Clamped because an injected source may return exactly 1.
    suffix += Math.min(35, Math.floor(random() * 36)).toString(36);
  }
  return `err_${Math.floor(now)}_${suffix}`;
}

export interface AppErrorOptions {
  message?: string;
  technicalMessage?: string;
  userMessage?: string;
  details?: Record<string, unknown>;
  context?: Record<string, unknown>;
  component?: string;
  userId?: string;
  cause?: unknown;
}

export function messageOf(value: unknown): string | undefined {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'message' in value) {
    const { message } = value as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return undefined;
}

function stackOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('stack' in value)) return undefined;
  const { stack } = value as { stack: unknown };
  return typeof stack === 'string' ? stack : undefined;
}

/** Builds a record for `code`, taking type, severity, retryability and user text from the catalogue. */
export function createErrorRecord(code: ErrorCode, options: AppErrorOptions = {}): AppErrorRecord {
  const entry = ERROR_CATALOGUE[code];
  const userMessage = options.userMessage ?? entry.userMessage;
  const message = options.message ?? userMessage;
  const record: AppErrorRecord = {
    code,
    type: entry.type,
    message,
    technicalMessage: options.technicalMessage ?? messageOf(options.cause) ?? message,
    userMessage,
    severity: entry.severity,
    retryable: entry.retryable,
    correlationId: createCorrelationId(),
  };
  if (options.component !== undefined) record.component = options.component;
  if (options.userId !== undefined) record.userId = options.userId;
  if (options.context !== undefined) record.context = options.context;
  if (options.details !== undefined) record.details = options.details;
  const causeStack = stackOf(options.cause);
  if (causeStack !== undefined) record.stackTrace = causeStack;
  return record;
}

/** A throwable carrier for an AppErrorRecord; `code` is mirrored for `err.code === '...'` checks. */
export class AppError extends Error {
  readonly record: AppErrorRecord;
  readonly code: ErrorCode;

  constructor(record: AppErrorRecord, options?: { cause?: unknown }) {
    super(record.message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.record =
      record.stackTrace === undefined && this.stack !== undefined
        ? { ...record, stackTrace: this.stack }
        : record;
    this.code = record.code;
  }

  static from(code: ErrorCode, options: AppErrorOptions = {}): AppError {
    return new AppError(createErrorRecord(code, options), { cause: options.cause });
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
