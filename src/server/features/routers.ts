import type { AppDeps } from '#server/platform/deps.ts';
import type { createRouter } from '#server/platform/http/openapi.ts';
import { createAiContentRoutes } from './ai-content/ai-content.routes.ts';
import { createCalendarRoutes } from './calendar/calendar.routes.ts';
import { createPlanningRoutes } from './calendar/planning.routes.ts';
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
import { createPostsRoutes } from './posts/index.ts';
import { createQueueRoutes } from './queue/queue.routes.ts';
import { createInboxRoutes } from './inbox/index.ts';
import { createAnalyticsRoutes } from './analytics/index.ts';
import { createBillingRoutes } from './billing/index.ts';
import { createCampaignsRoutes } from './campaigns/index.ts';
import { createAudienceRoutes } from './audience/index.ts';
import { createEmailMarketingAreaRoutes } from './email-marketing/index.ts';
import { createEngineRoomRoutes } from './engine-room/index.ts';

/** Each area's router; their paths do not overlap. */
export const featureRouters: Array<(deps: AppDeps) => ReturnType<typeof createRouter>> = [
  createProfileRoutes,
  createSettingsRoutes,
  createSubscriptionRoutes,
  // Before the calendar's: /api/calendar-events/planned, …/ideas and …/covers are not event ids.
  createPlanningRoutes,
  createCalendarRoutes,
  createPostsRoutes,
  createQueueRoutes,
  createAccountRoutes,
  createMfaRoutes,
  createStaffRoutes,
  createAdminRoutes,
  createAiContentRoutes,
  createMediaRoutes,
  createPlatformsRoutes,
  createPublishingRoutes,
  createInboxRoutes,
  createAnalyticsRoutes,
  createBillingRoutes,
  createCampaignsRoutes,
  createAudienceRoutes,
  createEmailMarketingAreaRoutes,
  createEngineRoomRoutes,
];
