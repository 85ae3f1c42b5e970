import fs from 'node:fs/promises';
import type { Metadata } from 'sharp';
import { loadSharp } from '#server/platform/media-tools/sharp.ts';
import { AppError } from '#shared/errors/index.ts';
import type { MediaKind } from '#shared/contracts/media.contract.ts';
import { BmffError, parseBmff } from './bmff.ts';
import { imageHasLocation } from './location.ts';

// What an upload really is, from its bytes: magic numbers first (file-type), then a real decode
// (sharp for images, our box reader for MP4/MOV). The name and the declared type are never
// trusted; a name whose extension contradicts the content is refused so nobody is misled later.
// Images are re-encoded on the way in: that is the real decode, it drops every metadata block
// (location included) and anything appended to or hidden inside the original.

/** 50 megapixels: every phone camera fits; a decompression bomb does not. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Images are read into memory for their structural check; social images are far smaller. */
export const MAX_IMAGE_BYTES = 50 * 1024 * 1024;

export interface InspectedMedia {
  kind: MediaKind;
  mimeType: string;
  extension: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  frameRate: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** The file to store: the re-encoded image, or the upload itself for a video. */
  storedPath: string;
  /** The upload itself named where it was taken (docs/decisions/047). */
  hadLocation: boolean;
}

export function mediaRefused(reason: string, technical?: string): AppError {
  return AppError.from('MEDIA_VALIDATION_ERROR', {
    technicalMessage: technical ?? reason,
    details: { fieldErrors: { file: reason }, reason },
  });
}

const ACCEPTED: Record<string, { kind: MediaKind; extension: string }> = {
  'image/jpeg': { kind: 'image', extension: 'jpg' },
  'image/png': { kind: 'image', extension: 'png' },
  'image/webp': { kind: 'image', extension: 'webp' },
  'image/heic': { kind: 'image', extension: 'heic' },
  'image/heif': { kind: 'image', extension: 'heic' },
  'video/mp4': { kind: 'video', extension: 'mp4' },
  'video/quicktime': { kind: 'video', extension: 'mov' },
};

/** Extensions a name may carry, by the content they promise. */
const EXTENSION_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jfif: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heic',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
};

const LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
};

/** The prebuilt sharp reads HEIF only for AVIF; HEIC (HEVC) needs a libvips built with it. */
export async function canDecodeHeic(): Promise<boolean> {
  const sharp = await loadSharp();
  const suffixes = (sharp.format.heif.input as { fileSuffix?: string[] }).fileSuffix ?? [];
  return suffixes.includes('.heic');
}

function looksLikeMarkup(head: Buffer): 'svg' | 'markup' | null {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 1024)
    .toLowerCase();
  if (text.includes('<svg')) return 'svg';
  if (
    text.startsWith('<?xml') ||
    text.startsWith('<!doctype') ||
    text.startsWith('<html') ||
    text.startsWith('<')
  ) {
    return 'markup';
  }
  return null;
}

function extensionOf(name: string): string | null {
  const match = /\.([a-z0-9]{1,5})$/i.exec(name);
  return match ? match[1]!.toLowerCase() : null;
}

function isAllZero(buffer: Buffer, from: number): boolean {
  for (let i = from; i < buffer.length; i += 1) if (buffer[i] !== 0) return false;
  return true;
}

const TRAILING =
  'The file has extra data after the end of the image (for example a hidden archive or a motion photo), so it can’t be accepted.';

/** Where a JPEG's EOI marker ends, walking segments and entropy-coded data. */
export function jpegEnd(data: Buffer): number {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8)
    throw mediaRefused('The JPEG has no start marker.');
  let p = 2;
  while (p < data.length) {
    if (data[p] !== 0xff) throw mediaRefused('The JPEG is damaged (bad marker).');
    while (data[p] === 0xff) p += 1; // fill bytes
    const marker = data[p];
    if (marker === undefined) break;
    p += 1;
    if (marker === 0xd9) return p;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (p + 2 > data.length) break;
    const length = data.readUInt16BE(p);
    if (length < 2) throw mediaRefused('The JPEG is damaged (bad segment length).');
    p += length;
    if (marker === 0xda) {
      // Entropy-coded data: runs until a marker that is neither a stuffed 0xFF00 nor a restart.
      while (p < data.length) {
        if (data[p] === 0xff) {
          const next = data[p + 1];
          if (next === undefined) break;
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            p += next === 0xff ? 1 : 2;
            continue;
          }
          break;
        }
        p += 1;
      }
    }
  }
  throw mediaRefused('The image is truncated.');
}

export function pngEnd(data: Buffer): number {
  let p = 8;
  while (p + 12 <= data.length) {
    const length = data.readUInt32BE(p);
    const type = data.toString('latin1', p + 4, p + 8);
    const end = p + 12 + length;
    if (end > data.length) break;
    if (type === 'IEND') return end;
    p = end;
  }
  throw mediaRefused('The image is truncated.');
}

export function webpEnd(data: Buffer): number {
  if (data.length < 12) throw mediaRefused('The image is truncated.');
  const riff = data.readUInt32LE(4);
  const end = 8 + riff + (riff % 2);
  if (end > data.length) throw mediaRefused('The image is truncated.');
  return end;
}

function checkStructure(mimeType: string, data: Buffer): void {
  const end =
    mimeType === 'image/jpeg'
      ? jpegEnd(data)
      : mimeType === 'image/png'
        ? pngEnd(data)
        : webpEnd(data);
  if (end < data.length && !isAllZero(data, end)) throw mediaRefused(TRAILING);
}

/** At most two decodes at a time per process: memory stays bounded however many upload at once. */
export class Gate {
  #active = 0;
  readonly #waiting: Array<() => void> = [];
  constructor(readonly limit: number) {}
  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit)
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active += 1;
    try {
      return await fn();
    } finally {
      this.#active -= 1;
      this.#waiting.shift()?.();
    }
  }
}
export const decodeGate = new Gate(2);

async function reencodeImage(mimeType: string, source: string, target: string) {
  const stat = await fs.stat(source);
  if (stat.size > MAX_IMAGE_BYTES) {
    throw mediaRefused(`Images over ${MAX_IMAGE_BYTES / 1024 / 1024} MB are not accepted.`);
  }
  const sharp = await loadSharp();
  return decodeGate.run(async () => {
    const data = await fs.readFile(source);
    checkStructure(mimeType, data);
    const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
    let meta: Metadata;
    try {
      meta = await sharp(data, { ...options, limitInputPixels: false }).metadata();
    } catch (error) {
      throw mediaRefused('The image could not be read; it may be damaged.', String(error));
    }
    if (!meta.width || !meta.height) throw mediaRefused('The image has no size.');
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
      throw mediaRefused(
        `The image is ${meta.width}×${meta.height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted.`,
      );
    }
    if ((meta.pages ?? 1) > 1) throw mediaRefused('Animated images are not supported.');
    let pipeline = sharp(data, options).autoOrient().keepIccProfile();
    if (mimeType === 'image/jpeg')
      pipeline = pipeline.jpeg({ quality: 90, chromaSubsampling: '4:4:4' });
    else if (mimeType === 'image/png') pipeline = pipeline.png({ compressionLevel: 6 });
    else pipeline = pipeline.webp({ quality: 90 });
    try {
      return { info: await pipeline.toFile(target), hadLocation: imageHasLocation(meta) };
    } catch (error) {
      throw mediaRefused(
        'The image could not be read; it may be damaged or truncated.',
        String(error),
      );
    }
  });
}

export async function inspectUpload(
  tempPath: string,
  size: number,
  name: string,
): Promise<InspectedMedia> {
  if (size === 0) throw mediaRefused('The file is empty.');
  const fh = await fs.open(tempPath, 'r');
  const head = Buffer.alloc(Math.min(size, 4100));
  try {
    await fh.read(head, 0, head.length, 0);
  } finally {
    await fh.close();
  }
  // Loaded by the first upload, not at start (decision 019).
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(tempPath);
  const markup = looksLikeMarkup(head);
  if (markup === 'svg' || detected?.mime === 'image/svg+xml') {
    throw mediaRefused('SVG images are not accepted: they can contain scripts.');
  }
  if (!detected || detected.mime === 'application/xml' || detected.mime === 'text/html') {
    throw mediaRefused(
      markup || detected
        ? 'The file is a text or web document, not an image or video.'
        : 'The file is not a supported image or video (JPEG, PNG, WebP, MP4 or MOV).',
    );
  }
  const mimeType = detected.mime === 'image/heif' ? 'image/heic' : detected.mime;
  const accepted = ACCEPTED[mimeType];
  if (!accepted) {
    if (mimeType === 'image/gif')
      throw mediaRefused('GIF files are not supported. Please use JPEG, PNG or WebP.');
    throw mediaRefused(
      `The file is ${detected.ext.toUpperCase()}; only JPEG, PNG, WebP, MP4 and MOV are accepted.`,
    );
  }
  const extension = extensionOf(name);
  const promised = extension ? EXTENSION_TYPES[extension] : undefined;
  if (promised && promised !== mimeType) {
    throw mediaRefused(
      `The file is named .${extension} but its content is ${LABELS[mimeType] ?? detected.ext.toUpperCase()}. Please rename it or export it again.`,
    );
  }
  if (mimeType === 'image/heic' && !(await canDecodeHeic())) {
    throw mediaRefused(
      'HEIC photos can’t be read here yet. Please export the photo as JPEG (on iPhone: Settings › Camera › Formats › Most Compatible).',
    );
  }

  if (accepted.kind === 'video') {
    try {
      const info = await parseBmff(tempPath);
      return {
        kind: 'video',
        mimeType: info.container === 'mov' ? 'video/quicktime' : mimeType,
        extension: info.container === 'mov' ? 'mov' : 'mp4',
        width: info.width,
        height: info.height,
        durationMs: info.durationMs,
        frameRate: info.frameRate,
        videoCodec: info.videoCodec,
        audioCodec: info.audioCodec,
        storedPath: tempPath,
        hadLocation: info.hasLocation,
      };
    } catch (error) {
      if (error instanceof BmffError) throw mediaRefused(error.message);
      throw error;
    }
  }

  const target = `${tempPath}.clean`;
  try {
    const { info, hadLocation } = await reencodeImage(mimeType, tempPath, target);
    return {
      kind: 'image',
      mimeType,
      extension: accepted.extension,
      width: info.width,
      height: info.height,
      durationMs: null,
      frameRate: null,
      videoCodec: null,
      audioCodec: null,
      storedPath: target,
      hadLocation,
    };
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
}

/** A display name: no directories, no control characters, a sane length; never a storage key. */
export function sanitizeName(raw: string): string {
  let name = raw.normalize('NFC');
  name = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  name = name.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '');
  name = name.replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  if (name.length > 200) {
    const ext = extensionOf(name);
    name = ext ? `${name.slice(0, 198 - ext.length)}….${ext}` : name.slice(0, 200);
  }
  return name || 'Untitled';
}
