import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { MediaVariant } from '#shared/contracts/media.contract.ts';
import type { AppDeps } from '#server/platform/deps.ts';
import { createObjectStorage, type ObjectStorage } from '#server/platform/storage/storage.ts';
import { perProcess } from '#server/platform/per-process.ts';

/** One storage per process, made on first use from the configuration. */
export const mediaStorage = perProcess((deps): ObjectStorage => createObjectStorage(deps.env));

/** For tests: run the media library on another adapter (S3 against s3rver). */
export function useMediaStorage(deps: AppDeps, storage: ObjectStorage): void {
  mediaStorage.replace(deps, storage);
}

const VARIANT_FILES: Record<MediaVariant, string> = {
  original: 'original',
  thumbnail: 'thumbnail.webp',
  instagram: 'instagram.jpg',
};

/** Keys are ids only: a user's file name never becomes part of one. */
export function variantKey(tenantId: string, mediaId: string, variant: MediaVariant): string {
  return `${tenantId}/${mediaId}/${VARIANT_FILES[variant]}`;
}

/** Where uploads are streamed before they are checked; on the same disk as DATA_DIR. */
export function uploadTempDir(deps: AppDeps): string {
  return path.join(deps.env.dataDir, 'tmp', 'media-uploads');
}

/** SHA-256 (hex) and length of a file, read as a stream: the content hash of stored bytes. */
export async function hashFile(filePath: string): Promise<{ hash: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(filePath)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: hash.digest('hex'), size };
}
