import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { platformPosts } from '../posts/posts.tables.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import { runPublish } from './worker/publish.ts';
import { runReconcile } from './worker/reconcile.ts';
import {
  connectAll,
  insertMedia,
  insertScheduledPost,
  postRow,
  publishedCopies,
  recordingDispatcher,
  pageToken,
  type Connected,
} from './publishing.test-helpers.ts';

// Reconcile finds an unconfirmed post by its text and time on the account, and so does a publish
// whose Instagram container turns out to be published already. Two deliveries of the same text to
// one account within minutes (a business posting the same notice twice, a duplicated post) must
// not both take the one post that went out: a post another delivery has on record is not a
// candidate.

let t: TestApp;
let user: SignedInUser;
let page: Connected;
let instagram: Connected;

/** The business's own simulated Pages and Instagram accounts (docs/decisions/057). */
const world = () => simulatedWorld(t, user.userId);

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
  const accounts = await connectAll(t, user);
  page = accounts.find((a) => a.external_id === world().pageId)!;
  instagram = accounts.find((a) => a.external_id === world().igAccountId)!;
});

describe('reconcile', () => {
  it('does not take a post that another delivery of the same text already has', async () => {
    const text = `Closed on Monday for the holiday ${crypto.randomUUID()}`;
    const now = new Date();
    const first = await insertScheduledPost(t, user.userId, {
      content: text,
      at: now,
      targets: [{ connection: page }],
    });
    const second = await insertScheduledPost(t, user.userId, {
      content: text,
      at: now,
      targets: [{ connection: page }],
    });
    const firstId = first.posts[0]!.id;
    const secondId = second.posts[0]!.id;
    // The second delivery's worker began, then died before it knew whether its call went out;
    // meanwhile the first was published.
    await t.runtime.deps.database.unsafeDb
      .update(platformPosts)
      .set({ status: 'unconfirmed', attempts: 1, attemptStartedAt: now, nextAttemptAt: now })
      .where(eq(platformPosts.id, secondId));
    const jobs = recordingDispatcher();
    await runPublish(
      t.runtime.deps,
      { postId: firstId, userId: user.userId, version: 1 },
      { dispatcher: jobs.dispatcher },
    );
    const published = await postRow(t, firstId);
    expect(published.status).toBe('published');
    expect(publishedCopies(t, text)).toBe(1);

    const version = (await postRow(t, secondId)).version;
    await runReconcile(
      t.runtime.deps,
      { postId: secondId, userId: user.userId, version },
      { dispatcher: jobs.dispatcher },
    );
    // The one post on the Page is the first delivery's: the second was not sent, and tries again.
    const after = await postRow(t, secondId);
    expect(after.status).toBe('scheduled');
    expect(after.externalId).toBeNull();
    const retry = jobs.sent.find((j) => j.kind === 'publish' && j.payload.postId === secondId)!;
    expect(retry).toBeDefined();
    await runPublish(t.runtime.deps, retry.payload, {
      dispatcher: jobs.dispatcher,
      now: () => retry.at,
    });
    // Facebook refuses the same text twice on a Page: the second delivery says so, instead of
    // pointing at the first's post as if both had gone out.
    const refused = await postRow(t, secondId);
    expect(refused.status).toBe('failed');
    expect(refused.lastError).toMatch(/Duplicate status message/);
    expect(refused.externalId).toBeNull();
    expect(publishedCopies(t, text)).toBe(1);
    expect((await postRow(t, firstId)).externalId).toBe(published.externalId);
  });
});

describe('a publish whose Instagram container is published already', () => {
  it('does not take the post another delivery of the same text has', async () => {
    const text = `Two of the same on Instagram ${crypto.randomUUID()}`;
    const photo = await insertMedia(t, user.userId, 'image');
    const now = new Date();
    const target = { connection: instagram, mediaIds: [photo] };
    const first = await insertScheduledPost(t, user.userId, {
      content: text,
      at: now,
      targets: [target],
    });
    const second = await insertScheduledPost(t, user.userId, {
      content: text,
      at: now,
      targets: [target],
    });
    const firstId = first.posts[0]!.id;
    const secondId = second.posts[0]!.id;

    // The second delivery's container went out first (its answer was lost); the post is back in
    // its queue with the container on record.
    const client = metaRuntime(t.runtime.deps).client;
    const token = pageToken(t, world().pageId);
    const container = await client.ig.createContainer('facebook', world().igAccountId, token, {
      image_url: 'https://cdn.example.com/same-text.jpg',
      caption: text,
    });
    const ours = await client.ig.publish('facebook', world().igAccountId, token, container.id);
    await t.runtime.deps.database.unsafeDb
      .update(platformPosts)
      .set({ attempts: 1, containerId: container.id, attemptStartedAt: now })
      .where(eq(platformPosts.id, secondId));

    // Then the first delivery is published: the newest post of that text is the first's.
    const jobs = recordingDispatcher();
    await runPublish(
      t.runtime.deps,
      { postId: firstId, userId: user.userId, version: 1 },
      { dispatcher: jobs.dispatcher },
    );
    const published = await postRow(t, firstId);
    expect(published.status).toBe('published');
    expect(publishedCopies(t, text)).toBe(2);

    await runPublish(
      t.runtime.deps,
      { postId: secondId, userId: user.userId, version: 1 },
      { dispatcher: jobs.dispatcher },
    );
    expect(await postRow(t, secondId)).toMatchObject({
      status: 'published',
      externalId: ours.id,
    });
    expect(publishedCopies(t, text)).toBe(2);
    expect((await postRow(t, firstId)).externalId).toBe(published.externalId);
    expect(published.externalId).not.toBe(ours.id);
  });
});
