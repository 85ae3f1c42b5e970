import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { errorLog } from './error-log.ts';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError } }));

const { reportError } = await import('./errors.ts');

afterEach(() => {
  errorLog.clear();
  toastError.mockReset();
});

describe('reportError', () => {
  it('logs by level, records the error once and toasts the user message', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = AppError.from('RATE_LIMIT_EXCEEDED');
    const record = reportError(error);
    reportError(error);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(errorLog.history()).toHaveLength(1);
    expect(toastError).toHaveBeenCalledWith(
      'Too many requests. Please wait a moment before trying again.',
      {
        id: record.correlationId,
      },
    );
  });

  it('shows no toast when the record suppresses it', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    reportError(AppError.from('NOT_FOUND', { context: { suppressToast: true } }));
    expect(toastError).not.toHaveBeenCalled();
  });

  it('logs critical errors with console.error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportError(new Error('boom'));
    expect(error).toHaveBeenCalled();
    expect(toastError).toHaveBeenCalledWith(
      'Something went wrong. Our team has been notified.',
      expect.anything(),
    );
  });
});
