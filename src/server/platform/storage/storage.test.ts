import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.ts';
import { parseContentRange } from './s3.ts';
import { startLocalS3, type LocalS3 } from '#server/test/local-s3.ts';
import {
  assertSafeKey,
  createObjectStorage,
  RangeNotSatisfiableError,
  type ObjectStorage,
} from './storage.ts';
import { loadEnv } from '../env.ts';

// One contract, two adapters: the local disk, and S3 against a real S3-compatible server
// (s3rver) started here on a free port.

let tmp: string;
let s3: LocalS3;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  s3 = await startLocalS3('media-test');
});

afterAll(async () => {
  await s3?.stop();
  await fs.rm(tmp, { recursive: true, force: true });
});

const adapters: Array<[string, () => ObjectStorage]> = [
  ['local disk', () => new LocalDiskStorage(path.join(tmp, 'local'))],
  ['S3 (s3rver)', () => s3.storage()],
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

  it('reads a byte range, reporting the part and the whole length', async () => {
    const storage = make();
    const key = `t-${crypto.randomUUID()}/item/original`;
    await storage.putBuffer(key, Buffer.from('hello media'), 'video/mp4');
    expect(await storage.stat(key)).toEqual({ size: 11 });

    const middle = await storage.get(key, { start: 3, end: 7 });
    expect(middle).toMatchObject({ size: 11, range: { start: 3, end: 7 } });
    expect(await text(middle!.body)).toBe('lo me');

    // Safari's first probe, and the last byte alone.
    const probe = await storage.get(key, { start: 0, end: 1 });
    expect(probe!.range).toEqual({ start: 0, end: 1 });
    expect(await text(probe!.body)).toBe('he');
    const last = await storage.get(key, { start: 10, end: 10 });
    expect(await text(last!.body)).toBe('a');

    // An end past the object (an open-ended `bytes=6-`) is clamped to the last byte.
    const rest = await storage.get(key, { start: 6, end: Number.MAX_SAFE_INTEGER });
    expect(rest).toMatchObject({ size: 11, range: { start: 6, end: 10 } });
    expect(await text(rest!.body)).toBe('media');

    // Without a range, the whole object as before.
    const whole = await storage.get(key);
    expect(whole!.range).toBeUndefined();
    expect(await text(whole!.body)).toBe('hello media');
  });

  it('refuses a range starting at or past the end with the size, and finds no missing object', async () => {
    const storage = make();
    const key = `t-${crypto.randomUUID()}/item/original`;
    await storage.putBuffer(key, Buffer.from('hello media'), 'video/mp4');
    for (const start of [11, 500]) {
      const refused = await storage.get(key, { start, end: start + 10 }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(RangeNotSatisfiableError);
      expect((refused as RangeNotSatisfiableError).size).toBe(11);
    }
    const missing = `t-${crypto.randomUUID()}/item/original`;
    expect(await storage.stat(missing)).toBeNull();
    expect(await storage.get(missing, { start: 0, end: 1 })).toBeNull();
    await expect(storage.get(key, { start: 5, end: 4 })).rejects.toThrow(/Invalid byte range/);
    await expect(storage.get(key, { start: -1, end: 4 })).rejects.toThrow(/Invalid byte range/);
  });

  it('refuses keys that could leave the root', async () => {
    const storage = make();
    await expect(storage.putBuffer('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Unsafe storage key/,
    );
    await expect(storage.get('a/../../b')).rejects.toThrow(/Unsafe storage key/);
  });
});

describe('S3 Content-Range answers', () => {
  it('reads the part and the whole length, and nothing it cannot trust', () => {
    expect(parseContentRange('bytes 0-99/1234')).toEqual({
      range: { start: 0, end: 99 },
      size: 1234,
    });
    expect(parseContentRange('bytes 5-5/6')).toEqual({ range: { start: 5, end: 5 }, size: 6 });
    for (const bad of ['bytes 0-99/*', 'bytes */1234', 'bytes 9-1/10', 'bytes 0-10/10', 'x']) {
      expect(parseContentRange(bad), bad).toBeNull();
    }
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
