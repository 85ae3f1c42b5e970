import { describe, expect, it } from 'vitest';
import {
  createErrorLog,
  ERROR_LOG_LIMIT,
  logErrorRecord,
  logLevelFor,
  shouldToast,
} from './log.ts';
import type { LevelLogger, LogLevel } from './log.ts';
import { AppError } from './record.ts';

describe('createErrorLog', () => {
  it('keeps the last 50 of 60 entries, oldest first', () => {
    const log = createErrorLog();
    const records = Array.from(
      { length: 60 },
      (_, i) => AppError.from('NETWORK_ERROR', { message: `failure ${i}` }).record,
    );
    for (const record of records) log.record(record);
    const history = log.history();
    expect(ERROR_LOG_LIMIT).toBe(50);
    expect(history).toHaveLength(50);
    expect(history.map((r) => r.message)).toEqual(records.slice(10).map((r) => r.message));
  });

  it('returns a copy and can be cleared', () => {
    const log = createErrorLog(3);
    log.record(AppError.from('NOT_FOUND').record);
    log.history().pop();
    expect(log.history()).toHaveLength(1);
    log.clear();
    expect(log.history()).toEqual([]);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => createErrorLog(0)).toThrow(RangeError);
    expect(() => createErrorLog(1.5)).toThrow(RangeError);
  });
});

describe('logLevelFor', () => {
  it.each([
    ['low', 'info'],
    ['medium', 'warn'],
    ['high', 'error'],
    ['critical', 'error'],
  ] as const)('%s → %s', (severity, level) => {
    expect(logLevelFor(severity)).toBe(level);
  });
});

describe('logErrorRecord', () => {
  it('logs at the level of the record severity', () => {
    const calls: Array<[LogLevel, Record<string, unknown>, string]> = [];
    const logger: LevelLogger = {
      debug: (fields, message) => calls.push(['debug', fields, message]),
      info: (fields, message) => calls.push(['info', fields, message]),
      warn: (fields, message) => calls.push(['warn', fields, message]),
      error: (fields, message) => calls.push(['error', fields, message]),
    };
    const { record } = AppError.from('INTERNAL_ERROR', { message: 'boom', component: 'jobs' });
    logErrorRecord(logger, record);
    logErrorRecord(logger, AppError.from('VALIDATION_ERROR').record);
    expect(calls.map(([level]) => level)).toEqual(['error', 'info']);
    expect(calls[0]?.[2]).toBe('boom');
    expect(calls[0]?.[1]).toMatchObject({
      code: 'INTERNAL_ERROR',
      correlationId: record.correlationId,
      component: 'jobs',
    });
  });
});

describe('shouldToast', () => {
  it('is false only when the context suppresses the toast', () => {
    expect(shouldToast(AppError.from('NETWORK_ERROR').record)).toBe(true);
    expect(
      shouldToast(AppError.from('NETWORK_ERROR', { context: { suppressToast: false } }).record),
    ).toBe(true);
    expect(
      shouldToast(AppError.from('NETWORK_ERROR', { context: { suppressToast: true } }).record),
    ).toBe(false);
  });
});
