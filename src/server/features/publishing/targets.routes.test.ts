import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountQuotaSchema,
  publishingStateSchema,
} from '#shared/contracts/publishing.contract.ts';
import { calendarEventSchema } from '#shared/contracts/calendar.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import {
  connectAll,
  inHours,
  insertMedia,
  putTargets,
  type Connected,
} from './publishing.test-helpers.ts';

// The composer's calls (decision 085): targets of a draft are stored as chosen, problems and all;
// scheduling, publishing now and the targets of a scheduled post are refused with each field,
// account and rule named. Through the real app and database.

let t: TestApp;
let user: SignedInUser;
let accounts: Connected[];
let facebook: Connected;
let instagram: Connected;

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
  accounts = await connectAll(t, user);
  facebook = accounts.find((a) => a.platform === 'facebook')!;
  instagram = accounts.find((a) => a.platform === 'instagram' && a.login === 'facebook')!;
});

async function draft(title: string, content = 'Fresh bread at 7am #bakery') {
  const res = await user.client.request('/api/calendar-events', {
    json: { title, content, platforms: ['instagram'], status: 'draft', scheduled_for: inHours(48) },
  });
  expect(res.status, res.text).toBe(201);
  return calendarEventSchema.parse(res.json.data);
}

/** Replaces the event's targets with `targets`, as the composer sends them. */
const putTargetList = (eventId: string, targets: unknown[]) =>
  putTargets(user, eventId, { targets });

/** Refused as a whole, each field named as the composer shows it. */
function expectRefusal(
  res: Parameters<typeof expectError>[0] & {
    json: { error: string; metadata: { fieldErrors: Record<string, string> } };
  },
  fieldErrors: Record<string, string>,
) {
  expectError(res, 400, 'VALIDATION_ERROR');
  expect(res.json.error).toBe('Failed to schedule content');
  expect(res.json.metadata.fieldErrors).toEqual(fieldErrors);
}

describe('targets of a draft', () => {
  it('are stored with their problems; scheduling then names the field, account and rule', async () => {
    const event = await draft('Croissant day');
    const stored = await putTargetList(event.id, [
      { connection_id: instagram.id, format: 'post', media_ids: [], first_comment: 'Open 7–3' },
      { connection_id: facebook.id, format: 'post', media_ids: [] },
    ]);
    expect(stored.status, stored.text).toBe(200);
    const state = publishingStateSchema.parse(stored.json.data);
    expect(state.event_status).toBe('draft');
    expect(state.targets.map((x) => [x.platform, x.status, x.first_comment])).toEqual(
      expect.arrayContaining([
        ['instagram', 'draft', 'Open 7–3'],
        ['facebook', 'draft', null],
      ]),
    );

    const pendingOrder = state.targets.map((x) => x.connection_id);
    const schedule = await user.client.request(`/api/calendar-events/${event.id}/schedule`, {
      json: { scheduled_for: inHours(24) },
    });
    const index = pendingOrder.indexOf(instagram.id);
    expectRefusal(schedule, {
      [`targets.${index}.media_ids`]: '@rosabakery: Instagram needs at least one photo or video',
    });
    // Refused as a whole: still a draft, nothing queued.
    const after = await user.client.request(`/api/calendar-events/${event.id}`);
    expect(after.json.data.status).toBe('draft');

    const publish = await user.client.request(`/api/calendar-events/${event.id}/publish-now`, {
      method: 'POST',
    });
    expectRefusal(publish, {
      [`targets.${index}.media_ids`]: '@rosabakery: Instagram needs at least one photo or video',
    });
  });

  it('still refuse an account that is not connected, and files not in the library', async () => {
    const event = await draft('Unknown account');
    const res = await putTargetList(event.id, [
      { connection_id: crypto.randomUUID(), format: 'post', media_ids: [] },
      { connection_id: facebook.id, format: 'post', media_ids: [crypto.randomUUID()] },
    ]);
    expectRefusal(res, {
      'targets.0.connection_id':
        'This account is not connected. Connect it on the Platforms page first',
      'targets.1.media_ids.0': 'Rosa Bakery: This file is not in the media library',
    });
  });

  it('once fixed, schedule; the targets of a scheduled post are then checked when replaced', async () => {
    const event = await draft('Sourdough Saturday');
    const photo = await insertMedia(t, user.userId, 'image');
    const wide = await insertMedia(t, user.userId, 'image', { width: 3000, height: 1000 });
    expect(
      (
        await putTargetList(event.id, [
          { connection_id: instagram.id, format: 'post', media_ids: [photo] },
        ])
      ).status,
    ).toBe(200);
    const when = inHours(30);
    const schedule = await user.client.request(`/api/calendar-events/${event.id}/schedule`, {
      json: { scheduled_for: when },
    });
    expect(schedule.status, schedule.text).toBe(200);

    const replaced = await putTargetList(event.id, [
      { connection_id: instagram.id, format: 'carousel', media_ids: [photo, wide] },
    ]);
    expect(replaced.status).toBe(400);
    expect(replaced.json.metadata.fieldErrors['targets.0.media_ids.1']).toMatch(
      /^@rosabakery: The aspect ratio 3(\.00)?:1 is outside 4:5 to 1\.91:1/,
    );
    // The scheduled targets are untouched.
    const targets = await user.client.request(`/api/calendar-events/${event.id}/targets`);
    const state = publishingStateSchema.parse(targets.json.data);
    expect(state.event_status).toBe('scheduled');
    expect(state.targets).toHaveLength(1);
    expect(state.targets[0]).toMatchObject({
      connection_id: instagram.id,
      format: 'post',
      media_ids: [photo],
      status: 'scheduled',
      scheduled_for: when,
    });
  });

  it('a story is kept with its problems in a draft, and scheduled once it is one file without a first comment', async () => {
    const event = await draft('Story of the day', 'Fresh bread at 7am #bakery');
    const photo = await insertMedia(t, user.userId, 'image', { width: 1080, height: 1920 });
    const second = await insertMedia(t, user.userId, 'image');
    const stored = await putTargetList(event.id, [
      {
        connection_id: instagram.id,
        format: 'story',
        media_ids: [photo, second],
        first_comment: 'Open 7–3',
      },
      { connection_id: facebook.id, format: 'story', media_ids: [photo] },
    ]);
    expect(stored.status, stored.text).toBe(200);
    const state = publishingStateSchema.parse(stored.json.data);
    expect(state.targets.map((x) => [x.platform, x.format]).sort()).toEqual([
      ['facebook', 'story'],
      ['instagram', 'story'],
    ]);
    const order = state.targets.map((x) => x.connection_id);
    const ig = order.indexOf(instagram.id);
    const fb = order.indexOf(facebook.id);
    const schedule = await user.client.request(`/api/calendar-events/${event.id}/schedule`, {
      json: { scheduled_for: inHours(24) },
    });
    expectRefusal(schedule, {
      [`targets.${ig}.media_ids`]:
        '@rosabakery: A story is one photo or one video: keep one and remove the others',
      [`targets.${ig}.first_comment`]:
        '@rosabakery: A story takes no comments: leave the first comment empty',
      [`targets.${fb}.format`]:
        'Rosa Bakery: Stories are published to Instagram accounts only: choose Post for this Page',
    });

    // One 9:16 photo (refused in the feed, fine in a story), no first comment, the text kept.
    expect(
      (
        await putTargetList(event.id, [
          { connection_id: instagram.id, format: 'story', media_ids: [photo] },
        ])
      ).status,
    ).toBe(200);
    const scheduled = await user.client.request(`/api/calendar-events/${event.id}/schedule`, {
      json: { scheduled_for: inHours(24) },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    const read = await user.client.request(`/api/calendar-events/${event.id}/targets`);
    expect(publishingStateSchema.parse(read.json.data).targets).toEqual([
      expect.objectContaining({
        connection_id: instagram.id,
        format: 'story',
        media_ids: [photo],
        first_comment: null,
        status: 'scheduled',
      }),
    ]);
    expect(read.json.data.event_status).toBe('scheduled');
  });

  it('publish now without any account is refused with the targets field', async () => {
    const event = await draft('Nowhere to go');
    const res = await user.client.request(`/api/calendar-events/${event.id}/publish-now`, {
      method: 'POST',
    });
    expectRefusal(res, { targets: 'Choose at least one account to publish to' });
  });
});

describe('GET /api/publishing/quota', () => {
  it('reads each connected account: Instagram from the platform, Facebook has no limit', async () => {
    const res = await user.client.request('/api/publishing/quota');
    expect(res.status, res.text).toBe(200);
    const quotas = accountQuotaSchema.array().parse(res.json.data);
    expect(quotas).toHaveLength(accounts.length);
    const ig = quotas.find((q) => q.connection_id === instagram.id)!;
    expect(ig).toMatchObject({ source: 'platform', account_name: '@rosabakery', reason: null });
    expect(ig.total).toBeGreaterThan(0);
    expect(ig.remaining).toBe(ig.total! - ig.used!);
    expect(quotas.find((q) => q.connection_id === facebook.id)).toMatchObject({
      source: 'not_limited',
      remaining: null,
    });
  });
});
