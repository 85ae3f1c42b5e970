import type { ByteRange } from '../storage/storage.ts';

// HTTP byte ranges (RFC 9110 §14), for serving stored files: a video element seeks with them, Safari
// will not play a video without them, and a platform's fetcher resumes an interrupted download
// with them. One range only: several are answered with the whole file, which the RFC allows and
// which spares us multipart/byteranges bodies no browser needs for media.

/** `bytes=first-` / `bytes=first-last`, or the last `suffix` bytes (`bytes=-suffix`). */
export type RangeSpec = { first: number; last: number | null } | { suffix: number };

/** What to send once the file's size is known. */
export type RangeChoice = ByteRange | 'whole' | 'unsatisfiable';

const INT_RANGE = /^(\d+)-(\d*)$/;
const SUFFIX_RANGE = /^-(\d+)$/;

/**
 * The single byte range a `Range` header asks for, or null when the header is to be ignored and
 * the whole file sent: absent, another unit, malformed, or more than one range.
 */
export function parseRange(header: string | null | undefined): RangeSpec | null {
  const value = header?.trim();
  if (!value) return null;
  const equals = value.indexOf('=');
  // Range units are case-insensitive (§14.1); the grammar has no whitespace before "=".
  if (equals < 0 || value.slice(0, equals).toLowerCase() !== 'bytes') return null;
  // A list: spaces around the commas are allowed and empty elements ignored (§5.6.1).
  const specs = value
    .slice(equals + 1)
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length !== 1) return null;
  const spec = specs[0]!;

  const suffix = SUFFIX_RANGE.exec(spec);
  if (suffix) return { suffix: Number(suffix[1]) };
  const range = INT_RANGE.exec(spec);
  if (!range) return null;
  const first = Number(range[1]);
  const last = range[2] === '' ? null : Number(range[2]);
  // "last-pos less than first-pos" makes the range invalid, not unsatisfiable (§14.1.1).
  if (last !== null && last < first) return null;
  return { first, last };
}

/** Places a parsed range on a file of `size` bytes (§14.1.1, §14.1.2). */
export function resolveRange(spec: RangeSpec, size: number): RangeChoice {
  if ('suffix' in spec) {
    if (spec.suffix === 0) return 'unsatisfiable';
    // An empty file has no byte to name in a Content-Range: it is sent whole (and empty).
    if (size === 0) return 'whole';
    return { start: Math.max(0, size - spec.suffix), end: size - 1 };
  }
  if (spec.first >= size) return 'unsatisfiable';
  const end = spec.last === null ? size - 1 : Math.min(spec.last, size - 1);
  return { start: spec.first, end };
}
