import { describe, expect, it } from 'vitest';
import type { Compatibility } from './contracts/media.contract.ts';
import {
  checkTarget,
  targetNotices,
  type TargetMedia,
  type TargetToCheck,
} from './publishing-rules.ts';

// The target rules the server refuses by and the composer warns with; here the story format
// (docs/decisions/086) beside the formats it must not disturb.

const verdicts = (
  overrides: Partial<Record<Compatibility['target'], string[]>> = {},
): Compatibility[] =>
  (['instagram_feed', 'instagram_reel', 'instagram_story', 'facebook'] as const).map((target) => {
    const reasons = overrides[target] ?? [];
    return { target, ok: reasons.length === 0, reasons, notes: [] };
  });

const image = (id: string, overrides: Partial<Record<Compatibility['target'], string[]>> = {}) =>
  ({ id, kind: 'image', status: 'ready', compatibility: verdicts(overrides) }) as TargetMedia;
const video = (id: string, overrides: Partial<Record<Compatibility['target'], string[]>> = {}) =>
  ({ id, kind: 'video', status: 'ready', compatibility: verdicts(overrides) }) as TargetMedia;

function target(extra: Partial<TargetToCheck>): TargetToCheck {
  return {
    index: 0,
    connectionId: 'ig-1',
    account: '@rosabakery',
    platform: 'instagram',
    format: 'story',
    caption: '',
    firstComment: null,
    media: [image('a')],
    quotaRemaining: null,
    quotaNeeded: 1,
    ...extra,
  };
}

const rules = (t: TargetToCheck) => checkTarget(t).map((p) => [p.field, p.rule]);

describe('an Instagram story', () => {
  it('is one photo or one video, checked against the story specs', () => {
    expect(checkTarget(target({}))).toEqual([]);
    expect(checkTarget(target({ media: [video('v')] }))).toEqual([]);
    // A 9:16 photo is refused in the feed, not in a story.
    expect(
      checkTarget(
        target({ media: [image('tall', { instagram_feed: ['Outside 4:5 to 1.91:1.'] })] }),
      ),
    ).toEqual([]);
    expect(rules(target({ media: [image('a'), image('b')] }))).toEqual([
      ['targets.0.media_ids', 'story_single_media'],
    ]);
    expect(rules(target({ media: [] }))).toEqual([['targets.0.media_ids', 'media_required']]);
  });

  it('refuses a video outside 3–60 seconds with the reason from the story specs', () => {
    const long = video('v', { instagram_story: ['1 min 30 s is longer than 1 min 0 s.'] });
    expect(checkTarget(target({ index: 2, media: [long] }))).toEqual([
      {
        field: 'targets.2.media_ids.0',
        connection_id: 'ig-1',
        account: '@rosabakery',
        rule: 'media_instagram_story',
        message: '1 min 30 s is longer than 1 min 0 s.',
      },
    ]);
  });

  it('publishes no text, so the text limits do not apply; the same text on a post is refused', () => {
    const caption = `Too many ${'#tag '.repeat(31)}`;
    expect(checkTarget(target({ caption }))).toEqual([]);
    expect(rules(target({ caption, format: 'post' }))).toEqual([
      ['content', 'caption_too_many_hashtags'],
    ]);
  });

  it('takes no first comment, names a file still processing, and counts towards the quota', () => {
    expect(checkTarget(target({ firstComment: 'Open 7–3' }))).toEqual([
      {
        field: 'targets.0.first_comment',
        connection_id: 'ig-1',
        account: '@rosabakery',
        rule: 'story_first_comment',
        message: 'A story takes no comments: leave the first comment empty',
      },
    ]);
    expect(checkTarget(target({ firstComment: '   ' }))).toEqual([]);
    expect(
      rules(target({ media: [{ ...image('p'), status: 'processing' }], quotaRemaining: 0 })),
    ).toEqual([
      ['targets.0.media_ids.0', 'media_not_ready'],
      ['targets.0.connection_id', 'publishing_limit'],
    ]);
  });

  it('cannot be chosen for a Facebook Page', () => {
    expect(
      checkTarget(target({ platform: 'facebook', account: 'Rosa Bakery', connectionId: 'page-1' })),
    ).toEqual([
      {
        field: 'targets.0.format',
        connection_id: 'page-1',
        account: 'Rosa Bakery',
        rule: 'story_instagram_only',
        message: 'Stories are published to Instagram accounts only: choose Post for this Page',
      },
    ]);
  });
});

describe('notices', () => {
  const base = {
    index: 1,
    connectionId: 'ig-1',
    account: '@rosabakery',
    platform: 'instagram' as const,
    format: 'story' as const,
    caption: 'Fresh bread',
    firstComment: 'Open 7–3',
  };

  it('say that a story shows neither the text nor the first comment', () => {
    expect(targetNotices(base).map((n) => [n.field, n.rule, n.message])).toEqual([
      [
        'content',
        'story_text_not_published',
        'Stories show no text: it stays on your calendar but is not published with the story',
      ],
      [
        'targets.1.first_comment',
        'story_first_comment_not_posted',
        'Stories take no comments: the first comment is not posted with the story',
      ],
    ]);
    expect(targetNotices({ ...base, caption: ' ', firstComment: '' })).toEqual([]);
  });

  it('are empty for every other format and for Facebook', () => {
    expect(targetNotices({ ...base, format: 'post' })).toEqual([]);
    expect(targetNotices({ ...base, format: 'reel' })).toEqual([]);
    expect(targetNotices({ ...base, platform: 'facebook' })).toEqual([]);
  });
});
