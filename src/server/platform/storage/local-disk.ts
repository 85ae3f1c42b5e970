import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  assertByteRange,
  assertSafeKey,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStorage,
  type StoredObject,
} from './object-storage.ts';

/**
 * Files under one root directory. Writes go to a temporary name in the same directory and are
 * renamed into place, so a reader never sees half a file and a crash leaves only a `.part` file.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  #path(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Key outside storage: ${key}`);
    return full;
  }

  async #write(key: string, write: (temp: string) => Promise<void>): Promise<void> {
    const target = this.#path(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${crypto.randomUUID()}.part`;
    try {
      await write(temp);
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  putFile(key: string, filePath: string): Promise<void> {
    return this.#write(key, (temp) => fs.copyFile(filePath, temp));
  }

  putBuffer(key: string, data: Buffer): Promise<void> {
    return this.#write(key, (temp) => fs.writeFile(temp, data));
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const full = this.#path(key);
    if (range) assertByteRange(range);
    const found = await this.stat(key);
    if (!found) return null;
    const contentType = 'application/octet-stream';
    if (!range) return { body: createReadStream(full), size: found.size, contentType };
    if (range.start >= found.size) throw new RangeNotSatisfiableError(found.size);
    const part = { start: range.start, end: Math.min(range.end, found.size - 1) };
    // createReadStream's `end` is inclusive, like HTTP's.
    return { body: createReadStream(full, part), size: found.size, contentType, range: part };
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const stat = await fs.stat(this.#path(key));
      return { size: stat.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async download(key: string, filePath: string): Promise<void> {
    await fs.copyFile(this.#path(key), filePath);
  }

  async delete(key: string): Promise<void> {
    const full = this.#path(key);
    await fs.rm(full, { force: true });
    // Leave no empty item directories behind; ignore a directory that still holds files.
    await fs.rmdir(path.dirname(full)).catch(() => {});
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }
}
