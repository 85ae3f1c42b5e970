import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMetaClient } from '#server/integrations/meta/client.ts';
import type { FetchLike } from '#server/integrations/meta/http.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import { platformPosts } from '../posts/posts.tables.ts';
import { metaRuntime, SIMULATOR_BASE_PATH } from '../platforms/meta-runtime.ts';
import { runPublish } from './worker/publish.ts';
import { runReconcile } from './worker/reconcile.ts';
import {
  connectAll,
  postRow,
  recordingDispatcher,
  insertMedia,
  insertScheduledPost,
  pageToken,
  type Connected,
} from './publishing.test-helpers.ts';

// Instagram stories through the worker (docs/decisions/086): a STORIES container with the one
// photo or video and no caption, published once; a video waits for processing; and an unconfirmed
// story is found on the stories edge (the media edge leaves stories out) instead of being sent
// again. Each test runs on its own simulated day, so the stories of one do not fall in the time
// window another looks in.

const DAY_MS = 86_400_000;

let t: TestApp;
let user: SignedInUser;
let instagram: Connected;
let originalOffset = 0;

/** The business's own simulated Pages and Instagram accounts (docs/decisions/057). */
const world = () => simulatedWorld(t, user.userId);

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
  instagram = (await connectAll(t, user)).find((a) => a.external_id === world().igAccountId)!;
  originalOffset = sim().state.clockOffsetMs;
});

afterEach(() => {
  // The app and its simulator may be shared with other test files: the clock is put back.
  sim().state.clockOffsetMs = originalOffset;
});

const sim = () => metaRuntime(t.runtime.deps).simulator!;
/** Where a simulated story's permalink leads in demo mode (docs/decisions/058). */
const storyPages = () => `${t.runtime.deps.env.appUrl}${SIMULATOR_BASE_PATH}/instagram/stories`;

/** One clock for the worker and the simulator, `days` ahead of the wall clock. */
function clock(days: number) {
  let offset = days * DAY_MS;
  sim().state.clockOffsetMs = offset;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
      sim().state.clockOffsetMs = offset;
    },
  };
}

const recorder = recordingDispatcher;
const rowOf = (id: string) => postRow(t, id);

/** The simulator's record of published stories of a library file (its address names the file). */
const storiesOf = (mediaId: string) =>
  [...sim().state.media.values()].filter(
    (m) => m.productType === 'STORY' && m.mediaUrl?.includes(`/${mediaId}.`),
  );
const containersOf = (mediaId: string) =>
  [...sim().state.containers.values()].filter((k) => k.mediaUrl?.includes(`/${mediaId}.`));

/** Publishes a story on the account straight through the simulator: one posted another way. */
async function storyPostedElsewhere(kind: 'image' | 'video') {
  const client = metaRuntime(t.runtime.deps).client;
  const token = pageToken(t, world().pageId);
  const k = await client.ig.createContainer('facebook', world().igAccountId, token, {
    media_type: 'STORIES',
    ...(kind === 'video'
      ? { video_url: 'https://cdn.example.com/elsewhere.mp4' }
      : { image_url: 'https://cdn.example.com/elsewhere.jpg' }),
  });
  const container = sim().state.containers.get(k.id)!;
  container.readyAt = 0;
  return (await client.ig.publish('facebook', world().igAccountId, token, k.id)).id;
}

async function storyPost(now: Date, mediaId: string, content = 'Text kept on the calendar') {
  const { posts } = await insertScheduledPost(t, user.userId, {
    content,
    at: new Date(now.getTime() - 1_000),
    targets: [{ connection: instagram, mediaIds: [mediaId], format: 'story' }],
  });
  const post = posts[0]!;
  return { post, payload: { postId: post.id, userId: user.userId, version: post.version } };
}

describe('an Instagram story', () => {
  it('goes out once as a STORIES container with its photo and without the text', async () => {
    const time = clock(3);
    const photo = await insertMedia(t, user.userId, 'image', { width: 1080, height: 1920 });
    const { post, payload } = await storyPost(time.now(), photo, 'Not published #story');
    const jobs = recorder();
    await runPublish(t.runtime.deps, payload, { dispatcher: jobs.dispatcher, now: time.now });

    const [container] = containersOf(photo);
    expect(containersOf(photo)).toHaveLength(1);
    expect(container).toMatchObject({ mediaType: 'STORIES', caption: null, isVideo: false });
    expect(container!.mediaUrl).toMatch(/\.jpg$/);
    const stories = storiesOf(photo);
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({ mediaType: 'IMAGE', caption: null });
    const row = await rowOf(post.id);
    expect(row).toMatchObject({
      status: 'published',
      format: 'story',
      attempts: 1,
      externalId: stories[0]!.id,
      permalink: `${storyPages()}/rosabakery/${stories[0]!.id}/`,
      lastError: null,
    });
    expect(jobs.sent).toEqual([]);

    // The same job delivered again finds the post out and does nothing.
    await runPublish(t.runtime.deps, payload, { dispatcher: jobs.dispatcher, now: time.now });
    expect(storiesOf(photo)).toHaveLength(1);
  });

  it('with a video waits while Instagram processes it, then goes out once as a VIDEO story', async () => {
    const time = clock(5);
    const clip = await insertMedia(t, user.userId, 'video', { width: 1080, height: 1920 });
    const { post, payload } = await storyPost(time.now(), clip);
    const jobs = recorder();
    await runPublish(t.runtime.deps, payload, { dispatcher: jobs.dispatcher, now: time.now });
    expect(containersOf(clip)).toEqual([
      expect.objectContaining({ mediaType: 'STORIES', caption: null, isVideo: true }),
    ]);
    expect((await rowOf(post.id)).status).toBe('scheduled');
    expect(storiesOf(clip)).toHaveLength(0);

    // Polled every 10 s (a video), with the simulator's 20 s of processing.
    for (let round = 0; round < 5 && (await rowOf(post.id)).status !== 'published'; round += 1) {
      const due = jobs.sent.shift()!;
      expect(due.kind).toBe('publish');
      time.advance(due.at.getTime() - time.now().getTime());
      await runPublish(t.runtime.deps, due.payload, { dispatcher: jobs.dispatcher, now: time.now });
    }
    const row = await rowOf(post.id);
    expect(row.status).toBe('published');
    expect(storiesOf(clip)).toEqual([
      expect.objectContaining({ mediaType: 'VIDEO', id: row.externalId }),
    ]);
    expect(containersOf(clip)).toHaveLength(1);
  });

  it('left unconfirmed is found on the stories edge by reconcile, and not sent again', async () => {
    const time = clock(7);
    const photo = await insertMedia(t, user.userId, 'image', { width: 1080, height: 1920 });
    const { post, payload } = await storyPost(time.now(), photo);

    // The answer to media_publish is lost after the simulator acted on it.
    const runtime = metaRuntime(t.runtime.deps);
    let lost = 0;
    const network: FetchLike = async (url, init) => {
      const response = await sim().app.fetch(new Request(url, init));
      if (
        init.method === 'POST' &&
        new URL(url).pathname.endsWith('/media_publish') &&
        lost === 0
      ) {
        lost += 1;
        throw new Error('socket hang up');
      }
      return response;
    };
    const client = createMetaClient(runtime.config, { fetch: network, sleep: async () => {} });
    const jobs = recorder();
    await runPublish(t.runtime.deps, payload, {
      dispatcher: jobs.dispatcher,
      client,
      now: time.now,
    });
    expect(lost).toBe(1);
    const unconfirmed = await rowOf(post.id);
    expect(unconfirmed.status).toBe('unconfirmed');
    expect(unconfirmed.containerId).not.toBeNull();
    expect(storiesOf(photo)).toHaveLength(1);
    expect(jobs.sent.map((j) => j.kind)).toEqual(['reconcile']);

    // Meanwhile a later photo story and a video story are posted another way.
    time.advance(2_000);
    await storyPostedElsewhere('image');
    await storyPostedElsewhere('video');

    const due = jobs.sent.shift()!;
    time.advance(due.at.getTime() - time.now().getTime());
    await runReconcile(t.runtime.deps, due.payload, {
      dispatcher: jobs.dispatcher,
      client,
      now: time.now,
    });
    const ours = storiesOf(photo)[0]!;
    expect(await rowOf(post.id)).toMatchObject({
      status: 'published',
      externalId: ours.id,
      permalink: `${storyPages()}/rosabakery/${ours.id}/`,
      lastError: null,
    });
    expect(jobs.sent).toEqual([]);
    // The job delivered again does nothing: still one story of the photo.
    await runPublish(t.runtime.deps, payload, {
      dispatcher: jobs.dispatcher,
      client,
      now: time.now,
    });
    expect(storiesOf(photo)).toHaveLength(1);
  });

  it('without a container on record, reconcile does not take another story for it', async () => {
    const time = clock(9);
    const db = t.runtime.deps.database.unsafeDb;
    const photo = await insertMedia(t, user.userId, 'image', { width: 1080, height: 1920 });
    const { post, payload } = await storyPost(time.now(), photo);
    /** A worker that died before it wrote a container: the sweeper made the post unconfirmed. */
    const interrupted = async (story: Awaited<ReturnType<typeof storyPost>>) => {
      await db
        .update(platformPosts)
        .set({
          status: 'unconfirmed',
          attempts: 1,
          containerId: null,
          attemptStartedAt: time.now(),
          nextAttemptAt: time.now(),
        })
        .where(eq(platformPosts.id, story.post.id));
      return { ...story.payload, version: (await rowOf(story.post.id)).version };
    };

    // A story posted elsewhere in the window is not taken for it: the post goes back to its
    // queue, and the next attempt publishes it once.
    let current = await interrupted({ post, payload });
    time.advance(1_000);
    await storyPostedElsewhere('video');
    const jobs = recorder();
    await runReconcile(t.runtime.deps, current, { dispatcher: jobs.dispatcher, now: time.now });
    expect((await rowOf(post.id)).status).toBe('scheduled');
    expect(jobs.sent.map((j) => j.kind)).toEqual(['publish']);
    time.advance(jobs.sent[0]!.at.getTime() - time.now().getTime());
    await runPublish(t.runtime.deps, jobs.sent.shift()!.payload, {
      dispatcher: jobs.dispatcher,
      now: time.now,
    });
    expect(await rowOf(post.id)).toMatchObject({
      status: 'published',
      externalId: storiesOf(photo)[0]!.id,
    });
    expect(storiesOf(photo)).toHaveLength(1);

    // A photo story posted another way in the same minutes is not taken for it either: with no
    // container on record ours was never sent, and it goes out once (decision 086).
    const second = await insertMedia(t, user.userId, 'image', { width: 1080, height: 1920 });
    time.advance(DAY_MS / 2);
    const other = await storyPost(time.now(), second);
    current = await interrupted(other);
    time.advance(1_000);
    const elsewhere = await storyPostedElsewhere('image');
    await runReconcile(t.runtime.deps, current, { dispatcher: jobs.dispatcher, now: time.now });
    expect((await rowOf(other.post.id)).status).toBe('scheduled');
    expect(jobs.sent.map((j) => j.kind)).toEqual(['publish']);
    time.advance(jobs.sent[0]!.at.getTime() - time.now().getTime());
    await runPublish(t.runtime.deps, jobs.sent.shift()!.payload, {
      dispatcher: jobs.dispatcher,
      now: time.now,
    });
    const published = await rowOf(other.post.id);
    expect(published.status).toBe('published');
    expect(published.externalId).not.toBe(elsewhere);
    expect(storiesOf(second)).toHaveLength(1);
  });
});
