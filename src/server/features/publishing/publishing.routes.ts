import { z } from 'zod';
import {
  accountQuotaSchema,
  publishingRoutes,
  publishingStateSchema,
  setTargetsInputSchema,
} from '#shared/contracts/publishing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { fileRequest, storedFileResponse } from '#server/platform/http/stored-file.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { openPublicMedia, PUBLIC_MEDIA_PATH } from './media-urls.ts';
import { liveStatusHub } from './live-stream.ts';
import { listQuotas } from './quota.service.ts';
import * as targets from './targets.service.ts';

const tags = ['Publishing'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

export function createPublishingRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/calendar-events/:id/targets', requireActor);
  router.use('/api/calendar-events/:id/publish-now', requireActor);
  router.use(publishingRoutes.quota, requireActor);
  router.use(publishingRoutes.live, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/calendar-events/{id}/targets',
      summary: 'The accounts an event goes to, with each delivery’s state',
      tags,
      request: { params: idParams },
      responses: envelope(publishingStateSchema),
    }),
    async (c) => ok(c, await targets.getTargets(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: '/api/calendar-events/{id}/targets',
      summary: 'Choose the accounts (format, media, first comment each); checked before storing',
      tags,
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
      summary: 'Publish every target that is not out yet, now',
      tags,
      request: { params: idParams },
      responses: envelope(publishingStateSchema),
    }),
    async (c) => ok(c, await targets.publishNow(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: publishingRoutes.quota,
      summary: 'What each connected account may still publish in the 24-hour window, read now',
      tags,
      responses: envelope(z.array(accountQuotaSchema)),
    }),
    async (c) => ok(c, await listQuotas(context(c))),
  );

  // Server-sent events: each status change of the active business's posts (decision 081).
  // Refusals (401, 403, 429) answer in the error envelope before the stream starts.
  router.get(publishingRoutes.live, (c) => liveStatusHub(deps).open(c, actorOf(c)));

  // The capability URL the platform fetches a post's media from (docs/decisions/080).
  router.get(`${PUBLIC_MEDIA_PATH}/:token/:file`, async (c) => {
    // The grant is checked before the range is looked at: a bad token gets 404, never 416.
    const found = await openPublicMedia(deps, c.req.param('token'), Date.now(), fileRequest(c));
    if (!found) throw AppError.from('NOT_FOUND', { technicalMessage: 'No such media grant' });
    return storedFileResponse(c, found.file, {
      contentType: found.contentType,
      cacheControl: 'private, max-age=3600',
    });
  });

  return router;
}
