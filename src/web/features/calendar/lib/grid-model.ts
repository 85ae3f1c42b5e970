import type { InstagramMedia } from '#shared/contracts/platforms.contract.ts';
import type { PlannedPost, PostCover } from '#shared/contracts/planning.contract.ts';
import { mediaPaths } from '../../../lib/api-paths.ts';

// The Instagram grid of the calendar (docs/decisions/078) as plain functions: which tiles, in
// which order, what each one draws and how it is marked, and what a reorder asks the server to
// do. The grid's order is always the posts' times read back: a move changes times, never a
// position of its own, so the two cannot disagree.

/** A post planned for the account, or a medium published on it (read from the platform). */
export type GridTile =
  | { kind: 'planned'; key: string; post: PlannedPost }
  | { kind: 'published'; key: string; media: InstagramMedia };

/** What marks a tile in its corner, as the phone does: a reel, a carousel or a video. */
export type TileMark = 'reel' | 'carousel' | 'video' | null;

/** What a tile draws: one picture, cropped to the centre square (CSS object-fit: cover). */
export interface TilePicture {
  src: string | null;
  /** The medium is a video (a frame is drawn, or a placeholder when there is none). */
  video: boolean;
}

const byTimeDesc = (a: string | null, b: string | null) =>
  (b ? Date.parse(b) : 0) - (a ? Date.parse(a) : 0);

/** Planned posts latest first (the next to go out last, as the profile will show them). */
export function plannedOrder(planned: readonly PlannedPost[]): PlannedPost[] {
  return [...planned].sort(
    (a, b) => byTimeDesc(a.scheduled_for, b.scheduled_for) || b.id.localeCompare(a.id),
  );
}

/**
 * The grid newest first: the planned posts above what is published, which keeps the platform's
 * own order (newest first); a medium the platform lists twice across pages is drawn once.
 */
export function gridTiles(
  planned: readonly PlannedPost[],
  published: readonly InstagramMedia[],
): GridTile[] {
  const seen = new Set<string>();
  const out: GridTile[] = plannedOrder(planned).map((post) => ({
    kind: 'planned',
    key: `planned-${post.id}`,
    post,
  }));
  for (const media of published) {
    if (seen.has(media.id)) continue;
    seen.add(media.id);
    out.push({ kind: 'published', key: `published-${media.id}`, media });
  }
  return out;
}

/** A library item's picture: its small copy when there is one; an image's original else. */
export function coverPicture(cover: PostCover | null): TilePicture {
  if (!cover) return { src: null, video: false };
  const video = cover.kind === 'video';
  if (cover.has_thumbnail) return { src: mediaPaths.file(cover.media_id, 'thumbnail'), video };
  return { src: video ? null : mediaPaths.file(cover.media_id, 'original'), video };
}

/** What a tile draws: a video's thumbnail, a photo or a carousel's first item. */
export function tilePicture(tile: GridTile): TilePicture {
  if (tile.kind === 'planned') return coverPicture(tile.post.cover);
  const m = tile.media;
  if (m.media_type === 'VIDEO') return { src: m.thumbnail_url, video: true };
  return { src: m.media_url ?? m.thumbnail_url, video: false };
}

/** The corner mark: reels and carousels as on the phone; a feed video with a play mark. */
export function tileMark(tile: GridTile): TileMark {
  if (tile.kind === 'planned') {
    const { format, cover, media_count } = tile.post;
    if (format === 'reel') return 'reel';
    if (format === 'carousel' || media_count > 1) return 'carousel';
    return cover?.kind === 'video' ? 'video' : null;
  }
  const m = tile.media;
  if (m.media_product_type === 'REELS') return 'reel';
  if (m.media_type === 'CAROUSEL_ALBUM') return 'carousel';
  return m.media_type === 'VIDEO' ? 'video' : null;
}

/** One post's new time in a reorder. */
export interface TimeChange {
  id: string;
  from: string;
  to: string;
}

/**
 * Moving planned post `id` to place `to` (0: the top left) among the planned posts: the times
 * they hold stay the same set and are handed out again in the new order, latest first. Answers
 * each post whose time changes (two for a swap of neighbours), or nothing when the move changes
 * nothing.
 */
export function reorderTimes(
  planned: readonly PlannedPost[],
  id: string,
  to: number,
): TimeChange[] {
  const ordered = plannedOrder(planned);
  const from = ordered.findIndex((p) => p.id === id);
  if (from < 0) return [];
  const target = Math.max(0, Math.min(ordered.length - 1, to));
  if (target === from) return [];
  const times = ordered.map((p) => p.scheduled_for!);
  const moved = ordered.filter((p) => p.id !== id);
  moved.splice(target, 0, ordered[from]!);
  const changes: TimeChange[] = [];
  moved.forEach((post, i) => {
    const next = times[i]!;
    if (Date.parse(next) !== Date.parse(post.scheduled_for!)) {
      changes.push({ id: post.id, from: post.scheduled_for!, to: next });
    }
  });
  return changes;
}

/** The planned list with the changes applied (what the grid shows while the server is asked). */
export function withTimes(
  planned: readonly PlannedPost[],
  changes: readonly TimeChange[],
  direction: 'to' | 'from' = 'to',
): PlannedPost[] {
  const next = new Map(changes.map((c) => [c.id, c[direction]]));
  return planned.map((p) => (next.has(p.id) ? { ...p, scheduled_for: next.get(p.id)! } : p));
}
