import { z } from 'zod';
import {
  EXPORT_TABLES,
  analyticsQuerySchema,
  reportInputSchema,
  reportPatchSchema,
  topPostsQuerySchema,
} from '#shared/contracts/analytics.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok, type RouteResponse } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as analytics from './analytics.service.ts';
import { postSamplesCsv } from './csv.ts';
import * as reports from './reports.service.ts';

// /api/analytics (docs/decisions/092): the figures of src/shared/contracts/analytics.contract.ts,
// their CSV exports, "Sync now", the scheduled reports and the home page's figures. Every member
// reads; reports are changed by owner and manager (manage:analytics).

export const ANALYTICS_API = '/api/analytics';
const tags = ['Analytics'];
const uuid = z.uuid({ error: 'Not a valid id' });
const idParams = z.object({ id: uuid });
const data = z.any() as unknown as z.ZodType<unknown>;
const accountQuery = z.strictObject({
  account: z.union([z.literal('all'), uuid]).default('all'),
});
const syncInput = z.strictObject({ account: z.union([z.literal('all'), uuid]).default('all') });
const slotsQuery = z.strictObject({ platform: z.enum(['instagram', 'facebook']) });
const tableParams = z.object({ table: z.enum(EXPORT_TABLES) });

function csvResponse(c: AppContext, body: string, fileName: string): RouteResponse {
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
  }) as RouteResponse;
}

export function createAnalyticsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(ANALYTICS_API, requireActor);
  router.use(`${ANALYTICS_API}/*`, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const path = (p: string) => `${ANALYTICS_API}${p}`;
  /** A GET route of this area; its request's schemas keep their types for the handler. */
  const get = <R extends Parameters<typeof createRoute>[0]['request']>(
    p: string,
    summary: string,
    request: R,
  ) =>
    createRoute({
      method: 'get',
      path: path(p),
      summary,
      tags,
      request: request as NonNullable<R>,
      responses: envelope(data),
    });

  router.openapi(
    get('/overview', 'Cards and series of a period, compared with the one before', {
      query: analyticsQuerySchema,
    }),
    async (c) => ok(c, await analytics.overview(context(c), c.req.valid('query'))),
  );
  router.openapi(
    get('/posts', 'Posts published in a period with their latest figures, sorted and paged', {
      query: topPostsQuerySchema,
    }),
    async (c) => ok(c, await analytics.topPosts(context(c), c.req.valid('query'))),
  );
  router.openapi(
    get('/posts/{id}', 'One post’s figures over time since it was published', {
      params: idParams,
    }),
    async (c) => ok(c, await analytics.postDrillDown(context(c), c.req.valid('param').id)),
  );
  router.openapi(
    get('/posts/{id}/export', 'One post’s figures over time as CSV', { params: idParams }),
    async (c) => {
      const { id } = c.req.valid('param');
      const drill = await analytics.postDrillDown(context(c), id);
      return csvResponse(c, postSamplesCsv(drill), `analytics-post-${drill.post.externalId}.csv`);
    },
  );
  router.openapi(
    get('/demographics', 'Audience demographics of the accounts', { query: accountQuery }),
    async (c) => ok(c, await analytics.demographics(context(c), c.req.valid('query'))),
  );
  router.openapi(
    get('/best-times', 'When followers are online and how posts did, by weekday and hour', {
      query: accountQuery,
    }),
    async (c) => ok(c, await analytics.bestTimes(context(c), c.req.valid('query'))),
  );
  router.openapi(
    get('/best-slots', 'Three suggested times to post on a platform', { query: slotsQuery }),
    async (c) => ok(c, await analytics.suggestions(context(c), c.req.valid('query').platform)),
  );
  router.openapi(get('/kpis', 'The home page’s figures', {}), async (c) =>
    ok(c, await analytics.homeKpis(context(c))),
  );
  router.openapi(
    get('/export/{table}', 'A table of the page as CSV', {
      params: tableParams,
      query: topPostsQuerySchema,
    }),
    async (c) => {
      const { table } = c.req.valid('param');
      const query = c.req.valid('query');
      const out = await analytics.exportCsv(context(c), table, query);
      return csvResponse(c, out.body, out.fileName);
    },
  );
  router.openapi(
    createRoute({
      method: 'post',
      path: path('/sync'),
      summary: 'Sync now: queue the accounts’ insights sync',
      tags,
      request: { body: jsonBody(syncInput) },
      responses: envelope(data, 202),
    }),
    async (c) => ok(c, await analytics.syncNow(context(c), c.req.valid('json').account), 202),
  );

  router.openapi(get('/reports', 'Scheduled e-mail reports', {}), async (c) =>
    ok(c, await reports.listReports(context(c))),
  );
  router.openapi(
    createRoute({
      method: 'post',
      path: path('/reports'),
      summary: 'Schedule an e-mail report',
      tags,
      request: { body: jsonBody(reportInputSchema) },
      responses: envelope(data, 201),
    }),
    async (c) => ok(c, await reports.createReport(context(c), c.req.valid('json')), 201),
  );
  router.openapi(
    createRoute({
      method: 'patch',
      path: path('/reports/{id}'),
      summary: 'Change a scheduled report',
      tags,
      request: { params: idParams, body: jsonBody(reportPatchSchema) },
      responses: envelope(data),
    }),
    async (c) =>
      ok(c, await reports.updateReport(context(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  router.openapi(
    createRoute({
      method: 'delete',
      path: path('/reports/{id}'),
      summary: 'Delete a scheduled report',
      tags,
      request: { params: idParams },
      responses: envelope(data),
    }),
    async (c) => ok(c, await reports.deleteReport(context(c), c.req.valid('param').id)),
  );
  router.openapi(
    createRoute({
      method: 'post',
      path: path('/reports/{id}/send'),
      summary: 'Send a report now, for the current period',
      tags,
      request: { params: idParams },
      responses: envelope(data, 202),
    }),
    async (c) => ok(c, await reports.sendReportNow(context(c), c.req.valid('param').id), 202),
  );
  return router;
}
