import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { AppDeps } from '#server/platform/deps.ts';
import type { Chores } from '#server/platform/jobs/chores.ts';
import { withTenant, businessScope } from '#server/platform/db/tenant.ts';
import type { JobDefinition } from '#server/platform/jobs/queue.ts';
import { isInputRefused, locateFfmpeg, type Ffmpeg } from '#server/platform/media-tools/ffmpeg.ts';
import { loadSharp } from '#server/platform/media-tools/sharp.ts';
import {
  forgetWorkerTools,
  recordWorkerTools,
  WORKER_TOOLS_REFRESH_MS,
} from '#server/platform/media-tools/worker-tools.ts';
import type { VideoInfo } from './bmff.ts';
import { needsPublishCopy } from './compatibility.ts';
import { decodeGate } from './inspect.ts';
import * as repo from './media.repository.ts';
import { hashFile, mediaStorage, variantKey } from './media.storage.ts';
import {
  checkCopy,
  extractPoster,
  remuxWithoutMetadata,
  UnusableCopy,
  videoGate,
} from './video.ts';

// Thumbnails and the JPEG copy for publishing, made after the upload has answered; for videos,
// a poster-frame thumbnail and a copy without metadata that replaces the stored file (ffmpeg,
// docs/decisions/046). The job is idempotent: keys are fixed per item, so a retry overwrites
// what a failed attempt left, and an item that is already ready (or gone) is left alone.

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
  const scope = businessScope(payload.tenantId);
  const row = await withTenant(deps.database, scope, (tx) =>
    repo.findMediaRow(tx, payload.mediaId),
  );
  if (!row || row.status === 'ready') return;
  const storage = mediaStorage(deps);

  if (row.kind === 'video') {
    const { ffmpeg } = await locateFfmpeg(deps.env.FFMPEG_PATH);
    if (!ffmpeg) {
      // Without a video decoder the library shows a video tile, and the file keeps its metadata
      // (the details say so).
      await withTenant(deps.database, scope, (tx) =>
        repo.updateMediaRow(
          tx,
          row.id,
          { status: 'ready', processingError: null, locationRemoved: false },
          new Date(),
        ),
      );
      return;
    }
    await videoGate.run(() => processVideo(deps, row, ffmpeg, options));
    return;
  }

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-job-'));
  try {
    const original = path.join(dir, 'original');
    await storage.download(row.storageKey, original);
    let thumbnail: Buffer;
    let copy: Buffer | null = null;
    try {
      const sharp = await loadSharp();
      [thumbnail, copy] = await decodeGate.run(async () => {
        const thumb = await thumbnailOf(original);
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
          {
            status: 'failed',
            processingError:
              'The thumbnail could not be made. The image may be damaged; please export it again and upload the copy.',
          },
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
    if (options.finalAttempt) await markFailed(deps, row);
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The last attempt failed: the library says so instead of showing it as processing forever. */
async function markFailed(deps: AppDeps, row: repo.MediaRow): Promise<void> {
  await withTenant(deps.database, businessScope(row.userId), (tx) =>
    repo.updateMediaRow(
      tx,
      row.id,
      { status: 'failed', processingError: 'Processing failed; please upload the file again.' },
      new Date(),
    ),
  );
}

/** The library's WebP thumbnail of an image file (an upload, or a video's poster frame). */
async function thumbnailOf(file: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(file, { failOn: 'none' })
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
}

export const VIDEO_UNREADABLE =
  'The video could not be decoded, so it has no thumbnail and its location data could not be removed. It may be damaged; please export it again.';

async function processVideo(
  deps: AppDeps,
  row: repo.MediaRow,
  ffmpeg: Ffmpeg,
  options: { finalAttempt?: boolean },
): Promise<void> {
  const scope = businessScope(row.userId);
  const storage = mediaStorage(deps);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-job-'));
  try {
    const original = path.join(dir, 'original');
    const clean = path.join(dir, 'clean');
    const poster = path.join(dir, 'poster.png');
    await storage.download(row.storageKey, original);

    // 1. The copy without metadata, checked with our own reader. A format ffmpeg cannot copy
    //    leaves the upload as it is (and says so); a time-out is thrown and retried.
    let copy: VideoInfo | null = null;
    try {
      await remuxWithoutMetadata(ffmpeg, original, clean, row);
      copy = await checkCopy(clean, row);
    } catch (error) {
      if (!(error instanceof UnusableCopy) && !isInputRefused(error)) throw error;
      deps.logger.warn(
        { err: error, mediaId: row.id },
        'video metadata could not be removed; the upload is kept as it is',
      );
    }

    // 2. The poster frame, from the copy when there is one: decoding it proves the copy plays.
    //    A frame not made is logged with ffmpeg's reason (the end of its stderr).
    let frame = copy !== null ? await extractPoster(ffmpeg, clean, poster, row.durationMs) : null;
    if (frame && !frame.made) {
      deps.logger.warn(
        { err: frame.refusal, mediaId: row.id },
        'video copy has no decodable frame; not used',
      );
      copy = null;
    }
    if (!frame?.made) frame = await extractPoster(ffmpeg, original, poster, row.durationMs);
    if (!frame.made) {
      // Retrying will not decode it either.
      await withTenant(deps.database, scope, (tx) =>
        repo.updateMediaRow(
          tx,
          row.id,
          { status: 'failed', processingError: VIDEO_UNREADABLE, locationRemoved: false },
          new Date(),
        ),
      );
      deps.logger.warn({ err: frame.refusal, mediaId: row.id }, 'video has no decodable frame');
      return;
    }
    const thumbnail = await decodeGate.run(() => thumbnailOf(poster));
    const thumbnailKey = variantKey(row.userId, row.id, 'thumbnail');
    await storage.putBuffer(thumbnailKey, thumbnail, 'image/webp');

    // 3. The copy replaces the stored original; the row then describes the bytes now stored
    //    (size and content hash, so duplicates are found among cleaned copies).
    let stored: { hash: string; size: number } | null = null;
    if (copy) {
      stored = await hashFile(clean);
      await storage.putFile(row.storageKey, clean, row.mimeType);
    }
    const updated = await withTenant(deps.database, scope, (tx) =>
      repo.updateMediaRow(
        tx,
        row.id,
        {
          status: 'ready',
          processingError: null,
          thumbnailKey,
          locationRemoved: copy !== null,
          ...(copy && stored
            ? {
                sizeBytes: stored.size,
                contentHash: stored.hash,
                width: copy.width,
                height: copy.height,
                durationMs: copy.durationMs,
                frameRate: copy.frameRate,
                videoCodec: copy.videoCodec,
                audioCodec: copy.audioCodec,
              }
            : {}),
        },
        new Date(),
      ),
    );
    if (!updated) {
      // Deleted while we worked: take away what was written since.
      await storage.delete(thumbnailKey);
      if (copy) await storage.delete(row.storageKey);
    }
  } catch (error) {
    if (options.finalAttempt) await markFailed(deps, row);
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Says once, when the workers start, which ffmpeg processes videos (or that none does). */
export async function logVideoTools(deps: AppDeps): Promise<void> {
  const { ffmpeg, rejected } = await locateFfmpeg(deps.env.FFMPEG_PATH);
  if (ffmpeg) {
    deps.logger.info(
      { ffmpeg: ffmpeg.path, source: ffmpeg.source, version: ffmpeg.version },
      'video thumbnails and metadata removal use ffmpeg',
    );
  } else {
    deps.logger.warn(
      { tried: rejected },
      'no ffmpeg: videos get no thumbnail and keep their metadata (location included); set FFMPEG_PATH',
    );
  }
}

/**
 * Records in the database which ffmpeg this worker has (workerName: host, process, runtime), so
 * the storage usage answer speaks for the processes that handle videos (decision 025).
 */
export async function recordVideoTools(deps: AppDeps, workerName: string): Promise<void> {
  const { ffmpeg } = await locateFfmpeg(deps.env.FFMPEG_PATH);
  await recordWorkerTools(deps.database, workerName, ffmpeg?.version ?? null);
}

export async function registerMediaJobs(deps: AppDeps, chores: Chores): Promise<void> {
  await logVideoTools(deps);
  const workerName = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  await recordVideoTools(deps, workerName);
  // Again while it runs: a worker that crashes is then no longer counted, and one whose ffmpeg
  // lookup failed once (a slow probe) says so when a later lookup finds it. A worker that stops
  // cleanly takes its row with it at once.
  chores.every('video tools not recorded', WORKER_TOOLS_REFRESH_MS, () =>
    recordVideoTools(deps, workerName),
  );
  chores.onStop(() => forgetWorkerTools(deps.database, workerName));
  await deps.jobs.work(processMediaJob, (payload, job) =>
    processMedia(deps, payload, {
      finalAttempt: job.retryCount >= (processMediaJob.retryLimit ?? 0),
    }),
  );
}
