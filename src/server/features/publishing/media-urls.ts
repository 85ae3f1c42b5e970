import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant, businessScope } from '#server/platform/db/tenant.ts';
import {
  readStoredFile,
  WHOLE_FILE,
  type FileRead,
  type FileRequest,
} from '#server/platform/http/stored-file.ts';
import { mediaItems } from '../media/media.tables.ts';
import { mediaStorage } from '../media/media.storage.ts';
import type { MediaRow } from '../media/media.repository.ts';

// Meta fetches a post's media from a public URL
// (docs/product/meta-platform.md#instagram-publishing, "Media must be at a public URL"). Library
// files are private, so each publish hands the platform a capability URL: the media id, tenant,
// file variant and an expiry, encrypted and authenticated with the app's secret box
// (docs/decisions/080). The address ends in the extension the platform checks (.jpg for Instagram
// images, .mp4/.mov for video). In demo mode the simulator checks the address, not the bytes.

const CONTEXT = 'publishing:media-url';
/** Long enough for Instagram to fetch a large reel and for a retry the next day. */
export const MEDIA_URL_TTL_MS = 48 * 3_600_000;
export const PUBLIC_MEDIA_PATH = '/api/publishing/media';

type Variant = 'original' | 'instagram';

interface Grant {
  t: string;
  m: string;
  v: Variant;
  e: number;
}

export function publicMediaUrl(
  deps: AppDeps,
  tenantId: string,
  media: Pick<MediaRow, 'id' | 'kind' | 'mimeType' | 'instagramKey'>,
  platform: 'facebook' | 'instagram',
  now = Date.now(),
): string {
  // Instagram takes JPEG only: the copy made at upload when the original is not one.
  const variant: Variant =
    media.kind === 'image' && platform === 'instagram' && media.instagramKey
      ? 'instagram'
      : 'original';
  const grant: Grant = { t: tenantId, m: media.id, v: variant, e: now + MEDIA_URL_TTL_MS };
  const token = deps.secrets.encrypt(JSON.stringify(grant), CONTEXT);
  return `${deps.env.appUrl}${PUBLIC_MEDIA_PATH}/${token}/${media.id}.${extension(media, variant)}`;
}

function extension(media: Pick<MediaRow, 'kind' | 'mimeType'>, variant: Variant): string {
  if (media.kind === 'video') return media.mimeType === 'video/quicktime' ? 'mov' : 'mp4';
  if (variant === 'instagram' || media.mimeType === 'image/jpeg') return 'jpg';
  return media.mimeType === 'image/png' ? 'png' : (media.mimeType.split('/')[1] ?? 'bin');
}

/**
 * The library item one of our capability URLs names, whether or not it has expired; null for
 * any other address or a forged one. The simulator's post pages use it to show a published
 * medium from the library (docs/decisions/058); it grants nothing by itself.
 */
export function publicMediaGrant(
  deps: AppDeps,
  url: string,
): { tenantId: string; mediaId: string; variant: Variant } | null {
  const prefix = `${deps.env.appUrl}${PUBLIC_MEDIA_PATH}/`;
  if (!url.startsWith(prefix)) return null;
  const [token, file, ...rest] = url.slice(prefix.length).split('/');
  if (!token || !file || rest.length > 0) return null;
  try {
    const grant = JSON.parse(deps.secrets.decrypt(token, CONTEXT)) as Grant;
    if (typeof grant.t !== 'string' || typeof grant.m !== 'string') return null;
    if (grant.v !== 'original' && grant.v !== 'instagram') return null;
    if (!file.startsWith(`${grant.m}.`)) return null;
    return { tenantId: grant.t, mediaId: grant.m, variant: grant.v };
  } catch {
    return null;
  }
}

/**
 * The file a capability URL names, or null when it is forged, expired or gone; `request` asks for
 * one byte range (a fetcher resuming a download) or only the headers.
 */
export async function openPublicMedia(
  deps: AppDeps,
  token: string,
  now = Date.now(),
  request: FileRequest = WHOLE_FILE,
): Promise<{ file: FileRead; contentType: string } | null> {
  let grant: Grant;
  try {
    grant = JSON.parse(deps.secrets.decrypt(token, CONTEXT)) as Grant;
  } catch {
    return null;
  }
  if (typeof grant.e !== 'number' || grant.e < now) return null;
  const [row] = await withTenant(deps.database, businessScope(grant.t), (tx) =>
    tx.select().from(mediaItems).where(eq(mediaItems.id, grant.m)),
  );
  if (!row) return null;
  const key = grant.v === 'instagram' ? row.instagramKey : row.storageKey;
  if (!key) return null;
  const file = await readStoredFile(mediaStorage(deps), key, request);
  if (!file) return null;
  return { file, contentType: grant.v === 'instagram' ? 'image/jpeg' : row.mimeType };
}
