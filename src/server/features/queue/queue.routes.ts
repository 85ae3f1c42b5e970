import { z } from 'zod';
import type { ZodError } from 'zod';
import {
  accountQueueSchema,
  addToQueueInputSchema,
  addToQueueResultSchema,
  queueRoutes,
  queueSchema,
  reorderQueueInputSchema,
  updateSlotsInputSchema,
} from '#shared/contracts/queue.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { respondWithError, validationHook } from '#server/platform/http/errors.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { refusalFromZod } from '../posts/index.ts';
import { addToQueue } from './add-to-queue.ts';
import {
  moveToTop,
  pauseQueue,
  removeFromQueue,
  reorderQueue,
  resumeQueue,
  shuffleQueue,
} from './queue-moves.ts';
import { getQueue } from './queue.service.ts';
import { updateSlots } from './queue-slots.ts';

// /api/queue: the posting queue (docs/decisions/077). Adding a post is refused as scheduling is
// (one 400 "Failed to schedule content" with every field, docs/decisions/087); every change of
// an account's queue answers the account's queue as it is afterwards.

const tags = ['Queue'];
const uuid = z.uuid({ error: 'Not a valid id' });
const accountParams = z.object({ connectionId: uuid });
const postParams = z.object({ connectionId: uuid, postId: uuid });

/** A body of "Add to queue" that does not parse is refused as a schedule is. */
function addBodyHook(
  result: { success: true } | { success: false; error: ZodError; target?: string },
  c: AppContext,
) {
  if (result.success || result.target !== 'json') return validationHook(result, c);
  return respondWithError(c, refusalFromZod(result.error, 'schedule').record);
}

export function createQueueRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(queueRoutes.queue, requireActor);
  router.use(`${queueRoutes.queue}/*`, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: queueRoutes.queue,
      summary: "Every connected account's queue: posting times, queued posts, empty times",
      tags,
      responses: envelope(queueSchema),
    }),
    async (c) => ok(c, await getQueue(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: queueRoutes.posts,
      summary: "A post per account, each in its account's next free posting time",
      tags,
      request: { body: jsonBody(addToQueueInputSchema) },
      responses: envelope(addToQueueResultSchema, 201),
    }),
    async (c) => ok(c, await addToQueue(context(c), c.req.valid('json')), 201),
    addBodyHook as never,
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: queueRoutes.slots('{connectionId}'),
      summary: "Replace the account's posting times",
      tags,
      request: { params: accountParams, body: jsonBody(updateSlotsInputSchema) },
      responses: envelope(accountQueueSchema),
    }),
    async (c) =>
      ok(c, await updateSlots(context(c), c.req.valid('param').connectionId, c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: queueRoutes.order('{connectionId}'),
      summary: 'Reorder the queued posts over the same times',
      tags,
      request: { params: accountParams, body: jsonBody(reorderQueueInputSchema) },
      responses: envelope(accountQueueSchema),
    }),
    async (c) =>
      ok(
        c,
        await reorderQueue(
          context(c),
          c.req.valid('param').connectionId,
          c.req.valid('json').post_ids,
        ),
      ),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: queueRoutes.shuffle('{connectionId}'),
      summary: 'Shuffle the queued posts over the same times',
      tags,
      request: { params: accountParams },
      responses: envelope(accountQueueSchema),
    }),
    async (c) => ok(c, await shuffleQueue(context(c), c.req.valid('param').connectionId)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: queueRoutes.top('{connectionId}', '{postId}'),
      summary: 'Move a queued post to the top',
      tags,
      request: { params: postParams },
      responses: envelope(accountQueueSchema),
    }),
    async (c) =>
      ok(
        c,
        await moveToTop(context(c), c.req.valid('param').connectionId, c.req.valid('param').postId),
      ),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: queueRoutes.post('{connectionId}', '{postId}'),
      summary: 'Take a post out of the queue (kept as a draft); the later ones move up',
      tags,
      request: { params: postParams },
      responses: envelope(accountQueueSchema),
    }),
    async (c) =>
      ok(
        c,
        await removeFromQueue(
          context(c),
          c.req.valid('param').connectionId,
          c.req.valid('param').postId,
        ),
      ),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: queueRoutes.pause('{connectionId}'),
      summary: 'Pause the queue: its posts become drafts, in order',
      tags,
      request: { params: accountParams },
      responses: envelope(accountQueueSchema),
    }),
    async (c) => ok(c, await pauseQueue(context(c), c.req.valid('param').connectionId)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: queueRoutes.resume('{connectionId}'),
      summary: 'Resume the queue: its posts in the next free times',
      tags,
      request: { params: accountParams },
      responses: envelope(accountQueueSchema),
    }),
    async (c) => ok(c, await resumeQueue(context(c), c.req.valid('param').connectionId)),
  );

  return router;
}
