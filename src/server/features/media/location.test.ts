import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sampleJpeg } from '#server/test/media-samples.ts';
import { buildSampleVideo, parseBmff } from './bmff.ts';
import { exifHasLocation, imageHasLocation } from './location.ts';

// Whether an upload had a location, read from what sharp and the box reader see
// (docs/decisions/047).

const blank = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } });
const metadataOf = async (image: Buffer) => sharp(image).metadata();

describe('a photo', () => {
  it('has a location when its EXIF GPS block gives a position', async () => {
    const meta = await metadataOf(await sampleJpeg({ width: 64, height: 64, gps: true }));
    expect(exifHasLocation(meta.exif!)).toBe(true);
    expect(imageHasLocation(meta)).toBe(true);
  });

  it('has none without EXIF, with camera details only, or with a GPS block without a position', async () => {
    const plain = await metadataOf(await sampleJpeg({ width: 64, height: 64 }));
    expect(plain.exif).toBeUndefined();
    expect(imageHasLocation(plain)).toBe(false);
    const camera = await metadataOf(
      await blank()
        .withExif({ IFD0: { Make: 'TestCam', Model: 'Sample' } })
        .jpeg()
        .toBuffer(),
    );
    expect(imageHasLocation(camera)).toBe(false);
    const versionOnly = await metadataOf(
      await blank()
        .withExif({ IFD3: { GPSVersionID: '2 3 0 0' } })
        .jpeg()
        .toBuffer(),
    );
    expect(versionOnly.exif).toBeDefined();
    expect(imageHasLocation(versionOnly)).toBe(false);
  });

  it('has a location given in its XMP packet, in a PNG too', async () => {
    const xmp =
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="48,51.5N" exif:GPSLongitude="2,17.7E"/></rdf:RDF></x:xmpmeta>';
    const meta = await metadataOf(await blank().withXmp(xmp).png().toBuffer());
    expect(meta.exif).toBeUndefined();
    expect(imageHasLocation(meta)).toBe(true);
  });

  it('counts an EXIF block it cannot read as a location', () => {
    expect(exifHasLocation(Buffer.from('Exif\0\0XX\0\0\0\0\0\0', 'latin1'))).toBe(true);
    expect(exifHasLocation(Buffer.from('Exif\0\0MM\0\x2a\0\0\xff\xff', 'latin1'))).toBe(true);
  });
});

/** A box, as the MP4 format writes one. */
function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** The sample video with `extra` boxes appended inside its moov. */
function withMoovBoxes(...extra: Buffer[]): Buffer {
  const video = buildSampleVideo({ seconds: 1 });
  const at = video.indexOf('moov', 0, 'latin1') - 4;
  const size = video.readUInt32BE(at);
  const moov = Buffer.concat([video.subarray(at, at + size), ...extra]);
  moov.writeUInt32BE(moov.length, 0);
  return Buffer.concat([video.subarray(0, at), moov, video.subarray(at + size)]);
}

async function videoHasLocation(data: Buffer): Promise<boolean> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'location-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    await fs.writeFile(file, data);
    return (await parseBmff(file)).hasLocation;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe('a video', () => {
  it('has none without location metadata', async () => {
    expect(await videoHasLocation(buildSampleVideo())).toBe(false);
    // A title that only contains the letters of an atom's name is not one.
    const title = box('udta', box('\u00a9nam', Buffer.from('Velocity loci', 'latin1')));
    expect(await videoHasLocation(withMoovBoxes(title))).toBe(false);
  });

  it('has one in a ©xyz atom, a 3GPP loci atom or the QuickTime location key', async () => {
    const xyz = box('udta', box('\u00a9xyz', Buffer.from('\0\x12\x15\xc7+48.8582+002.2945/')));
    expect(await videoHasLocation(withMoovBoxes(xyz))).toBe(true);
    const loci = box('udta', box('loci', Buffer.alloc(20)));
    expect(await videoHasLocation(withMoovBoxes(loci))).toBe(true);
    const keys = box(
      'meta',
      Buffer.concat([
        Buffer.alloc(4),
        box(
          'keys',
          Buffer.from('\0\0\0\0\0\0\0\x01\0\0\0\x2cmdtacom.apple.quicktime.location.ISO6709'),
        ),
      ]),
    );
    expect(await videoHasLocation(withMoovBoxes(keys))).toBe(true);
  });
});
