import { z } from 'zod';
import {
  createSessionInputSchema,
  engineRoomRoutes,
  engineSessionSchema,
  engineSessionSummarySchema,
  renameSessionInputSchema,
  toolCallSchema,
  type EngineStreamEvent,
} from '#shared/contracts/engine-room.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { sendMessage } from './engine.ts';
import * as sessions from './sessions.ts';
import { confirmToolCall, dismissToolCall } from './tools.ts';
import { readJsonBody } from '#server/platform/http/json-body.ts';

// The engine room's API (docs/product/screens.md#engine-room): sessions, a message answered as a
// stream of server-sent events, and the tool-call cards confirmed or dismissed.

const tags = ['Engine room'];
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const callParams = idParams.extend({ callId: z.string().min(1).max(100) });

export function createEngineRoomRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/api/engine-room/*', requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  router.openapi(
    createRoute({
      method: 'get',
      path: engineRoomRoutes.sessions,
      summary: 'The business’s engine room sessions, newest first',
      tags,
      responses: envelope(z.array(engineSessionSummarySchema)),
    }),
    async (c) => ok(c, await sessions.listSessions(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: engineRoomRoutes.sessions,
      summary: 'Start a session',
      tags,
      request: { body: jsonBody(createSessionInputSchema) },
      responses: envelope(engineSessionSummarySchema, 201),
    }),
    async (c) => ok(c, await sessions.createSession(context(c), c.req.valid('json')), 201),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: engineRoomRoutes.session,
      summary: 'A session with every message and its tool calls',
      tags,
      request: { params: idParams },
      responses: envelope(engineSessionSchema),
    }),
    async (c) => ok(c, await sessions.getSession(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: engineRoomRoutes.session,
      summary: 'Rename a session',
      tags,
      request: { params: idParams, body: jsonBody(renameSessionInputSchema) },
      responses: envelope(engineSessionSummarySchema),
    }),
    async (c) =>
      ok(c, await sessions.renameSession(context(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: engineRoomRoutes.session,
      summary: 'Delete a session and its messages',
      tags,
      request: { params: idParams },
      responses: envelope(z.object({ id: z.uuid() })),
    }),
    async (c) => ok(c, await sessions.deleteSession(context(c), c.req.valid('param').id)),
  );

  // The answer as server-sent events, one EngineStreamEvent per `data:` line. Problems found
  // before the person's message is stored (input, permission, plan, allowance, session) answer
  // in the error envelope with their status, as AI content's stream does: the response starts
  // with the `message` event.
  router.post(honoPath(engineRoomRoutes.messages), async (c) => {
    const ctx = context(c);
    const body = await readJsonBody(c, 'The engine room messages route');

    const abort = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => abort.abort(), { once: true });
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));

    const emit = async (event: EngineStreamEvent) => {
      if (event.type === 'message') markStarted();
      if (abort.signal.aborted) return;
      try {
        await writer.write(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      } catch {
        // The browser stopped reading: the turn winds down and keeps what it stored.
        abort.abort();
      }
    };
    const running = sendMessage(ctx, c.req.param('id') ?? '', body, {
      signal: abort.signal,
      emit,
    });
    running.then(
      () => writer.close().catch(() => {}),
      (error: unknown) => {
        deps.logger.error({ err: error }, 'Engine room stream ended with an error');
        writer.abort(error).catch(() => {});
      },
    );
    await Promise.race([started, running]);
    return c.body(readable, 200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
  });

  router.openapi(
    createRoute({
      method: 'post',
      path: engineRoomRoutes.toolCall,
      summary: 'Confirm a proposed tool call: it runs, once',
      tags,
      request: { params: callParams },
      responses: envelope(toolCallSchema),
    }),
    async (c) => {
      const { id, callId } = c.req.valid('param');
      return ok(c, await confirmToolCall(context(c), id, callId));
    },
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: engineRoomRoutes.toolCall,
      summary: 'Dismiss a proposed tool call',
      tags,
      request: { params: callParams },
      responses: envelope(toolCallSchema),
    }),
    async (c) => {
      const { id, callId } = c.req.valid('param');
      return ok(c, await dismissToolCall(context(c), id, callId));
    },
  );

  return router;
}
