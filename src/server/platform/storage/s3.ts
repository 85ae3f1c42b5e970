import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import {
  assertByteRange,
  assertSafeKey,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.ts';

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

type Sdk = typeof S3Sdk;

// The AWS SDK takes about 0.1 s to load: it is loaded with S3_BUCKET only, by the first call
// (decision 019).
let sdkLoading: Promise<Sdk> | undefined;
const loadSdk = () => (sdkLoading ??= import('@aws-sdk/client-s3'));

function isMissing({ S3ServiceException }: Sdk, error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return (
      error.name === 'NoSuchKey' ||
      error.name === 'NotFound' ||
      error.$metadata.httpStatusCode === 404
    );
  }
  return false;
}

function isInvalidRange({ S3ServiceException }: Sdk, error: unknown): boolean {
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
  readonly #options: S3StorageOptions;
  readonly #bucket: string;
  #connecting: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(options: S3StorageOptions) {
    this.#options = options;
    this.#bucket = options.bucket;
  }

  #connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.#connecting ??= loadSdk().then((sdk) => ({ sdk, client: this.#newClient(sdk) }));
    return this.#connecting;
  }

  #newClient(sdk: Sdk): S3Client {
    const options = this.#options;
    return new sdk.S3Client({
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
    const { sdk, client } = await this.#connect();
    await client.send(
      new sdk.PutObjectCommand({
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
    const { sdk, client } = await this.#connect();
    await client.send(
      new sdk.PutObjectCommand({
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
    const { sdk, client } = await this.#connect();
    let out: GetObjectCommandOutput;
    try {
      out = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      if (range && isInvalidRange(sdk, error)) {
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
    const { sdk, client } = await this.#connect();
    try {
      const out = await client.send(new sdk.HeadObjectCommand({ Bucket: this.#bucket, Key: key }));
      return { size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(sdk, error)) return null;
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
    const { sdk, client } = await this.#connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.#bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  close(): void {
    // A client that was never made has nothing to let go of.
    void this.#connecting?.then(({ client }) => client.destroy());
  }
}
