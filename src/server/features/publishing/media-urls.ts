import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/platform/deps.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
import {
  readStoredFile,
  WHOLE_FILE,
  type FileRead,
  type FileRequest,
} from '#server/platform/http/stored-file.ts';
import { mediaItems } from '../media/media.tables.ts';
import { mediaStorage } from '../media/media.storage.ts';
import type { MediaRow } from '../media/media.repository.ts';

// Meta fetches a post's media from a public URL (research §3.2, "Media must be at a public URL").
// Library files are private, so each publish hands the platform a capability URL: the media id,
// tenant, file variant and an expiry, encrypted and authenticated with the app's secret box
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
  const [row] = await withTenant(deps.database, { userId: grant.t, tenantId: grant.t }, (tx) =>
    tx.select().from(mediaItems).where(eq(mediaItems.id, grant.m)),
  );
  if (!row) return null;
  const key = grant.v === 'instagram' ? row.instagramKey : row.storageKey;
  if (!key) return null;
  const file = await readStoredFile(mediaStorage(deps), key, request);
  if (!file) return null;
  return { file, contentType: grant.v === 'instagram' ? 'image/jpeg' : row.mimeType };
}
