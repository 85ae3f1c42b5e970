import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { simulatorOf } from '#server/test/meta-simulator.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import { savePost } from '../posts/save-post.ts';
import { insertMedia } from '../publishing/publishing.test-helpers.ts';
import {
  campaignBusiness,
  contextOf,
  eventsOf,
  hoursAhead,
  plannedPosts,
  type CampaignBusiness,
} from './campaigns.test-helpers.ts';
import { checkLaunch, saveCommandFor } from './launch-gate.ts';

// The launch gate (docs/product/screens.md#campaigns): every planned post checked as the one
// save checks a scheduled post, its media requirement fulfilled, its account connected, and each
// Instagram account's rolling 24-hour limit across the whole campaign and what is already
// scheduled; every problem collected with the field that fixes it; nothing written.

let t: TestApp;
let b: CampaignBusiness;
const restore: Array<() => void> = [];

beforeAll(async () => {
  t = await getTestApp();
  b = await campaignBusiness(t);
});

afterEach(() => {
  while (restore.length > 0) restore.pop()!();
});

describe('checkLaunch', () => {
  it('passes a valid plan, prepares a save for every post and writes nothing', async () => {
    const posts = await plannedPosts(t, b, 10);
    const before = (await eventsOf(t, b.user.userId)).length;
    const check = await checkLaunch(b.ctx, posts);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.prepared!.posts.map((p) => p.key)).toEqual(posts.map((p) => p.key));
    expect(check.prepared!.posts[0]!.save.plan.fields).toMatchObject({
      title: posts[0]!.caption.split('\n')[0],
      content: `${posts[0]!.caption}\n\n#bakery #sourdough`,
      type: 'campaign',
    });
    expect((await eventsOf(t, b.user.userId)).length).toBe(before);
  });

  it('names a post missing its image by key and field, with what to shoot', async () => {
    const posts = await plannedPosts(t, b, 3, { accounts: [b.instagram] });
    posts[1] = { ...posts[1]!, mediaIds: [] };
    const check = await checkLaunch(b.ctx, posts);
    expect(check.ok).toBe(false);
    expect(check.prepared).toBeUndefined();
    const key = posts[1]!.key;
    expect(check.problems).toContainEqual({
      postKey: key,
      field: `posts.${key}.media`,
      connectionId: b.instagram.id,
      account: expect.any(String),
      rule: 'media_missing',
      message: 'This post needs 1 image (4:5): a close-up of the sourdough crust, morning light',
    });
    // Instagram's own rule, as the composer checks it.
    expect(check.problems).toContainEqual(
      expect.objectContaining({
        postKey: key,
        field: `posts.${key}.mediaIds`,
        rule: 'media_required',
      }),
    );
    expect(check.problems.every((p) => p.postKey === key)).toBe(true);
  });

  it('names a file of the wrong kind for the requirement', async () => {
    const [post] = await plannedPosts(t, b, 1, { accounts: [b.page] });
    const clip = await insertMedia(t, b.user.userId, 'video');
    const check = await checkLaunch(b.ctx, [{ ...post!, mediaIds: [clip] }]);
    expect(check.problems).toEqual([
      expect.objectContaining({
        postKey: post!.key,
        field: `posts.${post!.key}.mediaIds.0`,
        rule: 'media_kind',
        message: `This post needs an image (4:5), not a video: ${post!.media.description}`,
      }),
    ]);
  });

  it('collects every rule the composer checks, across posts, without stopping at the first', async () => {
    const posts = await plannedPosts(t, b, 4, { accounts: [b.instagram] });
    const many = Array.from({ length: 25 }, (_, i) => `#tag${i}`);
    posts[0] = {
      ...posts[0]!,
      caption: `Too many tags ${many.join(' ')}`,
      hashtags: many.slice(0, 10),
    };
    posts[1] = { ...posts[1]!, format: 'reel' };
    posts[2] = { ...posts[2]!, scheduledFor: hoursAhead(-2).toISOString() };
    posts[3] = { ...posts[3]!, connectionId: b.page.id, format: 'story', firstComment: null };
    const check = await checkLaunch(b.ctx, posts);
    const found = check.problems.map((p) => [p.postKey, p.field, p.rule]);
    expect(found).toEqual(
      expect.arrayContaining([
        [posts[0]!.key, `posts.${posts[0]!.key}.hashtags`, 'caption_too_many_hashtags'],
        [posts[1]!.key, `posts.${posts[1]!.key}.mediaIds`, 'reel_video'],
        [posts[2]!.key, `posts.${posts[2]!.key}.scheduledFor`, 'time_in_future'],
        [posts[3]!.key, `posts.${posts[3]!.key}.format`, 'story_instagram_only'],
      ]),
    );
  });

  it('names the planned posts past an Instagram account’s 24-hour limit, counting what is already scheduled', async () => {
    const config = simulatorOf(t).state.config;
    const total = config.quotaTotal;
    config.quotaTotal = 3;
    restore.push(() => (config.quotaTotal = total));
    const day = hoursAhead(24 * 30);
    // Three posts of the account already scheduled that day, saved as the composer saves them.
    for (const hour of [0, 1, 2]) {
      const photo = await insertMedia(t, b.user.userId, 'image');
      await savePost(b.ctx, {
        post: {
          title: `Already scheduled ${hour}`,
          content: 'Already scheduled',
          scheduled_for: new Date(day.getTime() + hour * 3_600_000).toISOString(),
        },
        targets: [{ connection_id: b.instagram.id, format: 'post', media_ids: [photo] }],
        intent: 'schedule',
      });
    }
    const posts = await plannedPosts(t, b, 4, {
      start: new Date(day.getTime() + 3 * 3_600_000),
      everyHours: 10,
      accounts: [b.instagram],
    });
    // 03:00 and 13:00 fall in the 24 hours after the three; 23:00 too; 09:00 the next day does not.
    const check = await checkLaunch(b.ctx, posts);
    expect(check.ok).toBe(false);
    const named = check.problems.filter((p) => p.rule === 'publishing_limit_window');
    expect(named.map((p) => p.postKey)).toEqual(posts.slice(0, 3).map((p) => p.key));
    expect(named[0]).toMatchObject({
      field: `posts.${posts[0]!.key}.scheduledFor`,
      connectionId: b.instagram.id,
    });
    expect(named[0]!.message).toContain('may publish 3 posts in any 24 hours');
    expect(check.problems).toHaveLength(3);
  });

  it('names a post for an account that is not connected', async () => {
    const other = await campaignBusiness(t);
    const posts = await plannedPosts(t, other, 2);
    await t.runtime.deps.database.unsafeDb
      .update(platformConnections)
      .set({ status: 'disconnected' })
      .where(eq(platformConnections.id, other.page.id));
    const check = await checkLaunch(other.ctx, posts);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      expect.objectContaining({
        postKey: posts[0]!.key,
        field: `posts.${posts[0]!.key}.connectionId`,
        connectionId: other.page.id,
        rule: 'account_connected',
      }),
    ]);
  });

  it('names what does not parse, and checks the rest', async () => {
    const posts = await plannedPosts(t, b, 2);
    const broken = { ...posts[0]!, mediaIds: ['not-a-uuid'], scheduledFor: 'tomorrow' };
    const check = await checkLaunch(b.ctx, [broken, posts[1]!]);
    expect(check.problems.map((p) => [p.postKey, p.field, p.rule])).toEqual([
      [broken.key, `posts.${broken.key}.scheduledFor`, 'invalid'],
      [broken.key, `posts.${broken.key}.mediaIds.0`, 'invalid'],
    ]);
  });

  it('names the campaign as a whole when it has too many posts or a key twice', async () => {
    const [post] = await plannedPosts(t, b, 1);
    const posts = Array.from({ length: 201 }, () => post!);
    const check = await checkLaunch(b.ctx, posts);
    expect(check.problems.filter((p) => p.postKey === null).map((p) => p.rule)).toEqual(
      expect.arrayContaining(['too_many_posts', 'post_key_once']),
    );
  });

  it('is forbidden to a member who may not schedule', async () => {
    const posts = await plannedPosts(t, b, 1);
    const viewer = contextOf(t, b.user.userId, {
      userId: '00000000-0000-4000-8000-000000000001',
      tenantRole: 'viewer',
    });
    const refused = await checkLaunch(viewer, posts).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).record.code).toBe('FORBIDDEN');
  });

  it('titles a post by its caption’s first line, or by its shot when it has no caption', async () => {
    const [post] = await plannedPosts(t, b, 1);
    expect(saveCommandFor({ ...post!, caption: `  ${'x'.repeat(250)}\nmore` }).post.title).toBe(
      'x'.repeat(200),
    );
    expect(saveCommandFor({ ...post!, caption: '', hashtags: [] }).post).toMatchObject({
      title: post!.media.description,
      content: '',
    });
  });
});
