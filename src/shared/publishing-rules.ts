// What each target of a post must satisfy before it is accepted for publishing, shared by the
// server (which refuses) and the composer (which warns as the user types). Sources:
// docs/product/meta-platform.md#facebook-page-publishing (Facebook),
// docs/product/meta-platform.md#instagram-containers and
// docs/product/meta-platform.md#instagram-media-requirements (Instagram; stories in
// docs/decisions/086).

import type { Platform } from './contracts/account.contract.ts';
import type { Compatibility } from './contracts/media.contract.ts';
import type { TargetProblem } from './contracts/posts.contract.ts';
import {
  checkTextLimits,
  describeLimitProblem,
  limitsFor,
  type TargetFormat,
} from './platform-limits.ts';

export const CAROUSEL_MIN_ITEMS = 2;
export const CAROUSEL_MAX_ITEMS = 10;

export interface TargetMedia {
  id: string;
  kind: 'image' | 'video';
  status: 'processing' | 'ready' | 'failed';
  compatibility: Compatibility[];
}

export interface TargetToCheck {
  index: number;
  connectionId: string | null;
  account: string | null;
  platform: Platform;
  format: TargetFormat;
  caption: string;
  /** The first comment that would be posted; a story takes none. */
  firstComment?: string | null;
  media: TargetMedia[];
  /** Posts the account may still publish in the platform's 24-hour window; null: unknown. */
  quotaRemaining: number | null;
  /** Other targets of the same account in this request use quota too. */
  quotaNeeded: number;
}

/** Every rule the target breaks; empty when it can be published. */
export function checkTarget(t: TargetToCheck): TargetProblem[] {
  const problems: TargetProblem[] = [];
  const at = `targets.${t.index}`;
  const add = (field: string, rule: string, message: string) =>
    problems.push({ field, connection_id: t.connectionId, account: t.account, rule, message });

  // A story publishes no text, so the text's limits do not apply to it (its notice says so).
  if (t.format !== 'story') {
    for (const problem of checkTextLimits(t.caption, limitsFor(t.platform, t.format))) {
      add('content', `caption_${problem.kind}`, describeLimitProblem(problem));
    }
  }
  const count = t.media.length;
  if (t.format === 'story') {
    // Facebook Page stories are a different API
    // (docs/product/meta-platform.md#facebook-reels-and-stories) that we do not publish to.
    if (t.platform !== 'instagram') {
      add(
        `${at}.format`,
        'story_instagram_only',
        'Stories are published to Instagram accounts only: choose Post for this Page',
      );
    } else if (count > 1) {
      add(
        `${at}.media_ids`,
        'story_single_media',
        'A story is one photo or one video: keep one and remove the others',
      );
    }
    // Comments on a story cannot be made through the API: the first comment would fail.
    if (t.firstComment?.trim()) {
      add(
        `${at}.first_comment`,
        'story_first_comment',
        'A story takes no comments: leave the first comment empty',
      );
    }
  }
  if (t.format === 'carousel' && (count < CAROUSEL_MIN_ITEMS || count > CAROUSEL_MAX_ITEMS)) {
    add(`${at}.media_ids`, 'carousel_items', 'A carousel needs between 2 and 10 photos or videos');
  }
  if (t.format === 'reel' && (count !== 1 || t.media[0]?.kind !== 'video')) {
    add(`${at}.media_ids`, 'reel_video', 'A reel needs exactly one video');
  }
  if (t.format === 'post' && count > 1 && t.platform === 'instagram') {
    add(`${at}.format`, 'single_media', 'Choose carousel to publish several photos or videos');
  }
  if (t.format === 'post' && count > 1 && t.media.some((m) => m.kind === 'video')) {
    add(`${at}.media_ids`, 'single_video', 'A video is published on its own');
  }
  if (t.platform === 'instagram' && count === 0) {
    add(`${at}.media_ids`, 'media_required', 'Instagram needs at least one photo or video');
  }
  if (t.platform === 'facebook' && count === 0 && t.caption.trim().length === 0) {
    add('content', 'text_required', 'Write something or add a photo or video');
  }
  const target =
    t.platform === 'facebook'
      ? 'facebook'
      : t.format === 'story'
        ? 'instagram_story'
        : t.format === 'reel' || (t.format === 'post' && t.media[0]?.kind === 'video')
          ? 'instagram_reel'
          : 'instagram_feed';
  t.media.forEach((m, i) => {
    const field = `${at}.media_ids.${i}`;
    if (m.status !== 'ready') {
      add(field, 'media_not_ready', 'This file is still being processed or could not be read');
      return;
    }
    // A video inside an Instagram carousel is checked as a reel (the same specs apply).
    const check =
      target === 'instagram_feed' && m.kind === 'video' && t.format === 'carousel'
        ? 'instagram_reel'
        : target;
    const verdict = m.compatibility.find((c) => c.target === check);
    if (verdict && !verdict.ok) add(field, `media_${check}`, verdict.reasons.join(' '));
  });
  if (t.quotaRemaining !== null && t.quotaNeeded > t.quotaRemaining) {
    add(
      `${at}.connection_id`,
      'publishing_limit',
      t.quotaRemaining <= 0
        ? 'This account has reached its 24-hour publishing limit'
        : `This account can publish only ${t.quotaRemaining} more posts in the next 24 hours`,
    );
  }
  return problems;
}

/** Accepted, but not published as typed: shown beside the checks, never a reason to refuse. */
export type TargetNotice = TargetProblem;

/**
 * What the person should know about a target that breaks no rule: a story shows neither the text
 * nor a first comment (the composer sends none for it), though the text stays on the calendar.
 */
export function targetNotices(
  t: Pick<
    TargetToCheck,
    'index' | 'connectionId' | 'account' | 'platform' | 'format' | 'caption'
  > & {
    firstComment: string;
  },
): TargetNotice[] {
  if (t.format !== 'story' || t.platform !== 'instagram') return [];
  const notices: TargetNotice[] = [];
  const add = (field: string, rule: string, message: string) =>
    notices.push({ field, connection_id: t.connectionId, account: t.account, rule, message });
  if (t.caption.trim()) {
    add(
      'content',
      'story_text_not_published',
      'Stories show no text: it stays on your calendar but is not published with the story',
    );
  }
  if (t.firstComment.trim()) {
    add(
      `targets.${t.index}.first_comment`,
      'story_first_comment_not_posted',
      'Stories take no comments: the first comment is not posted with the story',
    );
  }
  return notices;
}
