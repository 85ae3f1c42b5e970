import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegError, locateFfmpeg, runFfmpeg } from '#server/platform/media-tools/ffmpeg.ts';
import { parseBmff } from './bmff.ts';
import {
  recordSampleVideo,
  sampleMp4,
  SAMPLE_LOCATION_NEEDLE,
  type RecordedVideoOptions,
} from '#server/test/media-samples.ts';
import {
  checkCopy,
  extractPoster,
  POSTER_MAX,
  posterTimeSeconds,
  remuxTimeoutMs,
  remuxWithoutMetadata,
  UnusableCopy,
} from './video.ts';

const { ffmpeg } = await locateFfmpeg(undefined);

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'video-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('timings', () => {
  it('takes the poster 1 s in, 10 % in for short clips and the first frame under a second', () => {
    expect(posterTimeSeconds(60_000)).toBe(1);
    expect(posterTimeSeconds(10_000)).toBe(1);
    expect(posterTimeSeconds(4_000)).toBeCloseTo(0.4);
    expect(posterTimeSeconds(900)).toBe(0);
    expect(posterTimeSeconds(null)).toBe(0);
  });

  it('gives a large file more time to be copied', () => {
    expect(remuxTimeoutMs(1024)).toBe(61_000);
    expect(remuxTimeoutMs(1024 * 1024 * 1024)).toBe(60_000 + 256_000);
  });
});

describe.skipIf(!ffmpeg)('with ffmpeg', () => {
  const f = () => ffmpeg!;
  let counter = 0;
  async function record(options: RecordedVideoOptions): Promise<string> {
    counter += 1;
    const file = path.join(dir, `in-${counter}.${options.container ?? 'mp4'}`);
    await recordSampleVideo(f(), file, options);
    return file;
  }
  const out = (name: string) => path.join(dir, `${name}-${(counter += 1)}`);
  async function contains(file: string, text: string): Promise<boolean> {
    return (await fs.readFile(file)).includes(Buffer.from(text, 'latin1'));
  }
  async function decodes(file: string): Promise<void> {
    await runFfmpeg(
      f().path,
      ['-hide_banner', '-loglevel', 'error', '-xerror', '-i', file, '-f', 'null', '-'],
      { timeoutMs: 60_000 },
    );
  }
  const video = (file: string, mimeType: string) =>
    fs.stat(file).then((s) => ({ mimeType, videoCodec: 'avc1', sizeBytes: s.size }));

  it('removes QuickTime location keys from an MP4 and keeps it playable', async () => {
    const source = await record({ location: true, seconds: 2 });
    expect(await contains(source, SAMPLE_LOCATION_NEEDLE)).toBe(true);
    expect(await contains(source, 'com.apple.quicktime.location.ISO6709')).toBe(true);
    const before = await parseBmff(source);

    const clean = out('clean.mp4');
    await remuxWithoutMetadata(f(), source, clean, await video(source, 'video/mp4'));
    expect(await contains(clean, SAMPLE_LOCATION_NEEDLE)).toBe(false);
    expect(await contains(clean, 'com.apple.quicktime')).toBe(false);
    const after = await checkCopy(clean, before);
    expect(after).toMatchObject({
      container: 'mp4',
      width: 320,
      height: 240,
      frameRate: 30,
      videoCodec: 'avc1',
      audioCodec: 'mp4a',
      // faststart: the index before the media data.
      moovFirst: true,
    });
    expect(Math.abs(after.durationMs - 2000)).toBeLessThan(100);
    await decodes(clean);
  });

  it('removes the ©xyz location from a MOV, which stays a MOV', async () => {
    const source = await record({ location: true, container: 'mov', seconds: 2 });
    const raw = await fs.readFile(source);
    expect(raw.includes(Buffer.from([0xa9, 0x78, 0x79, 0x7a]))).toBe(true); // ©xyz
    expect(raw.includes(Buffer.from(SAMPLE_LOCATION_NEEDLE))).toBe(true);

    const clean = out('clean.mov');
    await remuxWithoutMetadata(f(), source, clean, await video(source, 'video/quicktime'));
    const cleaned = await fs.readFile(clean);
    expect(cleaned.includes(Buffer.from([0xa9, 0x78, 0x79, 0x7a]))).toBe(false);
    expect(cleaned.includes(Buffer.from(SAMPLE_LOCATION_NEEDLE))).toBe(false);
    expect(await checkCopy(clean, await parseBmff(source))).toMatchObject({
      container: 'mov',
      majorBrand: 'qt  ',
    });
    await decodes(clean);
  });

  it('gives the same bytes for the same upload, so duplicates stay duplicates', async () => {
    const source = await record({ location: true, seconds: 1 });
    const [one, two, again] = [out('one.mp4'), out('two.mp4'), out('again.mp4')];
    const meta = await video(source, 'video/mp4');
    await remuxWithoutMetadata(f(), source, one, meta);
    await remuxWithoutMetadata(f(), source, two, meta);
    await remuxWithoutMetadata(f(), one, again, await video(one, 'video/mp4'));
    const bytes = await fs.readFile(one);
    expect((await fs.readFile(two)).equals(bytes)).toBe(true);
    expect((await fs.readFile(again)).equals(bytes)).toBe(true);
  });

  it('keeps a phone’s rotation: an upright video stays upright, and so does its poster', async () => {
    const source = await record({ rotate: 90, width: 320, height: 240, seconds: 2 });
    const before = await parseBmff(source);
    expect([before.width, before.height]).toEqual([240, 320]);
    const clean = out('clean.mp4');
    await remuxWithoutMetadata(f(), source, clean, await video(source, 'video/mp4'));
    expect(await checkCopy(clean, before)).toMatchObject({ width: 240, height: 320 });

    const poster = out('poster.png');
    expect(await extractPoster(f(), clean, poster, before.durationMs)).toEqual({ made: true });
    expect(await sharp(poster).metadata()).toMatchObject({
      format: 'png',
      width: 240,
      height: 320,
    });
  });

  it('makes the poster at most POSTER_MAX px, and from the first frame of a very short clip', async () => {
    const large = await record({ width: 1920, height: 1080, seconds: 1.5 });
    const poster = out('poster.png');
    expect(await extractPoster(f(), large, poster, 1500)).toEqual({ made: true });
    expect(await sharp(poster).metadata()).toMatchObject({ width: POSTER_MAX, height: 540 });

    const short = await record({ seconds: 0.2, fps: 10 });
    expect(await extractPoster(f(), short, out('short.png'), 200)).toEqual({ made: true });
    // A duration that claims more than there is: the seek finds nothing, the first frame does.
    expect(await extractPoster(f(), short, out('late.png'), 60_000)).toEqual({ made: true });
  });

  it('finds no frame in a file that only looks like a video, and keeps ffmpeg’s reason', async () => {
    const fake = out('fake.mp4');
    await fs.writeFile(fake, sampleMp4({ seconds: 3 }));
    const result = await extractPoster(f(), fake, out('none.png'), 3000);
    expect(result).toMatchObject({ made: false, refusal: { timedOut: false } });
    const { refusal } = result as { refusal: FfmpegError };
    expect(refusal).toBeInstanceOf(FfmpegError);
    expect(refusal.exitCode).not.toBe(0);
    expect(refusal.stderr).not.toBe('');
  });

  it('refuses a copy that is not the same video', async () => {
    const source = await record({ seconds: 2 });
    await expect(
      checkCopy(source, { width: 640, height: 480, durationMs: 2000 }),
    ).rejects.toBeInstanceOf(UnusableCopy);
    await expect(checkCopy(source, { width: 320, height: 240, durationMs: 9000 })).rejects.toThrow(
      /lasts/,
    );
    const broken = out('broken.mp4');
    await fs.writeFile(broken, (await fs.readFile(source)).subarray(0, 2000));
    await expect(
      checkCopy(broken, { width: null, height: null, durationMs: null }),
    ).rejects.toThrow(UnusableCopy);
  });
});
