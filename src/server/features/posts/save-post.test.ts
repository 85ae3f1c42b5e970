import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postSchema, type Post } from '#shared/contracts/posts.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import { mediaUsages } from '../media/media.tables.ts';
import {
  connectAll,
  inHours,
  insertMedia,
  type Connected,
} from '../publishing/publishing.test-helpers.ts';
import * as deliveries from './deliveries.repository.ts';
import { publishPostJob } from './dispatch.ts';
import { savePost } from './save-post.ts';
import { calendarEvents, platformPosts } from './posts.tables.ts';

// A save is one transaction (docs/decisions/087): a post that one of its accounts refuses is
// not written at all — not created, not scheduled, no delivery, the post as it was when edited —
// and publish jobs are sent only once the transaction has committed, so a refused or failed save
// queues nothing.

let t: TestApp;
let owner: SignedInUser;
let facebook: Connected;
let instagram: Connected;
let photo: string;

beforeAll(async () => {
  t = await getTestApp();
  owner = await createSignedInUser(t);
  const world = simulatedWorld(t, owner.userId);
  const accounts = await connectAll(t, owner);
  facebook = accounts.find((a) => a.external_id === world.pageId)!;
  instagram = accounts.find((a) => a.external_id === world.igAccountId)!;
  photo = await insertMedia(t, owner.userId, 'image');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const db = () => t.runtime.deps.database.unsafeDb;
const ctx = () => ({
  deps: t.runtime.deps,
  actor: {
    userId: owner.userId,
    tenantId: owner.userId,
    tenantRole: 'owner' as const,
    isAdmin: false,
  },
});

/** Every row of the business's posts and deliveries, read past row-level security. */
async function rowsOf(title: string) {
  const events = await db()
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, owner.userId), eq(calendarEvents.title, title)));
  const posts = await Promise.all(
    events.map((e) =>
      db().select().from(platformPosts).where(eq(platformPosts.calendarEventId, e.id)),
    ),
  );
  const usages = await Promise.all(
    events.map((e) => db().select().from(mediaUsages).where(eq(mediaUsages.calendarEventId, e.id))),
  );
  return { events, deliveries: posts.flat(), usages: usages.flat() };
}

/** The publish jobs asked for while `fn` ran. */
async function publishJobs(fn: () => Promise<unknown>) {
  const send = vi.spyOn(t.runtime.deps.jobs, 'send');
  await fn().catch(() => {});
  const jobs = send.mock.calls.filter(([def]) => def.id === publishPostJob.id);
  send.mockRestore();
  return jobs;
}

describe('a post that one of two accounts refuses', () => {
  it('is not created: no post, no delivery, no job', async () => {
    const title = `Refused ${crypto.randomUUID()}`;
    let res!: Awaited<ReturnType<typeof owner.client.request>>;
    const jobs = await publishJobs(async () => {
      res = await owner.client.request('/api/posts', {
        json: {
          post: { title, content: 'Fresh bread', scheduled_for: inHours(6) },
          // The Page is fine; Instagram has no photo.
          targets: [
            { connection_id: facebook.id, format: 'post', media_ids: [] },
            { connection_id: instagram.id, format: 'post', media_ids: [] },
          ],
          intent: 'schedule',
        },
      });
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({
      'targets.1.media_ids': '@rosabakery: Instagram needs at least one photo or video',
    });
    expect(await rowsOf(title)).toEqual({ events: [], deliveries: [], usages: [] });
    expect(jobs).toEqual([]);
  });

  it('leaves a scheduled post exactly as it was when an edit is refused', async () => {
    const title = `Kept ${crypto.randomUUID()}`;
    const created = await owner.client.request('/api/posts', {
      json: {
        post: { title, content: 'Fresh bread', scheduled_for: inHours(6) },
        targets: [{ connection_id: facebook.id, format: 'post', media_ids: [photo] }],
        intent: 'schedule',
      },
    });
    expect(created.status, created.text).toBe(201);
    const post = postSchema.parse(created.json.data);
    const before = await rowsOf(title);

    let res!: Awaited<ReturnType<typeof owner.client.request>>;
    const jobs = await publishJobs(async () => {
      res = await owner.client.request(`/api/posts/${post.id}`, {
        method: 'PUT',
        json: {
          post: { title, content: 'Fresh bread, now with rye', scheduled_for: inHours(8) },
          targets: [
            { connection_id: facebook.id, format: 'post', media_ids: [] },
            { connection_id: instagram.id, format: 'carousel', media_ids: [photo] },
          ],
          intent: 'schedule',
        },
      });
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.error).toBe('Failed to schedule content');
    expect(res.json.metadata.fieldErrors).toEqual({
      'targets.1.media_ids': '@rosabakery: A carousel needs between 2 and 10 photos or videos',
    });
    // Still scheduled, with its text, time, delivery (same id and version) and media.
    expect(await rowsOf(title)).toEqual(before);
    expect(before.events[0]).toMatchObject({ status: 'scheduled', content: 'Fresh bread' });
    expect(jobs).toEqual([]);
  });
});

describe('the save’s transaction', () => {
  it('writes nothing and queues nothing when it fails after the rows were written', async () => {
    const title = `Rolled back ${crypto.randomUUID()}`;
    vi.spyOn(deliveries, 'replaceMediaUsages').mockRejectedValue(new Error('disk full'));
    const jobs = await publishJobs(async () => {
      const error = await savePost(ctx(), {
        post: { title, content: 'Fresh bread', scheduled_for: inHours(6) },
        targets: [{ connection_id: facebook.id, format: 'post', media_ids: [photo] }],
        intent: 'schedule',
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('disk full');
    });
    expect(await rowsOf(title)).toEqual({ events: [], deliveries: [], usages: [] });
    expect(jobs).toEqual([]);
  });

  it('sends each job only once the rows it names are committed', async () => {
    const title = `Committed ${crypto.randomUUID()}`;
    const seenAtSend: string[] = [];
    const send = vi.spyOn(t.runtime.deps.jobs, 'send').mockImplementation(async (def, payload) => {
      if (def.id !== publishPostJob.id) return null;
      const { postId } = payload as { postId: string };
      // Read on another connection (PGlite: once the transaction has let go of the database).
      const visible = await Promise.race([
        db()
          .select({ id: platformPosts.id })
          .from(platformPosts)
          .where(eq(platformPosts.id, postId))
          .then((rows) => (rows.length === 1 ? 'committed' : 'missing')),
        new Promise<string>((resolve) =>
          setTimeout(() => resolve('still in the transaction'), 3000),
        ),
      ]);
      seenAtSend.push(visible);
      return null;
    });
    const post: Post = await savePost(ctx(), {
      post: { title, content: 'Fresh bread', scheduled_for: inHours(6) },
      targets: [
        { connection_id: facebook.id, format: 'post', media_ids: [photo] },
        { connection_id: instagram.id, format: 'post', media_ids: [photo] },
      ],
      intent: 'schedule',
    });
    expect(post.deliveries).toHaveLength(2);
    expect(send.mock.calls.filter(([def]) => def.id === publishPostJob.id)).toHaveLength(2);
    expect(seenAtSend).toEqual(['committed', 'committed']);
  });

  it('refuses as a whole, with the rules named, when the service is called directly', async () => {
    const error = await savePost(ctx(), {
      post: { title: 'Direct', content: 'x', scheduled_for: inHours(6) },
      targets: [{ connection_id: instagram.id, format: 'reel', media_ids: [photo] }],
      intent: 'schedule',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).record).toMatchObject({
      code: 'VALIDATION_ERROR',
      userMessage: 'Failed to schedule content',
      details: {
        problems: [
          {
            field: 'targets.0.media_ids',
            connection_id: instagram.id,
            account: '@rosabakery',
            rule: 'reel_video',
            message: 'A reel needs exactly one video',
          },
          {
            field: 'targets.0.media_ids.0',
            connection_id: instagram.id,
            account: '@rosabakery',
            rule: 'media_instagram_reel',
            message: 'Reels need a video.',
          },
        ],
      },
    });
  });
});
