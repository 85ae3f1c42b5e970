import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { BmffError, parseBmff } from './bmff.ts';
import { compatibilityOf } from './compatibility.ts';
import { canDecodeHeic, inspectUpload, sanitizeName } from './inspect.ts';
import {
  heicHeader,
  pngBomb,
  sampleGif,
  sampleJpeg,
  sampleMp4,
  samplePng,
  sampleWebp,
  SVG_WITH_SCRIPT,
  zipArchive,
} from '#server/test/media-samples.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'inspect-test-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function write(data: Buffer): Promise<string> {
  const file = path.join(dir, crypto.randomUUID());
  await fs.writeFile(file, data);
  return file;
}

async function inspect(data: Buffer, name = 'upload') {
  return inspectUpload(await write(data), data.length, name);
}

async function refusal(data: Buffer, name = 'upload'): Promise<string> {
  try {
    await inspect(data, name);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const record = (error as AppError).record;
    expect(record.code).toBe('MEDIA_VALIDATION_ERROR');
    return String(record.details?.['reason']);
  }
  throw new Error('expected the upload to be refused');
}

describe('images', () => {
  it('reads a JPEG, records its size and strips the GPS position', async () => {
    const original = await sampleJpeg({ width: 1200, height: 1000, gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const result = await inspect(original, 'beach.jpg');
    expect(result).toMatchObject({
      kind: 'image',
      mimeType: 'image/jpeg',
      width: 1200,
      height: 1000,
    });
    const stored = await fs.readFile(result.storedPath);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('accepts PNG and WebP by content', async () => {
    expect((await inspect(await samplePng(), 'logo.png')).mimeType).toBe('image/png');
    expect((await inspect(await sampleWebp(), 'post.webp')).mimeType).toBe('image/webp');
    // No extension at all: the content decides.
    expect((await inspect(await samplePng(), 'logo')).mimeType).toBe('image/png');
  });

  it('refuses an empty file', async () => {
    expect(await refusal(Buffer.alloc(0))).toBe('The file is empty.');
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await sampleJpeg({ noise: true, width: 300, height: 300 });
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'cut.jpg')).toMatch(
      /truncated/,
    );
  });

  it('refuses a truncated PNG', async () => {
    const png = await samplePng();
    expect(await refusal(png.subarray(0, png.length - 20), 'cut.png')).toMatch(/truncated/);
  });

  it('refuses a polyglot: an image with an archive appended', async () => {
    const polyglot = Buffer.concat([await sampleJpeg(), zipArchive()]);
    expect(await refusal(polyglot, 'photo.jpg')).toMatch(/extra data after the end of the image/);
    const pngPolyglot = Buffer.concat([
      await samplePng(),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    expect(await refusal(pngPolyglot, 'logo.png')).toMatch(/extra data/);
  });

  it('refuses a file renamed to lie about its type', async () => {
    expect(await refusal(await samplePng(), 'photo.jpg')).toBe(
      'The file is named .jpg but its content is PNG. Please rename it or export it again.',
    );
    expect(await refusal(Buffer.from('MZ\x90\x00 this is a program'), 'holiday.jpg')).toMatch(
      /^The file is EXE; only JPEG, PNG, WebP, MP4 and MOV are accepted\.$/,
    );
    expect(await refusal(Buffer.from('just some words'), 'notes.jpg')).toMatch(
      /not a supported image or video/,
    );
  });

  it('refuses SVG because it can carry scripts', async () => {
    expect(await refusal(SVG_WITH_SCRIPT, 'logo.svg')).toBe(
      'SVG images are not accepted: they can contain scripts.',
    );
  });

  it('refuses a decompression bomb before decoding it', async () => {
    expect(await refusal(pngBomb(), 'bomb.png')).toMatch(
      /50000×50000 pixels; at most 50 megapixels/,
    );
  });

  it('refuses GIF and HEIC with a plain reason', async () => {
    expect(await refusal(await sampleGif(), 'a.gif')).toMatch(/GIF files are not supported/);
    expect(await canDecodeHeic()).toBe(false);
    expect(await refusal(heicHeader(), 'IMG_0001.HEIC')).toMatch(/HEIC photos can’t be read here/);
  });

  it('keeps only a safe display name', () => {
    expect(sanitizeName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeName('C:\\Users\\me\\photo.jpg')).toBe('photo.jpg');
    expect(sanitizeName('  a\u0000b\u202e.jpg ')).toBe('ab.jpg');
    expect(sanitizeName('...')).toBe('Untitled');
    expect(sanitizeName(`${'x'.repeat(300)}.jpg`)).toHaveLength(200);
  });
});

describe('videos (ISO-BMFF box reader)', () => {
  it('reads duration, size, frame rate and codecs of an MP4', async () => {
    const file = await write(sampleMp4({ width: 1080, height: 1920, seconds: 12, fps: 30 }));
    expect(await parseBmff(file)).toMatchObject({
      container: 'mp4',
      durationMs: 12_000,
      width: 1080,
      height: 1920,
      frameRate: 30,
      videoCodec: 'avc1',
      audioCodec: 'mp4a',
      moovFirst: true,
    });
    const mov = await inspect(sampleMp4({ brand: 'qt  ' }), 'clip.mov');
    expect(mov).toMatchObject({ kind: 'video', mimeType: 'video/quicktime' });
  });

  it('refuses a truncated video', async () => {
    const video = sampleMp4({ mdatBytes: 5000 });
    expect(await refusal(video.subarray(0, video.length - 100), 'clip.mp4')).toMatch(/truncated/);
  });

  it('refuses inconsistent box sizes and appended data', async () => {
    const video = sampleMp4();
    const broken = Buffer.from(video);
    // The moov box claims to be larger than the file.
    const moovAt = broken.indexOf('moov') - 4;
    broken.writeUInt32BE(broken.length * 2, moovAt);
    await expect(parseBmff(await write(broken))).rejects.toBeInstanceOf(BmffError);
    expect(await refusal(Buffer.concat([video, zipArchive()]), 'clip.mp4')).toMatch(
      /not part of an MP4\/MOV file|truncated|impossible/,
    );
  });

  it('refuses a sample table whose entry count exceeds its box', async () => {
    const video = Buffer.from(sampleMp4());
    const stts = video.indexOf('stts');
    video.writeUInt32BE(0x0fffffff, stts + 8);
    expect(await refusal(video, 'clip.mp4')).toMatch(/inconsistent sample tables/);
  });
});

describe('platform compatibility', () => {
  const image = {
    kind: 'image' as const,
    mimeType: 'image/jpeg',
    sizeBytes: 1_000_000,
    width: 1080,
    height: 1350,
    durationMs: null,
    frameRate: null,
    videoCodec: null,
    audioCodec: null,
  };

  it('accepts a 4:5 JPEG on the feed and refuses a 9:16 one with the reason', () => {
    const feed = compatibilityOf(image).find((c) => c.target === 'instagram_feed')!;
    expect(feed.ok).toBe(true);
    const tall = compatibilityOf({ ...image, width: 1080, height: 1920 }).find(
      (c) => c.target === 'instagram_feed',
    )!;
    expect(tall.ok).toBe(false);
    expect(tall.reasons[0]).toMatch(/0\.56:1 is outside 4:5 to 1\.91:1/);
    const wide = compatibilityOf({ ...image, width: 2000, height: 1000 }).find(
      (c) => c.target === 'instagram_feed',
    )!;
    expect(wide.ok).toBe(false);
  });

  it('notes the JPEG copy for PNG and refuses images as reels', () => {
    const result = compatibilityOf({ ...image, mimeType: 'image/png' });
    expect(result.find((c) => c.target === 'instagram_feed')!.notes).toContain(
      'Published as a JPEG copy.',
    );
    expect(result.find((c) => c.target === 'instagram_reel')!.ok).toBe(false);
  });

  it('checks reel and story duration, frame rate, codec and size', () => {
    const video = {
      ...image,
      kind: 'video' as const,
      mimeType: 'video/mp4',
      width: 1080,
      height: 1920,
      durationMs: 90_000,
      frameRate: 30,
      videoCodec: 'avc1',
      audioCodec: 'mp4a',
      sizeBytes: 50_000_000,
    };
    const ok = compatibilityOf(video);
    expect(ok.find((c) => c.target === 'instagram_reel')!.ok).toBe(true);
    const story = ok.find((c) => c.target === 'instagram_story')!;
    expect(story.ok).toBe(false);
    expect(story.reasons).toContain('1 min 30 s is longer than 1 min 0 s.');
    const slow = compatibilityOf({ ...video, frameRate: 15, videoCodec: 'mp4v', durationMs: 2000 });
    const reel = slow.find((c) => c.target === 'instagram_reel')!;
    expect(reel.reasons).toEqual(
      expect.arrayContaining([
        '15 frames per second is outside 23–60.',
        'The video codec mp4v is not H.264 or HEVC.',
        '2 s is shorter than 3 s.',
      ]),
    );
    expect(ok.find((c) => c.target === 'instagram_feed')!.reasons[0]).toMatch(/as reels/);
  });
});
