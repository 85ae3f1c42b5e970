import type { Env } from '../env.ts';
import { LocalDiskStorage } from './local-disk.ts';
import type { ObjectStorage } from './object-storage.ts';
import { S3Storage } from './s3.ts';

// Where uploaded files live. Keys are ours ("<tenant>/<item>/<variant>"), never a user's file
// name, so no name can reach outside the tenant's prefix. The local disk is the default; an
// S3-compatible bucket takes over when S3_BUCKET is configured.

export {
  assertByteRange,
  assertSafeKey,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.ts';

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
