import type { Readable } from 'node:stream';

// What every object store offers (the local disk and an S3-compatible bucket, storage.ts picks
// one), and the checks each applies to keys and byte ranges.

/** Byte positions, both inclusive, as in HTTP's `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** The whole object's length, also when `body` holds only a range of it. */
  size: number;
  contentType: string;
  /** Set when a range was asked for: the bytes `body` holds (the end clamped to the last byte). */
  range?: ByteRange;
}

/** A range that starts at or past the object's end (HTTP answers it 416 with the size). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`Range not satisfiable (object of ${size} bytes)`);
    this.name = 'RangeNotSatisfiableError';
  }
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Copies a local file in; overwrites an existing object (jobs rely on that to be re-runnable). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * null when there is no such object. With a range, only those bytes are read (a seek in a video,
   * a resumed download); an end past the object is clamped, a start past it throws
   * RangeNotSatisfiableError.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's length without reading it (HEAD, resolving a range); null when it is missing. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Writes the object to a local file (processing needs a seekable file). */
  download(key: string, filePath: string): Promise<void>;
  /** Idempotent: deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/;

/** Keys are built by our code only; this refuses anything that could climb out of the root. */
export function assertSafeKey(key: string): void {
  if (
    !KEY_PATTERN.test(key) ||
    key.split('/').some((part) => part === '' || part === '..' || part === '.')
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** Callers resolve ranges against the size first; anything else here is a programming error. */
export function assertByteRange(range: ByteRange): void {
  if (
    !Number.isSafeInteger(range.start) ||
    !Number.isSafeInteger(range.end) ||
    range.start < 0 ||
    range.end < range.start
  ) {
    throw new Error(`Invalid byte range: ${range.start}-${range.end}`);
  }
}
