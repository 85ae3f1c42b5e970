import { toast } from 'sonner';
import {
  AppError,
  logErrorRecord,
  normalizeError,
  shouldToast,
  type AppErrorRecord,
  type LevelLogger,
  type NormalizeOptions,
} from '#shared/errors/index.ts';
import { recordError } from './api-client.ts';

const consoleLogger: LevelLogger = {
  debug: (fields, message) => console.debug(message, fields),
  info: (fields, message) => console.info(message, fields),
  warn: (fields, message) => console.warn(message, fields),
  error: (fields, message) => console.error(message, fields),
};

/**
 * docs/product/errors.md#logging: every error is logged by its level and shown to the user as its
 * catalogue message, unless the record says the toast is suppressed. Returns the record so a caller
 * can also show it inline. The toast id is the correlation id, so reporting the same error twice
 * shows one toast.
 */
export function reportError(error: unknown, options: NormalizeOptions = {}): AppErrorRecord {
  const record = normalizeError(error, options);
  recordError(record);
  logErrorRecord(consoleLogger, record);
  if (shouldToast(record)) {
    toast.error(record.userMessage, { id: record.correlationId });
  }
  return record;
}

/** The text to show for an error inline (a form alert, an error panel). */
export function userMessageOf(error: unknown, fallback = 'An unexpected error occurred'): string {
  if (error instanceof AppError) return error.record.userMessage;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
