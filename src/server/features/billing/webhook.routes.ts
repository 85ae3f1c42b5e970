import type { AppDeps } from '#server/platform/deps.ts';
import { createRouter } from '#server/platform/http/openapi.ts';

export function createBillingWebhookRoutes(_deps: AppDeps) {
  return createRouter();
}
