import type { AppDeps } from '#server/platform/deps.ts';
import { createRouter } from '#server/platform/http/openapi.ts';
import { createContactsRoutes } from './contacts.routes.ts';
import { createContactsImportRoutes } from './contacts-import.routes.ts';
import { createCrmRoutes } from './crm.routes.ts';
import { createSegmentsRoutes } from './segments.routes.ts';

// The audience (docs/decisions/097-audience.md) as the app mounts it: the /api/audience routes of
// contacts and segments, and the pass that keeps contacts up to date from the inbox (the inbox
// sync calls it after each account's sync).

export { syncContacts, type ContactSyncReport } from './contacts-sync.ts';

/** Contacts and segments under /api/audience; their paths do not overlap. */
export function createAudienceRoutes(deps: AppDeps) {
  const router = createRouter();
  router.route('/', createContactsImportRoutes(deps));
  router.route('/', createContactsRoutes(deps));
  router.route('/', createSegmentsRoutes(deps));
  router.route('/', createCrmRoutes(deps));
  return router;
}
