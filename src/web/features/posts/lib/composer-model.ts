import type { Platform } from '#shared/contracts/account.contract.ts';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { Post } from '#shared/contracts/posts.contract.ts';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import {
  countHashtags,
  countMentions,
  limitsFor,
  type PostFormat,
  type TargetFormat,
} from '#shared/platform-limits.ts';
import type { TargetMedia } from '#shared/publishing-rules.ts';
import {
  formatDateKey,
  formatTimeKey,
  zonedParts,
  type PlainDate,
} from '../../../lib/zoned-time.ts';
import { quotaLeftText } from '../api/use-publishing-quota.ts';

// The post composer as plain data: what is typed and chosen, the formats per account and the
// counts against each platform's limits (docs/decisions/085). The checks are composer-checks.ts;
// what is sent, composer-request.ts.

export interface ComposerTarget {
  connectionId: string;
  format: TargetFormat;
}

export interface ComposerValues {
  title: string;
  content: string;
  firstComment: string;
  /** media_items ids, in the order they are published; every account gets the same. */
  mediaIds: string[];
  targets: ComposerTarget[];
  /** "2026-03-29" in the business time zone; empty: no date yet (a draft may have none). */
  date: string;
  /** "09:00" in the business time zone. */
  time: string;
}

export type SaveIntent = 'draft' | 'schedule' | 'publish';

export const TITLE_MAX_LENGTH = 200;
export const CONTENT_MAX_LENGTH = 10_000;

export function newComposerValues(day: PlainDate, hour: number, minute = 0): ComposerValues {
  return {
    title: '',
    content: '',
    firstComment: '',
    mediaIds: [],
    targets: [],
    date: formatDateKey(day),
    time: formatTimeKey(hour, minute),
  };
}

/**
 * The form of a saved post. Published deliveries are history and are not edited; the media and
 * first comment are the first remaining delivery's (the composer gives every account the same),
 * the comment from one that is not a story (a story is saved without it).
 */
export function valuesFromPost(post: Post, timeZone: string): ComposerValues {
  const open = editableDeliveries(post);
  const first = open[0] ?? post.deliveries[0];
  const commented = open.find((t) => t.format !== 'story') ?? first;
  const p = post.scheduled_for ? zonedParts(new Date(post.scheduled_for), timeZone) : null;
  return {
    title: post.title,
    content: post.content ?? '',
    firstComment: commented?.first_comment ?? '',
    mediaIds: first ? [...first.media_ids] : [],
    targets: open.map((t) => ({
      connectionId: t.connection_id!,
      // Facebook decides text, photo, multi-photo or video from the media (the server reads a
      // Page post with several photos back as "carousel").
      format: t.platform === 'facebook' ? 'post' : t.format,
    })),
    date: p ? formatDateKey(p) : '',
    time: p ? formatTimeKey(p.hour, p.minute) : '',
  };
}

function editableDeliveries(post: Post) {
  return post.deliveries.filter((t) => t.connection_id !== null && t.status !== 'published');
}

/**
 * The accounts a new post starts with: the connected ones of these platforms whose access has
 * not ended (the business's default platforms, or those a post was planned for on the
 * calendar), each in the format its platform suggests.
 */
export function preselectedTargets(
  connections: readonly Connection[],
  platforms: readonly string[],
  mediaCount: number,
): ComposerTarget[] {
  return connections
    .filter(
      (c) =>
        c.status === 'connected' &&
        c.health !== 'expired' &&
        c.health !== 'revoked' &&
        platforms.includes(c.platform),
    )
    .map((c) => ({ connectionId: c.id, format: suggestedFormat(c.platform, mediaCount) }));
}

/** Equal when nothing a person would call a change differs. */
export function sameValues(a: ComposerValues, b: ComposerValues): boolean {
  return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
}

function normalized(v: ComposerValues) {
  return [
    v.title,
    v.content,
    v.firstComment,
    v.mediaIds,
    v.targets.map((t) => [t.connectionId, t.format]),
    v.date,
    v.time,
  ];
}

// ------------------------------------------------------------------------------ accounts

export function platformsOf(
  targets: readonly ComposerTarget[],
  connections: readonly Connection[],
): Platform[] {
  const found = new Set<Platform>();
  for (const t of targets) {
    const c = connections.find((x) => x.id === t.connectionId);
    if (c) found.add(c.platform);
  }
  return (['instagram', 'facebook'] as const).filter((p) => found.has(p));
}

/** The platforms the text is published on: a story shows no text (docs/decisions/086). */
export function textPlatformsOf(
  targets: readonly ComposerTarget[],
  connections: readonly Connection[],
): Platform[] {
  return platformsOf(
    targets.filter((t) => t.format !== 'story'),
    connections,
  );
}

/** What a chosen account may still publish, in words; null when nothing is known yet. */
export function quotaText(platform: Platform, quota: AccountQuota | undefined): string | null {
  if (platform === 'facebook') return 'Facebook sets no daily limit';
  if (!quota) return null;
  if (quota.source === 'not_limited') return 'No daily limit';
  if (quota.source === 'unavailable') {
    return `Daily limit not known: ${quota.reason ?? 'Instagram did not answer'}`;
  }
  return quotaLeftText(quota.remaining ?? 0, quota.total ?? 0, true);
}

// ------------------------------------------------------------------------------- formats

export interface FormatOption {
  value: TargetFormat;
  label: string;
  description: string;
  /** Why it cannot be chosen; null when it can. */
  unavailable: string | null;
}

const FORMAT_OPTIONS: Record<Platform, FormatOption[]> = {
  instagram: [
    {
      value: 'post',
      label: 'Post',
      description: 'One photo, or one video (published as a reel)',
      unavailable: null,
    },
    {
      value: 'carousel',
      label: 'Carousel',
      description: '2 to 10 photos or videos',
      unavailable: null,
    },
    { value: 'reel', label: 'Reel', description: 'One video', unavailable: null },
    {
      value: 'story',
      label: 'Story',
      description: 'One photo or video, full screen, for 24 hours; no text or first comment',
      unavailable: null,
    },
  ],
  facebook: [
    {
      value: 'post',
      label: 'Post',
      description: 'Text, a photo, several photos or a video',
      unavailable: null,
    },
  ],
};

export function formatOptions(platform: Platform): FormatOption[] {
  return FORMAT_OPTIONS[platform];
}

/** What a Facebook post becomes with these media: the Page shows them differently. */
export function facebookKind(media: ReadonlyArray<Pick<TargetMedia, 'kind'>>): string {
  if (media.length === 0) return 'Text post';
  if (media.some((m) => m.kind === 'video')) return 'Video post';
  if (media.length === 1) return 'Photo post';
  return `Multi-photo post (${media.length} photos)`;
}

/** The format a newly chosen account starts with, given how many files are attached. */
export function suggestedFormat(platform: Platform, mediaCount: number): PostFormat {
  return platform === 'instagram' && mediaCount > 1 ? 'carousel' : 'post';
}

/**
 * Keeps Instagram's post and carousel in step with the number of files (several files are a
 * carousel; one is a post). A reel or a story is the person's choice and stays.
 */
export function adjustFormats(
  targets: readonly ComposerTarget[],
  connections: readonly Connection[],
  mediaCount: number,
): ComposerTarget[] {
  return targets.map((t) => {
    const platform = connections.find((c) => c.id === t.connectionId)?.platform;
    if (!platform || (t.format !== 'post' && t.format !== 'carousel')) return t;
    const format = suggestedFormat(platform, mediaCount);
    return format === t.format ? t : { ...t, format };
  });
}

// -------------------------------------------------------------------------------- counts

export interface Meter {
  count: number;
  /** null where the platform documents no limit. */
  max: number | null;
  over: boolean;
}

export interface TextCounts {
  platform: Platform;
  characters: Meter;
  hashtags: Meter;
  mentions: Meter;
}

const meter = (count: number, max: number | null): Meter => ({
  count,
  max,
  over: max !== null && count > max,
});

/** Characters, hashtags and @-mentions of the text against each platform's limits. */
export function textCounts(text: string, platforms: readonly Platform[]): TextCounts[] {
  const hashtags = countHashtags(text);
  const mentions = countMentions(text);
  return platforms.map((platform) => {
    const limits = limitsFor(platform, 'post');
    return {
      platform,
      characters: meter(text.length, limits.captionMaxLength),
      hashtags: meter(hashtags, limits.hashtagMax),
      mentions: meter(mentions, limits.mentionMax),
    };
  });
}
