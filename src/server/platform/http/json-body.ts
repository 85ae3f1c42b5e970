import type { Context } from 'hono';
import { AppError } from '#shared/errors/index.ts';
import { validationError } from '#server/platform/validation.ts';

/**
 * The JSON body of a route that is not declared through OpenAPI (the streaming answers): another
 * content type is UNSUPPORTED_MEDIA_TYPE and unparsable JSON a VALIDATION_ERROR, never a 500.
 * `what` names the route in the technical message.
 */
export async function readJsonBody(c: Context, what: string): Promise<unknown> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
    throw AppError.from('UNSUPPORTED_MEDIA_TYPE', { technicalMessage: `${what} takes JSON` });
  }
  try {
    return await c.req.json();
  } catch (cause) {
    throw validationError({ _: 'Malformed JSON' }, `Malformed JSON: ${String(cause)}`);
  }
}
