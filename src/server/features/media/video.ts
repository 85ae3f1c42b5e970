import fs from 'node:fs/promises';
import {
  isInputRefused,
  runFfmpeg,
  type Ffmpeg,
  type FfmpegError,
} from '#server/platform/media-tools/ffmpeg.ts';
import { BmffError, parseBmff, type VideoInfo } from './bmff.ts';
import { Gate } from './inspect.ts';

// What the processing job does to a video with ffmpeg (docs/decisions/046): a poster frame for
// the thumbnail, and a copy of the file without its metadata — the same audio and video
// packets (no re-encoding), the movie, track and QuickTime metadata (udta ©xyz, the
// com.apple.quicktime.location.ISO6709 key, maker, model, dates) dropped, and only the video and
// audio tracks kept (timed metadata tracks, which can carry a location per frame, are left out).
// The untrusted file is read only by the MP4/MOV demuxer, only from the local file (no other
// protocol, no external data references), with limits on time, threads and allocation size.

/** One ffmpeg job at a time per process: decoding a 4K frame takes a few hundred MB. */
export const videoGate = new Gate(1);

/** The poster frame is made at most this large; sharp makes the thumbnail from it. */
export const POSTER_MAX = 960;
const MAX_ALLOC = String(256 * 1024 * 1024);
const MB = 1024 * 1024;

/** Time for one poster frame. */
export const POSTER_TIMEOUT_MS = 60_000;

/** Time for a copy: a minute, plus a second per 4 MB read and written (1 GB: about 5 minutes). */
export function remuxTimeoutMs(sizeBytes: number): number {
  return 60_000 + Math.ceil(sizeBytes / (4 * MB)) * 1000;
}

/** Where the poster frame is taken: 1 s in, 10 % in for clips under 10 s, the first frame under 1 s. */
export function posterTimeSeconds(durationMs: number | null): number {
  if (!durationMs || durationMs < 1000) return 0;
  return Math.min(1, durationMs / 10_000);
}

const COMMON = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-max_alloc', MAX_ALLOC];
/** The input: the MP4/MOV demuxer only, the local file only. */
function input(file: string, extra: string[] = []): string[] {
  return ['-protocol_whitelist', 'file', '-f', 'mov', ...extra, '-i', `file:${file}`];
}

/** Whether ffmpeg wrote something: no file is "no"; any other failure to look is an error. */
async function nonEmpty(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).size > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * A poster frame was written, or the video has none that ffmpeg can decode; then `refusal` is
 * ffmpeg's last refusal (its stderr says why), or null when it ended without a frame or a word.
 */
export type PosterResult = { made: true } | { made: false; refusal: FfmpegError | null };

/**
 * A PNG of one frame (turned as the video is shown, at most POSTER_MAX px), or why there is none.
 * A time-out is thrown: it may pass on a retry.
 */
export async function extractPoster(
  ffmpeg: Ffmpeg,
  source: string,
  target: string,
  durationMs: number | null,
): Promise<PosterResult> {
  const at = posterTimeSeconds(durationMs);
  let refusal: FfmpegError | null = null;
  for (const seconds of at > 0 ? [at, 0] : [0]) {
    await fs.rm(target, { force: true });
    try {
      await runFfmpeg(
        ffmpeg.path,
        [
          ...COMMON,
          '-threads',
          '2',
          ...input(source, ['-ss', seconds.toFixed(3)]),
          '-map',
          '0:V:0',
          '-frames:v',
          '1',
          '-an',
          '-sn',
          '-dn',
          '-vf',
          `scale=w='min(${POSTER_MAX},iw)':h='min(${POSTER_MAX},ih)':force_original_aspect_ratio=decrease`,
          '-pix_fmt',
          'rgb24',
          '-c:v',
          'png',
          '-f',
          'image2',
          '-update',
          '1',
          '-y',
          `file:${target}`,
        ],
        { timeoutMs: POSTER_TIMEOUT_MS },
      );
    } catch (error) {
      if (!isInputRefused(error)) throw error;
      refusal = error;
      continue;
    }
    // Seeking past the last frame ends "successfully" with nothing written.
    if (await nonEmpty(target)) return { made: true };
  }
  return { made: false, refusal };
}

/**
 * Copies the video without its metadata. Throws an FfmpegError when ffmpeg cannot (a format it
 * does not know how to copy) or takes too long.
 */
export async function remuxWithoutMetadata(
  ffmpeg: Ffmpeg,
  source: string,
  target: string,
  video: { mimeType: string; videoCodec: string | null; sizeBytes: number },
): Promise<void> {
  await runFfmpeg(
    ffmpeg.path,
    [
      ...COMMON,
      ...input(source),
      '-map',
      '0:V',
      '-map',
      '0:a?',
      '-c',
      'copy',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      // No "encoder" tag, no creation time: the same upload always gives the same bytes.
      '-fflags',
      '+bitexact',
      '-flags:v',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      // Apple players want HEVC tagged hvc1; ffmpeg's default would be hev1.
      ...(video.videoCodec === 'hvc1' ? ['-tag:v', 'hvc1'] : []),
      // The index first, so playback and Instagram's fetch can start before the whole file is in.
      '-movflags',
      '+faststart',
      '-f',
      video.mimeType === 'video/quicktime' ? 'mov' : 'mp4',
      '-y',
      `file:${target}`,
    ],
    { timeoutMs: remuxTimeoutMs(video.sizeBytes) },
  );
}

export class UnusableCopy extends Error {}

/**
 * Reads the copy with our own box reader and checks that it is still the same video: same
 * picture size (turned the same way), the same duration give or take a frame or two.
 */
export async function checkCopy(
  file: string,
  original: { width: number | null; height: number | null; durationMs: number | null },
): Promise<VideoInfo> {
  let info: VideoInfo;
  try {
    info = await parseBmff(file);
  } catch (error) {
    if (error instanceof BmffError) throw new UnusableCopy(`copy unreadable: ${error.message}`);
    throw error;
  }
  if (original.width !== null && original.height !== null) {
    if (info.width !== original.width || info.height !== original.height) {
      throw new UnusableCopy(
        `copy is ${info.width}×${info.height}, the upload ${original.width}×${original.height}`,
      );
    }
  }
  if (original.durationMs !== null) {
    const tolerance = Math.max(500, original.durationMs * 0.02);
    if (Math.abs(info.durationMs - original.durationMs) > tolerance) {
      throw new UnusableCopy(
        `copy lasts ${info.durationMs} ms, the upload ${original.durationMs} ms`,
      );
    }
  }
  return info;
}
