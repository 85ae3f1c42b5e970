import { z } from 'zod';
import {
  aiContentQuerySchema,
  calendarEventSchema,
  calendarFeedSchema,
  listEventsQuerySchema,
  upcomingQuerySchema,
} from '#shared/contracts/calendar.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope } from '#server/platform/http/openapi.ts';
import { ok, okJson } from '#server/platform/http/respond.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as calendar from './calendar.service.ts';
import * as feeds from './calendar-feed.service.ts';

// The calendar's reads (docs/product/services.md#calendar-events: list, upcoming, single, AI
// content) and the private feed. A post is created, changed, scheduled, moved and deleted
// through /api/posts (posts/posts.routes.ts, docs/decisions/087).

const tags = ['Calendar'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const eventList = z.array(calendarEventSchema);

export function createCalendarRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/calendar-events', requireActor);
  router.use('/api/calendar-events/*', requireActor);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const tenantOf = (c: AppContext) => actorOf(c).tenantId;

  // Static paths first: /upcoming and /ai-content are not event ids.
  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/calendar-events/upcoming',
      summary: 'Events scheduled after now, soonest first',
      tags,
      request: { query: upcomingQuerySchema },
      responses: envelope(eventList),
    }),
    async (c) =>
      ok(c, await calendar.listUpcomingEvents(context(c), tenantOf(c), c.req.valid('query').limit)),
  );

  // The person's calendar subscription link (decision 070).
  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/calendar-events/feed',
      summary: 'Whether the private calendar subscription link is on',
      tags,
      responses: envelope(calendarFeedSchema),
    }),
    async (c) => ok(c, await feeds.getFeed(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/calendar-events/feed',
      summary: 'A new private calendar subscription link; the previous one stops working',
      tags,
      responses: envelope(calendarFeedSchema, 201),
    }),
    async (c) => ok(c, await feeds.createFeed(context(c)), 201),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/api/calendar-events/feed',
      summary: 'Turn the private calendar subscription link off',
      tags,
      responses: envelope(calendarFeedSchema),
    }),
    async (c) => {
      await feeds.deleteFeed(context(c));
      return ok(c, { active: false, created_at: null, url: null });
    },
  );

  // Outside the session: calendar apps fetch this with no cookie; the secret is the credential.
  router.get('/api/calendar-feeds/:tenantId/:memberId/:file', async (c) => {
    const { tenantId, memberId, file } = c.req.param();
    const body = await feeds.renderFeed(deps, {
      tenantId,
      memberId,
      secret: file.endsWith('.ics') ? file.slice(0, -4) : '',
      clientIp: c.get('clientIp'),
    });
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="soci-gen.ics"',
      'Cache-Control': 'private, max-age=300',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    });
  });

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/calendar-events/ai-content',
      summary: 'AI-generated content, by scheduled time',
      tags,
      request: { query: aiContentQuerySchema },
      responses: envelope(eventList),
    }),
    async (c) => ok(c, await calendar.listAiContent(context(c), tenantOf(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/calendar-events',
      summary: 'The calendar, filtered, by scheduled time',
      tags,
      request: { query: listEventsQuerySchema },
      responses: envelope(eventList),
    }),
    async (c) =>
      okJson(c, await calendar.listEventsJson(context(c), tenantOf(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/calendar-events/{id}',
      summary: 'One event',
      tags,
      request: { params: idParams },
      responses: envelope(calendarEventSchema),
    }),
    async (c) => ok(c, await calendar.getEvent(context(c), tenantOf(c), c.req.valid('param').id)),
  );

  return router;
}
