import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  campaignListSchema,
  campaignResultSchema,
  campaignSchema,
  launchCheckSchema,
  type Campaign,
} from '#shared/contracts/campaigns.contract.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { calendarEvents } from '../posts/posts.tables.ts';
import { insertMedia } from '../publishing/publishing.test-helpers.ts';
import { shownStatus } from './campaigns.repository.ts';
import { campaignBusiness, ONE_PHOTO, type CampaignBusiness } from './campaigns.test-helpers.ts';
import { NO_PROVIDER_NOTICE } from './planner.ts';

// A campaign from its plan to its end (docs/product/screens.md#campaigns): planned from the
// draft's brief and cadence, checked (a post missing its image is named), launched onto the
// calendar as posts of type campaign, paused (its posts back to drafts), resumed, cancelled,
// duplicated; the status shown follows its posts.

let t: TestApp;
let b: CampaignBusiness;

beforeAll(async () => {
  t = await getTestApp();
  b = await campaignBusiness(t);
});

const API = '/api/campaigns';
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function post(path: string, json?: unknown) {
  return b.user.client.request(`${API}${path}`, json === undefined ? { method: 'POST' } : { json });
}

async function read(id: string): Promise<Campaign> {
  const res = await b.user.client.request(`${API}/${id}`);
  expect(res.status, res.text).toBe(200);
  return campaignSchema.parse(res.json.data);
}

async function calendarStatuses(campaign: Campaign) {
  const out: Array<{ type: string; status: string }> = [];
  for (const p of campaign.posts) {
    const res = await b.user.client.request(`/api/posts/${p.eventId}`);
    expect(res.status, res.text).toBe(200);
    out.push({ type: res.json.data.type, status: res.json.data.status });
  }
  return out;
}

/** A draft with every step done: a week, both accounts, two posts a week each. */
async function readyDraft(name: string): Promise<Campaign> {
  const made = await b.user.client.request(API, { json: { name, goal: 'Sell the rye loaf' } });
  expect(made.status, made.text).toBe(201);
  const res = await b.user.client.request(`${API}/${made.json.data.id}`, {
    method: 'PATCH',
    json: {
      version: 1,
      step: 'plan',
      startsOn: inDays(3),
      endsOn: inDays(9),
      connectionIds: [b.page.id, b.instagram.id],
      formats: ['post'],
      cadence: { postsPerWeek: 2, weekdays: [0, 1, 2, 3, 4, 5, 6], times: ['10:00'] },
    },
  });
  expect(res.status, res.text).toBe(200);
  return campaignSchema.parse(res.json.data);
}

/** Gives every planned post a photo, one change at a time; the campaign afterwards. */
async function fulfilMedia(campaign: Campaign): Promise<Campaign> {
  let current = campaign;
  for (const p of campaign.posts) {
    const photo = await insertMedia(t, b.user.userId, 'image', { width: 1080, height: 1350 });
    const res = await b.user.client.request(`${API}/${campaign.id}/posts/${p.key}`, {
      method: 'PATCH',
      json: { version: current.version, changes: { media: ONE_PHOTO, mediaIds: [photo] } },
    });
    expect(res.status, res.text).toBe(200);
    current = campaignResultSchema.parse(res.json.data).campaign;
  }
  return current;
}

describe('planning', () => {
  it('refuses to plan a draft whose steps are not done, naming each field', async () => {
    const made = await b.user.client.request(API, { json: { name: 'Empty' } });
    const res = await post(`/${made.json.data.id}/plan`, { version: 1 });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(Object.keys(res.json.metadata.fieldErrors).sort()).toEqual(
      ['cadence', 'connectionIds', 'endsOn', 'formats', 'goal', 'startsOn'].sort(),
    );
  });

  it('stores the plan, edits, adds, removes and rewrites posts on the version', async () => {
    const draft = await readyDraft('Plan me');
    const planned = await post(`/${draft.id}/plan`, { version: draft.version });
    expect(planned.status, planned.text).toBe(200);
    const result = campaignResultSchema.parse(planned.json.data);
    expect(result.notices).toContain(NO_PROVIDER_NOTICE);
    expect(result.campaign).toMatchObject({ planSource: 'offline', version: draft.version + 1 });
    expect(result.campaign.posts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(result.campaign.posts.map((p) => p.connectionId))).toEqual(
      new Set([b.page.id, b.instagram.id]),
    );
    const stored = await read(draft.id);
    expect(stored.posts.map((p) => p.key)).toEqual(result.campaign.posts.map((p) => p.key));
    expect(stored.progress.posts).toBe(stored.posts.length);

    // Planning again on the old version is a conflict and keeps the plan.
    expectError(
      await post(`/${draft.id}/plan`, { version: draft.version }),
      409,
      'WORKFLOW_STATE_INVALID',
    );

    const [first, second] = stored.posts;
    const edited = await b.user.client.request(`${API}/${draft.id}/posts/${first!.key}`, {
      method: 'PATCH',
      json: { version: stored.version, changes: { caption: 'Rye, at last', hashtags: ['#rye'] } },
    });
    expect(edited.status, edited.text).toBe(200);
    let current = campaignResultSchema.parse(edited.json.data).campaign;
    expect(current.posts.find((p) => p.key === first!.key)).toMatchObject({
      caption: 'Rye, at last',
      hashtags: ['#rye'],
      connectionId: first!.connectionId,
      scheduledFor: first!.scheduledFor,
    });

    const regenerated = await post(
      `/${draft.id}/posts/${first!.key}/regenerate?version=${current.version}`,
    );
    expect(regenerated.status, regenerated.text).toBe(200);
    current = campaignResultSchema.parse(regenerated.json.data).campaign;
    expect(current.posts.find((p) => p.key === first!.key)!.caption).not.toBe('Rye, at last');

    const removed = await b.user.client.request(
      `${API}/${draft.id}/posts/${second!.key}?version=${current.version}`,
      { method: 'DELETE' },
    );
    expect(removed.status, removed.text).toBe(200);
    current = campaignResultSchema.parse(removed.json.data).campaign;
    expect(current.posts.map((p) => p.key)).not.toContain(second!.key);
    expectError(
      await b.user.client.request(
        `${API}/${draft.id}/posts/${second!.key}?version=${current.version}`,
        {
          method: 'DELETE',
        },
      ),
      404,
      'NOT_FOUND',
    );
    expectError(
      await b.user.client.request(`${API}/${draft.id}/posts/x?version=${current.version - 1}`, {
        method: 'DELETE',
      }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
  });
});

describe('launch and after', () => {
  it('checks, launches onto the calendar, pauses, resumes, cancels and duplicates', async () => {
    const draft = await readyDraft('Rye week');
    const planned = campaignResultSchema.parse(
      (await post(`/${draft.id}/plan`, { version: draft.version })).json.data,
    ).campaign;

    // The gate names the posts still missing their image.
    const check = await post(`/${draft.id}/check`);
    expect(check.status, check.text).toBe(200);
    const gate = launchCheckSchema.parse(check.json.data);
    expect(gate.ok).toBe(false);
    expect(gate.problems).toContainEqual(
      expect.objectContaining({ postKey: planned.posts[0]!.key, rule: 'media_missing' }),
    );
    expectError(
      await post(`/${draft.id}/launch`, { version: planned.version }),
      400,
      'VALIDATION_ERROR',
    );

    const ready = await fulfilMedia(planned);
    expect(ready.progress.missingMedia).toBe(0);
    expect(launchCheckSchema.parse((await post(`/${draft.id}/check`)).json.data)).toEqual({
      ok: true,
      problems: [],
    });

    // Launch: every post on the calendar, as a post of type campaign.
    expectError(
      await post(`/${draft.id}/launch`, { version: ready.version - 1 }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
    const launched = await post(`/${draft.id}/launch`, { version: ready.version });
    expect(launched.status, launched.text).toBe(200);
    let campaign = campaignSchema.parse(launched.json.data);
    expect(campaign).toMatchObject({ status: 'scheduled', version: ready.version + 1 });
    expect(campaign.launchedAt).not.toBeNull();
    expect(campaign.posts.every((p) => p.eventId !== null && p.status === 'scheduled')).toBe(true);
    expect(campaign.progress).toMatchObject({
      posts: ready.posts.length,
      scheduled: ready.posts.length,
    });
    expect(new Set((await calendarStatuses(campaign)).map((e) => `${e.type}/${e.status}`))).toEqual(
      new Set(['campaign/scheduled']),
    );
    // A launched campaign's plan no longer changes, nor is it launched twice.
    expectError(
      await post(`/${draft.id}/plan`, { version: campaign.version }),
      409,
      'WORKFLOW_STATE_INVALID',
    );
    expectError(
      await post(`/${draft.id}/launch`, { version: campaign.version }),
      409,
      'WORKFLOW_STATE_INVALID',
    );

    // One post published: the campaign shows as active, and is listed so.
    const publishedId = campaign.posts[0]!.eventId!;
    await t.runtime.deps.database.unsafeDb
      .update(calendarEvents)
      .set({ status: 'published' })
      .where(inArray(calendarEvents.id, [publishedId]));
    campaign = await read(draft.id);
    expect(campaign).toMatchObject({ status: 'active', progress: { published: 1 } });
    const active = campaignListSchema.parse(
      (await b.user.client.request(`${API}?status=active`)).json.data,
    );
    expect(active.items.map((c) => c.id)).toContain(draft.id);

    // Pause: the posts not yet published back to drafts.
    const paused = await post(`/${draft.id}/pause`, { version: campaign.version });
    expect(paused.status, paused.text).toBe(200);
    campaign = campaignSchema.parse(paused.json.data);
    expect(campaign.status).toBe('paused');
    const afterPause = await calendarStatuses(campaign);
    expect(afterPause[0]!.status).toBe('published');
    expect(afterPause.slice(1).every((e) => e.status === 'draft')).toBe(true);
    expectError(
      await post(`/${draft.id}/pause`, { version: campaign.version }),
      409,
      'WORKFLOW_STATE_INVALID',
    );

    // Resume: through the gate again, then scheduled again at their times.
    const resumed = await post(`/${draft.id}/resume`, { version: campaign.version });
    expect(resumed.status, resumed.text).toBe(200);
    campaign = campaignSchema.parse(resumed.json.data);
    expect(campaign.status).toBe('active');
    const afterResume = await calendarStatuses(campaign);
    expect(afterResume.slice(1).every((e) => e.status === 'scheduled')).toBe(true);

    // Duplicate: a new draft with the same brief and plan, at the schedule step.
    const copied = await post(`/${draft.id}/duplicate`);
    expect(copied.status, copied.text).toBe(201);
    const copy = campaignSchema.parse(copied.json.data);
    expect(copy).toMatchObject({
      name: 'Rye week (copy)',
      status: 'draft',
      step: 'schedule',
      version: 1,
      goal: 'Sell the rye loaf',
      startsOn: campaign.startsOn,
      endsOn: campaign.endsOn,
      cadence: campaign.cadence,
      launchedAt: null,
    });
    expect(copy.posts.map((p) => [p.key, p.caption, p.mediaIds, p.eventId])).toEqual(
      campaign.posts.map((p) => [p.key, p.caption, p.mediaIds, null]),
    );

    // Cancel: every post not yet published cancelled.
    const cancelled = await post(`/${draft.id}/cancel`, { version: campaign.version });
    expect(cancelled.status, cancelled.text).toBe(200);
    campaign = campaignSchema.parse(cancelled.json.data);
    expect(campaign.status).toBe('cancelled');
    const afterCancel = await calendarStatuses(campaign);
    expect(afterCancel[0]!.status).toBe('published');
    expect(afterCancel.slice(1).every((e) => e.status === 'cancelled')).toBe(true);
    expectError(
      await post(`/${draft.id}/cancel`, { version: campaign.version }),
      409,
      'WORKFLOW_STATE_INVALID',
    );

    // The copy launches on its own; once none of its posts is left to publish it is completed.
    const copyLaunched = await post(`/${copy.id}/launch`, { version: copy.version });
    expect(copyLaunched.status, copyLaunched.text).toBe(200);
    const ids = campaignSchema.parse(copyLaunched.json.data).posts.map((p) => p.eventId!);
    await t.runtime.deps.database.unsafeDb
      .update(calendarEvents)
      .set({ status: 'published' })
      .where(inArray(calendarEvents.id, ids));
    expect((await read(copy.id)).status).toBe('completed');
    const completed = campaignListSchema.parse(
      (await b.user.client.request(`${API}?status=completed`)).json.data,
    );
    expect(completed.items.map((c) => c.id)).toEqual([copy.id]);
  });
});

describe('the status shown', () => {
  it.each([
    ['draft', { posts: 3, published: 0, ahead: 0 }, 'draft'],
    ['scheduled', { posts: 3, published: 0, ahead: 3 }, 'scheduled'],
    ['scheduled', { posts: 3, published: 1, ahead: 2 }, 'active'],
    ['scheduled', { posts: 3, published: 2, ahead: 0 }, 'completed'],
    ['scheduled', { posts: 0, published: 0, ahead: 0 }, 'scheduled'],
    ['paused', { posts: 3, published: 1, ahead: 0 }, 'paused'],
    ['cancelled', { posts: 3, published: 1, ahead: 0 }, 'cancelled'],
  ] as const)('%s with %o is shown %s', (stored, counts, shown) => {
    expect(shownStatus(stored, counts)).toBe(shown);
  });
});
