import { POST_SAMPLE_HOURS, POST_SAMPLE_WEEKLY_UNTIL_DAYS } from '#shared/analytics/metrics.ts';
import type { PostValues } from './analytics.repository.ts';

// When a post's lifetime values are sampled (docs/decisions/092): when it is first found, then
// 1 hour, 24 hours, 7 days and 28 days after publishing, then weekly until 90 days; after that
// the last sample stands. A post found older than that is read once.

const HOUR = 3_600_000;

function sampleOffsetsMs(): number[] {
  const offsets: number[] = POST_SAMPLE_HOURS.map((h) => h * HOUR);
  const last = offsets[offsets.length - 1]!;
  for (
    let t = last + 7 * 24 * HOUR;
    t <= POST_SAMPLE_WEEKLY_UNTIL_DAYS * 24 * HOUR;
    t += 7 * 24 * HOUR
  ) {
    offsets.push(t);
  }
  return offsets;
}

const OFFSETS = sampleOffsetsMs();

/** The next sample after `after` for a post published at `publishedAt`; null when none is left. */
export function nextSampleAt(publishedAt: Date, after: Date): Date | null {
  for (const offset of OFFSETS) {
    const at = publishedAt.getTime() + offset;
    if (at > after.getTime()) return new Date(at);
  }
  return null;
}

/**
 * A newly found post is read at once — its first point, and its figures in the top posts table —
 * then on the schedule above.
 */
export function firstSampleAt(now: Date): Date {
  return now;
}

const pick = (m: Record<string, number>, name: string) =>
  typeof m[name] === 'number' ? m[name] : null;

/** An Instagram medium's lifetime values by their metric names. */
export function instagramValues(metrics: Record<string, number>): PostValues {
  return {
    reach: pick(metrics, 'reach'),
    views: pick(metrics, 'views'),
    likes: pick(metrics, 'likes'),
    comments: pick(metrics, 'comments'),
    shares: pick(metrics, 'shares'),
    saves: pick(metrics, 'saved'),
    interactions: pick(metrics, 'total_interactions'),
    metrics,
  };
}

/** A Page post's: reactions count as likes; interactions are reactions, comments and shares. */
export function facebookValues(metrics: Record<string, number>): PostValues {
  const likes = pick(metrics, 'post_reactions_by_type_total');
  const comments = pick(metrics, 'comments');
  const shares = pick(metrics, 'shares');
  const parts = [likes, comments, shares].filter((v): v is number => v !== null);
  return {
    reach: pick(metrics, 'post_total_media_view_unique'),
    views: pick(metrics, 'post_media_view'),
    likes,
    comments,
    shares,
    saves: null,
    interactions: parts.length > 0 ? parts.reduce((s, v) => s + v, 0) : null,
    metrics,
  };
}
