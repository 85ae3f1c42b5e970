import { Readable } from 'node:stream';
import type { Context } from 'hono';
import {
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStorage,
  type StoredObject,
} from '../storage/storage.ts';
import { parseRange, resolveRange, type RangeSpec } from './ranges.ts';

// Serving a stored file: whole, one byte range (206), a refused range (416) or only its headers
// (HEAD). The routes that serve files decide who may read what; this decides how much to send.

/** What a request asks of a file. */
export interface FileRequest {
  /** HEAD: the headers and the size, without opening the file. */
  head: boolean;
  range: RangeSpec | null;
}

export const WHOLE_FILE: FileRequest = { head: false, range: null };

export type FileRead =
  | { kind: 'head'; size: number }
  | { kind: 'whole'; object: StoredObject }
  | { kind: 'part'; object: StoredObject; range: ByteRange }
  | { kind: 'unsatisfiable'; size: number };

export function fileRequest(c: Context): FileRequest {
  // Hono answers HEAD with the GET handler; the request still says HEAD.
  const head = c.req.method === 'HEAD';
  // Range is defined for GET only (RFC 9110 §14.2). Our answers carry no validator (ETag or
  // Last-Modified), so no If-Range can match one: the whole file is the right answer to it.
  if (head || c.req.header('if-range') !== undefined) return { head, range: null };
  return { head, range: parseRange(c.req.header('range')) };
}

/** The file at `key` as the request asks for it; null when there is no such object. */
export async function readStoredFile(
  storage: ObjectStorage,
  key: string,
  request: FileRequest = WHOLE_FILE,
): Promise<FileRead | null> {
  if (request.head) {
    const found = await storage.stat(key);
    return found && { kind: 'head', size: found.size };
  }
  // Without a range the object is opened in one step (one request to S3), as it always was.
  if (!request.range) return whole(storage, key);
  const spec = request.range;
  // `bytes=a-b` and `bytes=a-` (a player's seek, a resumed download) need no size first: the
  // store clamps the end and refuses a start past the object with its size, in the same request.
  if ('first' in spec && Number.isSafeInteger(spec.first)) {
    const end = Math.min(spec.last ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    return part(storage, key, { start: spec.first, end });
  }
  // A suffix (`bytes=-n`) counts back from the end, and a start too large to hold is past any
  // object: both need the size.
  const found = await storage.stat(key);
  if (!found) return null;
  const choice = resolveRange(spec, found.size);
  if (choice === 'unsatisfiable') return { kind: 'unsatisfiable', size: found.size };
  if (choice === 'whole') return whole(storage, key);
  return part(storage, key, choice);
}

async function part(
  storage: ObjectStorage,
  key: string,
  range: ByteRange,
): Promise<FileRead | null> {
  try {
    const object = await storage.get(key, range);
    if (!object) return null;
    // A store that ignored the range sent everything: so do we, as a 200.
    return object.range ? { kind: 'part', object, range: object.range } : { kind: 'whole', object };
  } catch (error) {
    // The range starts past the end (for a suffix: the object shrank since its size was read,
    // a re-run job replaced it).
    if (!(error instanceof RangeNotSatisfiableError)) throw error;
    return { kind: 'unsatisfiable', size: error.size };
  }
}

async function whole(storage: ObjectStorage, key: string): Promise<FileRead | null> {
  const object = await storage.get(key);
  return object && { kind: 'whole', object };
}

export interface FileHeaders {
  contentType: string;
  cacheControl: string;
  /** `inline; filename*=…` where the route names the file. */
  contentDisposition?: string;
}

/** Even a file that fooled every check cannot run as a page from our origin. */
export const STORED_FILE_CSP = "default-src 'none'; sandbox";

export function storedFileResponse(c: Context, read: FileRead, headers: FileHeaders): Response {
  c.header('Accept-Ranges', 'bytes');
  c.header('Content-Security-Policy', STORED_FILE_CSP);
  if (read.kind === 'unsatisfiable') {
    // No body and no caching (the API's no-store stays): only the size, for the next try.
    c.header('Content-Range', `bytes */${read.size}`);
    c.header('Content-Length', '0');
    return c.body(null, 416);
  }
  c.header('Content-Type', headers.contentType);
  c.header('Cache-Control', headers.cacheControl);
  if (headers.contentDisposition) c.header('Content-Disposition', headers.contentDisposition);
  if (read.kind === 'head') {
    c.header('Content-Length', String(read.size));
    return c.body(null, 200);
  }
  const body = Readable.toWeb(read.object.body) as ReadableStream;
  if (read.kind === 'part') {
    const { start, end } = read.range;
    c.header('Content-Range', `bytes ${start}-${end}/${read.object.size}`);
    c.header('Content-Length', String(end - start + 1));
    return c.body(body, 206);
  }
  c.header('Content-Length', String(read.object.size));
  return c.body(body, 200);
}
