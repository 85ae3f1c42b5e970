import { beforeAll, describe, expect, it } from 'vitest';
import { generationSchema } from '#shared/contracts/ai-content.contract.ts';
import { deliverySchema, postSchema } from '#shared/contracts/posts.contract.ts';
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
  type Connected,
} from '../publishing/publishing.test-helpers.ts';
import { calendarEvents } from './posts.tables.ts';
import { readPost, savedPost, savePostRequest } from './posts.test-helpers.ts';

// Nothing can be scheduled that could not be published (docs/decisions/087): every way the web
// schedules a post — the composer's save, a move on the calendar, AI content's schedule — is
// refused without an account, the same way; drafts, notes and cancelled notes need none. A post
// keeps its accounts when a save leaves them out, its platforms follow them, and it reads back
// with its deliveries in the one delivery shape.

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
const page = () => ({ connection_id: facebook.id, format: 'post', media_ids: [] });

function expectNoAccountRefusal(res: Parameters<typeof expectError>[0]) {
  expectError(res, 400, 'VALIDATION_ERROR');
  const json = (res as unknown as { json: { error: string; metadata: { fieldErrors: unknown } } })
    .json;
  expect(json.error).toBe('Failed to schedule content');
  expect(json.metadata.fieldErrors).toEqual(NO_ACCOUNT);
}

/** A draft without accounts, with the fields a later save sends again. */
async function draft(title = 'Planned') {
  const post = {
    title,
    content: 'Fresh bread',
    platforms: ['facebook'],
    scheduled_for: inHours(30),
  };
  return { post, saved: await savedPost(user, { post, intent: 'draft' }) };
}

describe('scheduling without an account', () => {
  it('is refused by POST /api/posts, to schedule or to publish now; a draft is fine', async () => {
    for (const intent of ['schedule', 'publish'] as const) {
      const res = await savePostRequest(user, {
        post: { title: 'Nowhere', content: 'x', scheduled_for: inHours(5) },
        targets: [],
        intent,
      });
      expectNoAccountRefusal(res);
    }
    const ok = await savePostRequest(user, {
      post: { title: 'Somewhere, later' },
      targets: [],
      intent: 'draft',
    });
    expect(ok.status, ok.text).toBe(201);
  });

  it('is refused by PUT /api/posts/{id}, which leaves the post a draft', async () => {
    const { post, saved } = await draft();
    for (const intent of ['schedule', 'publish'] as const) {
      expectNoAccountRefusal(await savePostRequest(user, { post, intent }, saved.id));
      expectNoAccountRefusal(await savePostRequest(user, { post, targets: [], intent }, saved.id));
    }
    expect((await readPost(user, saved.id)).status).toBe('draft');
  });

  it('is refused by AI content’s schedule, which still saves drafts, with their time', async () => {
    const generated = await user.client.request('/api/ai-content/generations', {
      json: { prompt: 'Our new rye loaf', platform: 'instagram', variants: 1, language: 'en' },
    });
    expect(generated.status, generated.text).toBeLessThan(300);
    const generation = generationSchema.parse(generated.json.data);
    const path = `/api/ai-content/generations/${generation.id}/variants/0/event`;
    const caption = generation.variants[0]!.caption;
    const when = inHours(48);
    expectNoAccountRefusal(
      await user.client.request(path, {
        json: { caption, status: 'scheduled', scheduled_for: when },
      }),
    );
    // The web's "Schedule": a draft at the time chosen, then the composer, through /api/posts.
    const saved = await user.client.request(path, { json: { caption, scheduled_for: when } });
    expect(saved.status, saved.text).toBe(201);
    const event = saved.json.data.event as { id: string; title: string; content: string };
    expect(saved.json.data.event).toMatchObject({
      status: 'draft',
      type: 'ai_generated',
      scheduled_for: when,
    });
    // Saved again without a time, it keeps the one it has.
    const again = await user.client.request(path, { json: { caption } });
    expect(again.json.data.event).toMatchObject({ id: event.id, scheduled_for: when });

    const post = { title: event.title, content: event.content, type: 'ai_generated' };
    const scheduled = await savedPost(
      user,
      { post: { ...post, scheduled_for: when }, targets: [page()], intent: 'schedule' },
      event.id,
    );
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      type: 'ai_generated',
      platforms: ['facebook'],
    });
    const list = await user.client.request('/api/calendar-events/ai-content');
    expect(list.json.data).toEqual([expect.objectContaining({ id: event.id })]);
  });

  it('is refused when the last account of a scheduled post is taken away, or it is moved without one', async () => {
    const { post, saved } = await draft('Scheduled');
    const body = { post, targets: [page()], intent: 'schedule' as const };
    expect((await savedPost(user, body, saved.id)).status).toBe('scheduled');
    expectNoAccountRefusal(await savePostRequest(user, { ...body, targets: [] }, saved.id));
    expect((await readPost(user, saved.id)).status).toBe('scheduled');
    // Moved on the calendar: checked again, with its accounts.
    const when = inHours(40);
    const moved = await user.client.request(`/api/posts/${saved.id}/schedule`, {
      method: 'PATCH',
      json: { scheduled_for: when },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data).toMatchObject({ status: 'scheduled', scheduled_for: when });

    // A post scheduled before accounts were required is not moved again without one.
    const [legacy] = await t.runtime.deps.database.unsafeDb
      .insert(calendarEvents)
      .values({
        userId: user.userId,
        title: 'From before',
        status: 'scheduled',
        scheduledFor: new Date(inHours(10)),
      })
      .returning();
    expectNoAccountRefusal(
      await user.client.request(`/api/posts/${legacy!.id}/schedule`, {
        method: 'PATCH',
        json: { scheduled_for: inHours(12) },
      }),
    );
  });
});

describe('a save that leaves the accounts out', () => {
  it('keeps those the post has; a new post has none', async () => {
    const { post, saved } = await draft('Kept');
    await savedPost(user, { post, targets: [page()], intent: 'draft' }, saved.id);
    const renamed = await savedPost(
      user,
      { post: { ...post, title: 'Kept, renamed' }, intent: 'schedule' },
      saved.id,
    );
    expect(renamed).toMatchObject({ title: 'Kept, renamed', status: 'scheduled' });
    expect(renamed.deliveries.map((d) => [d.connection_id, d.status])).toEqual([
      [facebook.id, 'scheduled'],
    ]);
    const fresh = await savedPost(user, { post: { title: 'Fresh' }, intent: 'draft' });
    expect(fresh.deliveries).toEqual([]);
  });

  it('lets a note be cancelled and kept on the calendar, never scheduled', async () => {
    const post = { title: 'Team photo', type: 'note', scheduled_for: inHours(6) };
    const note = await savedPost(user, { post, intent: 'draft' });
    const cancelled = await savedPost(user, { post, intent: 'cancel' }, note.id);
    expect(cancelled).toMatchObject({ type: 'note', status: 'cancelled' });
    const refused = await savePostRequest(user, { post, intent: 'schedule' }, note.id);
    expectError(refused, 400, 'VALIDATION_ERROR');
    expect(refused.json.metadata.fieldErrors).toEqual({
      status: 'A note is never published; save it as a draft',
    });
  });
});

describe('the platforms of a post', () => {
  it('follow its accounts; platforms given count only while it has none', async () => {
    const { post, saved } = await draft('Where to');
    const edited = await savedPost(
      user,
      { post: { ...post, platforms: ['instagram'] }, intent: 'draft' },
      saved.id,
    );
    expect(edited.platforms).toEqual(['instagram']);
    const chosen = await savedPost(
      user,
      {
        post: { ...post, title: 'Where to, really', platforms: ['instagram'] },
        targets: [page()],
        intent: 'draft',
      },
      saved.id,
    );
    expect(chosen).toMatchObject({ title: 'Where to, really', platforms: ['facebook'] });
  });
});

describe('a post’s deliveries', () => {
  it('read back in the one delivery shape, in the order chosen', async () => {
    const created = await savedPost(user, {
      post: { title: 'Two ways', content: 'Fresh bread #bakery', scheduled_for: inHours(20) },
      targets: [{ connection_id: instagram.id, format: 'post', media_ids: [photo] }, page()],
      intent: 'schedule',
    });
    const read = await readPost(user, created.id);
    const strict = deliverySchema.strict();
    const keys = Object.keys(deliverySchema.shape).sort();
    for (const list of [created.deliveries, read.deliveries]) {
      expect(list.map((d) => d.platform)).toEqual(['instagram', 'facebook']);
      for (const delivery of list) {
        expect(() => strict.parse(delivery)).not.toThrow();
        expect(Object.keys(delivery).sort()).toEqual(keys);
      }
    }
    expect(postSchema.parse(read)).toEqual(created);
  });
});
