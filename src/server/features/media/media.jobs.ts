import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { needsPublishCopy } from './compatibility.ts';
import { decodeGate } from './inspect.ts';
import * as repo from './media.repository.ts';
import { mediaStorage, variantKey } from './media.storage.ts';

// Thumbnails and the JPEG copy for publishing, made after the upload has answered. The job is
// idempotent: keys are fixed per item, so a retry overwrites what a failed attempt left, and an
// item that is already ready (or gone) is left alone.

export const THUMBNAIL_SIZE = 480;
/** Instagram's widest feed image; the copy is never larger, which also keeps it under 4 MB. */
export const PUBLISH_COPY_MAX_WIDTH = 1440;

export const processMediaJob: JobDefinition<{ tenantId: string; mediaId: string }> = {
  id: 'media.process',
  version: 1,
  payload: z.object({ tenantId: z.uuid(), mediaId: z.uuid() }),
  retryLimit: 4,
  retryDelay: 2,
  pollingIntervalSeconds: 1,
};

export async function processMedia(
  deps: AppDeps,
  payload: { tenantId: string; mediaId: string },
  options: { finalAttempt?: boolean } = {},
): Promise<void> {
  const scope = { userId: payload.tenantId, tenantId: payload.tenantId };
  const row = await withTenant(deps.database, scope, (tx) =>
    repo.findMediaRow(tx, payload.mediaId),
  );
  if (!row || row.status === 'ready') return;
  const storage = mediaStorage(deps);

  if (row.kind === 'video') {
    // Frames would need a video decoder, which this installation does not ship; the library shows
    // a video tile instead of a thumbnail.
    await withTenant(deps.database, scope, (tx) =>
      repo.updateMediaRow(tx, row.id, { status: 'ready', processingError: null }, new Date()),
    );
    return;
  }

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-job-'));
  try {
    const original = path.join(dir, 'original');
    await storage.download(row.storageKey, original);
    let thumbnail: Buffer;
    let copy: Buffer | null = null;
    try {
      [thumbnail, copy] = await decodeGate.run(async () => {
        const thumb = await sharp(original, { failOn: 'none' })
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 78 })
          .toBuffer();
        const publish = needsPublishCopy(row)
          ? await sharp(original, { failOn: 'none' })
              .resize({ width: PUBLISH_COPY_MAX_WIDTH, withoutEnlargement: true })
              .flatten({ background: '#ffffff' })
              .toColourspace('srgb')
              .jpeg({ quality: 88, mozjpeg: true })
              .toBuffer()
          : null;
        return [thumb, publish] as const;
      });
    } catch (error) {
      // The upload was decoded once already; a decode failure here will not get better on retry.
      await withTenant(deps.database, scope, (tx) =>
        repo.updateMediaRow(
          tx,
          row.id,
          { status: 'failed', processingError: 'The thumbnail could not be made.' },
          new Date(),
        ),
      );
      deps.logger.warn({ err: error, mediaId: row.id }, 'media processing failed');
      return;
    }
    const thumbnailKey = variantKey(row.userId, row.id, 'thumbnail');
    await storage.putBuffer(thumbnailKey, thumbnail, 'image/webp');
    let instagramKey: string | null = null;
    if (copy) {
      instagramKey = variantKey(row.userId, row.id, 'instagram');
      await storage.putBuffer(instagramKey, copy, 'image/jpeg');
    }
    const updated = await withTenant(deps.database, scope, (tx) =>
      repo.updateMediaRow(
        tx,
        row.id,
        { status: 'ready', processingError: null, thumbnailKey, instagramKey },
        new Date(),
      ),
    );
    if (!updated) {
      // Deleted while we worked: take the variants away again.
      await storage.delete(thumbnailKey);
      if (instagramKey) await storage.delete(instagramKey);
    }
  } catch (error) {
    if (options.finalAttempt) {
      await withTenant(deps.database, scope, (tx) =>
        repo.updateMediaRow(
          tx,
          row.id,
          { status: 'failed', processingError: 'Processing failed; please upload the file again.' },
          new Date(),
        ),
      );
    }
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function registerMediaJobs(deps: AppDeps): Promise<void> {
  await deps.jobs.work(processMediaJob, (payload, job) =>
    processMedia(deps, payload, {
      finalAttempt: job.retryCount >= (processMediaJob.retryLimit ?? 0),
    }),
  );
}
