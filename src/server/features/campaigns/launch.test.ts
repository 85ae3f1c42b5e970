import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '#shared/errors/index.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { publishPostJob } from '../posts/dispatch.ts';
import { writePreparedSave } from '../posts/index.ts';
import {
  campaignBusiness,
  contextOf,
  deliveriesOf,
  eventsOf,
  plannedPosts,
  type CampaignBusiness,
} from './campaigns.test-helpers.ts';
import { launchCampaign } from './launch.ts';

// Launching a campaign (docs/product/screens.md#campaigns): every planned post scheduled on the
// calendar as a post of type campaign in one transaction, or none — a refused launch and a launch
// that fails halfway both leave nothing scheduled; the publish jobs go once it has committed.

let t: TestApp;
let b: CampaignBusiness;

beforeAll(async () => {
  t = await getTestApp();
  b = await campaignBusiness(t);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The error a launch threw; fails when it did not throw. */
async function refusalOf(launch: Promise<unknown>): Promise<AppError> {
  const error = await launch.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('launchCampaign', () => {
  it('schedules every post of a valid campaign on the calendar, as campaign posts', async () => {
    const posts = await plannedPosts(t, b, 10);
    const send = vi.spyOn(t.runtime.deps.jobs, 'send');
    const { eventIds } = await launchCampaign(b.ctx, posts);
    expect(Object.keys(eventIds)).toEqual(posts.map((p) => p.key));

    const events = await eventsOf(t, b.user.userId);
    const deliveries = await deliveriesOf(t, b.user.userId);
    for (const post of posts) {
      const event = events.find((e) => e.id === eventIds[post.key]);
      expect(event).toMatchObject({
        type: 'campaign',
        status: 'scheduled',
        title: post.caption.split('\n')[0],
        content: `${post.caption}\n\n${post.hashtags.join(' ')}`,
      });
      expect(event!.scheduledFor!.toISOString()).toBe(post.scheduledFor);
      const mine = deliveries.filter((d) => d.calendarEventId === event!.id);
      expect(mine).toEqual([
        expect.objectContaining({
          connectionId: post.connectionId,
          status: 'scheduled',
          mediaIds: post.mediaIds,
        }),
      ]);
    }
    const jobs = send.mock.calls.filter(([def]) => def.id === publishPostJob.id);
    expect(jobs).toHaveLength(10);
  });

  it('refuses a campaign with a post missing its image, and schedules none of it', async () => {
    const posts = await plannedPosts(t, b, 5);
    posts[2] = { ...posts[2]!, mediaIds: [] };
    const before = (await eventsOf(t, b.user.userId)).length;
    const error = await refusalOf(launchCampaign(b.ctx, posts));
    expect(error.record.code).toBe('VALIDATION_ERROR');
    const details = error.record.details as {
      problems: { postKey: string; field: string; rule: string }[];
      fieldErrors: Record<string, string>;
    };
    expect(details.problems).toContainEqual(
      expect.objectContaining({
        postKey: posts[2]!.key,
        field: `posts.${posts[2]!.key}.media`,
        rule: 'media_missing',
      }),
    );
    expect(details.fieldErrors[`posts.${posts[2]!.key}.media`]).toContain('needs 1 image');
    expect((await eventsOf(t, b.user.userId)).length).toBe(before);
  });

  it('leaves nothing scheduled when a write fails halfway, and sends no job', async () => {
    const posts = await plannedPosts(t, b, 6);
    const before = await eventsOf(t, b.user.userId);
    const deliveriesBefore = (await deliveriesOf(t, b.user.userId)).length;
    const send = vi.spyOn(t.runtime.deps.jobs, 'send');
    let writes = 0;
    const failing = await launchCampaign(b.ctx, posts, new Date(), {
      write: async (tx, prepared) => {
        writes += 1;
        if (writes === 4) throw new Error('the database went away');
        return writePreparedSave(tx, prepared);
      },
    }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(failing?.message).toBe('the database went away');
    expect(writes).toBe(4);
    const after = await eventsOf(t, b.user.userId);
    expect(after.map((e) => e.id).sort()).toEqual(before.map((e) => e.id).sort());
    expect(after.filter((e) => e.title.includes(posts[0]!.key.split('-')[0]!))).toEqual([]);
    expect((await deliveriesOf(t, b.user.userId)).length).toBe(deliveriesBefore);
    expect(send.mock.calls.filter(([def]) => def.id === publishPostJob.id)).toEqual([]);
  });

  it('is forbidden to a member who may not schedule, and writes nothing', async () => {
    const posts = await plannedPosts(t, b, 1);
    const before = (await eventsOf(t, b.user.userId)).length;
    const viewer = contextOf(t, b.user.userId, {
      userId: '00000000-0000-4000-8000-000000000002',
      tenantRole: 'viewer',
    });
    expect((await refusalOf(launchCampaign(viewer, posts))).record.code).toBe('FORBIDDEN');
    expect((await eventsOf(t, b.user.userId)).length).toBe(before);
  });

  it('launches a campaign of 200 posts', async () => {
    const other = await campaignBusiness(t);
    const posts = await plannedPosts(t, other, 200, { everyHours: 8 });
    const { eventIds } = await launchCampaign(other.ctx, posts);
    expect(Object.keys(eventIds)).toHaveLength(200);
    const events = await eventsOf(t, other.user.userId);
    expect(events.filter((e) => e.type === 'campaign' && e.status === 'scheduled')).toHaveLength(
      200,
    );
  }, 60_000);
});
