import { z } from 'zod';
import type { ZodError } from 'zod';
import {
  postSchema,
  postsRoutes,
  reschedulePostInputSchema,
  savePostInputSchema,
  type SaveIntent,
  type SavePostInput,
} from '#shared/contracts/posts.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { respondWithError, validationHook } from '#server/platform/http/errors.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { deletePost } from './delete-post.ts';
import { refusalFromZod, withRefusalKind, type RefusalKind } from './post-refusal.ts';
import { getPost } from './read-post.ts';
import { reschedulePost } from './reschedule-post.ts';
import { savePost } from './save-post.ts';

// /api/posts: a post saved, read, moved and deleted, each in one request (docs/decisions/087).
// Every refusal of a save is one 400 VALIDATION_ERROR with the catalogue's message for what was
// asked ("Failed to save draft", "Failed to schedule content") and every field, account and rule
// at once (post-refusal.ts).

const tags = ['Posts'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

const kindOf = (intent: SaveIntent | undefined): RefusalKind =>
  intent === 'draft' || intent === 'cancel' ? 'draft' : 'schedule';

/** A body that does not parse is refused as a save is, under the message of what was asked. */
function saveBodyHook(
  result: { success: true } | { success: false; error: ZodError; data?: unknown; target?: string },
  c: AppContext,
) {
  if (result.success || result.target !== 'json') return validationHook(result, c);
  const intent = (result.data as { intent?: SaveIntent } | undefined)?.intent;
  return respondWithError(c, refusalFromZod(result.error, kindOf(intent)).record);
}

export function createPostsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(postsRoutes.posts, requireActor);
  router.use(`${postsRoutes.posts}/*`, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const save = (c: AppContext, body: SavePostInput, postId?: string) =>
    savePost(context(c), { postId, ...body }).catch((error: unknown) => {
      throw withRefusalKind(error, kindOf(body.intent));
    });

  router.openapi(
    createRoute({
      method: 'post',
      path: postsRoutes.posts,
      summary: 'A new post with its accounts, saved as a draft, scheduled or published now',
      tags,
      request: { body: jsonBody(savePostInputSchema) },
      responses: envelope(postSchema, 201),
    }),
    async (c) => ok(c, await save(c, c.req.valid('json')), 201),
    saveBodyHook as never,
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/posts/{id}',
      summary: 'One post with its deliveries',
      tags,
      request: { params: idParams },
      responses: envelope(postSchema),
    }),
    async (c) => ok(c, await getPost(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: '/api/posts/{id}',
      summary: 'Save a post: its fields, every account it goes to, and what to do with it',
      tags,
      request: { params: idParams, body: jsonBody(savePostInputSchema) },
      responses: envelope(postSchema),
    }),
    async (c) => ok(c, await save(c, c.req.valid('json'), c.req.valid('param').id)),
    saveBodyHook as never,
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/api/posts/{id}',
      summary: 'Remove a post and its deliveries',
      tags,
      request: { params: idParams },
      responses: envelope(z.object({ id: z.uuid() })),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await deletePost(context(c), id);
      return ok(c, { id });
    },
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/api/posts/{id}/schedule',
      summary:
        'Move a post to another time; its accounts stay, and a scheduled post is checked again',
      tags,
      request: { params: idParams, body: jsonBody(reschedulePostInputSchema) },
      responses: envelope(postSchema),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const post = await reschedulePost(context(c), id, c.req.valid('json').scheduled_for).catch(
        (error: unknown) => {
          throw withRefusalKind(error, 'schedule');
        },
      );
      return ok(c, post);
    },
  );

  return router;
}
