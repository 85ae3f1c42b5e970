import type { AppDeps } from '#server/platform/deps.ts';
import type { createRouter } from '#server/platform/http/openapi.ts';
import { createCalendarRoutes } from './calendar/calendar.routes.ts';
import { createProfileRoutes } from './profile/profile.routes.ts';
import { createSettingsRoutes } from './settings/settings.routes.ts';
import { createSubscriptionRoutes } from './subscription/subscription.routes.ts';

/** Each area's router. Order does not matter: paths do not overlap. */
export const featureRouters: Array<(deps: AppDeps) => ReturnType<typeof createRouter>> = [
  createProfileRoutes,
  createSettingsRoutes,
  createSubscriptionRoutes,
  createCalendarRoutes,
];
