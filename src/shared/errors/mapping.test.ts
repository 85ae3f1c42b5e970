import { describe, expect, it } from 'vitest';
import {
  codeFromCodeOrStatus,
  inferCodeFromMessage,
  mapBackendError,
  normalizeError,
} from './mapping.ts';
import { AppError } from './record.ts';

const CORRELATION_ID = /^err_\d{13}_[a-z0-9]{9}$/;

function pgError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code, name: 'error' });
}

// Drizzle's DrizzleQueryError: the SQL in the message, the driver's error in `cause`.
function drizzleError(sql: string, cause: unknown): Error {
  return new Error(`Failed query: ${sql}\nparams: secret@example.com,hash`, { cause });
}

describe('mapBackendError', () => {
  it.each([
    [
      'new row violates row-level security policy for table "calendar_events"',
      'FORBIDDEN',
      'Access denied. Please check your permissions.',
    ],
    ['Profile not found', 'NOT_FOUND', 'Requested resource not found.'],
    [
      'duplicate key value violates unique constraint "profiles_pkey"',
      'VALIDATION_ERROR',
      'This record already exists.',
    ],
    [
      'insert or update on table "user_roles" violates foreign key constraint "user_roles_user_id_fkey"',
      'VALIDATION_ERROR',
      'Invalid reference to related data.',
    ],
    ['JWT expired', 'UNAUTHORIZED', 'Authentication required. Please log in again.'],
    ['auth session missing', 'UNAUTHORIZED', 'Authentication required. Please log in again.'],
    [
      'network request failed',
      'NETWORK_ERROR',
      'Network error. Please check your connection and try again.',
    ],
    [
      'Failed to fetch',
      'NETWORK_ERROR',
      'Network error. Please check your connection and try again.',
    ],
    ['something odd happened', 'INTERNAL_ERROR', 'An unexpected error occurred.'],
  ])('maps %j to %s', (message, code, userMessage) => {
    const { record } = mapBackendError(new Error(message));
    expect(record.code).toBe(code);
    expect(record.userMessage).toBe(userMessage);
    expect(record.correlationId).toMatch(CORRELATION_ID);
  });

  it('matches case-insensitively', () => {
    expect(mapBackendError(new Error('ROW-LEVEL SECURITY')).record.code).toBe('FORBIDDEN');
    expect(mapBackendError(new Error('Not Found')).record.code).toBe('NOT_FOUND');
    expect(mapBackendError(new Error('Invalid jwt')).record.code).toBe('UNAUTHORIZED');
  });

  it.each([
    ['row-level security violated: policy not found', 'FORBIDDEN'],
    ['not found: unique constraint index', 'NOT_FOUND'],
    ['unique constraint on a foreign key column', 'VALIDATION_ERROR'],
    ['foreign key check failed after auth', 'VALIDATION_ERROR'],
    ['auth fetch failed', 'UNAUTHORIZED'],
  ])('applies the table in order: %j → %s', (message, code) => {
    expect(mapBackendError(new Error(message)).record.code).toBe(code);
  });

  it('keeps the first matching row user message when a later row also matches', () => {
    const { record } = mapBackendError(new Error('unique constraint on a foreign key column'));
    expect(record.userMessage).toBe('This record already exists.');
  });

  it('uses the original message as user message for other database errors', () => {
    const { record } = mapBackendError(pgError('relation "campaigns" does not exist', '42P01'));
    expect(record.code).toBe('DATABASE_ERROR');
    expect(record.userMessage).toBe('relation "campaigns" does not exist');
    expect(record.retryable).toBe(true);
    expect(record.details).toEqual({ sqlState: '42P01' });
  });

  it('treats an error named after the database as a database error', () => {
    const error = Object.assign(new Error('could not serialize access'), { name: 'DatabaseError' });
    expect(mapBackendError(error).record.code).toBe('DATABASE_ERROR');
    const sqlError = Object.assign(new Error('syntax oddity'), { name: 'SqlError' });
    expect(mapBackendError(sqlError).record.code).toBe('DATABASE_ERROR');
  });

  it('reads the PostgreSQL message from a Drizzle error cause', () => {
    const cause = Object.assign(
      pgError('duplicate key value violates unique constraint "x"', '23505'),
      {
        constraint: 'profiles_pkey',
        table: 'profiles',
        detail: 'Key (email)=(secret@example.com) already exists.',
      },
    );
    const { record } = mapBackendError(drizzleError('insert into "profiles" ...', cause));
    expect(record.code).toBe('VALIDATION_ERROR');
    expect(record.userMessage).toBe('This record already exists.');
    expect(record.message).toBe('duplicate key value violates unique constraint "x"');
    expect(record.details).toEqual({
      sqlState: '23505',
      constraint: 'profiles_pkey',
      table: 'profiles',
    });
    expect(record.technicalMessage).toContain('Failed query: insert into "profiles"');
    expect(JSON.stringify(record.details)).not.toContain('secret@example.com');
    expect(record.technicalMessage).not.toContain('secret@example.com');
  });

  it.each([
    ['new row violates row-level security policy for table "posts"', '42501', 'FORBIDDEN'],
    ['insert violates foreign key constraint "fk"', '23503', 'VALIDATION_ERROR'],
    ['column "nope" does not exist', '42703', 'DATABASE_ERROR'],
  ])('maps a Drizzle-wrapped %j', (message, sqlState, code) => {
    expect(mapBackendError(drizzleError('select 1', pgError(message, sqlState))).record.code).toBe(
      code,
    );
  });

  it('does not match the SQL text of a Drizzle error', () => {
    const error = drizzleError(
      'select "author" from "posts" where "fetched_at" is not null',
      pgError('canceling statement due to statement timeout', '57014'),
    );
    const { record } = mapBackendError(error);
    expect(record.code).toBe('DATABASE_ERROR');
    expect(record.userMessage).toBe('canceling statement due to statement timeout');
  });

  it('looks in the cause message of a non-database error', () => {
    const error = new Error('request failed', { cause: new Error('JWT expired') });
    expect(mapBackendError(error).record.code).toBe('UNAUTHORIZED');
  });

  it('accepts plain objects and strings with a message', () => {
    expect(mapBackendError({ message: 'Row not found', code: 'PGRST116' }).record.code).toBe(
      'NOT_FOUND',
    );
    expect(mapBackendError('fetch failed').record.code).toBe('NETWORK_ERROR');
    expect(mapBackendError(null).record.code).toBe('INTERNAL_ERROR');
  });

  it('passes an AppError through unchanged', () => {
    const error = AppError.from('CONTENT_SCHEDULE_ERROR');
    expect(mapBackendError(error)).toBe(error);
  });

  it('stops on a cyclic cause chain', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(mapBackendError(a).record.code).toBe('INTERNAL_ERROR');
  });
});

describe('codeFromCodeOrStatus', () => {
  it.each([
    ['database_error', 'DATABASE_ERROR'],
    ['DB_TIMEOUT', 'DATABASE_ERROR'],
    ['SQL_SYNTAX', 'DATABASE_ERROR'],
    ['auth_failed', 'UNAUTHORIZED'],
    ['UNAUTHORIZED', 'UNAUTHORIZED'],
    [401, 'UNAUTHORIZED'],
    ['401', 'UNAUTHORIZED'],
    ['forbidden', 'FORBIDDEN'],
    [403, 'FORBIDDEN'],
    ['validation_failed', 'VALIDATION_ERROR'],
    [400, 'VALIDATION_ERROR'],
    ['network_down', 'NETWORK_ERROR'],
    ['timeout', 'NETWORK_ERROR'],
    [408, 'NETWORK_ERROR'],
    [429, 'RATE_LIMIT_EXCEEDED'],
    ['rate_limited', 'RATE_LIMIT_EXCEEDED'],
    [404, 'NOT_FOUND'],
    [500, 'INTERNAL_ERROR'],
    ['ECONNREFUSED', 'INTERNAL_ERROR'],
  ])('%j → %s', (input, code) => {
    expect(codeFromCodeOrStatus(input)).toBe(code);
  });

  it.each([
    ['db_auth_failure', 'DATABASE_ERROR'],
    ['auth_forbidden', 'UNAUTHORIZED'],
    ['forbidden_validation', 'FORBIDDEN'],
    ['validation_timeout', 'VALIDATION_ERROR'],
    ['network_rate', 'NETWORK_ERROR'],
    ['rate_404', 'RATE_LIMIT_EXCEEDED'],
  ])('applies the list in order: %j → %s', (input, code) => {
    expect(codeFromCodeOrStatus(input)).toBe(code);
  });

  it('does not read a status out of a longer number', () => {
    expect(codeFromCodeOrStatus('40001')).toBe('INTERNAL_ERROR');
    expect(codeFromCodeOrStatus(4010)).toBe('INTERNAL_ERROR');
  });
});

describe('inferCodeFromMessage', () => {
  it.each([
    ['Permission denied for table x', 'PERMISSION_DENIED'],
    ['Access denied', 'PERMISSION_DENIED'],
    ['Validation failed for field', 'VALIDATION_ERROR'],
    ['Invalid input syntax', 'VALIDATION_ERROR'],
    ['Network unreachable', 'NETWORK_ERROR'],
    ['Connection reset by peer', 'NETWORK_ERROR'],
    ['Request timeout', 'TIMEOUT_ERROR'],
    ['User not found', 'NOT_FOUND'],
    ['boom', 'INTERNAL_ERROR'],
  ])('%j → %s', (message, code) => {
    expect(inferCodeFromMessage(message)).toBe(code);
  });

  it.each([
    ['access denied: validation failed', 'PERMISSION_DENIED'],
    ['validation of connection settings', 'VALIDATION_ERROR'],
    ['connection timeout', 'NETWORK_ERROR'],
    ['timeout: host not found', 'TIMEOUT_ERROR'],
  ])('applies the list in order: %j → %s', (message, code) => {
    expect(inferCodeFromMessage(message)).toBe(code);
  });
});

describe('normalizeError', () => {
  it('returns the record of an AppError', () => {
    const error = AppError.from('WEAK_PASSWORD');
    expect(normalizeError(error)).toBe(error.record);
  });

  it('adds caller details to an AppError record without overriding its own', () => {
    const error = AppError.from('NOT_FOUND', { component: 'calendar', context: { a: 1 } });
    const record = normalizeError(error, {
      component: 'route',
      userId: 'u1',
      context: { a: 2, b: 3 },
    });
    expect(record.component).toBe('calendar');
    expect(record.userId).toBe('u1');
    expect(record.context).toEqual({ a: 1, b: 3 });
    expect(record.correlationId).toBe(error.record.correlationId);
  });

  it('uses a catalogue code carried by an Error', () => {
    const error = Object.assign(new Error('nope'), { code: 'EMAIL_ALREADY_EXISTS' });
    const record = normalizeError(error);
    expect(record.code).toBe('EMAIL_ALREADY_EXISTS');
    expect(record.message).toBe('nope');
    expect(record.userMessage).toBe('An account with this email already exists.');
  });

  it.each([
    [{ status: 401 }, 'UNAUTHORIZED'],
    [{ status: 429 }, 'RATE_LIMIT_EXCEEDED'],
    [{ statusCode: 404 }, 'NOT_FOUND'],
    [{ code: 'forbidden' }, 'FORBIDDEN'],
  ])('maps an Error with %j by the fallback mapping', (fields, code) => {
    const record = normalizeError(Object.assign(new Error('request failed'), fields));
    expect(record.code).toBe(code);
  });

  it('infers from the message when the code or status says nothing', () => {
    const error = Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    expect(normalizeError(error).code).toBe('NETWORK_ERROR');
  });

  it('infers from the message of a plain Error', () => {
    const record = normalizeError(new Error('Request timeout after 10s'));
    expect(record.code).toBe('TIMEOUT_ERROR');
    expect(record.userMessage).toBe('Operation timed out. Please try again.');
    expect(record.retryable).toBe(true);
    expect(record.severity).toBe('medium');
    expect(record.type).toBe('network');
    expect(record.stackTrace).toContain('Request timeout');
  });

  it('maps database errors, wrapped or not, through the backend table', () => {
    const wrapped = drizzleError(
      'insert into x',
      pgError('duplicate key value violates unique constraint "k"', '23505'),
    );
    const record = normalizeError(wrapped, { component: 'profiles' });
    expect(record.code).toBe('VALIDATION_ERROR');
    expect(record.userMessage).toBe('This record already exists.');
    expect(record.component).toBe('profiles');
  });

  it('uses defaultCode when an Error says nothing recognisable', () => {
    expect(normalizeError(new Error('boom'), { defaultCode: 'CONTENT_SCHEDULE_ERROR' }).code).toBe(
      'CONTENT_SCHEDULE_ERROR',
    );
    expect(normalizeError(new Error('boom')).code).toBe('INTERNAL_ERROR');
  });

  it('turns a plain string into the default code or INTERNAL_ERROR', () => {
    const fallback = normalizeError('it broke');
    expect(fallback.code).toBe('INTERNAL_ERROR');
    expect(fallback.message).toBe('it broke');
    expect(fallback.userMessage).toBe('Something went wrong. Our team has been notified.');
    const withDefault = normalizeError('draft rejected', {
      defaultCode: 'CONTENT_DRAFT_SAVE_ERROR',
    });
    expect(withDefault.code).toBe('CONTENT_DRAFT_SAVE_ERROR');
    expect(withDefault.message).toBe('draft rejected');
    expect(withDefault.userMessage).toBe('Failed to save draft');
  });

  it.each([[null], [undefined], [42], [{ foo: 'bar' }]])(
    'treats %j as an unknown error',
    (input) => {
      const record = normalizeError(input);
      expect(record.code).toBe('INTERNAL_ERROR');
      expect(record.message).toBe('Unknown error occurred');
      expect(record.severity).toBe('critical');
      expect(record.correlationId).toMatch(CORRELATION_ID);
    },
  );

  it('survives values that cannot be serialised', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(normalizeError(cyclic).message).toBe('Unknown error occurred');
    expect(normalizeError(10n).message).toBe('Unknown error occurred');
  });

  it('gives each normalised error a fresh correlation id', () => {
    const first = normalizeError(new Error('x'));
    const second = normalizeError(new Error('x'));
    expect(first.correlationId).toMatch(CORRELATION_ID);
    expect(second.correlationId).not.toBe(first.correlationId);
  });

  it('passes caller options onto a new record', () => {
    const record = normalizeError('x', {
      component: 'calendar',
      userId: 'u1',
      context: { suppressToast: true },
    });
    expect(record).toMatchObject({
      component: 'calendar',
      userId: 'u1',
      context: { suppressToast: true },
    });
  });
});
