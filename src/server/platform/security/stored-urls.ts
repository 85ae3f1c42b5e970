import { HTTPS_REQUIRED_MESSAGE, isLoopbackHttpUrl } from '#shared/contracts/urls.ts';
import type { Env } from '../env.ts';
import { validationError } from '../validation.ts';

/**
 * The shared schemas take http for this machine's own names, for a developer's local server; in
 * production an address stored for every visitor to load is https only (docs/security.md).
 */
export function requireHttpsInProduction(
  env: Env,
  fields: Record<string, string | null | undefined>,
): void {
  if (env.NODE_ENV !== 'production') return;
  const refused = Object.entries(fields).filter(
    (entry): entry is [string, string] =>
      typeof entry[1] === 'string' && isLoopbackHttpUrl(entry[1]),
  );
  if (refused.length > 0) {
    throw validationError(
      Object.fromEntries(refused.map(([key]) => [key, HTTPS_REQUIRED_MESSAGE])),
    );
  }
}
