import type { Platform } from '#shared/contracts/account.contract.ts';
import { composePostText } from '#shared/contracts/ai-content.contract.ts';
import {
  CAMPAIGN_LIMITS,
  type MediaRequirement,
  type PlannedPost,
} from '#shared/contracts/campaign-plan.contract.ts';
import { MAX_FIRST_COMMENT_LENGTH } from '#shared/contracts/posts.contract.ts';
import {
  checkTextLimits,
  describeLimitProblem,
  limitsFor,
  type TargetFormat,
} from '#shared/platform-limits.ts';

// The rules a planned post of a campaign keeps, whoever planned it (the offline planner or the AI
// provider, docs/decisions/095): the formats each platform publishes, what the media a post needs
// must say for its format, and every text, hashtag, first-comment and media rule of its platform.
// ---------------------------------------------------------------------------------------------
// Formats and media

/** Instagram publishes stories; Facebook Pages' stories are not published (docs/decisions/086). */
export function platformHasFormat(platform: Platform, format: TargetFormat): boolean {
  return format !== 'story' || platform === 'instagram';
}

export function formatsFor(platform: Platform, formats: readonly TargetFormat[]): TargetFormat[] {
  return [...new Set(formats)].filter((f) => platformHasFormat(platform, f));
}

export const REEL_SECONDS = { min: 5, max: 90 } as const;
/** docs/product/meta-platform.md#instagram-media-requirements: story videos of 3–60 s. */
export const STORY_SECONDS = { min: 3, max: 60 } as const;
export const CAROUSEL_ITEMS = { min: 2, max: 5 } as const;
const FEED_RATIOS = ['1:1', '4:5', '1.91:1'];

function secondsWithin(media: MediaRequirement, range: { min: number; max: number }): boolean {
  const { minSeconds: min, maxSeconds: max } = media;
  return min !== null && max !== null && min >= range.min && max <= range.max && min <= max;
}

/**
 * What is wrong with a media requirement for this platform and format, or null: Instagram
 * always needs media; a reel one 9:16 video of 5–90 s; a story one 9:16 photo or video; a
 * carousel 2–5 photos at 1:1 or 4:5; a post one photo or video, or — on Facebook — none.
 */
export function mediaProblem(
  platform: Platform,
  format: TargetFormat,
  media: MediaRequirement,
): string | null {
  const noSeconds = media.minSeconds === null && media.maxSeconds === null;
  if (media.kind === 'none') {
    if (platform === 'instagram') return 'Instagram needs a photo or a video';
    if (format !== 'post') return `A ${format} needs media`;
    if (media.count !== 0 || media.aspectRatio !== null || !noSeconds) {
      return 'A post without media asks for no files';
    }
    return null;
  }
  switch (format) {
    case 'reel':
      if (media.kind !== 'video' || media.count !== 1) return 'A reel needs exactly one video';
      if (media.aspectRatio !== '9:16') return 'A reel needs a 9:16 video';
      if (!secondsWithin(media, REEL_SECONDS)) {
        return `A reel video lasts ${REEL_SECONDS.min}–${REEL_SECONDS.max} seconds`;
      }
      return null;
    case 'story':
      if ((media.kind !== 'image' && media.kind !== 'video') || media.count !== 1) {
        return 'A story is one photo or one video';
      }
      if (media.aspectRatio !== '9:16') return 'A story needs a 9:16 photo or video';
      if (media.kind === 'video' && !secondsWithin(media, STORY_SECONDS)) {
        return `A story video lasts ${STORY_SECONDS.min}–${STORY_SECONDS.max} seconds`;
      }
      if (media.kind === 'image' && !noSeconds) return 'A photo has no length in seconds';
      return null;
    case 'carousel':
      if (media.kind !== 'carousel') return 'A carousel needs several photos';
      if (media.count < CAROUSEL_ITEMS.min || media.count > CAROUSEL_ITEMS.max) {
        return `A carousel needs ${CAROUSEL_ITEMS.min}–${CAROUSEL_ITEMS.max} photos`;
      }
      if (media.aspectRatio !== '1:1' && media.aspectRatio !== '4:5') {
        return 'Carousel photos are 1:1 or 4:5';
      }
      if (!noSeconds) return 'A photo has no length in seconds';
      return null;
    case 'post':
      if ((media.kind !== 'image' && media.kind !== 'video') || media.count !== 1) {
        return 'A post has one photo or one video (choose carousel for several)';
      }
      if (media.aspectRatio === null) return 'Say the shape of the photo or video';
      if (media.kind === 'image') {
        if (!noSeconds) return 'A photo has no length in seconds';
        if (platform === 'instagram' && !FEED_RATIOS.includes(media.aspectRatio)) {
          return 'Instagram feed photos are between 4:5 and 1.91:1';
        }
      }
      if (media.kind === 'video' && !secondsWithin(media, { min: 1, max: 3600 })) {
        return 'Say how long the video lasts';
      }
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The rules a planned post must keep

export interface PostRuleProblem {
  field: string;
  rule: string;
  message: string;
}

/** Every rule of its platform a planned post breaks (text, hashtags, media, format). */
export function postRuleProblems(
  post: Pick<PlannedPost, 'format' | 'caption' | 'hashtags' | 'firstComment' | 'media'>,
  platform: Platform,
): PostRuleProblem[] {
  const problems: PostRuleProblem[] = [];
  if (!platformHasFormat(platform, post.format)) {
    problems.push({
      field: 'format',
      rule: 'format_not_available',
      message: 'Stories are published to Instagram accounts only: choose Post for this Page',
    });
    return problems;
  }
  if (post.hashtags.length > CAMPAIGN_LIMITS.hashtags) {
    problems.push({
      field: 'hashtags',
      rule: 'too_many_hashtags',
      message: `Too many hashtags: ${post.hashtags.length} of ${CAMPAIGN_LIMITS.hashtags}`,
    });
  }
  if (post.format !== 'story') {
    const text = composePostText(post.caption, post.hashtags);
    for (const problem of checkTextLimits(text, limitsFor(platform, post.format))) {
      problems.push({
        field: 'caption',
        rule: `caption_${problem.kind}`,
        message: describeLimitProblem(problem),
      });
    }
  }
  if (post.firstComment !== null) {
    if (post.format === 'story') {
      problems.push({
        field: 'firstComment',
        rule: 'story_first_comment',
        message: 'A story takes no comments: leave the first comment empty',
      });
    } else if (post.firstComment.length > MAX_FIRST_COMMENT_LENGTH) {
      problems.push({
        field: 'firstComment',
        rule: 'first_comment_too_long',
        message: `The first comment is longer than ${MAX_FIRST_COMMENT_LENGTH} characters`,
      });
    }
  }
  const media = mediaProblem(platform, post.format, post.media);
  if (media) problems.push({ field: 'media', rule: 'media_requirement', message: media });
  return problems;
}
