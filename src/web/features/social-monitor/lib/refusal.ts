import { fieldErrorsOf } from '../../../lib/api-client.ts';
import { userMessageOf } from '../../../lib/errors.ts';

/**
 * The server's reason for refusing, as the person should read it: an inbox action is refused
 * with the catalogue's message of what was asked and, per field, why (docs/decisions/091); the
 * why is what helps, so it is shown when there is one.
 */
export function refusalText(error: unknown, field = 'text'): string {
  const fields = fieldErrorsOf(error);
  return fields[field] ?? Object.values(fields)[0] ?? userMessageOf(error);
}
