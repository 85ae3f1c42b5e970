import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';

/**
 * Puts the server's per-field messages under the matching fields and returns the message for the
 * form's alert: the catalogue's user message when the error is not about the visible fields
 * (wrong credentials, rate limit, network), null when the fields already say everything.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const fieldErrors = fieldErrorsOf(error);
  let unmatched = false;
  let matched = false;
  for (const [name, message] of Object.entries(fieldErrors)) {
    const field = fields.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: !matched });
      matched = true;
    } else {
      unmatched = true;
    }
  }
  return matched && !unmatched ? null : userMessageOf(error);
}
