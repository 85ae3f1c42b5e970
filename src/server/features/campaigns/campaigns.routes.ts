import { z } from 'zod';
import {
  addCampaignPostInputSchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignResultSchema,
  campaignSchema,
  campaignsRoutes,
  createCampaignInputSchema,
  launchCheckSchema,
  launchInputSchema,
  planCampaignInputSchema,
  updateCampaignInputSchema,
  updateCampaignPostInputSchema,
  versionQuerySchema,
} from '#shared/contracts/campaigns.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok, type RouteResponse } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { exportPlanCsv } from './csv.ts';
import { createCampaign, getCampaign, listCampaigns, updateCampaign } from './drafts.ts';
import {
  cancelCampaign,
  checkCampaign,
  duplicateCampaign,
  launchDraft,
  pauseCampaign,
  resumeCampaign,
} from './lifecycle.ts';
import {
  addPlanPost,
  editPlanPost,
  planDraft,
  regeneratePlanPost,
  removePlanPost,
} from './plan-ops.ts';

// /api/campaigns (docs/product/screens.md#campaigns): the list, the wizard's draft saved at every
// step, its plan of posts, the launch gate and launch, pause, resume, cancel, duplicate, and the
// plan as CSV. Every member reads; changing needs the rights of changing posts, launching and
// what follows the rights of scheduling them. Every change names the version it was made on.

const tags = ['Campaigns'];
const uuid = z.uuid({ error: 'Not a valid id' });
const idParams = z.object({ id: uuid });
const postParams = z.object({ id: uuid, key: z.string().min(1).max(64) });

/** OpenAPI paths ({id}) as the contract writes them. */
const routes = campaignsRoutes;

export function createCampaignsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(routes.list, requireActor);
  router.use(`${routes.list}/*`, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: routes.list,
      summary: "The business's campaigns, by status and words, a page at a time",
      tags,
      request: { query: campaignListQuerySchema },
      responses: envelope(campaignListSchema),
    }),
    async (c) => ok(c, await listCampaigns(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: routes.list,
      summary: 'A new campaign draft, from the first step',
      tags,
      request: { body: jsonBody(createCampaignInputSchema) },
      responses: envelope(campaignSchema, 201),
    }),
    async (c) => ok(c, await createCampaign(context(c), c.req.valid('json')), 201),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: routes.campaign,
      summary: 'A campaign with its planned posts and progress',
      tags,
      request: { params: idParams },
      responses: envelope(campaignSchema),
    }),
    async (c) => ok(c, await getCampaign(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: routes.campaign,
      summary: "A step's fields, on the version they were made on",
      tags,
      request: { params: idParams, body: jsonBody(updateCampaignInputSchema) },
      responses: envelope(campaignSchema),
    }),
    async (c) =>
      ok(c, await updateCampaign(context(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: routes.plan,
      summary: 'Plan every post from the brief and cadence (replaces the plan)',
      tags,
      request: { params: idParams, body: jsonBody(planCampaignInputSchema) },
      responses: envelope(campaignResultSchema),
    }),
    async (c) => ok(c, await planDraft(context(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: routes.posts,
      summary: 'Add a post to the plan by hand',
      tags,
      request: { params: idParams, body: jsonBody(addCampaignPostInputSchema) },
      responses: envelope(campaignResultSchema, 201),
    }),
    async (c) =>
      ok(c, await addPlanPost(context(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: routes.post,
      summary: 'Change one planned post',
      tags,
      request: { params: postParams, body: jsonBody(updateCampaignPostInputSchema) },
      responses: envelope(campaignResultSchema),
    }),
    async (c) => {
      const { id, key } = c.req.valid('param');
      return ok(c, await editPlanPost(context(c), id, key, c.req.valid('json')));
    },
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: routes.post,
      summary: 'Take one post out of the plan',
      tags,
      request: { params: postParams, query: versionQuerySchema },
      responses: envelope(campaignResultSchema),
    }),
    async (c) => {
      const { id, key } = c.req.valid('param');
      return ok(c, await removePlanPost(context(c), id, key, c.req.valid('query')));
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: routes.regenerate,
      summary: "Write one planned post's caption again",
      tags,
      request: { params: postParams, query: versionQuerySchema },
      responses: envelope(campaignResultSchema),
    }),
    async (c) => {
      const { id, key } = c.req.valid('param');
      return ok(c, await regeneratePlanPost(context(c), id, key, c.req.valid('query')));
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: routes.check,
      summary: 'The launch gate, without launching: every problem and where to fix it',
      tags,
      request: { params: idParams },
      responses: envelope(launchCheckSchema),
    }),
    async (c) => ok(c, await checkCampaign(context(c), c.req.valid('param').id)),
  );

  const lifecycle = [
    [routes.launch, 'Schedule every planned post on the calendar, or none', launchDraft],
    [routes.pause, 'Pause: the posts not yet published go back to draft', pauseCampaign],
    [
      routes.resume,
      'Resume: the posts still ahead are checked and scheduled again',
      resumeCampaign,
    ],
    [routes.cancel, 'Cancel every post not yet published', cancelCampaign],
  ] as const;
  for (const [path, summary, action] of lifecycle) {
    router.openapi(
      createRoute({
        method: 'post',
        path,
        summary,
        tags,
        request: { params: idParams, body: jsonBody(launchInputSchema) },
        responses: envelope(campaignSchema),
      }),
      async (c) => ok(c, await action(context(c), c.req.valid('param').id, c.req.valid('json'))),
    );
  }

  router.openapi(
    createRoute({
      method: 'post',
      path: routes.duplicate,
      summary: 'A new draft with the same brief, cadence and plan',
      tags,
      request: { params: idParams },
      responses: envelope(campaignSchema, 201),
    }),
    async (c) => ok(c, await duplicateCampaign(context(c), c.req.valid('param').id), 201),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: routes.csv,
      summary: 'The plan as CSV',
      tags,
      request: { params: idParams },
      responses: {
        200: {
          description: 'The plan, one row per post (RFC 4180)',
          content: { 'text/csv': { schema: z.string() } },
        },
        default: envelope(z.null()).default,
      },
    }),
    async (c) => {
      const out = await exportPlanCsv(context(c), c.req.valid('param').id);
      return c.body(out.body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${out.fileName}"`,
        'Cache-Control': 'no-store',
      }) as RouteResponse;
    },
  );

  return router;
}
