import { afterAll, beforeAll } from 'vitest';
import type { S3Storage } from '#server/platform/storage/s3.ts';
import { startLocalS3, type LocalS3 } from '#server/test/local-s3.ts';
import { createObjectStorage } from '#server/platform/storage/storage.ts';
import type { TestApp } from '#server/test/app.ts';
import { useMediaStorage } from './media.storage.ts';

// Shared set-up of the media tests.

/**
 * Stores the app's media in a local S3 server (s3rver) for the tests of the calling describe
 * block, and puts the configured storage back after them: registers both hooks. `app` is read
 * when the hooks run (the test app is made in the file's own beforeAll). Returns the adapter in
 * use, to look into the bucket.
 */
export function storeMediaOnLocalS3(app: () => TestApp): () => S3Storage {
  let local: LocalS3 | undefined;
  let s3: S3Storage | undefined;
  beforeAll(async () => {
    local = await startLocalS3();
    s3 = local.storage();
    useMediaStorage(app().runtime.deps, s3);
  });
  afterAll(async () => {
    const { deps } = app().runtime;
    useMediaStorage(deps, createObjectStorage(deps.env));
    s3?.close();
    await local?.stop();
  });
  return () => s3!;
}
