import fs from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { runFfmpeg, type Ffmpeg } from '#server/platform/media-tools/ffmpeg.ts';
import { buildSampleVideo } from '#server/features/media/bmff.ts';

// Files for tests and the benchmark, made in memory: real images (with a GPS position where a
// test needs one), a structurally valid MP4, real videos recorded by ffmpeg (with a location in
// both places phones write it), and the bad inputs the library must refuse.

export async function sampleJpeg(
  options: {
    width?: number;
    height?: number;
    gps?: boolean;
    quality?: number;
    noise?: boolean;
  } = {},
): Promise<Buffer> {
  const width = options.width ?? 1200;
  const height = options.height ?? 1000;
  let image = options.noise
    ? sharp(
        Buffer.from(
          Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256)),
        ),
        {
          raw: { width, height, channels: 3 },
        },
      )
    : sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Sample' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    });
  }
  return image.jpeg({ quality: options.quality ?? 85 }).toBuffer();
}

export function samplePng(width = 800, height = 800): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
}

export function sampleWebp(width = 1080, height = 1350): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 90, g: 20, b: 200 } } })
    .webp()
    .toBuffer();
}

export function sampleGif(): Promise<Buffer> {
  return sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
    .gif()
    .toBuffer();
}

export function sampleMp4(options: Parameters<typeof buildSampleVideo>[0] = {}): Buffer {
  return buildSampleVideo(options);
}

/** The Eiffel Tower, as ISO 6709 (what ©xyz and the QuickTime location key hold). */
export const SAMPLE_LOCATION = '+48.8582+002.2945/';
/** What to look for in a file's bytes: any copy of the coordinates. */
export const SAMPLE_LOCATION_NEEDLE = '48.8582';

export interface RecordedVideoOptions {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  container?: 'mp4' | 'mov';
  /** Write SAMPLE_LOCATION as ©xyz (MOV) or as QuickTime keys (MP4), like phones do. */
  location?: boolean;
  /** Shown turned by this many degrees (a phone filming upright). */
  rotate?: 90 | 270;
  /** Film grain, so the bitrate (and the file size) is what `bitrate` asks for. */
  noise?: boolean;
  bitrate?: string;
}

/** A real H.264/AAC video made by ffmpeg from its test pattern, written to `target`. */
export async function recordSampleVideo(
  ffmpeg: Ffmpeg,
  target: string,
  options: RecordedVideoOptions = {},
): Promise<void> {
  const seconds = options.seconds ?? 2;
  const size = `${options.width ?? 320}x${options.height ?? 240}`;
  const container = options.container ?? 'mp4';
  const picture = `testsrc2=duration=${seconds}:size=${size}:rate=${options.fps ?? 30}${
    options.noise ? ',noise=alls=12:allf=t' : ''
  }`;
  const location = options.location
    ? [
        '-metadata',
        `location=${SAMPLE_LOCATION}`,
        '-metadata',
        `com.apple.quicktime.location.ISO6709=${SAMPLE_LOCATION}`,
        '-metadata',
        'com.apple.quicktime.make=Apple',
        // The MP4 muxer writes no ©xyz; QuickTime keys are how an iPhone's MP4 carries it.
        ...(container === 'mp4' ? ['-movflags', 'use_metadata_tags'] : []),
      ]
    : [];
  const encoded = options.rotate ? `${target}.unrotated.${container}` : target;
  const common = { timeoutMs: 300_000 };
  await runFfmpeg(
    ffmpeg.path,
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...['-f', 'lavfi', '-i', picture, '-f', 'lavfi', '-i', `sine=duration=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...(options.bitrate
        ? ['-b:v', options.bitrate, '-maxrate', options.bitrate, '-bufsize', options.bitrate]
        : []),
      ...['-shortest', ...location, '-f', container, '-y', `file:${encoded}`],
    ],
    common,
  );
  if (options.rotate) {
    // The display matrix is set on a copy (the encoder would apply no rotation itself).
    await runFfmpeg(
      ffmpeg.path,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', `file:${encoded}`],
        ...['-map', '0', '-c', 'copy', '-map_metadata', '0'],
        ...['-metadata:s:v:0', `rotate=${options.rotate}`, ...location],
        ...['-f', container, '-y', `file:${target}`],
      ],
      common,
    );
    await fs.rm(encoded, { force: true });
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG that claims 50 000 × 50 000 pixels: a few KB that would decode to gigabytes. */
export function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(50_001); // filter byte + a row of zeros
  const idat = deflateSync(Buffer.concat([row, row, row]), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an iPhone HEIC: the file type box is all file-type needs. */
export function heicHeader(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic', 'latin1'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(2000, 1)]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

/** A minimal ZIP (one empty stored file), to append to an image. */
export function zipArchive(): Buffer {
  const name = Buffer.from('payload.html');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length, 16);
  return Buffer.concat([local, name, central, name, end]);
}
