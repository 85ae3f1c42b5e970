import { describe, expect, it } from 'vitest';
import {
  appErrorFromResponse,
  isErrorResponse,
  toErrorResponse,
  toSuccessResponse,
} from './envelope.ts';
import type { ErrorResponse } from './envelope.ts';
import { AppError } from './record.ts';

describe('toErrorResponse', () => {
  // The envelope of docs/product/entities.md#error-response.
  it('carries the user message and its metadata, never technical details', () => {
    const { record } = AppError.from('FORBIDDEN', {
      technicalMessage: 'policy tenant_isolation rejected',
      details: { table: 'user_roles' },
    });
    const body = toErrorResponse(record);
    expect(body).toEqual({
      success: false,
      error: "You don't have permission to perform this action.",
      metadata: {
        errorCode: 'FORBIDDEN',
        errorType: 'authorization',
        severity: 'medium',
        retryable: false,
        correlationId: record.correlationId,
      },
    });
    expect(JSON.stringify(body)).not.toContain('tenant_isolation');
  });

  it('adds field errors given directly or carried in details', () => {
    const { record } = AppError.from('VALIDATION_ERROR', {
      details: { fieldErrors: { email: 'Enter an email address.' } },
    });
    expect(toErrorResponse(record).metadata.fieldErrors).toEqual({
      email: 'Enter an email address.',
    });
    expect(toErrorResponse(record, { title: 'Required' }).metadata.fieldErrors).toEqual({
      title: 'Required',
    });
    expect(toErrorResponse(AppError.from('NOT_FOUND').record).metadata).not.toHaveProperty(
      'fieldErrors',
    );
  });
});

describe('toSuccessResponse', () => {
  it('wraps data with processing time and an ISO timestamp', () => {
    const body = toSuccessResponse({ id: 1 }, 12, new Date('2025-01-02T03:04:05.000Z'));
    expect(body).toEqual({
      success: true,
      data: { id: 1 },
      metadata: { processingTime: 12, timestamp: '2025-01-02T03:04:05.000Z' },
    });
    expect(toSuccessResponse(null, 0, 0).metadata.timestamp).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('isErrorResponse', () => {
  it('recognises error envelopes only', () => {
    expect(isErrorResponse(toErrorResponse(AppError.from('NOT_FOUND').record))).toBe(true);
    expect(isErrorResponse(toSuccessResponse(1, 1))).toBe(false);
    expect(isErrorResponse({ success: false, error: 'x' })).toBe(false);
    expect(isErrorResponse(null)).toBe(false);
    expect(isErrorResponse('error')).toBe(false);
  });
});

describe('appErrorFromResponse', () => {
  it('round-trips a record through JSON', () => {
    const { record } = AppError.from('VALIDATION_ERROR', {
      details: { fieldErrors: { email: 'Enter an email address.' } },
    });
    const body: unknown = JSON.parse(JSON.stringify(toErrorResponse(record)));
    if (!isErrorResponse(body)) throw new Error('expected an error envelope');
    const error = appErrorFromResponse(body, 400);
    expect(error).toBeInstanceOf(AppError);
    expect(error.record).toMatchObject({
      code: record.code,
      type: record.type,
      userMessage: record.userMessage,
      severity: record.severity,
      retryable: record.retryable,
      correlationId: record.correlationId,
      details: { status: 400, fieldErrors: { email: 'Enter an email address.' } },
    });
    expect(toErrorResponse(error.record)).toEqual(toErrorResponse(record));
  });

  it('keeps a server-chosen user message such as the backend mapping texts', () => {
    const body: ErrorResponse = {
      success: false,
      error: 'This record already exists.',
      metadata: {
        errorCode: 'VALIDATION_ERROR',
        errorType: 'validation',
        severity: 'low',
        retryable: false,
        correlationId: 'err_1700000000000_abcdefghi',
      },
    };
    const error = appErrorFromResponse(body, 400);
    expect(error.record.userMessage).toBe('This record already exists.');
    expect(error.message).toBe('This record already exists.');
  });

  it('falls back to the status for a code it does not know', () => {
    const body = {
      success: false,
      error: '',
      metadata: { errorCode: 'FROM_A_NEWER_SERVER', correlationId: 'err_1_a' },
    } as unknown as ErrorResponse;
    const error = appErrorFromResponse(body, 429);
    expect(error.record.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(error.record.userMessage).toBe(
      'Too many requests. Please wait a moment before trying again.',
    );
    expect(error.record.type).toBe('rate_limit');
    expect(error.record.retryable).toBe(true);
    expect(error.record.correlationId).toBe('err_1_a');
  });
});
