import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage } from '#server/platform/storage/s3.ts';

// A real S3-compatible server (s3rver) on a free port with one bucket, for tests of the S3
// adapter and of the features that store through it.

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** An adapter on the bucket (each call a new client; close it when done). */
  storage(): S3Storage;
  stop(): Promise<void>;
}

export async function startLocalS3(bucket = 'media'): Promise<LocalS3> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: () =>
      new S3Storage({
        bucket,
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
    async stop() {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
