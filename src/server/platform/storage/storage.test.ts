import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.ts';
import { S3Storage } from './s3.ts';
import { assertSafeKey, createObjectStorage, type ObjectStorage } from './storage.ts';
import { loadEnv } from '../env.ts';

// One contract, two adapters: the local disk, and S3 against a real S3-compatible server
// (s3rver) started here on a free port.

let tmp: string;
let s3rver: S3rver;
let s3Endpoint: string;
const BUCKET = 'media-test';

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3rver'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await s3rver?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

const adapters: Array<[string, () => ObjectStorage]> = [
  ['local disk', () => new LocalDiskStorage(path.join(tmp, 'local'))],
  [
    'S3 (s3rver)',
    () =>
      new S3Storage({
        bucket: BUCKET,
        endpoint: s3Endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  ],
];

describe.each(adapters)('%s adapter', (_name, make) => {
  it('stores a file and a buffer, reads them back, and reports their size', async () => {
    const storage = make();
    const source = path.join(tmp, `source-${crypto.randomUUID()}.bin`);
    await fs.writeFile(source, 'hello media');
    const key = `t-${crypto.randomUUID()}/item/original`;
    await storage.putFile(key, source, 'image/jpeg');
    const found = await storage.get(key);
    expect(found?.size).toBe(11);
    expect(await text(found!.body)).toBe('hello media');

    const key2 = `t-${crypto.randomUUID()}/item/thumbnail`;
    await storage.putBuffer(key2, Buffer.from('thumb'), 'image/webp');
    expect(await storage.exists(key2)).toBe(true);
    const target = path.join(tmp, `download-${crypto.randomUUID()}`);
    await storage.download(key2, target);
    expect(await fs.readFile(target, 'utf8')).toBe('thumb');
  });

  it('overwrites an existing key (re-run jobs) and deletes idempotently', async () => {
    const storage = make();
    const key = `t-${crypto.randomUUID()}/item/thumbnail`;
    await storage.putBuffer(key, Buffer.from('one'), 'image/webp');
    await storage.putBuffer(key, Buffer.from('two'), 'image/webp');
    expect(await text((await storage.get(key))!.body)).toBe('two');
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses keys that could leave the root', async () => {
    const storage = make();
    await expect(storage.putBuffer('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Unsafe storage key/,
    );
    await expect(storage.get('a/../../b')).rejects.toThrow(/Unsafe storage key/);
  });
});

describe('storage keys and configuration', () => {
  it('accepts only our own key shapes', () => {
    expect(() => assertSafeKey('abc/def/original')).not.toThrow();
    for (const bad of ['/abs', 'a//b', 'a/./b', 'a/../b', 'A/b', 'a\\b', 'a/b c', '']) {
      expect(() => assertSafeKey(bad), bad).toThrow();
    }
  });

  it('uses the local disk by default and S3 when a bucket is configured', () => {
    expect(createObjectStorage(loadEnv({ DATA_DIR: tmp })).kind).toBe('local');
    expect(
      createObjectStorage(
        loadEnv({ DATA_DIR: tmp, S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000' }),
      ).kind,
    ).toBe('s3');
  });
});
