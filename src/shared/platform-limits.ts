// What each platform accepts in a post's text, per post format. One table for the AI content
// generator (which checks its output before offering it) and the post composer (live validation).
// Sources: docs/product/meta-platform.md#facebook-page-publishing (Facebook Pages) and
// docs/product/meta-platform.md#instagram-media-requirements (Instagram captions).

import type { Platform } from './contracts/account.contract.ts';

/** The formats that carry text: what the AI content generator writes for. */
export const POST_FORMATS = ['post', 'carousel', 'reel'] as const;
export type PostFormat = (typeof POST_FORMATS)[number];

/**
 * Every format a post can go out in. An Instagram story publishes one photo or video and no text
 * (docs/product/meta-platform.md#instagram-containers: the caption is "not used on stories"), so
 * it has no text limits and is not a format the generator writes for (docs/decisions/086).
 */
export const TARGET_FORMATS = [...POST_FORMATS, 'story'] as const;
export type TargetFormat = (typeof TARGET_FORMATS)[number];

export interface TextLimits {
  /** Longest accepted text, in UTF-16 code units (never fewer than the characters Meta counts). */
  captionMaxLength: number;
  /** Most hashtags accepted; `null` where the platform documents no limit. */
  hashtagMax: number | null;
  /** Most @-mentions accepted; `null` where the platform documents no limit. */
  mentionMax: number | null;
  /**
   * How many hashtags we put in generated text at most. Facebook documents no limit, but posts
   * with many hashtags read as spam there, so the generator keeps to a few.
   */
  hashtagRecommended: number;
}

const INSTAGRAM_CAPTION: TextLimits = {
  // "≤ 2200 chars, ≤ 30 hashtags, ≤ 20 @-mentions" (Instagram error 2207010 when exceeded).
  captionMaxLength: 2200,
  hashtagMax: 30,
  mentionMax: 20,
  hashtagRecommended: 30,
};

const FACEBOOK_MESSAGE: TextLimits = {
  // The message limit is not documented; 63,206 characters is the commonly cited figure.
  captionMaxLength: 63_206,
  hashtagMax: null,
  mentionMax: null,
  hashtagRecommended: 5,
};

export const PLATFORM_LIMITS: Record<Platform, Record<PostFormat, TextLimits>> = {
  instagram: { post: INSTAGRAM_CAPTION, carousel: INSTAGRAM_CAPTION, reel: INSTAGRAM_CAPTION },
  facebook: { post: FACEBOOK_MESSAGE, carousel: FACEBOOK_MESSAGE, reel: FACEBOOK_MESSAGE },
};

export function limitsFor(platform: Platform, format: PostFormat): TextLimits {
  return PLATFORM_LIMITS[platform][format];
}

/** The most hashtags a generated or composed text may carry on this platform and format. */
export function hashtagCap(limits: TextLimits): number {
  return limits.hashtagMax === null
    ? limits.hashtagRecommended
    : Math.min(limits.hashtagMax, limits.hashtagRecommended);
}

// Instagram counts a hashtag as "#" followed by letters, digits or underscores; the same pattern
// finds them in Facebook text. `\p{L}\p{N}` keeps non-English tags (#café, #東京).
const HASHTAG = /(^|[^\p{L}\p{N}_&])#([\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*)/gu;
const MENTION = /(^|[^\p{L}\p{N}_.])@([\p{L}\p{N}_.]{1,30})/gu;

export function extractHashtags(text: string): string[] {
  return [...text.matchAll(HASHTAG)].map((m) => `#${m[2]}`);
}

export function countHashtags(text: string): number {
  return extractHashtags(text).length;
}

export function countMentions(text: string): number {
  return [...text.matchAll(MENTION)].length;
}

export type TextLimitProblem =
  | { kind: 'too_long'; length: number; max: number }
  | { kind: 'too_many_hashtags'; count: number; max: number }
  | { kind: 'too_many_mentions'; count: number; max: number };

/** Every way `text` breaks the platform's limits; empty when it can be published as is. */
export function checkTextLimits(text: string, limits: TextLimits): TextLimitProblem[] {
  const problems: TextLimitProblem[] = [];
  if (text.length > limits.captionMaxLength) {
    problems.push({ kind: 'too_long', length: text.length, max: limits.captionMaxLength });
  }
  const hashtags = countHashtags(text);
  if (limits.hashtagMax !== null && hashtags > limits.hashtagMax) {
    problems.push({ kind: 'too_many_hashtags', count: hashtags, max: limits.hashtagMax });
  }
  const mentions = countMentions(text);
  if (limits.mentionMax !== null && mentions > limits.mentionMax) {
    problems.push({ kind: 'too_many_mentions', count: mentions, max: limits.mentionMax });
  }
  return problems;
}

export function describeLimitProblem(problem: TextLimitProblem): string {
  switch (problem.kind) {
    case 'too_long':
      return `Too long: ${problem.length.toLocaleString('en-US')} of ${problem.max.toLocaleString('en-US')} characters`;
    case 'too_many_hashtags':
      return `Too many hashtags: ${problem.count} of ${problem.max}`;
    case 'too_many_mentions':
      return `Too many @-mentions: ${problem.count} of ${problem.max}`;
  }
}
