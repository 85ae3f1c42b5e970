import { AppError, type ErrorCode } from '#shared/errors/index.ts';

// Graph API failures as typed errors (docs/product/meta-platform.md#errors-and-rate-limits).
// Callers branch on `kind`, never on the HTTP status: Meta answers most errors with 400 whatever
// they mean.

export type MetaErrorKind =
  | 'token_expired'
  | 'token_revoked'
  | 'permission_missing'
  | 'rate_limited'
  | 'transient'
  | 'invalid_parameter'
  | 'unknown';

export interface MetaErrorDetails {
  kind: MetaErrorKind;
  httpStatus: number;
  code: number | null;
  subcode: number | null;
  type: string | null;
  message: string;
  fbtraceId: string | null;
  isTransient: boolean | null;
  userTitle: string | null;
  userMessage: string | null;
  /**
   * When the caller may try again, for rate limits (from usage headers or the policy of
   * docs/product/meta-platform.md#retry-policy).
   */
  retryAfterMs: number | null;
  /** The permission named by the error, when it names one. */
  missingPermission: string | null;
}

export class MetaApiError extends Error {
  readonly details: MetaErrorDetails;
  constructor(details: MetaErrorDetails) {
    super(
      `Meta ${details.kind}: (${details.code ?? '-'}/${details.subcode ?? '-'}) ${details.message}`,
    );
    this.name = 'MetaApiError';
    this.details = details;
  }
  get kind(): MetaErrorKind {
    return this.details.kind;
  }
  get retryable(): boolean {
    return this.details.kind === 'transient';
  }
}

const THROTTLE_CODES = new Set([4, 17, 32, 341, 613, 80001, 80002, 80005, 80006]);
const TRANSIENT_CODES = new Set([1, 2, -1, -2]);
// Instagram publishing subcodes worth retrying
// (docs/product/meta-platform.md#instagram-publishing-errors, "Retry").
const TRANSIENT_SUBCODES = new Set([2207001, 2207003, 2207008, 2207032, 2207053]);
const DEFAULT_THROTTLE_WAIT_MS = 15 * 60_000;

/**
 * Classifies a Graph error by code and subcode (docs/product/meta-platform.md#graph-error-codes,
 * docs/product/meta-platform.md#retry-policy).
 */
export function classify(
  code: number | null,
  subcode: number | null,
  httpStatus: number,
): MetaErrorKind {
  if (code === 190 || code === 102) {
    if (subcode === 463) return 'token_expired';
    return 'token_revoked';
  }
  if (code === 104) return 'token_revoked';
  if (code !== null && THROTTLE_CODES.has(code)) return 'rate_limited';
  if (code === 9 && subcode === 2207042) return 'rate_limited';
  if (code === 10 || code === 3 || (code !== null && code >= 200 && code <= 299)) {
    return 'permission_missing';
  }
  if (code !== null && TRANSIENT_CODES.has(code)) return 'transient';
  if (subcode !== null && TRANSIENT_SUBCODES.has(subcode)) return 'transient';
  if (code === null && httpStatus >= 500) return 'transient';
  if (code !== null) return 'invalid_parameter';
  return httpStatus >= 500 ? 'transient' : 'unknown';
}

/** Reads a Graph error envelope, or api.instagram.com's flat `{error_type, code, error_message}`. */
export function parseMetaError(
  httpStatus: number,
  body: unknown,
  headers: Headers,
  retryAfterMs: number | null = null,
): MetaApiError {
  const envelope = (body as { error?: Record<string, unknown> } | null)?.error;
  let code: number | null = null;
  let subcode: number | null = null;
  let type: string | null = null;
  let message = `HTTP ${httpStatus}`;
  let fbtraceId: string | null = null;
  let isTransient: boolean | null = null;
  let userTitle: string | null = null;
  let userMessage: string | null = null;
  if (envelope && typeof envelope === 'object') {
    code = typeof envelope.code === 'number' ? envelope.code : null;
    subcode = typeof envelope.error_subcode === 'number' ? envelope.error_subcode : null;
    type = typeof envelope.type === 'string' ? envelope.type : null;
    message = typeof envelope.message === 'string' ? envelope.message : message;
    fbtraceId = typeof envelope.fbtrace_id === 'string' ? envelope.fbtrace_id : null;
    isTransient = typeof envelope.is_transient === 'boolean' ? envelope.is_transient : null;
    userTitle = typeof envelope.error_user_title === 'string' ? envelope.error_user_title : null;
    userMessage = typeof envelope.error_user_msg === 'string' ? envelope.error_user_msg : null;
  } else if (body && typeof body === 'object' && 'error_message' in body) {
    // api.instagram.com/oauth/access_token: no Graph envelope
    // (docs/product/meta-platform.md#error-envelope).
    const flat = body as { error_type?: unknown; error_message?: unknown };
    type = typeof flat.error_type === 'string' ? flat.error_type : null;
    message = typeof flat.error_message === 'string' ? flat.error_message : message;
    code = 100;
  }
  let kind = classify(code, subcode, httpStatus);
  // A transient flag on a token or permission error does not make it retryable.
  if (isTransient === true && kind === 'unknown') kind = 'transient';
  const www = headers.get('www-authenticate');
  if (www && /invalid_token/.test(www) && kind === 'unknown') kind = 'token_revoked';
  const permissionMatch = message.match(/requires? ([a-z_]+(?: or [a-z_]+)*)/i);
  return new MetaApiError({
    kind,
    httpStatus,
    code,
    subcode,
    type,
    message,
    fbtraceId,
    isTransient,
    userTitle,
    userMessage,
    retryAfterMs: kind === 'rate_limited' ? (retryAfterMs ?? DEFAULT_THROTTLE_WAIT_MS) : null,
    missingPermission:
      kind === 'permission_missing' && permissionMatch?.[1] && /_/.test(permissionMatch[1])
        ? permissionMatch[1]
        : null,
  });
}

/**
 * The catalogue code (docs/product/errors.md) for a Graph failure. Token and permission
 * problems are fixed by reconnecting (PLATFORM_TOKEN_ERROR); throttling is RATE_LIMIT_EXCEEDED;
 * outages are the platform services code; the rest answers with the use case's own code (sync,
 * connection, …).
 */
export function toAppError(
  error: unknown,
  fallback: ErrorCode = 'PLATFORM_SYNC_ERROR',
  context: Record<string, unknown> = {},
): AppError {
  if (error instanceof AppError) return error;
  if (!(error instanceof MetaApiError)) {
    return AppError.from('PLATFORM_SERVICES_ERROR', { cause: error, context });
  }
  const d = error.details;
  const technicalMessage = `${error.message}${d.fbtraceId ? ` (fbtrace_id ${d.fbtraceId})` : ''}`;
  const details = { metaKind: d.kind, metaCode: d.code, metaSubcode: d.subcode };
  const code: ErrorCode =
    d.kind === 'token_expired' || d.kind === 'token_revoked' || d.kind === 'permission_missing'
      ? 'PLATFORM_TOKEN_ERROR'
      : d.kind === 'rate_limited'
        ? 'RATE_LIMIT_EXCEEDED'
        : d.kind === 'transient'
          ? 'PLATFORM_SERVICES_ERROR'
          : fallback;
  return AppError.from(code, { technicalMessage, details, context, cause: error });
}
