import type { AppDeps } from '#server/platform/deps.ts';
import { createRouter } from '#server/platform/http/openapi.ts';

export function createBillingRoutes(_deps: AppDeps) {
  return createRouter();
}
