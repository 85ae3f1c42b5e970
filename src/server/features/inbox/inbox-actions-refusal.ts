import { AppError, ERROR_CATALOGUE } from '#shared/errors/index.ts';
import {
  classifyGraphError,
  graphCodes,
  REFUSAL_REASONS,
  type PlatformRefusal,
} from './inbox-actions-platform.ts';

// How an action of the social monitor is refused (docs/decisions/091): one AppError whose user
// message is the catalogue's for what was asked ("Failed to post your reply…", "Failed to send
// direct message.") and whose fieldErrors say why. What the person can fix (an empty or too long
// text, a closed window, a deleted comment, a second private reply) is a 400 VALIDATION_ERROR,
// checked before the platform is asked — and the same when the platform itself says so; what the
// platform refused otherwise keeps the catalogue's own code (502, retryable).

export type ActionErrorCode =
  'COMMENT_REPLY_ERROR' | 'COMMENT_ACTION_ERROR' | 'DIRECT_MESSAGE_ERROR';

export function refuse(code: ActionErrorCode, field: string, reason: string): AppError {
  return AppError.from('VALIDATION_ERROR', {
    userMessage: ERROR_CATALOGUE[code].userMessage,
    technicalMessage: `inbox action refused (${code}): ${field}: ${reason}`,
    details: { fieldErrors: { [field]: reason }, reason, actionCode: code },
  });
}

/** What the platform says about the person or comment, refused as the checks refuse. */
const PERSON_CAN_SEE: ReadonlySet<PlatformRefusal> = new Set([
  'window',
  'private-reply-sent',
  'unavailable',
  'messages-off',
]);

/** The refusal of a failed platform call: the reason in the person's words. */
export function platformRefusal(code: ActionErrorCode, field: string, error: unknown): AppError {
  const kind = classifyGraphError(error);
  const reason = REFUSAL_REASONS[kind];
  if (PERSON_CAN_SEE.has(kind)) return refuse(code, field, reason);
  const { code: graphCode, subcode } = graphCodes(error);
  const retryAfterMs = (error as { details?: { retryAfterMs?: unknown } } | null)?.details
    ?.retryAfterMs;
  return AppError.from(code, {
    technicalMessage: `inbox platform call failed (${graphCode ?? '-'}/${subcode ?? '-'}): ${
      error instanceof Error ? error.message : String(error)
    }`,
    cause: error,
    details: {
      fieldErrors: { [field]: reason },
      reason,
      ...(kind === 'rate-limited' && typeof retryAfterMs === 'number'
        ? { retryAfterSeconds: Math.ceil(retryAfterMs / 1000) }
        : {}),
    },
  });
}
