import { z } from 'zod';
import {
  audienceRoutes,
  segmentPreviewSchema,
  segmentSchema,
} from '#shared/contracts/audience.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import * as segments from './segments.service.ts';

// /api/audience/segments (docs/decisions/097-audience.md): saved segments with their live
// counts, and the builder's preview. The bodies are checked by the service (segment-check.ts),
// which measures a tree's size before walking it and names the node of a refused tree and the
// reason: an unknown field, an operator the field does not take, a value of the wrong kind.

const tags = ['Audience'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
/**
 * A body read as sent and checked by the service against the contract's schema, which `name`s
 * (shared/contracts/audience.contract.ts), so that a refusal says what is wrong where.
 */
const checkedByService = (name: string) =>
  jsonBody(z.unknown().describe(`${name} of shared/contracts/audience.contract.ts`));

/** A segment as answered; its tree, recursive, is described rather than expanded. */
const segmentAnswer = segmentSchema.extend({
  rule: z
    .unknown()
    .describe('A rule tree: segmentTreeSchema of shared/contracts/audience.contract.ts'),
});

export function createSegmentsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(audienceRoutes.segments, requireActor);
  router.use(`${audienceRoutes.segments}/*`, requireActor);
  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });
  const body = (c: { req: { valid(target: 'json'): unknown } }) => c.req.valid('json');

  router.openapi(
    createRoute({
      method: 'get',
      path: audienceRoutes.segments,
      summary: "The business's saved segments, each with the contacts it selects now",
      tags,
      responses: envelope(z.array(segmentAnswer)),
    }),
    async (c) => ok(c, await segments.listSegments(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: audienceRoutes.segments,
      summary: 'Save a segment: a name and a rule tree (segmentTreeSchema)',
      tags,
      request: { body: checkedByService('segmentInputSchema') },
      responses: envelope(segmentAnswer, 201),
    }),
    async (c) => ok(c, await segments.createSegment(context(c), body(c)), 201),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: audienceRoutes.preview,
      summary: "An unsaved tree's live count and a sample, most recent interaction first",
      tags,
      request: { body: checkedByService('segmentPreviewInputSchema') },
      responses: envelope(segmentPreviewSchema),
    }),
    async (c) => ok(c, await segments.previewSegment(context(c), body(c))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: audienceRoutes.segment,
      summary: 'A saved segment with its live count',
      tags,
      request: { params: idParams },
      responses: envelope(segmentAnswer),
    }),
    async (c) => ok(c, await segments.getSegment(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: audienceRoutes.segment,
      summary: "A segment's name or rule tree",
      tags,
      request: {
        params: idParams,
        body: checkedByService('segmentInputSchema, every key optional'),
      },
      responses: envelope(segmentAnswer),
    }),
    async (c) => ok(c, await segments.updateSegment(context(c), c.req.valid('param').id, body(c))),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: audienceRoutes.segment,
      summary: 'Delete a saved segment (its contacts stay)',
      tags,
      request: { params: idParams },
      responses: envelope(z.object({ id: z.uuid() })),
    }),
    async (c) => ok(c, await segments.deleteSegment(context(c), c.req.valid('param').id)),
  );

  return router;
}
