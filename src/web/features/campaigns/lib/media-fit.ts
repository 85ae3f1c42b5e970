import type { MediaRequirement } from '#shared/contracts/campaign-plan.contract.ts';
import type { MediaItem } from '#shared/contracts/media.contract.ts';

// Whether the files chosen for a planned post fit what it asks for (docs/product/screens.md
// #campaigns: media requirements per post, fulfilled from the media library). The launch gate
// decides on the server; this marks a misfit as soon as a file is chosen.

const RATIOS: Record<string, number> = {
  '1:1': 1,
  '4:5': 4 / 5,
  '9:16': 9 / 16,
  '16:9': 16 / 9,
  '1.91:1': 1.91,
};

/** How far a file's shape may be from the asked ratio and still count as that ratio. */
const RATIO_TOLERANCE = 0.03;

const KIND_WORDS: Record<MediaRequirement['kind'], [string, string]> = {
  image: ['image', 'images'],
  video: ['video', 'videos'],
  carousel: ['file', 'files'],
  none: ['', ''],
};

/** "1 image 4:5 — a close-up of the crust" */
export function requirementText(req: MediaRequirement): string {
  if (req.kind === 'none' || req.count === 0) return `No media — ${req.description}`;
  const [one, many] = KIND_WORDS[req.kind];
  const kind =
    req.kind === 'carousel'
      ? `carousel of ${req.count} ${many}`
      : `${req.count} ${req.count === 1 ? one : many}`;
  const ratio = req.aspectRatio ? ` ${req.aspectRatio}` : '';
  const length =
    req.minSeconds !== null || req.maxSeconds !== null
      ? `, ${req.minSeconds ?? 0}–${req.maxSeconds ?? '∞'} s`
      : '';
  return `${kind}${ratio}${length} — ${req.description}`;
}

/** How many files it still needs. */
export function missingCount(req: MediaRequirement, chosen: number): number {
  if (req.kind === 'none') return 0;
  return Math.max(0, req.count - chosen);
}

function ratioName(width: number, height: number): string {
  const ratio = width / height;
  const named = Object.entries(RATIOS).find(([, r]) => Math.abs(ratio - r) / r <= RATIO_TOLERANCE);
  return named ? named[0] : `${width}×${height}`;
}

/** What is wrong with one chosen file for this requirement, or null when it fits. */
export function misfitOf(req: MediaRequirement, item: MediaItem): string | null {
  if (item.status === 'failed') return 'This file could not be processed';
  if (req.kind === 'image' && item.kind !== 'image') return 'Needs an image, this is a video';
  if (req.kind === 'video' && item.kind !== 'video') return 'Needs a video, this is an image';
  const wanted = req.aspectRatio ? RATIOS[req.aspectRatio] : undefined;
  if (wanted !== undefined && item.width && item.height) {
    const ratio = item.width / item.height;
    if (Math.abs(ratio - wanted) / wanted > RATIO_TOLERANCE) {
      return `Needs ${req.aspectRatio}, this is ${ratioName(item.width, item.height)}`;
    }
  }
  if (item.kind === 'video' && item.duration_ms !== null) {
    const seconds = item.duration_ms / 1000;
    if (req.minSeconds !== null && seconds < req.minSeconds) {
      return `Needs at least ${req.minSeconds} s, this is ${Math.round(seconds)} s`;
    }
    if (req.maxSeconds !== null && seconds > req.maxSeconds) {
      return `Needs at most ${req.maxSeconds} s, this is ${Math.round(seconds)} s`;
    }
  }
  return null;
}
