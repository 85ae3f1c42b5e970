import fs from 'node:fs/promises';
import { QUICKTIME_LOCATION_KEY } from './location.ts';

// A small reader of ISO base media files (MP4, and QuickTime MOV, which shares the box layout).
// It reads only box headers and the few small boxes that carry what the library shows and the
// platforms check — duration, display size, frame rate, codecs — straight from the file, never
// loading it whole. Any box that claims to be larger than its container, or a file whose
// top-level boxes do not add up to its length, is refused: that is how truncated uploads,
// appended payloads and crafted size fields show themselves.

export class BmffError extends Error {}

export interface VideoInfo {
  container: 'mp4' | 'mov';
  majorBrand: string | null;
  durationMs: number;
  width: number;
  height: number;
  frameRate: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** moov before mdat ("fast start"), which Instagram asks for. */
  moovFirst: boolean;
  /**
   * The file names where it was made (docs/decisions/047): a `©xyz` or 3GPP `loci` atom, the
   * QuickTime location key, or a timed metadata track of locations.
   */
  hasLocation: boolean;
}

interface Box {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
const MAX_BOXES = 200_000;
const MAX_DEPTH = 12;
/** Boxes we read into memory are small; a larger one is a crafted file, not a video. */
const MAX_PAYLOAD = 16 * 1024 * 1024;

interface Track {
  handler: string | null;
  width: number;
  height: number;
  timescale: number;
  mediaDuration: number;
  sampleCount: number;
  sampleDuration: number;
  codec: string | null;
  /** Its own user data or, for a timed metadata track, its keys name a location. */
  hasLocation: boolean;
}

/**
 * What names a place in metadata boxes: the QuickTime location key, and the `©xyz` (QuickTime,
 * Android) and 3GPP `loci` atoms of user data. The boxes' bytes are searched rather than parsed:
 * user data is not always made of well-formed boxes, and a file is never refused for it.
 */
const LOCATION_KEY = Buffer.from(QUICKTIME_LOCATION_KEY, 'latin1');
const LOCATION_ATOMS = ['\u00a9xyz', 'loci'].map((n) => Buffer.from(n, 'latin1'));

/** Whether `bytes` hold an atom of this type: its name preceded by a size that fits. */
function holdsAtom(bytes: Buffer, type: Buffer): boolean {
  for (let at = bytes.indexOf(type, 4); at >= 0; at = bytes.indexOf(type, at + 1)) {
    const size = bytes.readUInt32BE(at - 4);
    if (size >= 8 && size <= bytes.length - (at - 4)) return true;
  }
  return false;
}
/** Metadata boxes are read up to this much to look for a location; a larger one counts as one. */
const MAX_METADATA_READ = 1024 * 1024;

class Reader {
  boxes = 0;
  constructor(
    readonly fh: fs.FileHandle,
    readonly fileSize: number,
  ) {}

  async bytes(position: number, length: number): Promise<Buffer> {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.fh.read(buffer, 0, length, position);
    if (bytesRead !== length) throw new BmffError('The video file is truncated.');
    return buffer;
  }

  async children(start: number, end: number, topLevel: boolean): Promise<Box[]> {
    const boxes: Box[] = [];
    let position = start;
    while (position < end) {
      this.boxes += 1;
      if (this.boxes > MAX_BOXES) throw new BmffError('The video has too many boxes to be real.');
      if (end - position < 8) throw new BmffError('The video file is truncated or padded.');
      const header = await this.bytes(position, 8);
      let size = header.readUInt32BE(0);
      const type = header.toString('latin1', 4, 8);
      let headerSize = 8;
      if (size === 1) {
        if (end - position < 16) throw new BmffError('The video file is truncated.');
        const large = (await this.bytes(position + 8, 8)).readBigUInt64BE(0);
        if (large > BigInt(Number.MAX_SAFE_INTEGER))
          throw new BmffError('A box size is impossible.');
        size = Number(large);
        headerSize = 16;
      } else if (size === 0) {
        // "To the end of the file": only meaningful for the last top-level box.
        if (!topLevel) throw new BmffError('A box size is impossible.');
        size = end - position;
      }
      if (!/^[\x20-\x7e\xa9]{4}$/.test(type)) {
        throw new BmffError('The video contains data that is not part of an MP4/MOV file.');
      }
      if (size < headerSize) throw new BmffError('A box size is impossible.');
      if (position + size > end) {
        throw new BmffError(
          topLevel
            ? 'The video file is truncated (a box runs past the end of the file).'
            : 'The video has inconsistent box sizes.',
        );
      }
      boxes.push({ type, start: position, headerSize, size });
      position += size;
    }
    return boxes;
  }

  async payload(box: Box, max = MAX_PAYLOAD): Promise<Buffer> {
    const length = box.size - box.headerSize;
    if (length > max) throw new BmffError(`The ${box.type} box is implausibly large.`);
    return this.bytes(box.start + box.headerSize, length);
  }

  /** Whether a metadata box (`udta`, `meta`, a metadata track's `stsd`) names a place. */
  async mentionsLocation(box: Box): Promise<boolean> {
    const length = box.size - box.headerSize;
    if (length > MAX_METADATA_READ) return true;
    const bytes = await this.bytes(box.start + box.headerSize, length);
    return bytes.includes(LOCATION_KEY) || LOCATION_ATOMS.some((atom) => holdsAtom(bytes, atom));
  }
}

function need(buffer: Buffer, length: number, what: string): void {
  if (buffer.length < length) throw new BmffError(`The ${what} box is too short.`);
}

function fixed16(buffer: Buffer, offset: number): number {
  return buffer.readInt32BE(offset) / 65536;
}

async function readTrack(reader: Reader, trak: Box, depth: number): Promise<Track> {
  const track: Track = {
    handler: null,
    width: 0,
    height: 0,
    timescale: 0,
    mediaDuration: 0,
    sampleCount: 0,
    sampleDuration: 0,
    codec: null,
    hasLocation: false,
  };
  const walk = async (box: Box, level: number): Promise<void> => {
    if (level > MAX_DEPTH) throw new BmffError('The video nests boxes too deeply.');
    const kids = await reader.children(box.start + box.headerSize, box.start + box.size, false);
    for (const kid of kids) {
      if (CONTAINERS.has(kid.type)) {
        await walk(kid, level + 1);
        continue;
      }
      switch (kid.type) {
        case 'tkhd': {
          const p = await reader.payload(kid, 4096);
          need(p, 4, 'tkhd');
          const v1 = p[0] === 1;
          const matrix = v1 ? 52 : 40;
          const size = v1 ? 88 : 76;
          need(p, size + 8, 'tkhd');
          let width = fixed16(p, size);
          let height = fixed16(p, size + 4);
          const a = fixed16(p, matrix);
          const d = fixed16(p, matrix + 16);
          // A quarter-turn matrix (phones filming upright) shows the frame turned: swap.
          if (a === 0 && d === 0) [width, height] = [height, width];
          track.width = Math.round(Math.abs(width));
          track.height = Math.round(Math.abs(height));
          break;
        }
        case 'hdlr': {
          // The track's kind is the handler of its media box. QuickTime files have a second
          // handler inside minf (the data handler, 'alis' or 'url '), which says nothing of it.
          if (box.type !== 'mdia') break;
          const p = await reader.payload(kid, 4096);
          need(p, 12, 'hdlr');
          track.handler = p.toString('latin1', 8, 12);
          break;
        }
        case 'mdhd': {
          const p = await reader.payload(kid, 4096);
          need(p, 4, 'mdhd');
          if (p[0] === 1) {
            need(p, 32, 'mdhd');
            track.timescale = p.readUInt32BE(20);
            track.mediaDuration = Number(p.readBigUInt64BE(24));
          } else {
            need(p, 20, 'mdhd');
            track.timescale = p.readUInt32BE(12);
            track.mediaDuration = p.readUInt32BE(16);
          }
          break;
        }
        case 'stsd': {
          const p = await reader.bytes(
            kid.start + kid.headerSize,
            Math.min(16, kid.size - kid.headerSize),
          );
          need(p, 16, 'stsd');
          track.codec = p.toString('latin1', 12, 16);
          // A timed metadata track lists its keys in its sample description.
          if (track.codec === 'mebx' && (await reader.mentionsLocation(kid))) {
            track.hasLocation = true;
          }
          break;
        }
        case 'udta': {
          if (await reader.mentionsLocation(kid)) track.hasLocation = true;
          break;
        }
        case 'stts': {
          const p = await reader.payload(kid);
          need(p, 8, 'stts');
          const entries = p.readUInt32BE(4);
          // The count is checked against the box's own size before anything is read: a crafted
          // count would otherwise make us walk far beyond the box.
          if (8 + entries * 8 > p.length)
            throw new BmffError('The video has inconsistent sample tables.');
          let count = 0;
          let total = 0;
          for (let i = 0; i < entries; i += 1) {
            const n = p.readUInt32BE(8 + i * 8);
            count += n;
            total += n * p.readUInt32BE(12 + i * 8);
          }
          track.sampleCount = count;
          track.sampleDuration = total;
          break;
        }
        default:
          break;
      }
    }
  };
  await walk(trak, depth);
  return track;
}

export async function parseBmff(filePath: string): Promise<VideoInfo> {
  const fh = await fs.open(filePath, 'r');
  try {
    const { size } = await fh.stat();
    const reader = new Reader(fh, size);
    const top = await reader.children(0, size, true);
    const first = top[0];
    if (!first) throw new BmffError('The video file is empty.');

    let majorBrand: string | null = null;
    const ftyp = top.find((b) => b.type === 'ftyp');
    if (ftyp) {
      if (ftyp !== first) throw new BmffError('The video does not start with its file type box.');
      const p = await reader.payload(ftyp, 4096);
      need(p, 4, 'ftyp');
      majorBrand = p.toString('latin1', 0, 4);
    } else if (!['moov', 'mdat', 'wide', 'free', 'skip'].includes(first.type)) {
      throw new BmffError('The file is not an MP4 or MOV video.');
    }

    const moovIndex = top.findIndex((b) => b.type === 'moov');
    const mdatIndex = top.findIndex((b) => b.type === 'mdat');
    if (moovIndex < 0)
      throw new BmffError('The video has no index (moov box); it may be truncated.');
    if (mdatIndex < 0) throw new BmffError('The video has no media data.');
    const moov = top[moovIndex]!;

    let timescale = 0;
    let duration = 0;
    let hasLocation = false;
    const tracks: Track[] = [];
    for (const box of await reader.children(
      moov.start + moov.headerSize,
      moov.start + moov.size,
      false,
    )) {
      if (box.type === 'mvhd') {
        const p = await reader.payload(box, 4096);
        need(p, 4, 'mvhd');
        if (p[0] === 1) {
          need(p, 32, 'mvhd');
          timescale = p.readUInt32BE(20);
          duration = Number(p.readBigUInt64BE(24));
        } else {
          need(p, 20, 'mvhd');
          timescale = p.readUInt32BE(12);
          duration = p.readUInt32BE(16);
        }
      } else if (box.type === 'trak') {
        tracks.push(await readTrack(reader, box, 1));
      } else if (box.type === 'udta' || box.type === 'meta') {
        // User data, and QuickTime keys (moov/meta: keys + ilst), where phones write the place.
        hasLocation ||= await reader.mentionsLocation(box);
      }
    }
    if (timescale === 0) throw new BmffError('The video has no valid movie header.');
    const video = tracks.find((t) => t.handler === 'vide');
    if (!video) throw new BmffError('The file has no video track.');
    if (video.width === 0 || video.height === 0)
      throw new BmffError('The video has no picture size.');
    const audio = tracks.find((t) => t.handler === 'soun');

    const frameRate =
      video.sampleCount > 0 && video.sampleDuration > 0 && video.timescale > 0
        ? Math.round(((video.sampleCount * video.timescale) / video.sampleDuration) * 100) / 100
        : null;

    return {
      container: majorBrand === 'qt  ' || !ftyp ? 'mov' : 'mp4',
      majorBrand,
      durationMs: Math.round((duration / timescale) * 1000),
      width: video.width,
      height: video.height,
      frameRate,
      videoCodec: video.codec,
      audioCodec: audio?.codec ?? null,
      moovFirst: moovIndex < mdatIndex,
      hasLocation: hasLocation || tracks.some((t) => t.hasLocation),
    };
  } finally {
    await fh.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Building files, for tests and the benchmark: a minimal but well-formed MP4.

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

function u32(...values: number[]): Buffer {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
}

export interface SampleVideoOptions {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  brand?: 'isom' | 'qt  ';
  codec?: string;
  audio?: boolean;
  mdatBytes?: number;
}

/** A structurally valid MP4/MOV (no decodable frames: nothing here decodes video). */
export function buildSampleVideo(options: SampleVideoOptions = {}): Buffer {
  const width = options.width ?? 1080;
  const height = options.height ?? 1920;
  const seconds = options.seconds ?? 10;
  const fps = options.fps ?? 30;
  const timescale = 30_000;
  const frames = Math.round(seconds * fps);
  const delta = Math.round(timescale / fps);
  const matrix = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
  const track = (handler: string, codec: string, w: number, h: number) =>
    box(
      'trak',
      box(
        'tkhd',
        u32(0x3, 0, 0, 1, 0, seconds * 1000, 0, 0),
        Buffer.alloc(8),
        matrix,
        u32(w * 65536, h * 65536),
      ),
      box(
        'mdia',
        box('mdhd', u32(0, 0, 0, timescale, frames * delta), Buffer.alloc(4)),
        box('hdlr', u32(0, 0), Buffer.from(handler, 'latin1'), Buffer.alloc(12)),
        box(
          'minf',
          // QuickTime files name their data handler here too (after the media handler above).
          ...(options.brand === 'qt  '
            ? [box('hdlr', u32(0), Buffer.from('dhlralis', 'latin1'), Buffer.alloc(12))]
            : []),
          box(
            'stbl',
            box('stsd', u32(0, 1), u32(16), Buffer.from(codec, 'latin1'), Buffer.alloc(8)),
            box('stts', u32(0, 1, frames, delta)),
          ),
        ),
      ),
    );
  const moov = box(
    'moov',
    box('mvhd', u32(0, 0, 0, 1000, seconds * 1000), Buffer.alloc(80)),
    track('vide', options.codec ?? 'avc1', width, height),
    ...(options.audio === false ? [] : [track('soun', 'mp4a', 0, 0)]),
  );
  const brand = options.brand ?? 'isom';
  const ftyp = box(
    'ftyp',
    Buffer.from(brand, 'latin1'),
    u32(0x200),
    Buffer.from(`${brand}mp41`, 'latin1'),
  );
  const mdat = box('mdat', Buffer.alloc(options.mdatBytes ?? 1024, 7));
  return Buffer.concat([ftyp, moov, mdat]);
}
