import type { AppDeps } from '#server/platform/deps.ts';
import type { createRouter } from '#server/platform/http/openapi.ts';

/** Each area's router. Order does not matter: paths do not overlap. */
export const featureRouters: Array<(deps: AppDeps) => ReturnType<typeof createRouter>> = [];
