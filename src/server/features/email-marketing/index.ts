import type { AppDeps } from '#server/platform/deps.ts';
import { createRouter } from '#server/platform/http/openapi.ts';
import { createEmailMarketingRoutes } from './email-marketing.routes.ts';
import { createEmailPublicRoutes } from './public.routes.ts';

// The e-mail marketing add-on (docs/decisions/100) as the app mounts it: the /api/audience/emails
// and /api/audience/suppressions routes, the pages of a message's links under /email, and the
// sending job.

export { registerEmailMarketingJobs } from './sending.jobs.ts';
export { forgetContactInRecipients } from './campaigns.repository.ts';

/** The API routes and the public pages; their paths overlap neither each other nor others'. */
export function createEmailMarketingAreaRoutes(deps: AppDeps) {
  const router = createRouter();
  router.route('/', createEmailMarketingRoutes(deps));
  router.route('/', createEmailPublicRoutes(deps));
  return router;
}
