import type { ZodError } from 'zod';
import type { TargetProblem } from '#shared/contracts/posts.contract.ts';
import { AppError, ERROR_CATALOGUE, isAppError } from '#shared/errors/index.ts';
import { fieldErrorsFromZod } from '#server/platform/validation.ts';

// How a save is refused (docs/product/screens.md#publishing: "refused with the field and the
// reason at once"). One AppError, VALIDATION_ERROR (400: bad input is never the catalogue's 500
// CONTENT_SCHEDULE_ERROR), whose user message is the catalogue's for what was asked ("Failed to
// schedule content", "Failed to save draft"), with details.fieldErrors (one message per field,
// the account named first: what the envelope carries) and details.problems (every broken rule
// with its field, account and rule, docs/decisions/080).

export const SCHEDULE_FAILED = ERROR_CATALOGUE.CONTENT_SCHEDULE_ERROR.userMessage;
export const DRAFT_FAILED = ERROR_CATALOGUE.CONTENT_DRAFT_SAVE_ERROR.userMessage;

/** Which catalogue message a refusal carries: a draft's, or that of anything scheduled or sent. */
export type RefusalKind = 'draft' | 'schedule';

/**
 * fields: the post's own fields (title, time, type), checked before anything else; targets: the
 * accounts, their files and each platform's rules.
 */
type Stage = 'fields' | 'targets';

export function problem(field: string, rule: string, message: string): TargetProblem {
  return { field, connection_id: null, account: null, rule, message };
}

export function refusal(problems: TargetProblem[], kind: RefusalKind, stage: Stage): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const p of problems) {
    fieldErrors[p.field] ??= p.account ? `${p.account}: ${p.message}` : p.message;
  }
  const schedule = kind === 'schedule';
  return AppError.from('VALIDATION_ERROR', {
    userMessage: schedule ? SCHEDULE_FAILED : DRAFT_FAILED,
    technicalMessage: `Post refused: ${problems.map((p) => `${p.field} ${p.rule}`).join(', ')}`,
    details: {
      fieldErrors,
      problems,
      scheduleCode: schedule ? 'CONTENT_SCHEDULE_ERROR' : 'CONTENT_DRAFT_SAVE_ERROR',
      stage,
    },
  });
}

/**
 * A body that does not parse, refused the same way (one problem per field). The post's own
 * fields are named as the rules name them (`title`, not `post.title`), so a client reads every
 * refusal of a field the same way.
 */
export function refusalFromZod(error: ZodError, kind: RefusalKind): AppError {
  const problems = Object.entries(fieldErrorsFromZod(error)).map(([field, message]) =>
    problem(field.replace(/^post\./, ''), 'invalid', message),
  );
  return refusal(problems, kind, 'fields');
}

function refusalDetails(error: unknown) {
  if (!isAppError(error) || error.record.code !== 'VALIDATION_ERROR') return null;
  const details = error.record.details as
    { fieldErrors?: Record<string, string>; problems?: TargetProblem[]; stage?: Stage } | undefined;
  return details?.problems && details.fieldErrors && details.stage ? details : null;
}

/** The broken rules of a save's refusal; null for any other error. */
export function refusalProblems(error: unknown): TargetProblem[] | null {
  return refusalDetails(error)?.problems ?? null;
}

/** The same refusal with the message of what the person asked for (the one-request save). */
export function withRefusalKind(error: unknown, kind: RefusalKind): unknown {
  const details = refusalDetails(error);
  return details ? refusal(details.problems!, kind, details.stage!) : error;
}
