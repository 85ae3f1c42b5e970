import { beforeAll, describe, expect, it } from 'vitest';
import { accountQuotaSchema } from '#shared/contracts/publishing.contract.ts';
import { postSchema } from '#shared/contracts/posts.contract.ts';
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
  postOf,
  saveWithTargets,
  type Connected,
} from './publishing.test-helpers.ts';

// The composer's save (PUT /api/posts/{id}, decisions 085 and 087): the accounts of a draft are
// stored as chosen, problems and all; scheduling, publishing now and the accounts of a scheduled
// post are refused with each field, account and rule named. Through the real app and database.

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
  const res = await user.client.request('/api/posts', {
    json: {
      post: { title, content, platforms: ['instagram'], scheduled_for: inHours(48) },
      intent: 'draft',
    },
  });
  expect(res.status, res.text).toBe(201);
  return postSchema.parse(res.json.data);
}

/** Replaces the post's accounts with `targets`, as the composer sends them. */
const putTargetList = (eventId: string, targets: unknown[]) =>
  saveWithTargets(user, eventId, targets);

/** Schedules (or publishes) the post with the accounts it has: `targets` left out. */
const withItsAccounts = (eventId: string, intent: 'schedule' | 'publish' = 'schedule') =>
  saveWithTargets(user, eventId, undefined, { intent });

/** Refused as a whole, each field named as the composer shows it. */
function expectRefusal(
  res: Parameters<typeof expectError>[0] & {
    json: { error: string; metadata: { fieldErrors: Record<string, string> } };
  },
  fieldErrors: Record<string, string>,
  message = 'Failed to schedule content',
) {
  expectError(res, 400, 'VALIDATION_ERROR');
  expect(res.json.error).toBe(message);
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
    const state = postSchema.parse(stored.json.data);
    expect(state.status).toBe('draft');
    // In the order chosen: the server numbers them so when it checks them again.
    expect(state.deliveries.map((x) => [x.platform, x.status, x.first_comment])).toEqual([
      ['instagram', 'draft', 'Open 7–3'],
      ['facebook', 'draft', null],
    ]);

    const refused = {
      'targets.0.media_ids': '@rosabakery: Instagram needs at least one photo or video',
    };
    expectRefusal(await withItsAccounts(event.id), refused);
    // Refused as a whole: still a draft, nothing queued.
    expect((await postOf(user, event.id)).status).toBe('draft');
    expectRefusal(await withItsAccounts(event.id, 'publish'), refused);
  });

  it('still refuse an account that is not connected, and files not in the library', async () => {
    const event = await draft('Unknown account');
    const res = await putTargetList(event.id, [
      { connection_id: crypto.randomUUID(), format: 'post', media_ids: [] },
      { connection_id: facebook.id, format: 'post', media_ids: [crypto.randomUUID()] },
    ]);
    expectRefusal(
      res,
      {
        'targets.0.connection_id':
          'This account is not connected. Connect it on the Platforms page first',
        'targets.1.media_ids.0': 'Rosa Bakery: This file is not in the media library',
      },
      'Failed to save draft',
    );
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
    const when = (await postOf(user, event.id)).scheduled_for;
    const schedule = await withItsAccounts(event.id);
    expect(schedule.status, schedule.text).toBe(200);

    const replaced = await putTargetList(event.id, [
      { connection_id: instagram.id, format: 'carousel', media_ids: [photo, wide] },
    ]);
    expect(replaced.status).toBe(400);
    expect(replaced.json.metadata.fieldErrors['targets.0.media_ids.1']).toMatch(
      /^@rosabakery: The aspect ratio 3(\.00)?:1 is outside 4:5 to 1\.91:1/,
    );
    // The scheduled accounts are untouched.
    const state = await postOf(user, event.id);
    expect(state.status).toBe('scheduled');
    expect(state.deliveries).toHaveLength(1);
    expect(state.deliveries[0]).toMatchObject({
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
    const state = postSchema.parse(stored.json.data);
    expect(state.deliveries.map((x) => [x.platform, x.format])).toEqual([
      ['instagram', 'story'],
      ['facebook', 'story'],
    ]);
    expectRefusal(await withItsAccounts(event.id), {
      'targets.0.media_ids':
        '@rosabakery: A story is one photo or one video: keep one and remove the others',
      'targets.0.first_comment':
        '@rosabakery: A story takes no comments: leave the first comment empty',
      'targets.1.format':
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
    const scheduled = await withItsAccounts(event.id);
    expect(scheduled.status, scheduled.text).toBe(200);
    const read = await postOf(user, event.id);
    expect(read.deliveries).toEqual([
      expect.objectContaining({
        connection_id: instagram.id,
        format: 'story',
        media_ids: [photo],
        first_comment: null,
        status: 'scheduled',
      }),
    ]);
    expect(read.status).toBe('scheduled');
  });

  it('publish now without any account is refused with the targets field', async () => {
    const event = await draft('Nowhere to go');
    expectRefusal(await withItsAccounts(event.id, 'publish'), {
      targets: 'Choose at least one account to publish to',
    });
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
