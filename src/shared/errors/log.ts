import type { ErrorSeverity } from './catalogue.ts';
import type { AppErrorRecord } from './record.ts';

/** docs/product/constants.md#logging-and-monitor: the log history keeps the last 50 entries. */
export const ERROR_LOG_LIMIT = 50;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ErrorLog {
  record(entry: AppErrorRecord): void;
  /** Oldest first. */
  history(): AppErrorRecord[];
  clear(): void;
}

export function createErrorLog(limit: number = ERROR_LOG_LIMIT): ErrorLog {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`Error log limit must be a positive integer, got ${limit}`);
  }
  let entries: AppErrorRecord[] = [];
  return {
    record(entry) {
      entries.push(entry);
      if (entries.length > limit) entries.splice(0, entries.length - limit);
    },
    history() {
      return entries.slice();
    },
    clear() {
      entries = [];
    },
  };
}

export function logLevelFor(severity: ErrorSeverity): LogLevel {
  switch (severity) {
    case 'low':
      return 'info';
    case 'medium':
      return 'warn';
    case 'high':
    case 'critical':
      return 'error';
  }
}

/** The subset shared by `console` and pino, so both sides log records the same way. */
export type LevelLogger = Record<
  LogLevel,
  (fields: Record<string, unknown>, message: string) => void
>;

export function logErrorRecord(logger: LevelLogger, record: AppErrorRecord): void {
  const fields: Record<string, unknown> = {
    code: record.code,
    type: record.type,
    severity: record.severity,
    retryable: record.retryable,
    correlationId: record.correlationId,
    technicalMessage: record.technicalMessage,
  };
  if (record.component !== undefined) fields['component'] = record.component;
  if (record.userId !== undefined) fields['userId'] = record.userId;
  if (record.context !== undefined) fields['context'] = record.context;
  if (record.details !== undefined) fields['details'] = record.details;
  if (record.stackTrace !== undefined) fields['stackTrace'] = record.stackTrace;
  logger[logLevelFor(record.severity)](fields, record.message);
}

/**
 * docs/product/errors.md#logging: no toast is shown when suppressed; callers set
 * `context.suppressToast`.
 */
export function shouldToast(record: AppErrorRecord): boolean {
  return record.context?.['suppressToast'] !== true;
}
