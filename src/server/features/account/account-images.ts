import { loadSharp } from '#server/platform/media-tools/sharp.ts';
import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '#shared/errors/index.ts';
import {
  ACCOUNT_IMAGE_MAX_BYTES,
  accountSecurityRoutes,
} from '#shared/contracts/account-security.contract.ts';
import type { Tx } from '#server/platform/db/client.ts';
import { accountImages } from './account.tables.ts';

// Avatars and logos are small, so they are kept in the database rather than object storage.
// Whatever arrives is decoded by its content (the name and declared type are not trusted),
// resized and re-encoded: the stored bytes are ours, with no metadata (location, camera) left.

export type AccountImageKind = 'avatar' | 'logo';

const SIZES: Record<AccountImageKind, number> = { avatar: 256, logo: 512 };
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
// Beyond this many pixels a "small image" is a decompression bomb.
const MAX_INPUT_PIXELS = 40_000_000;

export const IMAGE_CACHE_CONTROL = 'private, max-age=3600';

function invalidImage(
  technicalMessage: string,
  message = 'Please choose a JPEG, PNG, WebP or GIF image.',
) {
  return AppError.from('VALIDATION_ERROR', {
    userMessage: message,
    technicalMessage,
    details: { fieldErrors: { file: message } },
  });
}

export interface ProcessedImage {
  content: Buffer;
  contentType: 'image/webp';
}

export async function processAccountImage(
  input: Buffer,
  kind: AccountImageKind,
): Promise<ProcessedImage> {
  if (input.length === 0) throw invalidImage('Empty upload');
  if (input.length > ACCOUNT_IMAGE_MAX_BYTES) {
    throw invalidImage(`Upload of ${input.length} bytes`, 'The image must be 5 MB or smaller.');
  }
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    format = metadata.format;
  } catch (error) {
    throw invalidImage(`Not a decodable image: ${(error as Error).message}`);
  }
  // SVG can carry scripts and links; only raster formats are accepted.
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalidImage(`Refused format ${format}`);
  const size = SIZES[kind];
  try {
    const content = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(size, size, {
        fit: kind === 'avatar' ? 'cover' : 'inside',
        withoutEnlargement: kind === 'logo',
      })
      .webp({ quality: 85 })
      .toBuffer();
    return { content, contentType: 'image/webp' };
  } catch (error) {
    throw invalidImage(`Image could not be re-encoded: ${(error as Error).message}`);
  }
}

/** Stores a processed image for its owner, drops their older ones of that kind, answers its URL. */
export async function storeAccountImage(
  tx: Tx,
  ownerId: string,
  kind: AccountImageKind,
  image: ProcessedImage,
): Promise<string> {
  const [row] = await tx
    .insert(accountImages)
    .values({
      userId: ownerId,
      kind,
      contentType: image.contentType,
      content: image.content,
      byteSize: image.content.length,
    })
    .returning({ id: accountImages.id });
  await tx
    .delete(accountImages)
    .where(
      and(
        eq(accountImages.userId, ownerId),
        eq(accountImages.kind, kind),
        ne(accountImages.id, row!.id),
      ),
    );
  return accountSecurityRoutes.accountImage(row!.id);
}

export async function deleteAccountImages(
  tx: Tx,
  ownerId: string,
  kind: AccountImageKind,
): Promise<void> {
  await tx
    .delete(accountImages)
    .where(and(eq(accountImages.userId, ownerId), eq(accountImages.kind, kind)));
}

export async function findAccountImage(
  tx: Tx,
  id: string,
): Promise<{ content: Buffer; contentType: string } | undefined> {
  const [row] = await tx
    .select({ content: accountImages.content, contentType: accountImages.contentType })
    .from(accountImages)
    .where(eq(accountImages.id, id));
  return row;
}
