import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertByteRange,
  assertSafeKey,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStorage,
  type StoredObject,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, R2, s3rver…); AWS when absent. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Path-style addressing (endpoint/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
}

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return (
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404
    );
  }
  return false;
}

function isInvalidRange(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416)
  );
}

/** `bytes 0-99/1234` → the part and the whole length; null for anything else. */
export function parseContentRange(value: string): { range: ByteRange; size: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value.trim());
  if (!match) return null;
  const [start, end, size] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (end < start || end >= size) return null;
  return { range: { start, end }, size };
}

export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly #client: S3Client;
  readonly #bucket: string;

  constructor(options: S3StorageOptions) {
    this.#bucket = options.bucket;
    this.#client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Newer SDKs send streamed bodies aws-chunked with trailing checksums, which many
      // S3-compatible servers store verbatim (framing included); checksums only where required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? {
            credentials: {
              accessKeyId: options.accessKeyId,
              secretAccessKey: options.secretAccessKey,
            },
          }
        : {}),
    });
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await fs.stat(filePath);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertSafeKey(key);
    if (range) assertByteRange(range);
    let out: GetObjectCommandOutput;
    try {
      out = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (isMissing(error)) return null;
      if (range && isInvalidRange(error)) {
        // The 416 answer's body names the size only on some servers; asking again is reliable.
        const found = await this.stat(key);
        if (!found) return null;
        throw new RangeNotSatisfiableError(found.size);
      }
      throw error;
    }
    if (!out.Body) return null;
    const body = out.Body as Readable;
    const contentType = out.ContentType ?? 'application/octet-stream';
    // A ranged answer's ContentLength is the part's; the whole length is in ContentRange. A server
    // that ignores Range answers 200 with the whole object and no ContentRange: then so do we.
    if (range && out.ContentRange) {
      const part = parseContentRange(out.ContentRange);
      if (!part) {
        body.destroy();
        throw new Error(`Unexpected Content-Range from S3: ${out.ContentRange}`);
      }
      return { body, size: part.size, contentType, range: part.range };
    }
    return { body, size: out.ContentLength ?? 0, contentType };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    try {
      const out = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      return { size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async download(key: string, filePath: string): Promise<void> {
    const found = await this.get(key);
    if (!found) throw new Error(`No object ${key}`);
    await pipeline(found.body, createWriteStream(filePath));
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  close(): void {
    this.#client.destroy();
  }
}
