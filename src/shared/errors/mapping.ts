import { isErrorCode } from './catalogue.ts';
import type { ErrorCode } from './catalogue.ts';
import { AppError, createErrorRecord, messageOf } from './record.ts';
import type { AppErrorOptions, AppErrorRecord } from './record.ts';

export interface NormalizeOptions {
  defaultCode?: ErrorCode;
  component?: string;
  userId?: string;
  context?: Record<string, unknown>;
}

const UNKNOWN_ERROR_MESSAGE = 'Unknown error occurred';

// Deep enough for Drizzle → driver → socket; bounded because `cause` can be cyclic.
const MAX_CAUSE_DEPTH = 5;

// PostgreSQL SQLSTATE: five digits/upper-case letters, always with a digit, which keeps errno
// names such as EPIPE out.
const SQLSTATE_PATTERN = /^(?=.*\d)[0-9A-Z]{5}$/;
const DATABASE_NAME_PATTERN = /database|db|sql/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isErrorInstance(value: unknown): value is Error {
  // The tag check accepts errors from another realm (jsdom, workers).
  return value instanceof Error || Object.prototype.toString.call(value) === '[object Error]';
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < MAX_CAUSE_DEPTH) {
    if (chain.includes(current)) break;
    chain.push(current);
    current = isObject(current) ? current['cause'] : undefined;
  }
  return chain;
}

function sqlStateOf(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const code = value['code'];
  return typeof code === 'string' && SQLSTATE_PATTERN.test(code) ? code : undefined;
}

function isDatabaseErrorLike(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (sqlStateOf(value) !== undefined) return true;
  const name = value['name'];
  return typeof name === 'string' && DATABASE_NAME_PATTERN.test(name);
}

function nonEmpty(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

// Drizzle appends the bound parameters to its message; they can hold personal data, so they
// never reach a record.
function withoutQueryParams(message: string): string {
  const index = message.indexOf('\nparams:');
  return index === -1 ? message : message.slice(0, index);
}

function technicalMessageOf(chain: readonly unknown[]): string {
  const parts = chain.map((link) => {
    const message = messageOf(link);
    const name = isObject(link) && typeof link['name'] === 'string' ? link['name'] : undefined;
    const sqlState = sqlStateOf(link);
    const text = withoutQueryParams(message ?? String(link));
    const label = [name, sqlState].filter(nonEmpty).join(' ');
    return label === '' ? text : `${label}: ${text}`;
  });
  return parts.join(' | caused by: ');
}

function databaseDetails(source: unknown): Record<string, unknown> | undefined {
  if (!isObject(source)) return undefined;
  const details: Record<string, unknown> = {};
  // Only identifiers, never `detail`: PostgreSQL puts the offending values there.
  for (const key of ['code', 'constraint', 'table', 'column', 'schema'] as const) {
    const value = source[key];
    if (typeof value === 'string' && value !== '')
      details[key === 'code' ? 'sqlState' : key] = value;
  }
  return Object.keys(details).length > 0 ? details : undefined;
}

interface BackendRule {
  pattern: RegExp;
  code: ErrorCode;
  userMessage: string;
}

// docs/product/errors.md#backend-mapping, first match wins.
const BACKEND_RULES: readonly BackendRule[] = [
  {
    pattern: /row[- ]level security/i,
    code: 'FORBIDDEN',
    userMessage: 'Access denied. Please check your permissions.',
  },
  { pattern: /not found/i, code: 'NOT_FOUND', userMessage: 'Requested resource not found.' },
  {
    pattern: /unique constraint/i,
    code: 'VALIDATION_ERROR',
    userMessage: 'This record already exists.',
  },
  {
    pattern: /foreign key/i,
    code: 'VALIDATION_ERROR',
    userMessage: 'Invalid reference to related data.',
  },
  {
    pattern: /jwt|auth/i,
    code: 'UNAUTHORIZED',
    userMessage: 'Authentication required. Please log in again.',
  },
  {
    pattern: /network|fetch/i,
    code: 'NETWORK_ERROR',
    userMessage: 'Network error. Please check your connection and try again.',
  },
];

const BACKEND_FALLBACK_USER_MESSAGE = 'An unexpected error occurred.';

/**
 * docs/product/errors.md#backend-mapping for failures from the database or a backend call.
 * For a database error only the database's own message is matched: a Drizzle wrapper's message
 * is the SQL text, whose table and column names (oauth_…, author…) would otherwise trip the
 * rules. Other errors are matched on their message and their causes' messages.
 */
export function mapBackendError(
  error: unknown,
  options: Omit<NormalizeOptions, 'defaultCode'> = {},
): AppError {
  // Already classified nearer the failure; remapping would lose that.
  if (error instanceof AppError) return error;
  const chain = causeChain(error);
  const databaseSource = chain.find(isDatabaseErrorLike);
  const databaseMessage = databaseSource === undefined ? undefined : messageOf(databaseSource);
  const candidates = nonEmpty(databaseMessage)
    ? [databaseMessage]
    : chain.map(messageOf).filter(nonEmpty);

  const rule = BACKEND_RULES.find(({ pattern }) =>
    candidates.some((message) => pattern.test(message)),
  );

  let code: ErrorCode;
  let userMessage: string | undefined;
  if (rule !== undefined) {
    code = rule.code;
    userMessage = rule.userMessage;
  } else if (databaseSource !== undefined) {
    code = 'DATABASE_ERROR';
    userMessage = nonEmpty(databaseMessage) ? databaseMessage : undefined;
  } else {
    code = 'INTERNAL_ERROR';
    userMessage = BACKEND_FALLBACK_USER_MESSAGE;
  }

  const appErrorOptions: AppErrorOptions = {
    message: candidates[0] ?? UNKNOWN_ERROR_MESSAGE,
    technicalMessage: chain.length > 0 ? technicalMessageOf(chain) : UNKNOWN_ERROR_MESSAGE,
    cause: error,
    ...options,
  };
  if (userMessage !== undefined) appErrorOptions.userMessage = userMessage;
  const details = databaseDetails(databaseSource);
  if (details !== undefined) appErrorOptions.details = details;
  return AppError.from(code, appErrorOptions);
}

function matchesStatus(text: string, status: number): boolean {
  // Bounded by non-digits so that e.g. SQLSTATE 40001 is not read as status 400.
  return new RegExp(`(^|\\D)${status}(\\D|$)`).test(text);
}

/** docs/product/errors.md#fallback-mapping: from a code or status, first match wins. */
export function codeFromCodeOrStatus(codeOrStatus: string | number): ErrorCode {
  const text = String(codeOrStatus).toLowerCase();
  if (/database|db|sql/.test(text)) return 'DATABASE_ERROR';
  if (/auth|unauthorized/.test(text) || matchesStatus(text, 401)) return 'UNAUTHORIZED';
  if (text.includes('forbidden') || matchesStatus(text, 403)) return 'FORBIDDEN';
  if (text.includes('validation') || matchesStatus(text, 400)) return 'VALIDATION_ERROR';
  if (/network|timeout/.test(text) || matchesStatus(text, 408)) return 'NETWORK_ERROR';
  if (matchesStatus(text, 429) || text.includes('rate')) return 'RATE_LIMIT_EXCEEDED';
  if (matchesStatus(text, 404)) return 'NOT_FOUND';
  return 'INTERNAL_ERROR';
}

/** docs/product/errors.md#message-inference: inferred from message text, first match wins. */
export function inferCodeFromMessage(message: string): ErrorCode {
  const text = message.toLowerCase();
  if (text.includes('permission') || text.includes('access denied')) return 'PERMISSION_DENIED';
  if (text.includes('validation') || text.includes('invalid input')) return 'VALIDATION_ERROR';
  if (text.includes('network') || text.includes('connection')) return 'NETWORK_ERROR';
  if (text.includes('timeout')) return 'TIMEOUT_ERROR';
  if (text.includes('not found')) return 'NOT_FOUND';
  return 'INTERNAL_ERROR';
}

function withCallerOptions(record: AppErrorRecord, options: NormalizeOptions): AppErrorRecord {
  const result: AppErrorRecord = { ...record };
  // The record's own values were set nearer the failure, so they win.
  if (result.component === undefined && options.component !== undefined) {
    result.component = options.component;
  }
  if (result.userId === undefined && options.userId !== undefined) result.userId = options.userId;
  if (options.context !== undefined) result.context = { ...options.context, ...record.context };
  return result;
}

function describeUnknown(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    const json = JSON.stringify(value);
    if (json !== undefined) return json.length > 500 ? `${json.slice(0, 500)}…` : json;
  } catch {
    // Cyclic or BigInt-holding values cannot be serialised; the type tag is enough.
  }
  return Object.prototype.toString.call(value);
}

function statusCandidates(error: Record<string, unknown>): Array<string | number> {
  const candidates: Array<string | number> = [];
  for (const key of ['code', 'status', 'statusCode'] as const) {
    const value = error[key];
    if (
      (typeof value === 'string' && value !== '') ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      candidates.push(value);
    }
  }
  return candidates;
}

function recordFromError(error: Error, options: NormalizeOptions): AppErrorRecord {
  const fields = error as unknown as Record<string, unknown>;
  const chain = causeChain(error);
  const recordOptions: AppErrorOptions = {
    message: nonEmpty(error.message) ? error.message : UNKNOWN_ERROR_MESSAGE,
    technicalMessage: technicalMessageOf(chain),
    cause: error,
  };

  const ownCode = fields['code'];
  if (isErrorCode(ownCode)) return createErrorRecord(ownCode, recordOptions);

  if (chain.some(isDatabaseErrorLike)) {
    return mapBackendError(error).record;
  }

  const candidates = statusCandidates(fields);
  let code: ErrorCode = 'INTERNAL_ERROR';
  for (const candidate of candidates) {
    code = codeFromCodeOrStatus(candidate);
    if (code !== 'INTERNAL_ERROR') break;
  }
  if (code === 'INTERNAL_ERROR') code = inferCodeFromMessage(error.message);
  if (code === 'INTERNAL_ERROR' && options.defaultCode !== undefined) code = options.defaultCode;

  if (candidates.length > 0) {
    const details: Record<string, unknown> = {};
    if (fields['code'] !== undefined) details['originalCode'] = fields['code'];
    const status = fields['status'] ?? fields['statusCode'];
    if (status !== undefined) details['status'] = status;
    recordOptions.details = details;
  }
  return createErrorRecord(code, recordOptions);
}

/**
 * Turns anything thrown into a unified record: an AppError keeps its record; an Error is mapped
 * by its catalogue code, as a database error, by its code or status, then by its message text;
 * a string becomes `defaultCode` (or INTERNAL_ERROR); anything else is an unknown error.
 */
export function normalizeError(input: unknown, options: NormalizeOptions = {}): AppErrorRecord {
  const hasCallerOptions =
    options.component !== undefined ||
    options.userId !== undefined ||
    options.context !== undefined;

  if (input instanceof AppError) {
    return hasCallerOptions ? withCallerOptions(input.record, options) : input.record;
  }

  let record: AppErrorRecord;
  if (isErrorInstance(input)) {
    record = recordFromError(input, options);
  } else if (typeof input === 'string') {
    record = createErrorRecord(options.defaultCode ?? 'INTERNAL_ERROR', {
      message: nonEmpty(input) ? input : UNKNOWN_ERROR_MESSAGE,
      technicalMessage: input,
    });
  } else {
    record = createErrorRecord('INTERNAL_ERROR', {
      message: UNKNOWN_ERROR_MESSAGE,
      technicalMessage: describeUnknown(input),
    });
  }
  return hasCallerOptions ? withCallerOptions(record, options) : record;
}
