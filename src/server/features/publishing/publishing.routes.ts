import { z } from 'zod';
import { accountQuotaSchema, publishingRoutes } from '#shared/contracts/publishing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { fileRequest, storedFileResponse } from '#server/platform/http/stored-file.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { openPublicMedia, PUBLIC_MEDIA_PATH } from './media-urls.ts';
import { liveStatusHub } from './live-stream.ts';
import { listQuotas } from './quota.service.ts';

// The publishing area's own endpoints: each account's 24-hour quota, the live status stream and
// the media addresses the platforms fetch. Choosing accounts and publishing now are saves of the
// posts feature (docs/decisions/087).

const tags = ['Publishing'];

export function createPublishingRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(publishingRoutes.quota, requireActor);
  router.use(publishingRoutes.live, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

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
