import type { ZodError } from 'zod';
import { AppError } from '#shared/errors/index.ts';

// Refusing input, for services and routes alike: a VALIDATION_ERROR whose details name each
// field with its message (docs/product/entities.md#error-response).

/**
 * Zod issues become `{ field: message }`, first message per field, in the error envelope
 * (docs/product/entities.md#error-response).
 */
export function fieldErrorsFromZod(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= 'Unknown field';
      continue;
    }
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(
  fieldErrors: Record<string, string>,
  technicalMessage?: string,
): AppError {
  return AppError.from('VALIDATION_ERROR', {
    technicalMessage: technicalMessage ?? `Invalid input: ${Object.keys(fieldErrors).join(', ')}`,
    details: { fieldErrors },
  });
}
