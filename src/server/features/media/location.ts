// Whether an upload carried a location (docs/decisions/047), read before the stored file loses
// it: for images the EXIF GPS block (a position, not only the block's version) or GPS fields of
// the XMP packet; for videos (bmff.ts) the QuickTime `©xyz` atom, the
// `com.apple.quicktime.location.ISO6709` key and timed metadata tracks that name a location. It
// only reads what sharp and the box reader already hold; a block that cannot be parsed is
// counted as a location (the cautious answer: the details then say it was removed, not that
// there was none).

/** EXIF GPS tags that give a position: latitude, longitude (and their references). */
const GPS_POSITION_TAGS = new Set([0x0001, 0x0002, 0x0003, 0x0004]);
const GPS_IFD_POINTER = 0x8825;

/** Whether an EXIF block (as sharp's `metadata().exif` gives it) holds a GPS position. */
export function exifHasLocation(exif: Buffer): boolean {
  // sharp answers the APP1 payload: "Exif\0\0" then the TIFF header; other containers may not
  // carry the prefix.
  const start = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  const tiff = exif.subarray(start);
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return true;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  /** The tags of the IFD at `offset`, or null when it runs past the block. */
  const tags = (offset: number): { tag: number; value: number }[] | null => {
    if (offset < 8 || offset + 2 > tiff.length) return null;
    const count = u16(offset);
    if (offset + 2 + count * 12 > tiff.length) return null;
    return Array.from({ length: count }, (_, i) => {
      const entry = offset + 2 + i * 12;
      return { tag: u16(entry), value: u32(entry + 8) };
    });
  };
  try {
    const ifd0 = tags(u32(4));
    if (!ifd0) return true;
    const pointer = ifd0.find((t) => t.tag === GPS_IFD_POINTER);
    if (!pointer) return false;
    const gps = tags(pointer.value);
    if (!gps) return true;
    return gps.some((t) => GPS_POSITION_TAGS.has(t.tag));
  } catch {
    return true;
  }
}

/** XMP properties that give a position (exif:GPSLatitude and the like). */
const XMP_POSITION = /GPS(?:Latitude|Longitude)\b/;

/** Whether an XMP packet names a GPS position. */
export function xmpHasLocation(xmp: Buffer): boolean {
  return XMP_POSITION.test(xmp.toString('utf8'));
}

/** Whether an image's metadata (sharp's `exif` and `xmp` blocks) holds a location. */
export function imageHasLocation(meta: { exif?: Buffer | undefined; xmp?: Buffer | undefined }) {
  return (
    (meta.exif !== undefined && exifHasLocation(meta.exif)) ||
    (meta.xmp !== undefined && xmpHasLocation(meta.xmp))
  );
}

/** The key under which iPhones write a video's place, in QuickTime keys and timed metadata. */
export const QUICKTIME_LOCATION_KEY = 'com.apple.quicktime.location';
