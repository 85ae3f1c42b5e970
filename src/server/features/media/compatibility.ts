import type { Compatibility, MediaKind } from '#shared/contracts/media.contract.ts';

// Whether each place we publish to takes an item, with the limits of
// docs/product/meta-platform.md#facebook-photos,
// docs/product/meta-platform.md#facebook-reels-and-stories and
// docs/product/meta-platform.md#instagram-media-requirements. Images go out as a JPEG copy when the
// original is another format or too heavy (made by the processing job), so format and size problems
// of the original become notes, not refusals.

const MiB = 1024 * 1024;
export const IG_IMAGE_MAX_BYTES = 8 * MiB;
/**
 * Facebook photos: "about 4 MB" (UNCONFIRMED, docs/product/meta-platform.md#facebook-photos);
 * larger ones go as the copy.
 */
export const FB_IMAGE_MAX_BYTES = 4 * MiB;
export const IG_FEED_MIN_RATIO = 4 / 5;
export const IG_FEED_MAX_RATIO = 1.91;
export const REEL_MAX_BYTES = 1024 * MiB;
export const STORY_VIDEO_MAX_BYTES = 100 * MiB;
const VIDEO_CODECS: Record<string, string> = {
  avc1: 'H.264',
  avc3: 'H.264',
  hvc1: 'HEVC',
  hev1: 'HEVC',
};

export interface CompatibilityInput {
  kind: MediaKind;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  frameRate: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
}

/** The processing job makes a JPEG copy when this is true. */
export function needsPublishCopy(
  item: Pick<CompatibilityInput, 'kind' | 'mimeType' | 'sizeBytes'>,
): boolean {
  return (
    item.kind === 'image' && (item.mimeType !== 'image/jpeg' || item.sizeBytes > FB_IMAGE_MAX_BYTES)
  );
}

function ratioText(width: number, height: number): string {
  return `${(width / height).toFixed(2)}:1`;
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return s < 60
    ? `${Math.round(s * 10) / 10} s`
    : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

function videoChecks(
  item: CompatibilityInput,
  limits: { minS: number; maxS: number; maxBytes: number; minRatio: number; maxRatio: number },
  reasons: string[],
  notes: string[],
): void {
  if (item.mimeType !== 'video/mp4' && item.mimeType !== 'video/quicktime') {
    reasons.push('Only MP4 or MOV videos are accepted.');
  }
  if (!item.videoCodec || !VIDEO_CODECS[item.videoCodec]) {
    reasons.push(`The video codec ${item.videoCodec ?? 'unknown'} is not H.264 or HEVC.`);
  }
  if (item.audioCodec && item.audioCodec !== 'mp4a') {
    reasons.push(`The audio codec ${item.audioCodec} is not AAC.`);
  }
  if (item.frameRate !== null && (item.frameRate < 23 || item.frameRate > 60)) {
    reasons.push(`${item.frameRate} frames per second is outside 23–60.`);
  }
  if (item.durationMs !== null) {
    if (item.durationMs < limits.minS * 1000)
      reasons.push(`${seconds(item.durationMs)} is shorter than ${limits.minS} s.`);
    if (item.durationMs > limits.maxS * 1000) {
      reasons.push(`${seconds(item.durationMs)} is longer than ${seconds(limits.maxS * 1000)}.`);
    }
  }
  if (item.sizeBytes > limits.maxBytes) {
    reasons.push(`The file is over ${Math.round(limits.maxBytes / MiB)} MB.`);
  }
  if (item.width && item.height) {
    const ratio = item.width / item.height;
    if (ratio < limits.minRatio || ratio > limits.maxRatio) {
      reasons.push(
        `The aspect ratio ${ratioText(item.width, item.height)} is outside what is allowed.`,
      );
    } else if (Math.abs(ratio - 9 / 16) > 0.02) {
      notes.push('9:16 is recommended.');
    }
    if (item.width > 1920) notes.push('Wider than 1920 px; Instagram scales it down.');
  }
}

export function compatibilityOf(item: CompatibilityInput): Compatibility[] {
  const result: Compatibility[] = [];
  const add = (target: Compatibility['target'], reasons: string[], notes: string[]) =>
    result.push({ target, ok: reasons.length === 0, reasons, notes });
  const copy = needsPublishCopy(item);

  // Instagram feed
  {
    const reasons: string[] = [];
    const notes: string[] = [];
    if (item.kind === 'video') {
      reasons.push('Instagram publishes single videos as reels.');
    } else {
      if (copy) notes.push('Published as a JPEG copy.');
      if (item.width && item.height) {
        const ratio = item.width / item.height;
        if (ratio < IG_FEED_MIN_RATIO - 0.005 || ratio > IG_FEED_MAX_RATIO + 0.005) {
          reasons.push(
            `The aspect ratio ${ratioText(item.width, item.height)} is outside 4:5 to 1.91:1. Crop it first.`,
          );
        }
        if (item.width < 320) notes.push('Narrower than 320 px; Instagram scales it up.');
        else if (item.width > 1440 && !copy)
          notes.push('Wider than 1440 px; Instagram scales it down.');
      }
    }
    add('instagram_feed', reasons, notes);
  }

  // Instagram reel
  {
    const reasons: string[] = [];
    const notes: string[] = [];
    if (item.kind === 'image') reasons.push('Reels need a video.');
    else {
      videoChecks(
        item,
        { minS: 3, maxS: 15 * 60, maxBytes: REEL_MAX_BYTES, minRatio: 0.01, maxRatio: 10 },
        reasons,
        notes,
      );
    }
    add('instagram_reel', reasons, notes);
  }

  // Instagram story
  {
    const reasons: string[] = [];
    const notes: string[] = [];
    if (item.kind === 'image') {
      if (copy) notes.push('Published as a JPEG copy.');
      if (item.width && item.height && Math.abs(item.width / item.height - 9 / 16) > 0.02) {
        notes.push('9:16 is recommended.');
      }
    } else {
      videoChecks(
        item,
        { minS: 3, maxS: 60, maxBytes: STORY_VIDEO_MAX_BYTES, minRatio: 0.1, maxRatio: 10 },
        reasons,
        notes,
      );
    }
    add('instagram_story', reasons, notes);
  }

  // Facebook page post
  {
    const reasons: string[] = [];
    const notes: string[] = [];
    if (item.kind === 'image') {
      if (copy) notes.push('Published as a JPEG copy under 4 MB.');
    } else {
      if (item.mimeType !== 'video/mp4' && item.mimeType !== 'video/quicktime') {
        reasons.push('Only MP4 or MOV videos are accepted.');
      }
      if (item.sizeBytes > REEL_MAX_BYTES) reasons.push('The file is over 1024 MB.');
    }
    add('facebook', reasons, notes);
  }
  return result;
}
