import { beforeAll, describe, expect, it } from 'vitest';
import {
  eventCoverSchema,
  ideaPostSchema,
  plannedPostSchema,
} from '#shared/contracts/planning.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import { addMember } from '#server/test/team.ts';
import { savedPost } from '../posts/posts.test-helpers.ts';
import {
  connectAll,
  inHours,
  insertMedia,
  insertScheduledPost,
  type Connected,
} from '../publishing/publishing.test-helpers.ts';

// The calendar's planning reads (docs/decisions/078): an Instagram account's planned posts for
// its profile grid, the ideas tray's drafts without a date, and the covers of a range's posts.

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let accounts: Connected[];
let ig: Connected;
let page: Connected;
let theirIg: Connected;

beforeAll(async () => {
  t = await getTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  accounts = await connectAll(t, owner);
  ig = accounts.find((a) => a.external_id === simulatedWorld(t, owner.userId).igAccountId)!;
  page = accounts.find((a) => a.external_id === simulatedWorld(t, owner.userId).pageId)!;
  const theirs = await connectAll(t, other);
  theirIg = theirs.find((a) => a.external_id === simulatedWorld(t, other.userId).igAccountId)!;
});

const target = (connection: Connected, mediaIds: string[], format = 'post') => ({
  connection_id: connection.id,
  format,
  media_ids: mediaIds,
});

async function plannedOf(user: SignedInUser, accountId: string) {
  const res = await user.client.request(`/api/calendar-events/planned?accountId=${accountId}`);
  expect(res.status, res.text).toBe(200);
  return plannedPostSchema.array().parse(res.json.data);
}

describe('an Instagram account’s planned posts', () => {
  it('lists its dated drafts and scheduled posts latest first, with format and first medium; never stories, dateless drafts or what went out', async () => {
    const photo = await insertMedia(t, owner.userId, 'image');
    const second = await insertMedia(t, owner.userId, 'image');
    const clip = await insertMedia(t, owner.userId, 'video', { width: 1080, height: 1920 });
    const tall = await insertMedia(t, owner.userId, 'image', { width: 1080, height: 1920 });
    const soon = await savedPost(owner, {
      post: { title: 'Soon', content: 'Rolls', scheduled_for: inHours(24) },
      targets: [target(ig, [photo]), target(page, [])],
      intent: 'schedule',
    });
    const later = await savedPost(owner, {
      post: { title: 'Later draft', content: 'Loaves', scheduled_for: inHours(48) },
      targets: [target(ig, [second, photo], 'carousel')],
      intent: 'draft',
    });
    const reel = await savedPost(owner, {
      post: { title: 'Reel', content: 'Kneading', scheduled_for: inHours(72) },
      targets: [target(ig, [clip], 'reel')],
      intent: 'schedule',
    });
    // Not in the grid: a story, a draft without a date, a Page's post, one published already.
    await savedPost(owner, {
      post: { title: 'Story', content: null, scheduled_for: inHours(30) },
      targets: [target(ig, [tall], 'story')],
      intent: 'schedule',
    });
    await savedPost(owner, {
      post: { title: 'No date', content: 'Idea' },
      targets: [target(ig, [photo])],
      intent: 'draft',
    });
    await savedPost(owner, {
      post: { title: 'Page only', content: 'Hello', scheduled_for: inHours(20) },
      targets: [target(page, [])],
      intent: 'schedule',
    });
    const gone = await insertScheduledPost(t, owner.userId, {
      content: 'Out already',
      at: new Date(Date.now() + 3_600_000),
      targets: [{ connection: ig, mediaIds: [photo] }],
    });
    await t.runtime.deps.database.unsafeDb.execute(
      `update platform_posts set status = 'published' where calendar_event_id = '${gone.event.id}'`,
    );

    const viewer = await addMember(t, owner, 'viewer');
    for (const reader of [owner, viewer]) {
      const planned = await plannedOf(reader, ig.id);
      expect(planned.map((p) => p.title)).toEqual(['Reel', 'Later draft', 'Soon']);
      expect(planned.map((p) => [p.id, p.status, p.format, p.media_count])).toEqual([
        [reel.id, 'scheduled', 'reel', 1],
        [later.id, 'draft', 'carousel', 2],
        [soon.id, 'scheduled', 'post', 1],
      ]);
      expect(planned[0]!.cover).toEqual({ media_id: clip, kind: 'video', has_thumbnail: false });
      expect(planned[1]!.cover).toMatchObject({ media_id: second, kind: 'image' });
      expect(planned[2]!.scheduled_for).toBe(soon.scheduled_for);
    }
  });

  it('follows a swap of two posts’ times at once', async () => {
    const photo = await insertMedia(t, owner.userId, 'image');
    const body = (title: string, hours: number) => ({
      post: { title, content: title, scheduled_for: inHours(hours) },
      targets: [target(ig, [photo])],
      intent: 'schedule' as const,
    });
    const a = await savedPost(owner, body('Swap A', 200));
    const b = await savedPost(owner, body('Swap B', 210));
    const order = async () =>
      (await plannedOf(owner, ig.id)).filter((p) => p.title.startsWith('Swap')).map((p) => p.id);
    expect(await order()).toEqual([b.id, a.id]);
    for (const [id, at] of [
      [a.id, b.scheduled_for],
      [b.id, a.scheduled_for],
    ] as const) {
      const res = await owner.client.request(`/api/posts/${id}/schedule`, {
        method: 'PATCH',
        json: { scheduled_for: at },
      });
      expect(res.status, res.text).toBe(200);
    }
    expect(await order()).toEqual([a.id, b.id]);
  });

  it('is not found for another business’s account or a Page, and refuses an id that is not one', async () => {
    const theirs = await owner.client.request(
      `/api/calendar-events/planned?accountId=${theirIg.id}`,
    );
    expectError(theirs, 404, 'NOT_FOUND');
    expect((await plannedOf(other, theirIg.id)).length).toBeGreaterThanOrEqual(0);
    const pageRes = await owner.client.request(`/api/calendar-events/planned?accountId=${page.id}`);
    expectError(pageRes, 404, 'NOT_FOUND');
    const bad = await owner.client.request('/api/calendar-events/planned?accountId=rosa');
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.json.metadata.fieldErrors).toEqual({ accountId: 'Choose an Instagram account' });
    const none = await owner.client.request('/api/calendar-events/planned');
    expectError(none, 400, 'VALIDATION_ERROR');
  });
});

describe('the ideas tray', () => {
  it('lists drafts without a date, newest change first, with their accounts and first medium', async () => {
    const user = await createSignedInUser(t);
    const mine = await connectAll(t, user);
    const myIg = mine.find((a) => a.platform === 'instagram')!;
    const photo = await insertMedia(t, user.userId, 'image');
    const bare = await savedPost(user, {
      post: { title: 'Bare idea', content: 'x' },
      intent: 'draft',
    });
    const withPhoto = await savedPost(user, {
      post: { title: 'Photo idea', content: 'y', type: 'ai_generated' },
      targets: [target(myIg, [photo])],
      intent: 'draft',
    });
    // Not ideas: a dated draft, a scheduled post, a note.
    await savedPost(user, {
      post: { title: 'Dated', content: 'z', scheduled_for: inHours(5) },
      intent: 'draft',
    });
    await savedPost(user, {
      post: { title: 'A note', content: null, type: 'note' },
      intent: 'draft',
    });
    const res = await user.client.request('/api/calendar-events/ideas');
    expect(res.status, res.text).toBe(200);
    const ideas = ideaPostSchema.array().parse(res.json.data);
    expect(ideas.map((i) => [i.id, i.type, i.account_count, i.media_count])).toEqual([
      [withPhoto.id, 'ai_generated', 1, 1],
      [bare.id, 'post', 0, 0],
    ]);
    expect(ideas[0]!.cover).toMatchObject({ media_id: photo, kind: 'image' });
    expect(ideas[1]!.cover).toBeNull();
    // Another business sees none of them.
    const theirs = await other.client.request('/api/calendar-events/ideas');
    expect(theirs.json.data.map((i: { id: string }) => i.id)).not.toContain(bare.id);
  });
});

describe('the covers of a range', () => {
  it('answers the first medium of each post with media in the range', async () => {
    const user = await createSignedInUser(t);
    const mine = await connectAll(t, user);
    const myIg = mine.find((a) => a.platform === 'instagram')!;
    const photo = await insertMedia(t, user.userId, 'image');
    const clip = await insertMedia(t, user.userId, 'video');
    const at = new Date(Date.now() + 5 * 86_400_000);
    const withMedia = await savedPost(user, {
      post: { title: 'Pictured', content: 'p', scheduled_for: at.toISOString() },
      targets: [target(myIg, [clip, photo], 'carousel')],
      intent: 'draft',
    });
    await savedPost(user, {
      post: { title: 'Words only', content: 'w', scheduled_for: at.toISOString() },
      intent: 'draft',
    });
    const start = new Date(at.getTime() - 86_400_000).toISOString();
    const end = new Date(at.getTime() + 86_400_000).toISOString();
    const res = await user.client.request(
      `/api/calendar-events/covers?startDate=${start}&endDate=${end}`,
    );
    expect(res.status, res.text).toBe(200);
    expect(eventCoverSchema.array().parse(res.json.data)).toEqual([
      {
        event_id: withMedia.id,
        media_count: 2,
        cover: { media_id: clip, kind: 'video', has_thumbnail: false },
      },
    ]);
    const theirs = await other.client.request(
      `/api/calendar-events/covers?startDate=${start}&endDate=${end}`,
    );
    expect(theirs.json.data).toEqual([]);
  });

  it('refuses a range that is missing, backwards or longer than 62 days', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['', { startDate: 'Please enter a valid date and time' }],
      [
        '?startDate=2027-01-10T00:00:00Z&endDate=2027-01-01T00:00:00Z',
        { endDate: 'The end must come after the start' },
      ],
      [
        '?startDate=2027-01-01T00:00:00Z&endDate=2027-04-01T00:00:00Z',
        { endDate: 'Choose at most 62 days' },
      ],
    ];
    for (const [query, fieldErrors] of cases) {
      const res = await owner.client.request(`/api/calendar-events/covers${query}`);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(res.json.metadata.fieldErrors).toMatchObject(fieldErrors);
    }
  });
});
