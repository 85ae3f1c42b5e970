import { z } from 'zod';
import {
  coversQuerySchema,
  eventCampaignSchema,
  eventCoverSchema,
  ideaPostSchema,
  plannedPostSchema,
  plannedQuerySchema,
  planningRoutes,
} from '#shared/contracts/planning.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as planning from './planning.service.ts';

// The calendar's planning reads (docs/decisions/078). Mounted before the calendar's own router:
// these static paths must be matched before /api/calendar-events/{id}.

const tags = ['Calendar'];

export function createPlanningRoutes(deps: AppDeps) {
  const router = createRouter();
  for (const path of Object.values(planningRoutes)) router.use(path, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const tenantOf = (c: AppContext) => actorOf(c).tenantId;

  router.openapi(
    createRoute({
      method: 'get',
      path: planningRoutes.planned,
      summary: "An Instagram account's planned posts (drafts and scheduled, dated), latest first",
      tags,
      request: { query: plannedQuerySchema },
      responses: envelope(z.array(plannedPostSchema)),
    }),
    async (c) => ok(c, await planning.listPlanned(context(c), tenantOf(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: planningRoutes.ideas,
      summary: 'Drafts without a date, most recently changed first',
      tags,
      responses: envelope(z.array(ideaPostSchema)),
    }),
    async (c) => ok(c, await planning.listIdeas(context(c), tenantOf(c))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: planningRoutes.covers,
      summary: 'The first medium of each post scheduled in a range',
      tags,
      request: { query: coversQuerySchema },
      responses: envelope(z.array(eventCoverSchema)),
    }),
    async (c) => ok(c, await planning.listCovers(context(c), tenantOf(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: planningRoutes.campaigns,
      summary: 'The campaign of each post scheduled in a range',
      tags,
      request: { query: coversQuerySchema },
      responses: envelope(z.array(eventCampaignSchema)),
    }),
    async (c) =>
      ok(c, await planning.listEventCampaigns(context(c), tenantOf(c), c.req.valid('query'))),
  );

  return router;
}
