import { beforeAll, describe, expect, it } from 'vitest';
import { generationSchema } from '#shared/contracts/ai-content.contract.ts';
import { calendarEventSchema } from '#shared/contracts/calendar.contract.ts';
import { deliverySchema, postSchema } from '#shared/contracts/posts.contract.ts';
import { publishingStateSchema } from '#shared/contracts/publishing.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import {
  connectAll,
  inHours,
  insertMedia,
  putTargets,
  type Connected,
} from '../publishing/publishing.test-helpers.ts';
import { calendarEvents } from './posts.tables.ts';

// The calendar's and the composer's earlier endpoints are adapters over the posts use case
// (docs/decisions/087). Nothing can be scheduled that could not be published: every way to
// schedule a post without an account is refused the same way, and a draft without one is still
// fine. The two endpoints that list deliveries answer the one delivery shape.

let t: TestApp;
let user: SignedInUser;
let facebook: Connected;
let instagram: Connected;
let photo: string;

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
  const world = simulatedWorld(t, user.userId);
  const accounts = await connectAll(t, user);
  facebook = accounts.find((a) => a.external_id === world.pageId)!;
  instagram = accounts.find((a) => a.external_id === world.igAccountId)!;
  photo = await insertMedia(t, user.userId, 'image');
});

const NO_ACCOUNT = { targets: 'Choose at least one account to publish to' };

function expectNoAccountRefusal(res: Parameters<typeof expectError>[0]) {
  expectError(res, 400, 'VALIDATION_ERROR');
  const json = (res as unknown as { json: { error: string; metadata: { fieldErrors: unknown } } })
    .json;
  expect(json.error).toBe('Failed to schedule content');
  expect(json.metadata.fieldErrors).toEqual(NO_ACCOUNT);
}

async function draft(title = 'Planned') {
  const res = await user.client.request('/api/calendar-events', {
    json: { title, content: 'Fresh bread', platforms: ['facebook'], scheduled_for: inHours(30) },
  });
  expect(res.status, res.text).toBe(201);
  return calendarEventSchema.parse(res.json.data);
}

async function statusOf(id: string) {
  const res = await user.client.request(`/api/calendar-events/${id}`);
  return calendarEventSchema.parse(res.json.data).status;
}

describe('scheduling without an account', () => {
  it('is refused by POST /api/posts, to schedule or to publish now; a draft is fine', async () => {
    for (const intent of ['schedule', 'publish'] as const) {
      const res = await user.client.request('/api/posts', {
        json: {
          post: { title: 'Nowhere', content: 'x', scheduled_for: inHours(5) },
          targets: [],
          intent,
        },
      });
      expectNoAccountRefusal(res);
    }
    const ok = await user.client.request('/api/posts', {
      json: { post: { title: 'Somewhere, later' }, targets: [], intent: 'draft' },
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it('is refused by the calendar’s create, change and schedule, which leave the post a draft', async () => {
    expectNoAccountRefusal(
      await user.client.request('/api/calendar-events', {
        json: { title: 'Quick', status: 'scheduled', scheduled_for: inHours(5) },
      }),
    );
    const event = await draft();
    expectNoAccountRefusal(
      await user.client.request(`/api/calendar-events/${event.id}`, {
        method: 'PATCH',
        json: { status: 'scheduled', scheduled_for: inHours(6) },
      }),
    );
    expectNoAccountRefusal(
      await user.client.request(`/api/calendar-events/${event.id}/schedule`, {
        json: { scheduled_for: inHours(6) },
      }),
    );
    expectNoAccountRefusal(
      await user.client.request(`/api/calendar-events/${event.id}/publish-now`, { method: 'POST' }),
    );
    expect(await statusOf(event.id)).toBe('draft');
  });

  it('is refused by AI content’s schedule, which still saves drafts', async () => {
    const generated = await user.client.request('/api/ai-content/generations', {
      json: { prompt: 'Our new rye loaf', platform: 'instagram', variants: 1, language: 'en' },
    });
    expect(generated.status, generated.text).toBeLessThan(300);
    const generation = generationSchema.parse(generated.json.data);
    const path = `/api/ai-content/generations/${generation.id}/variants/0/event`;
    const caption = generation.variants[0]!.caption;
    expectNoAccountRefusal(
      await user.client.request(path, {
        json: { caption, status: 'scheduled', scheduled_for: inHours(48) },
      }),
    );
    const saved = await user.client.request(path, { json: { caption } });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.json.data.event.status).toBe('draft');
  });

  it('is refused when the last account of a scheduled post is taken away, or it is moved without one', async () => {
    const event = await draft('Scheduled');
    const chosen = await putTargets(user, event.id, {
      targets: [{ connection_id: facebook.id, format: 'post', media_ids: [] }],
    });
    expect(chosen.status, chosen.text).toBe(200);
    const scheduled = await user.client.request(`/api/calendar-events/${event.id}/schedule`, {
      json: { scheduled_for: inHours(30) },
    });
    expect(scheduled.status, scheduled.text).toBe(200);
    expectNoAccountRefusal(await putTargets(user, event.id, { targets: [] }));
    expect(await statusOf(event.id)).toBe('scheduled');
    // Moved on the calendar: checked again, with its accounts.
    const when = inHours(40);
    const moved = await user.client.request(`/api/calendar-events/${event.id}`, {
      method: 'PATCH',
      json: { scheduled_for: when },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data).toMatchObject({ status: 'scheduled', scheduled_for: when });

    // A post scheduled before accounts were required: its text may change, but it is not moved
    // again without one.
    const [legacy] = await t.runtime.deps.database.unsafeDb
      .insert(calendarEvents)
      .values({
        userId: user.userId,
        title: 'From before',
        status: 'scheduled',
        scheduledFor: new Date(inHours(10)),
      })
      .returning();
    const edited = await user.client.request(`/api/calendar-events/${legacy!.id}`, {
      method: 'PATCH',
      json: { content: 'Edited' },
    });
    expect(edited.status, edited.text).toBe(200);
    expectNoAccountRefusal(
      await user.client.request(`/api/calendar-events/${legacy!.id}`, {
        method: 'PATCH',
        json: { scheduled_for: inHours(12) },
      }),
    );
    expectNoAccountRefusal(
      await user.client.request(`/api/posts/${legacy!.id}/schedule`, {
        method: 'PATCH',
        json: { scheduled_for: inHours(12) },
      }),
    );
  });
});

describe('the platforms of a post', () => {
  it('follow its accounts; platforms given count only while it has none', async () => {
    const event = await draft('Where to');
    const edited = await user.client.request(`/api/calendar-events/${event.id}`, {
      method: 'PATCH',
      json: { platforms: ['instagram'] },
    });
    expect(edited.json.data.platforms).toEqual(['instagram']);
    await putTargets(user, event.id, {
      targets: [{ connection_id: facebook.id, format: 'post', media_ids: [] }],
    });
    const again = await user.client.request(`/api/calendar-events/${event.id}`, {
      method: 'PATCH',
      json: { title: 'Where to, really', platforms: ['instagram'] },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json.data).toMatchObject({ title: 'Where to, really', platforms: ['facebook'] });
  });
});

describe('the endpoints that list deliveries', () => {
  it('answer the one delivery shape, the same deliveries', async () => {
    const created = await user.client.request('/api/posts', {
      json: {
        post: { title: 'Two ways', content: 'Fresh bread #bakery', scheduled_for: inHours(20) },
        targets: [
          { connection_id: instagram.id, format: 'post', media_ids: [photo] },
          { connection_id: facebook.id, format: 'post', media_ids: [] },
        ],
        intent: 'schedule',
      },
    });
    expect(created.status, created.text).toBe(201);
    const post = postSchema.parse(created.json.data);
    const targets = publishingStateSchema.parse(
      (await user.client.request(`/api/calendar-events/${post.id}/targets`)).json.data,
    ).targets;
    const platformPosts = (
      await user.client.request(`/api/calendar-events/${post.id}/platform-posts`)
    ).json.data as unknown[];
    const strict = deliverySchema.strict();
    const keys = Object.keys(deliverySchema.shape).sort();
    for (const list of [post.deliveries, targets, platformPosts]) {
      expect(list).toHaveLength(2);
      for (const delivery of list) {
        expect(() => strict.parse(delivery)).not.toThrow();
        expect(Object.keys(delivery as object).sort()).toEqual(keys);
      }
    }
    const byId = (list: unknown[]) =>
      [...list].sort((x, y) => (x as { id: string }).id.localeCompare((y as { id: string }).id));
    expect(byId(targets)).toEqual(byId(post.deliveries));
    expect(byId(platformPosts)).toEqual(byId(post.deliveries));
    // The event dialog's order: by platform.
    expect(platformPosts.map((d) => (d as { platform: string }).platform)).toEqual([
      'facebook',
      'instagram',
    ]);
  });
});
