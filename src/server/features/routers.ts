import type { AppDeps } from '#server/platform/deps.ts';
import type { createRouter } from '#server/platform/http/openapi.ts';
import { createAiContentRoutes } from './ai-content/ai-content.routes.ts';
import { createCalendarRoutes } from './calendar/calendar.routes.ts';
import { createAccountRoutes } from './account/account.routes.ts';
import { createMfaRoutes } from './auth/mfa.routes.ts';
import { createProfileRoutes } from './profile/profile.routes.ts';
import { createSettingsRoutes } from './settings/settings.routes.ts';
import { createSubscriptionRoutes } from './subscription/subscription.routes.ts';
import { createStaffRoutes } from './staff/staff.routes.ts';
import { createAdminRoutes } from './admin/admin.routes.ts';
import { createMediaRoutes } from './media/media.routes.ts';
import { createPlatformsRoutes } from './platforms/platforms.routes.ts';
import { createPublishingRoutes } from './publishing/publishing.routes.ts';
import { createCalendarEventsRoutes, createPostsRoutes } from './posts/index.ts';

/**
 * Each area's router. Order matters once: the calendar's before the posts feature's adapters at
 * /api/calendar-events (DELETE …/feed is the calendar's, not an event id); other paths do not
 * overlap.
 */
export const featureRouters: Array<(deps: AppDeps) => ReturnType<typeof createRouter>> = [
  createProfileRoutes,
  createSettingsRoutes,
  createSubscriptionRoutes,
  createCalendarRoutes,
  createCalendarEventsRoutes,
  createPostsRoutes,
  createAccountRoutes,
  createMfaRoutes,
  createStaffRoutes,
  createAdminRoutes,
  createAiContentRoutes,
  createMediaRoutes,
  createPlatformsRoutes,
  createPublishingRoutes,
];
