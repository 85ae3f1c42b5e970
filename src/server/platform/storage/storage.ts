import type { Readable } from 'node:stream';
import type { Env } from '../env.ts';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';

// Where uploaded files live. Keys are ours ("<tenant>/<item>/<variant>"), never a user's file
// name, so no name can reach outside the tenant's prefix. The local disk is the default; an
// S3-compatible bucket takes over when S3_BUCKET is configured.

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Copies a local file in; overwrites an existing object (jobs rely on that to be re-runnable). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
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

export function createObjectStorage(env: Env): ObjectStorage {
  if (env.S3_BUCKET) {
    return new S3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage(`${env.dataDir}/media`);
}
