import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaignListSchema, campaignSchema } from '#shared/contracts/campaigns.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  makeAdmin,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { insertMedia } from '../publishing/publishing.test-helpers.ts';
import { updateCampaignAt } from './campaigns.repository.ts';
import { campaigns } from './campaigns.tables.ts';
import { campaignBusiness, ONE_PHOTO, type CampaignBusiness } from './campaigns.test-helpers.ts';
import { CONFLICT_MESSAGE, requireOwnIds } from './drafts.ts';

// The campaigns API's drafts (docs/product/screens.md#campaigns): made at the wizard's first
// step, saved at each step on the version they were made on, listed by status and words, read by
// every member, changed by those who change posts, only in a plan with campaigns; another
// business's campaign, account or file is never reached.

let t: TestApp;
let b: CampaignBusiness;
let other: CampaignBusiness;

beforeAll(async () => {
  t = await getTestApp();
  [b, other] = await Promise.all([campaignBusiness(t), campaignBusiness(t)]);
});

const API = '/api/campaigns';

async function create(user: SignedInUser, name = 'Spring menu', goal = 'Fill the tables') {
  const res = await user.client.request(API, { json: { name, goal, audience: 'Neighbours' } });
  expect(res.status, res.text).toBe(201);
  return campaignSchema.parse(res.json.data);
}

function patch(user: SignedInUser, id: string, json: unknown) {
  return user.client.request(`${API}/${id}`, { method: 'PATCH', json });
}

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('a draft, step by step', () => {
  it('is made, saved at each step, listed and read with its progress', async () => {
    const made = await create(b.user, 'Autumn bakes');
    expect(made).toMatchObject({
      name: 'Autumn bakes',
      status: 'draft',
      step: 'brief',
      version: 1,
      goal: 'Fill the tables',
      audience: 'Neighbours',
      posts: [],
      progress: { posts: 0, published: 0, scheduled: 0, failed: 0, missingMedia: 0 },
    });

    const steps = [
      { step: 'schedule', goal: 'Sell the new pumpkin loaf' },
      {
        step: 'plan',
        startsOn: inDays(3),
        endsOn: inDays(10),
        connectionIds: [b.page.id, b.instagram.id],
        formats: ['post'],
        cadence: { postsPerWeek: 2, weekdays: [1, 4], times: ['10:00'] },
      },
      { step: 'media', color: '#0f766e' },
      { step: 'review' },
    ];
    let version = made.version;
    for (const fields of steps) {
      const res = await patch(b.user, made.id, { version, ...fields });
      expect(res.status, res.text).toBe(200);
      const saved = campaignSchema.parse(res.json.data);
      expect(saved).toMatchObject({ ...fields, version: version + 1 });
      version = saved.version;
    }

    const read = await b.user.client.request(`${API}/${made.id}`);
    expect(read.status).toBe(200);
    expect(campaignSchema.parse(read.json.data)).toMatchObject({
      version: 5,
      step: 'review',
      goal: 'Sell the new pumpkin loaf',
      startsOn: inDays(3),
      endsOn: inDays(10),
      connectionIds: [b.page.id, b.instagram.id],
      cadence: { postsPerWeek: 2, weekdays: [1, 4], times: ['10:00'] },
      color: '#0f766e',
      progress: { posts: 0 },
    });
  });

  it('is for an audience segment of its own business only', async () => {
    const made = await create(b.user, 'For the regulars');
    const segment = async (user: SignedInUser, name: string) => {
      const res = await user.client.request('/api/audience/segments', {
        json: { name, rule: { op: 'and', children: [] } },
      });
      expect(res.status, res.text).toBe(201);
      return res.json.data.id as string;
    };
    const ours = await segment(b.user, 'Regulars');
    const theirs = await segment(other.user, 'Their regulars');
    const chosen = await patch(b.user, made.id, { version: made.version, segmentId: ours });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.json.data.segmentId).toBe(ours);
    const refused = await patch(b.user, made.id, {
      version: chosen.json.data.version,
      segmentId: theirs,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.metadata.fieldErrors).toMatchObject({
      segmentId: 'This segment is not in your audience',
    });
    const cleared = await patch(b.user, made.id, {
      version: chosen.json.data.version,
      segmentId: null,
    });
    expect(cleared.json.data.segmentId).toBeNull();
  });

  it('lists by status shown and words, a page of 20 at a time, newest change first', async () => {
    const user = await createSignedInUser(t);
    const made = [];
    for (let i = 1; i <= 22; i++)
      made.push(await create(user, `Loaf ${i}`, i === 7 ? 'Rye 50% off' : 'Bread'));
    // One of them cancelled: filtered by the status shown.
    const cancelled = await user.client.request(`${API}/${made[0]!.id}/cancel`, {
      json: { version: 1 },
    });
    expect(cancelled.status, cancelled.text).toBe(200);

    const first = campaignListSchema.parse((await user.client.request(API)).json.data);
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 22 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.id).toBe(made[0]!.id);
    const second = campaignListSchema.parse((await user.client.request(`${API}?page=2`)).json.data);
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((c) => c.id)).size).toBe(22);

    const drafts = (await user.client.request(`${API}?status=draft`)).json.data;
    expect(drafts.total).toBe(21);
    const gone = (await user.client.request(`${API}?status=cancelled`)).json.data;
    expect(gone.items.map((c: { id: string }) => c.id)).toEqual([made[0]!.id]);

    const byName = (await user.client.request(`${API}?q=loaf%202`)).json.data;
    expect(byName.items.map((c: { name: string }) => c.name).sort()).toEqual(
      ['Loaf 2', 'Loaf 20', 'Loaf 21', 'Loaf 22'].sort(),
    );
    // Words of the goal count; % is a character, not a wildcard.
    const byGoal = (await user.client.request(`${API}?q=50%25`)).json.data;
    expect(byGoal.items.map((c: { name: string }) => c.name)).toEqual(['Loaf 7']);

    expectError(await user.client.request(`${API}?status=sleeping`), 400, 'VALIDATION_ERROR');
    expectError(await user.client.request(`${API}?colour=red`), 400, 'VALIDATION_ERROR');
    // Only the business's own.
    const mine = (await b.user.client.request(`${API}?q=Loaf%2012`)).json.data;
    expect(mine.total).toBe(0);
  });
});

describe('versions', () => {
  it('refuses a save made on an older version, naming the current one', async () => {
    const made = await create(b.user);
    expect((await patch(b.user, made.id, { version: 1, name: 'Mine' })).status).toBe(200);
    const stale = await patch(b.user, made.id, { version: 1, name: 'Theirs' });
    expectError(stale, 409, 'WORKFLOW_STATE_INVALID');
    expect(stale.json.error).toBe(CONFLICT_MESSAGE);
    const read = campaignSchema.parse((await b.user.client.request(`${API}/${made.id}`)).json.data);
    expect(read).toMatchObject({ name: 'Mine', version: 2 });
  });

  it('lets exactly one of two saves made at once on the same version win', async () => {
    const made = await create(b.user);
    const answers = await Promise.all([
      patch(b.user, made.id, { version: 1, name: 'First' }),
      patch(b.user, made.id, { version: 1, name: 'Second' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.json.data.name;
    const read = campaignSchema.parse((await b.user.client.request(`${API}/${made.id}`)).json.data);
    expect(read).toMatchObject({ name: winner, version: 2 });
  });

  it('writes only on the version it names, whatever was read before', async () => {
    const made = await create(b.user);
    const db = t.runtime.deps.database.unsafeDb;
    const save = (name: string) =>
      db.transaction((tx) => updateCampaignAt(tx as never, b.user.userId, made.id, 1, { name }));
    expect(await save('First')).toMatchObject({ name: 'First', version: 2 });
    expect(await save('Second')).toBeUndefined();
    // Another business's id never matches, even where every row is visible.
    expect(
      await db.transaction((tx) =>
        updateCampaignAt(tx as never, other.user.userId, made.id, 2, { name: 'Theirs' }),
      ),
    ).toBeUndefined();
  });

  it('keeps a launched campaign’s brief; its name may still change', async () => {
    const made = await create(b.user);
    await t.runtime.deps.database.unsafeDb
      .update(campaigns)
      .set({ status: 'scheduled' })
      .where(eq(campaigns.id, made.id));
    expectError(
      await patch(b.user, made.id, { version: 1, goal: 'Other' }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
    expect((await patch(b.user, made.id, { version: 1, name: 'Renamed' })).status).toBe(200);
    expectError(
      await b.user.client.request(`${API}/${made.id}/posts`, {
        json: {
          version: 2,
          post: {
            scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
            connectionId: b.page.id,
            format: 'post',
            caption: 'Late addition',
            media: ONE_PHOTO,
          },
        },
      }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
  });
});

describe('who may', () => {
  it('answers 404 for another business’s campaign, for reading and changing', async () => {
    const theirs = await create(other.user);
    expectError(await b.user.client.request(`${API}/${theirs.id}`), 404, 'NOT_FOUND');
    expectError(await patch(b.user, theirs.id, { version: 1, name: 'Mine now' }), 404, 'NOT_FOUND');
    expectError(await b.user.client.request(`${API}/${theirs.id}/plan.csv`), 404, 'NOT_FOUND');
    expectError(
      await b.user.client.request(`${API}/${theirs.id}/cancel`, { json: { version: 1 } }),
      404,
      'NOT_FOUND',
    );
    expectError(await b.user.client.request(`${API}/${randomUUID()}`), 404, 'NOT_FOUND');
  });

  it('lets a viewer read but not change', async () => {
    const made = await create(b.user, 'Viewer can see');
    const viewer = await addMember(t, b.user, 'viewer');
    expect((await viewer.client.request(`${API}/${made.id}`)).status).toBe(200);
    expect((await viewer.client.request(API)).status).toBe(200);
    expect((await viewer.client.request(`${API}/${made.id}/plan.csv`)).status).toBe(200);
    expectError(await viewer.client.request(API, { json: { name: 'No' } }), 403, 'FORBIDDEN');
    expectError(await patch(viewer, made.id, { version: 1, name: 'No' }), 403, 'FORBIDDEN');
    expectError(
      await viewer.client.request(`${API}/${made.id}/launch`, { json: { version: 1 } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`${API}/${made.id}/duplicate`, { method: 'POST' }),
      403,
      'FORBIDDEN',
    );
  });

  it('refuses a business on the Free plan', async () => {
    const [owner, admin] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
    const made = await create(owner);
    await makeAdmin(t, admin.userId);
    const downgrade = await admin.client.request(`/api/admin/users/${owner.userId}/subscription`, {
      method: 'PATCH',
      json: { plan: 'free' },
    });
    expect(downgrade.status, downgrade.text).toBe(200);
    expectError(
      await owner.client.request(API, { json: { name: 'Free' } }),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    expectError(
      await patch(owner, made.id, { version: 1, name: 'Free' }),
      403,
      'FEATURE_NOT_AVAILABLE',
    );
    // What it made stays readable.
    expect((await owner.client.request(`${API}/${made.id}`)).status).toBe(200);
  });
});

describe('bad input', () => {
  it('names the field, and never answers 500', async () => {
    const made = await create(b.user);
    const fieldOf = async (json: unknown) => {
      const res = await patch(b.user, made.id, json);
      expectError(res, 400, 'VALIDATION_ERROR');
      return Object.keys(res.json.metadata.fieldErrors ?? {});
    };
    expect(await fieldOf({ version: 1, startsOn: inDays(10), endsOn: inDays(3) })).toEqual([
      'endsOn',
    ]);
    expect(await fieldOf({ version: 1, startsOn: inDays(1), endsOn: inDays(200) })).toEqual([
      'endsOn',
    ]);
    expect(await fieldOf({ version: 1, startsOn: '2026-02-30' })).toEqual(['startsOn']);
    expect(await fieldOf({ version: 1, connectionIds: [b.page.id, randomUUID()] })).toEqual([
      'connectionIds.1',
    ]);
    expect(await fieldOf({ version: 1, connectionIds: [other.page.id] })).toEqual([
      'connectionIds.0',
    ]);
    expect(await fieldOf({ version: 1, colour: '#ffffff' })).toEqual(['colour']);
    expect(await fieldOf({ version: 1, formats: ['tiktok'] })).toEqual(['formats.0']);
    expect(await fieldOf({ name: 'No version' })).toEqual(['version']);
    expect(
      await fieldOf({ version: 1, cadence: { postsPerWeek: 0, weekdays: [], times: [] } }),
    ).toEqual(expect.arrayContaining(['cadence.postsPerWeek', 'cadence.weekdays']));
    // Nothing of it was saved.
    const read = campaignSchema.parse((await b.user.client.request(`${API}/${made.id}`)).json.data);
    expect(read.version).toBe(1);

    expectError(await b.user.client.request(API, { json: { name: ' ' } }), 400, 'VALIDATION_ERROR');
    expectError(
      await b.user.client.request(API, { json: { name: 'X', owner: 'me' } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await b.user.client.request(`${API}/not-an-id`), 400, 'VALIDATION_ERROR');
  });

  it('refuses a planned post naming another business’s account or file', async () => {
    const made = await create(b.user);
    const theirPhoto = await insertMedia(t, other.user.userId, 'image', {
      width: 1080,
      height: 1350,
    });
    const post = {
      scheduledFor: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      connectionId: other.page.id,
      format: 'post',
      caption: 'Fresh bread',
      media: ONE_PHOTO,
      mediaIds: [theirPhoto],
    };
    const res = await b.user.client.request(`${API}/${made.id}/posts`, {
      json: { version: 1, post },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(Object.keys(res.json.metadata.fieldErrors).sort()).toEqual([
      'post.connectionId',
      'post.mediaIds.0',
    ]);
    const extra = await b.user.client.request(`${API}/${made.id}/posts`, {
      json: { version: 1, post: { ...post, connectionId: b.page.id, mediaIds: [], key: 'mine' } },
    });
    expectError(extra, 400, 'VALIDATION_ERROR');
    expect(Object.keys(extra.json.metadata.fieldErrors)).toEqual(['post.key']);
  });

  it('checks accounts and files by business, not only through row-level security', async () => {
    // A connection that sees every row: the check still refuses another business's ids.
    const refused = await t.runtime.deps.database.unsafeDb
      .transaction((tx) =>
        requireOwnIds(tx as never, b.user.userId, {
          connections: [{ id: other.page.id, field: 'post.connectionId' }],
        }),
      )
      .then(
        () => null,
        (e: { record?: { details?: unknown } }) => e.record?.details,
      );
    expect(refused).toEqual({ fieldErrors: { 'post.connectionId': expect.any(String) } });
    await expect(
      t.runtime.deps.database.unsafeDb.transaction((tx) =>
        requireOwnIds(tx as never, b.user.userId, {
          connections: [{ id: b.page.id, field: 'post.connectionId' }],
        }),
      ),
    ).resolves.toBeUndefined();
  });
});

describe('the plan as CSV', () => {
  it('has a row per post in the business’s time zone, quoted and safe from formulas', async () => {
    const made = await create(b.user, 'Rye, "sourdough" & more');
    const photo = await insertMedia(t, b.user.userId, 'image', { width: 1080, height: 1350 });
    const add = (caption: string, at: string, extra: object = {}) =>
      b.user.client.request(`${API}/${made.id}/posts`, {
        json: {
          version: made.version,
          post: {
            scheduledFor: at,
            connectionId: b.page.id,
            format: 'post',
            caption,
            media: ONE_PHOTO,
            ...extra,
          },
        },
      });
    const first = await add('=HYPERLINK("http://x")', '2030-03-04T09:30:00Z', {
      hashtags: ['#rye', '#bread'],
      firstComment: '+1 for rye',
      mediaIds: [photo],
    });
    expect(first.status, first.text).toBe(201);
    made.version = first.json.data.campaign.version;
    expect((await add('Line one,\nline "two"', '2030-03-05T23:15:00Z')).status).toBe(201);

    const res = await b.user.client.request(`${API}/${made.id}/plan.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="campaign-rye-sourdough-more.csv"',
    );
    const body = res.text.replace(/^\uFEFF/, '');
    const lines = body.split('\r\n');
    expect(lines[0]).toBe(
      'Date,Time,Time zone,Account,Platform,Format,Caption,Hashtags,First comment,Media needed,Media files,Status',
    );
    expect(lines[1]).toMatch(
      /^2030-03-04,09:30,UTC,[^,]+,facebook,post,"'=HYPERLINK\(""http:\/\/x""\)",#rye #bread,'\+1 for rye,"1 image, 4:5: a close-up of the sourdough crust, morning light",photo-[0-9a-f-]+\.jpg,planned$/,
    );
    expect(body).toContain('2030-03-05,23:15,UTC,');
    expect(body).toContain('"Line one,\nline ""two"""');
    expect(body.endsWith('\r\n')).toBe(true);
  });
});
