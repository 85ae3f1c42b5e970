import { z } from 'zod';
import {
  aiStatusSchema,
  generateInputSchema,
  generationSchema,
  historyPageSchema,
  historyQuerySchema,
  saveVariantInputSchema,
  saveVariantResultSchema,
  type StreamEvent,
} from '#shared/contracts/ai-content.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as ai from './ai-content.service.ts';
import { readJsonBody } from '#server/platform/http/json-body.ts';

const tags = ['AI content'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const variantParams = idParams.extend({
  index: z.coerce.number().int().min(0).max(10),
});

export function createAiContentRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/ai-content/*', requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/ai-content/status',
      summary: 'The active AI provider and this month’s generation allowance',
      tags,
      responses: envelope(aiStatusSchema),
    }),
    async (c) => ok(c, await ai.getStatus(context(c))),
  );

  // The streaming answer: NDJSON, one StreamEvent per line. Problems found before anything is
  // counted (input, plan, allowance, permission) still answer in the error envelope with their
  // status, because the response only starts with the `start` event.
  router.post('/api/ai-content/generations/stream', async (c) => {
    const ctx = context(c);
    const body = await readJsonBody(c, 'The streaming generation route');

    const abort = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => abort.abort(), { once: true });
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));

    const emit = async (event: StreamEvent) => {
      if (event.type === 'start') markStarted();
      if (abort.signal.aborted) return;
      try {
        await writer.write(encoder.encode(`${JSON.stringify(event)}\n`));
      } catch {
        // The browser stopped reading: the service winds down and keeps what it delivered.
        abort.abort();
      }
    };
    const running = ai.generate(ctx, body as never, {
      streaming: true,
      signal: abort.signal,
      emit,
    });
    running.then(
      () => writer.close().catch(() => {}),
      (error: unknown) => {
        deps.logger.error({ err: error }, 'AI stream ended with an error');
        writer.abort(error).catch(() => {});
      },
    );
    // Either the first event or the error that came before it.
    await Promise.race([started, running]);
    return c.body(readable, 200, {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
  });

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/ai-content/generations',
      summary: 'Generate variants and answer them whole (no streaming)',
      tags,
      request: { body: jsonBody(generateInputSchema) },
      responses: envelope(generationSchema, 201),
    }),
    async (c) =>
      ok(
        c,
        await ai.generate(context(c), c.req.valid('json'), {
          streaming: false,
          signal: c.req.raw.signal,
          emit: () => {},
        }),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/ai-content/generations',
      summary: 'Past generations and their prompts, newest first, searchable',
      tags,
      request: { query: historyQuerySchema },
      responses: envelope(historyPageSchema),
    }),
    async (c) => ok(c, await ai.listHistory(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/ai-content/generations/{id}',
      summary: 'One generation',
      tags,
      request: { params: idParams },
      responses: envelope(generationSchema),
    }),
    async (c) => ok(c, await ai.getGeneration(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/api/ai-content/generations/{id}/variants/{index}/event',
      summary: 'Save a variant to the calendar as an ai_generated draft or scheduled post',
      tags,
      request: { params: variantParams, body: jsonBody(saveVariantInputSchema) },
      responses: envelope(saveVariantResultSchema, 201),
    }),
    async (c) => {
      const { id, index } = c.req.valid('param');
      return ok(c, await ai.saveVariant(context(c), id, index, c.req.valid('json')), 201);
    },
  );

  return router;
}
