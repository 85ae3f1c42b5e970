import { z } from 'zod';
import {
  calendarEventSchema,
  createEventInputSchema,
  scheduleEventInputSchema,
  updateEventInputSchema,
} from '#shared/contracts/calendar.contract.ts';
import { deliverySchema } from '#shared/contracts/posts.contract.ts';
import {
  publishingStateSchema,
  setTargetsInputSchema,
} from '#shared/contracts/publishing.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as calendar from './calendar-adapters.ts';
import * as targets from './targets-adapters.ts';

// The calendar's mutation endpoints and the composer's earlier calls, at the paths the current
// web client uses: adapters over the posts use case (calendar-adapters.ts, targets-adapters.ts).
// Kept for the web until it saves and reads through /api/posts (docs/decisions/087); then
// POST/PATCH/DELETE /api/calendar-events…, PUT …/targets, …/publish-now and …/platform-posts go.
// The calendar's reads stay in features/calendar. Registered after the calendar's router:
// DELETE /api/calendar-events/feed is the calendar's, not an event id.

const calendarTags = ['Calendar'];
const publishingTags = ['Publishing'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

export function createCalendarEventsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/calendar-events', requireActor);
  router.use('/api/calendar-events/*', requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const tenantOf = (c: AppContext) => actorOf(c).tenantId;

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/calendar-events',
      summary: 'Add an event to the calendar (kept for the web: POST /api/posts)',
      tags: calendarTags,
      request: { body: jsonBody(createEventInputSchema) },
      responses: envelope(calendarEventSchema, 201),
    }),
    async (c) =>
      ok(
        c,
        await calendar.createEvent(context(c), { ...c.req.valid('json'), user_id: tenantOf(c) }),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/api/calendar-events/{id}',
      summary: 'Change an event (kept for the web: PUT /api/posts/{id})',
      tags: calendarTags,
      request: { params: idParams, body: jsonBody(updateEventInputSchema) },
      responses: envelope(calendarEventSchema),
    }),
    async (c) =>
      ok(
        c,
        await calendar.updateEvent(
          context(c),
          tenantOf(c),
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
      ),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/api/calendar-events/{id}',
      summary: 'Remove an event (kept for the web: DELETE /api/posts/{id})',
      tags: calendarTags,
      request: { params: idParams },
      responses: envelope(z.object({ id: z.uuid() })),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await calendar.deleteEvent(context(c), tenantOf(c), id);
      return ok(c, { id });
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/calendar-events/{id}/schedule',
      summary: 'Schedule an event for publishing at a time in the future (kept for the web)',
      tags: calendarTags,
      request: { params: idParams, body: jsonBody(scheduleEventInputSchema) },
      responses: envelope(calendarEventSchema),
    }),
    async (c) =>
      ok(
        c,
        await calendar.scheduleEvent(
          context(c),
          tenantOf(c),
          c.req.valid('param').id,
          c.req.valid('json').scheduled_for,
        ),
      ),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/calendar-events/{id}/platform-posts',
      summary:
        "An event's deliveries by platform, with the reason of any failure (kept for the web)",
      tags: calendarTags,
      request: { params: idParams },
      responses: envelope(z.array(deliverySchema)),
    }),
    async (c) =>
      ok(c, await targets.listPlatformPosts(context(c), tenantOf(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/calendar-events/{id}/targets',
      summary: 'The accounts an event goes to, with each delivery’s state (kept for the web)',
      tags: publishingTags,
      request: { params: idParams },
      responses: envelope(publishingStateSchema),
    }),
    async (c) => ok(c, await targets.getTargets(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: '/api/calendar-events/{id}/targets',
      summary: 'Choose the accounts of an event; checked before storing (kept for the web)',
      tags: publishingTags,
      request: { params: idParams, body: jsonBody(setTargetsInputSchema) },
      responses: envelope(publishingStateSchema),
    }),
    async (c) =>
      ok(c, await targets.setTargets(context(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/calendar-events/{id}/publish-now',
      summary: 'Publish every target that is not out yet, now (kept for the web)',
      tags: publishingTags,
      request: { params: idParams },
      responses: envelope(publishingStateSchema),
    }),
    async (c) => ok(c, await targets.publishNow(context(c), c.req.valid('param').id)),
  );

  return router;
}
