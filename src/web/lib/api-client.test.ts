import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { fail, mockApi, ok } from '../test/mock-api.ts';
import { api, fieldErrorsOf } from './api-client.ts';
import { errorLog } from './error-log.ts';

afterEach(() => errorLog.clear());

describe('api client', () => {
  it('unwraps the success envelope and sends JSON with same-origin credentials', async () => {
    const { fetchMock, calls } = mockApi({ 'POST /api/things': ok({ id: 1 }) });
    await expect(api.post('/api/things', { name: 'x' })).resolves.toEqual({ id: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toEqual({ name: 'x' });
  });

  it('turns an error envelope into an AppError with the server message, code and field errors, and logs it', async () => {
    mockApi({
      'POST /api/auth/sign-up': fail(
        422,
        'WEAK_PASSWORD',
        'Password is too weak. Please choose a stronger password.',
        {
          fieldErrors: { password: 'Add another word or two.' },
        },
      ),
    });
    const error = await api.post('/api/auth/sign-up', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    const record = (error as AppError).record;
    expect(record.code).toBe('WEAK_PASSWORD');
    expect(record.userMessage).toBe('Password is too weak. Please choose a stronger password.');
    expect(fieldErrorsOf(error)).toEqual({ password: 'Add another word or two.' });
    expect(errorLog.history().map((entry) => entry.correlationId)).toEqual([record.correlationId]);
  });

  it('reports a request that could not be sent as NETWORK_ERROR', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await api.get('/api/profile').catch((caught: unknown) => caught)) as AppError;
    expect(error.record.code).toBe('NETWORK_ERROR');
    expect(error.record.userMessage).toBe(
      'Network connection issues. Please check your internet connection.',
    );
    expect(errorLog.history()).toHaveLength(1);
  });

  it('does not log a request the caller cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(api.get('/api/profile', { signal: controller.signal })).rejects.toThrow('aborted');
    expect(errorLog.history()).toHaveLength(0);
  });

  it('treats a body that is not an envelope as a server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html></html>', { status: 200 }))),
    );
    const error = (await api.get('/api/missing').catch((caught: unknown) => caught)) as AppError;
    expect(error.record.code).toBe('SERVER_ERROR');
  });
});
