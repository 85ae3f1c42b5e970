import { describe, expect, it } from 'vitest';
import type { Connection } from '#shared/contracts/platforms.contract.ts';
import type { Delivery, Post } from '#shared/contracts/posts.contract.ts';
import type { AccountQuota } from '#shared/contracts/publishing.contract.ts';
import type { TargetMedia } from '#shared/publishing-rules.ts';
import { connection } from '../../../test/connections.ts';
import { blockingProblems, checkComposer, composerNotices } from './composer-checks.ts';
import {
  adjustFormats,
  facebookKind,
  formatOptions,
  newComposerValues,
  preselectedTargets,
  quotaText,
  sameValues,
  textCounts,
  textPlatformsOf,
  valuesFromPost,
  type ComposerValues,
} from './composer-model.ts';
import { problemsFromFieldErrors } from './composer-refusals.ts';
import { saveBody, targetsInput, titleFor } from './composer-request.ts';

const IG = '00000000-0000-4000-8000-0000000000a1';
const FB = '00000000-0000-4000-8000-0000000000a2';
const PHOTO = '00000000-0000-4000-8000-0000000000c1';
const WIDE = '00000000-0000-4000-8000-0000000000c2';
const CLIP = '00000000-0000-4000-8000-0000000000c3';

const connections = [
  connection({ id: IG, platform: 'instagram' }),
  connection({ id: FB, platform: 'facebook' }),
];

const ready = (id: string, kind: 'image' | 'video' = 'image', ok = true): TargetMedia => ({
  id,
  kind,
  status: 'ready',
  compatibility: [
    {
      target: 'instagram_feed',
      ok,
      reasons: ok ? [] : ['The aspect ratio 3:1 is outside 4:5 to 1.91:1. Crop it first.'],
      notes: [],
    },
    { target: 'instagram_reel', ok: kind === 'video', reasons: [], notes: [] },
    { target: 'instagram_story', ok: true, reasons: [], notes: [] },
    { target: 'facebook', ok: true, reasons: [], notes: [] },
  ],
});

const media = new Map([
  [PHOTO, ready(PHOTO)],
  [WIDE, ready(WIDE, 'image', false)],
  [CLIP, ready(CLIP, 'video')],
]);

function values(extra: Partial<ComposerValues> = {}): ComposerValues {
  return {
    ...newComposerValues({ year: 2030, month: 4, day: 29 }, 10, 30),
    title: 'Spring menu',
    content: 'Fresh bread #bakery',
    ...extra,
  };
}

const quota = (remaining: number): AccountQuota => ({
  connection_id: IG,
  platform: 'instagram',
  account_name: '@rosabakery',
  source: 'platform',
  remaining,
  used: 25 - remaining,
  total: 25,
  reason: null,
  checked_at: '2030-01-01T00:00:00Z',
});

const check = (v: ComposerValues, intent: 'draft' | 'schedule' | 'publish', quotas = [quota(20)]) =>
  checkComposer({
    values: v,
    connections,
    media,
    quotas,
    intent,
    timeZone: 'Europe/London',
    now: new Date('2030-01-01T00:00:00Z'),
  });

describe('counts', () => {
  it('counts characters, hashtags and mentions against each chosen platform', () => {
    const text = `${'#tag '.repeat(31)}@a @b`;
    const [instagram, facebook] = textCounts(text, ['instagram', 'facebook']);
    expect(instagram).toEqual({
      platform: 'instagram',
      characters: { count: text.length, max: 2200, over: false },
      hashtags: { count: 31, max: 30, over: true },
      mentions: { count: 2, max: 20, over: false },
    });
    expect(facebook!.hashtags).toEqual({ count: 31, max: null, over: false });
    expect(textCounts('x'.repeat(2201), ['instagram'])[0]!.characters.over).toBe(true);
  });
});

describe('checks', () => {
  it('Instagram without media: named field, account and rule; a draft is still allowed', () => {
    const v = values({ targets: [{ connectionId: IG, format: 'post' }] });
    const problems = check(v, 'schedule');
    expect(problems).toEqual([
      {
        field: 'media',
        connectionId: IG,
        account: '@rosabakery',
        rule: 'media_required',
        message: 'Instagram needs at least one photo or video',
        blocksDraft: false,
      },
    ]);
    expect(blockingProblems(problems, 'draft')).toEqual([]);
    expect(blockingProblems(problems, 'schedule')).toHaveLength(1);
    expect(check({ ...v, mediaIds: [PHOTO] }, 'schedule')).toEqual([]);
  });

  it('a draft needs only a title (or text to take one from)', () => {
    const empty = values({ title: '', content: '' });
    expect(blockingProblems(check(empty, 'draft'), 'draft').map((p) => p.rule)).toEqual([
      'title_required',
    ]);
    expect(check(values({ title: '' }), 'draft')).toEqual([]);
    expect(titleFor({ title: '  ', content: '\n  Fresh bread today\nmore' })).toBe(
      'Fresh bread today',
    );
  });

  it('schedule needs an account and a time in the future; publish now needs no time', () => {
    expect(check(values({ date: '2029-12-31' }), 'schedule').map((p) => p.rule)).toEqual([
      'when_future',
      'targets_required',
    ]);
    expect(check(values({ date: '', time: '' }), 'publish').map((p) => p.rule)).toEqual([
      'targets_required',
    ]);
    expect(check(values({ date: '2030-02-30' }), 'draft').map((p) => p.rule)).toEqual([
      'when_valid',
    ]);
  });

  it('applies the platform rules per account: carousel size, aspect ratio, caption limits', () => {
    const v = values({
      content: '#a '.repeat(31),
      mediaIds: [PHOTO, WIDE],
      targets: [
        { connectionId: IG, format: 'post' },
        { connectionId: FB, format: 'post' },
      ],
    });
    const rules = check(v, 'schedule').map((p) => `${p.account} ${p.field} ${p.rule}`);
    expect(rules).toEqual([
      '@rosabakery content caption_too_many_hashtags',
      '@rosabakery format single_media',
      '@rosabakery media media_instagram_feed',
    ]);
  });

  it('names the file a media problem is about, so the media field can mark it', () => {
    const v = values({
      mediaIds: [PHOTO, WIDE],
      targets: [{ connectionId: IG, format: 'carousel' }],
    });
    expect(check(v, 'schedule').map((p) => [p.rule, p.mediaId])).toEqual([
      ['media_instagram_feed', WIDE],
    ]);
    // A file not loaded yet is left out of the checks; the index still finds the right one.
    const unloaded = '00000000-0000-4000-8000-0000000000c9';
    expect(
      check({ ...v, mediaIds: [unloaded, PHOTO, WIDE] }, 'schedule').map((p) => p.mediaId),
    ).toEqual([WIDE]);
  });

  it('says how long a text is against its limit', () => {
    const rules = check(
      values({
        title: 'x'.repeat(201),
        content: 'y'.repeat(10_001),
        firstComment: 'z'.repeat(2201),
      }),
      'draft',
    );
    expect(rules.map((p) => p.message)).toEqual([
      'The title is too long: 201 of 200 characters',
      'The text is too long: 10,001 of 10,000 characters',
      'The first comment is too long: 2,201 of 2,200 characters',
    ]);
    expect(blockingProblems(rules, 'draft')).toHaveLength(3);
  });

  it('checks the remaining 24-hour quota and the account’s access', () => {
    const v = values({ mediaIds: [PHOTO], targets: [{ connectionId: IG, format: 'post' }] });
    expect(check(v, 'schedule', [quota(0)]).map((p) => p.message)).toEqual([
      'This account has reached its 24-hour publishing limit',
    ]);
    const expired = checkComposer({
      values: v,
      connections: [connection({ id: IG, platform: 'instagram', health: 'expired' })],
      media,
      quotas: [],
      intent: 'schedule',
      timeZone: 'UTC',
      now: new Date('2030-01-01T00:00:00Z'),
    });
    expect(expired.map((p) => [p.field, p.rule])).toEqual([['account', 'account_token']]);
  });

  it('a reel needs exactly one video', () => {
    const v = values({ mediaIds: [PHOTO], targets: [{ connectionId: IG, format: 'reel' }] });
    expect(check(v, 'schedule').map((p) => p.rule)).toEqual(['reel_video', 'media_instagram_reel']);
    expect(check({ ...v, mediaIds: [CLIP] }, 'schedule')).toEqual([]);
  });
});

describe('stories', () => {
  const story = (extra: Partial<ComposerValues> = {}) =>
    values({
      content: `Fresh ${'#a '.repeat(31)}`,
      firstComment: 'Open 7–3',
      mediaIds: [WIDE],
      targets: [
        { connectionId: IG, format: 'story' },
        { connectionId: FB, format: 'post' },
      ],
      ...extra,
    });

  it('can be chosen for Instagram only', () => {
    expect(formatOptions('instagram').find((o) => o.value === 'story')).toEqual({
      value: 'story',
      label: 'Story',
      description: 'One photo or video, full screen, for 24 hours; no text or first comment',
      unavailable: null,
    });
    expect(formatOptions('facebook').map((o) => o.value)).toEqual(['post']);
  });

  it('take one file with the story specs; neither the text’s limits nor the first comment apply', () => {
    // WIDE is refused in the feed, not in a story; 31 hashtags are never published with it.
    expect(check(story(), 'schedule')).toEqual([]);
    expect(
      check(story({ mediaIds: [PHOTO, WIDE] }), 'schedule').map((p) => [p.field, p.rule]),
    ).toEqual([['media', 'story_single_media']]);
    expect(check(story({ mediaIds: [] }), 'schedule').map((p) => [p.account, p.rule])).toEqual([
      ['@rosabakery', 'media_required'],
    ]);
  });

  it('say what a story leaves out, beside the checks', () => {
    expect(composerNotices(story(), connections)).toEqual([
      {
        field: 'content',
        connectionId: IG,
        account: '@rosabakery',
        rule: 'story_text_not_published',
        message:
          'Stories show no text: it stays on your calendar but is not published with the story',
      },
      {
        field: 'first_comment',
        connectionId: IG,
        account: '@rosabakery',
        rule: 'story_first_comment_not_posted',
        message: 'Stories take no comments: the first comment is not posted with the story',
      },
    ]);
    expect(composerNotices(story({ content: '', firstComment: '' }), connections)).toEqual([]);
    expect(
      composerNotices(story({ targets: [{ connectionId: IG, format: 'post' }] }), connections),
    ).toEqual([]);
  });

  it('are sent without the first comment, and the text is counted for the other accounts only', () => {
    expect(targetsInput(story()).map((t) => [t.format, t.first_comment])).toEqual([
      ['story', null],
      ['post', 'Open 7–3'],
    ]);
    expect(textPlatformsOf(story().targets, connections)).toEqual(['facebook']);
    expect(textPlatformsOf([{ connectionId: IG, format: 'story' }], connections)).toEqual([]);
  });

  it('stay a story whatever the number of files', () => {
    expect(adjustFormats([{ connectionId: IG, format: 'story' }], connections, 2)).toEqual([
      { connectionId: IG, format: 'story' },
    ]);
  });
});

describe('formats', () => {
  it('keeps Instagram’s post and carousel in step with the files; a reel stays', () => {
    const targets = [
      { connectionId: IG, format: 'post' as const },
      { connectionId: FB, format: 'post' as const },
    ];
    expect(adjustFormats(targets, connections, 2)).toEqual([
      { connectionId: IG, format: 'carousel' },
      { connectionId: FB, format: 'post' },
    ]);
    expect(adjustFormats([{ connectionId: IG, format: 'carousel' }], connections, 1)).toEqual([
      { connectionId: IG, format: 'post' },
    ]);
    expect(adjustFormats([{ connectionId: IG, format: 'reel' }], connections, 3)).toEqual([
      { connectionId: IG, format: 'reel' },
    ]);
  });

  it('names what a Facebook post becomes with its media', () => {
    expect(facebookKind([])).toBe('Text post');
    expect(facebookKind([{ kind: 'image' }])).toBe('Photo post');
    expect(facebookKind([{ kind: 'image' }, { kind: 'image' }])).toBe(
      'Multi-photo post (2 photos)',
    );
    expect(facebookKind([{ kind: 'video' }])).toBe('Video post');
  });

  it('says what each account may still publish', () => {
    expect(quotaText('facebook', undefined)).toBe('Facebook sets no daily limit');
    expect(quotaText('instagram', quota(23))).toBe('23 of 25 posts left (rolling 24 hours)');
    expect(
      quotaText('instagram', {
        ...quota(0),
        source: 'unavailable',
        remaining: null,
        reason: 'The access to this account has ended. Reconnect it on the Platforms page',
      }),
    ).toBe(
      'Daily limit not known: The access to this account has ended. Reconnect it on the Platforms page',
    );
  });
});

describe('server refusals', () => {
  it('names the file a refused media field is about', () => {
    const [problem] = problemsFromFieldErrors(
      { 'targets.0.media_ids.1': '@rosabakery: This file is still being processed' },
      [{ connectionId: IG, account: '@rosabakery' }],
      [PHOTO, WIDE],
    );
    expect(problem).toMatchObject({ field: 'media', connectionId: IG, mediaId: WIDE });
  });

  it('maps field errors to the account by index, and content by the account in the message', () => {
    const order = [
      { connectionId: FB, account: 'Rosa Bakery' },
      { connectionId: IG, account: '@rosabakery' },
    ];
    expect(
      problemsFromFieldErrors(
        {
          'targets.1.media_ids': '@rosabakery: Instagram needs at least one photo or video',
          content: '@rosabakery: Too many hashtags: 31 of 30',
          scheduled_for: 'Choose a time in the future',
        },
        order,
      ),
    ).toEqual([
      {
        field: 'media',
        connectionId: IG,
        account: '@rosabakery',
        rule: 'targets.1.media_ids',
        message: 'Instagram needs at least one photo or video',
        blocksDraft: false,
      },
      {
        field: 'content',
        connectionId: IG,
        account: '@rosabakery',
        rule: 'content',
        message: 'Too many hashtags: 31 of 30',
        blocksDraft: false,
      },
      {
        field: 'when',
        connectionId: null,
        account: null,
        rule: 'scheduled_for',
        message: 'Choose a time in the future',
        blocksDraft: false,
      },
    ]);
  });
});

describe('loading and sending', () => {
  const post: Post = {
    id: '00000000-0000-4000-8000-0000000000e1',
    user_id: '00000000-0000-4000-8000-000000000001',
    title: 'Spring menu',
    content: 'Fresh bread',
    platforms: ['facebook', 'instagram'],
    type: 'post',
    status: 'failed',
    // 09:30 UTC is 10:30 BST.
    scheduled_for: '2030-04-29T09:30:00.000Z',
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    deliveries: [],
  };
  const delivery = (
    connectionId: string,
    platform: 'facebook' | 'instagram',
    extra: Partial<Delivery> = {},
  ): Delivery => ({
    id: `${connectionId.slice(0, -2)}ff`,
    connection_id: connectionId,
    platform,
    account_name: null,
    format: 'carousel',
    media_ids: [PHOTO, WIDE],
    first_comment: 'Open 7–3',
    status: 'failed',
    scheduled_for: post.scheduled_for,
    external_id: null,
    permalink: null,
    attempts: 1,
    last_error: null,
    published_at: null,
    updated_at: post.updated_at,
    ...extra,
  });

  it('reads a post and its deliveries; published ones are left as they are', () => {
    const v = valuesFromPost(
      {
        ...post,
        deliveries: [
          delivery(FB, 'facebook', { status: 'published' }),
          delivery(IG, 'instagram'),
          delivery(FB, 'facebook'),
        ],
      },
      'Europe/London',
    );
    expect(v).toEqual({
      title: 'Spring menu',
      content: 'Fresh bread',
      firstComment: 'Open 7–3',
      mediaIds: [PHOTO, WIDE],
      targets: [
        { connectionId: IG, format: 'carousel' },
        // A Page post with several photos comes back as "carousel": it is a post here.
        { connectionId: FB, format: 'post' },
      ],
      date: '2030-04-29',
      time: '10:30',
    });
    expect(sameValues(v, { ...v, targets: [...v.targets] })).toBe(true);
    expect(sameValues(v, { ...v, content: 'Fresh bread!' })).toBe(false);
    expect(targetsInput({ ...v, firstComment: '  ' })).toEqual([
      { connection_id: IG, format: 'carousel', media_ids: [PHOTO, WIDE], first_comment: null },
      { connection_id: FB, format: 'post', media_ids: [PHOTO, WIDE], first_comment: null },
    ]);
  });

  it('sends the post, its accounts in order and what to do, in one body', () => {
    const v = valuesFromPost(
      { ...post, type: 'ai_generated', deliveries: [delivery(IG, 'instagram')] },
      'Europe/London',
    );
    expect(saveBody(v, 'schedule', { type: 'ai_generated', timeZone: 'Europe/London' })).toEqual({
      post: {
        title: 'Spring menu',
        content: 'Fresh bread',
        scheduled_for: '2030-04-29T09:30:00.000Z',
        type: 'ai_generated',
      },
      targets: [
        {
          connection_id: IG,
          format: 'carousel',
          media_ids: [PHOTO, WIDE],
          first_comment: 'Open 7–3',
        },
      ],
      intent: 'schedule',
    });
  });

  it('reads a story first, and the first comment from an account that is not a story', () => {
    const v = valuesFromPost(
      {
        ...post,
        deliveries: [
          delivery(IG, 'instagram', { format: 'story', media_ids: [PHOTO], first_comment: null }),
          delivery(FB, 'facebook', { media_ids: [PHOTO] }),
        ],
      },
      'Europe/London',
    );
    expect(v).toMatchObject({
      firstComment: 'Open 7–3',
      mediaIds: [PHOTO],
      targets: [
        { connectionId: IG, format: 'story' },
        { connectionId: FB, format: 'post' },
      ],
    });
  });
});

describe('a new post’s accounts', () => {
  it('start as the connected accounts of the default platforms whose access has not ended', () => {
    const accounts: Connection[] = [
      connection({ id: IG, platform: 'instagram' }),
      connection({ id: FB, platform: 'facebook' }),
      connection({ id: PHOTO, platform: 'instagram', health: 'expired' }),
      connection({ id: WIDE, platform: 'facebook', status: 'disconnected' }),
    ];
    expect(preselectedTargets(accounts, ['instagram'], 2)).toEqual([
      { connectionId: IG, format: 'carousel' },
    ]);
    expect(preselectedTargets(accounts, ['facebook', 'instagram'], 0)).toEqual([
      { connectionId: IG, format: 'post' },
      { connectionId: FB, format: 'post' },
    ]);
    expect(preselectedTargets(accounts, [], 0)).toEqual([]);
  });
});
