import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { fileTooLargeMessage } from '#shared/file-size.ts';
import {
  bulkTagInputSchema,
  cleanupInputSchema,
  cleanupPreviewSchema,
  cleanupQuerySchema,
  deleteMediaInputSchema,
  deleteResultSchema,
  listMediaQuerySchema,
  MEDIA_NAME_HEADER,
  MEDIA_VARIANTS,
  mediaDetailsSchema,
  mediaItemSchema,
  mediaPageSchema,
  mediaRoutes,
  renameTagInputSchema,
  storageUsageSchema,
  tagCountSchema,
  updateMediaInputSchema,
} from '#shared/contracts/media.contract.ts';
import type { ServiceContext } from '#server/platform/access.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import type { AppContext } from '#server/platform/http/context.ts';
import { createRoute, createRouter, envelope, jsonBody } from '#server/platform/http/openapi.ts';
import { ok } from '#server/platform/http/respond.ts';
import { fileRequest, storedFileResponse } from '#server/platform/http/stored-file.ts';
import { actorOf, requireActor } from '../auth/auth.middleware.ts';
import { mediaRefused } from './inspect.ts';
import * as media from './media.service.ts';
import { uploadTempDir } from './media.storage.ts';

const tags = ['Media'];
const idParams = z.object({ id: z.uuid({ error: 'Not a valid id' }) });
const countSchema = z.object({ updated: z.number() });

/**
 * docs/product/constants.md#storage: files are cached for an hour (privately: they are the
 * tenant's).
 */
export const MEDIA_CACHE_CONTROL = 'private, max-age=3600';

/**
 * Streams the request body to a temporary file, counting as it goes: never more than `maxBytes`
 * reach the disk, and the file is gone again if anything fails (including the browser cancelling).
 */
export async function receiveUpload(
  body: ReadableStream<Uint8Array> | null,
  dir: string,
  maxBytes: number,
): Promise<{ tempPath: string; size: number }> {
  await fs.mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, crypto.randomUUID());
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(mediaRefused(fileTooLargeMessage(null, maxBytes)));
        return;
      }
      callback(null, chunk);
    },
  });
  // The file is created before any byte flows: a write stream opens its file asynchronously, so
  // a body that fails at once could otherwise create the file after the clean-up below removed it.
  const file = await fs.open(tempPath, 'wx');
  try {
    const source = body ? Readable.fromWeb(body as NodeReadableStream) : Readable.from([]);
    await pipeline(source, counter, file.createWriteStream());
    return { tempPath, size };
  } catch (error) {
    await fs.rm(tempPath, { force: true });
    throw error;
  }
}

function decodeName(raw: string | undefined): string {
  if (!raw) return 'Untitled';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function createMediaRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use(mediaRoutes.list, requireActor);
  router.use(`${mediaRoutes.list}/*`, requireActor);

  const context = (c: AppContext): ServiceContext => ({ deps, actor: actorOf(c) });

  // The one route with a body over MAX_BODY_BYTES (app.ts exempts it): the raw file, one per
  // request, so the browser can show progress and cancel each file on its own.
  router.post(mediaRoutes.upload, async (c) => {
    const ctx = context(c);
    const declared = c.req.header('content-length');
    const declaredLength = declared && /^\d+$/.test(declared) ? Number(declared) : null;
    const { maxFileBytes } = await media.prepareUpload(ctx, declaredLength);
    const { tempPath, size } = await receiveUpload(
      c.req.raw.body,
      uploadTempDir(deps),
      maxFileBytes,
    );
    try {
      const item = await media.finishUpload(ctx, {
        tempPath,
        size,
        name: decodeName(c.req.header(MEDIA_NAME_HEADER)),
      });
      return ok(c, item, 201);
    } finally {
      await fs.rm(tempPath, { force: true });
    }
  });

  router.openapi(
    createRoute({
      method: 'get',
      path: mediaRoutes.usage,
      summary: 'Storage used against the plan quota',
      tags,
      responses: envelope(storageUsageSchema),
    }),
    async (c) => ok(c, await media.storageUsage(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: mediaRoutes.tags,
      summary: 'Tags in use, with how many items carry each',
      tags,
      responses: envelope(z.array(tagCountSchema)),
    }),
    async (c) => ok(c, await media.listTags(context(c))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: mediaRoutes.renameTag,
      summary: 'Rename a tag on every item',
      tags,
      request: { body: jsonBody(renameTagInputSchema) },
      responses: envelope(countSchema),
    }),
    async (c) => ok(c, await media.renameTag(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: mediaRoutes.bulkTags,
      summary: 'Add and remove tags on many items',
      tags,
      request: { body: jsonBody(bulkTagInputSchema) },
      responses: envelope(countSchema),
    }),
    async (c) => ok(c, await media.bulkTag(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: mediaRoutes.bulkDelete,
      summary: 'Delete items; refused while scheduled posts use them unless forced',
      tags,
      request: { body: jsonBody(deleteMediaInputSchema) },
      responses: envelope(deleteResultSchema),
    }),
    async (c) => ok(c, await media.deleteMedia(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: mediaRoutes.cleanup,
      summary: 'Unused items older than N days and exact duplicates, with the space they take',
      tags,
      request: { query: cleanupQuerySchema },
      responses: envelope(cleanupPreviewSchema),
    }),
    async (c) =>
      ok(c, await media.previewCleanup(context(c), c.req.valid('query').older_than_days)),
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: mediaRoutes.cleanup,
      summary: 'Delete confirmed cleanup candidates',
      tags,
      request: { body: jsonBody(cleanupInputSchema) },
      responses: envelope(deleteResultSchema),
    }),
    async (c) => ok(c, await media.runCleanup(context(c), c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: mediaRoutes.list,
      summary: 'The library, 100 per page, by name unless sorted otherwise',
      tags,
      request: { query: listMediaQuerySchema },
      responses: envelope(mediaPageSchema),
    }),
    async (c) => ok(c, await media.listMedia(context(c), c.req.valid('query'))),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/media/{id}',
      summary: 'One item with where it is used',
      tags,
      request: { params: idParams },
      responses: envelope(mediaDetailsSchema),
    }),
    async (c) => ok(c, await media.getMedia(context(c), c.req.valid('param').id)),
  );

  router.openapi(
    createRoute({
      method: 'patch',
      path: '/api/media/{id}',
      summary: 'Rename an item or set its tags',
      tags,
      request: { params: idParams, body: jsonBody(updateMediaInputSchema) },
      responses: envelope(mediaItemSchema),
    }),
    async (c) =>
      ok(c, await media.updateMedia(context(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/api/media/{id}',
      summary: 'Delete one item (force=true also when scheduled posts use it)',
      tags,
      request: {
        params: idParams,
        query: z.object({ force: z.enum(['true', 'false']).optional() }),
      },
      responses: envelope(deleteResultSchema),
    }),
    async (c) =>
      ok(
        c,
        await media.deleteMedia(context(c), {
          ids: [c.req.valid('param').id],
          force: c.req.valid('query').force === 'true',
        }),
      ),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/api/media/{id}/file/{variant}',
      summary: 'The file itself (original, thumbnail or the JPEG copy for Instagram)',
      tags,
      request: { params: idParams.extend({ variant: z.enum(MEDIA_VARIANTS) }) },
      responses: {
        200: { description: 'The file' },
        206: { description: 'The byte range the Range header asked for (one range only)' },
        416: { description: 'The range starts past the end; Content-Range names the size' },
      },
    }),
    async (c) => {
      const { id, variant } = c.req.valid('param');
      // Access is checked before the range is looked at: another tenant gets 404, never 416.
      const found = await media.openMediaFile(context(c), id, variant, fileRequest(c));
      return storedFileResponse(c, found.file, {
        contentType: found.contentType,
        cacheControl: MEDIA_CACHE_CONTROL,
        contentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(found.name)}`,
      }) as never;
    },
  );

  return router;
}
