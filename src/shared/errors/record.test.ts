import { describe, expect, it } from 'vitest';
import { AppError, createCorrelationId, isAppError } from './record.ts';

const CORRELATION_ID = /^err_\d{13}_[a-z0-9]{9}$/;

describe('createCorrelationId', () => {
  it('is "err_", a millisecond timestamp and nine base-36 characters', () => {
    expect(createCorrelationId()).toMatch(CORRELATION_ID);
  });

  it('uses the given clock and random source', () => {
    expect(createCorrelationId(1_700_000_000_000, () => 0)).toBe('err_1700000000000_000000000');
    expect(createCorrelationId(1_700_000_000_000, () => 0.999999)).toBe(
      'err_1700000000000_zzzzzzzzz',
    );
  });

  it('always has nine suffix characters, even for a source returning 1', () => {
    expect(createCorrelationId(1_700_000_000_000, () => 1)).toMatch(CORRELATION_ID);
  });

  it('differs between calls', () => {
    const ids = new Set(Array.from({ length: 100 }, () => createCorrelationId()));
    expect(ids.size).toBe(100);
  });
});

describe('AppError.from', () => {
  it('fills the record from the catalogue', () => {
    const error = AppError.from('RATE_LIMIT_EXCEEDED');
    expect(error).toBeInstanceOf(Error);
    expect(isAppError(error)).toBe(true);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(error.record).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      type: 'rate_limit',
      userMessage: 'Too many requests. Please wait a moment before trying again.',
      message: 'Too many requests. Please wait a moment before trying again.',
      retryable: true,
      severity: 'medium',
    });
    expect(error.record.correlationId).toMatch(CORRELATION_ID);
    expect(error.record.stackTrace).toBeDefined();
  });

  it('takes overrides and keeps the cause', () => {
    const cause = new Error('socket hang up');
    const error = AppError.from('INSTAGRAM_INSIGHTS_ERROR', {
      message: 'Insights request failed',
      userMessage: 'Insights are unavailable right now.',
      details: { mediaId: 'm1' },
      context: { suppressToast: true },
      component: 'analytics',
      userId: 'u1',
      cause,
    });
    expect(error.message).toBe('Insights request failed');
    expect(error.cause).toBe(cause);
    expect(error.record).toMatchObject({
      message: 'Insights request failed',
      technicalMessage: 'socket hang up',
      userMessage: 'Insights are unavailable right now.',
      details: { mediaId: 'm1' },
      context: { suppressToast: true },
      component: 'analytics',
      userId: 'u1',
      stackTrace: cause.stack,
    });
  });

  it('has exactly the fields of docs/product/entities.md#unified-error-record', () => {
    const error = AppError.from('NOT_FOUND', {
      details: {},
      context: {},
      component: 'c',
      userId: 'u',
    });
    expect(Object.keys(error.record).sort()).toEqual(
      [
        'code',
        'type',
        'message',
        'technicalMessage',
        'userMessage',
        'severity',
        'retryable',
        'correlationId',
        'component',
        'userId',
        'context',
        'stackTrace',
        'details',
      ].sort(),
    );
  });
});
