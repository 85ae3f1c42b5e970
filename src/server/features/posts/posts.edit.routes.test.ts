import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { postSchema, type Post } from '#shared/contracts/posts.contract.ts';
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
  noDispatch,
  postRow,
  publishedCopies,
  type Connected,
} from '../publishing/publishing.test-helpers.ts';
import { runPublish } from '../publishing/worker/publish.ts';
import { platformPosts } from './posts.tables.ts';
import {
  publishJobsSentDuring,
  readPost as read,
  savePostRequest as save,
  savedPost as saved,
  type SaveBody as Body,
} from './posts.test-helpers.ts';

// Changing, moving and deleting a post through /api/posts (docs/decisions/087): an edit is
// checked again as a whole, a move keeps the deliveries at a new version so jobs queued for the
// old time go stale, and a post out already is not changed.

let t: TestApp;
let owner: SignedInUser;
let facebook: Connected;
let instagram: Connected;
let photo: string;

const world = () => simulatedWorld(t, owner.userId);

beforeAll(async () => {
  t = await getTestApp();
  owner = await createSignedInUser(t);
  const accounts = await connectAll(t, owner);
  facebook = accounts.find((a) => a.external_id === world().pageId)!;
  instagram = accounts.find((a) => a.external_id === world().igAccountId)!;
  photo = await insertMedia(t, owner.userId, 'image');
});

afterEach(() => {
  vi.restoreAllMocks();
});

const text = (label: string) => `${label} ${crypto.randomUUID()} #bakery`;
const fb = () => ({ connection_id: facebook.id, format: 'post', media_ids: [] });
const ig = (media: string[] = [photo]) => ({
  connection_id: instagram.id,
  format: 'post',
  media_ids: media,
});
const jobsSentDuring = (fn: () => Promise<unknown>) => publishJobsSentDuring(t, fn);

describe('PUT /api/posts/{id}', () => {
  it('edits a scheduled post in one request: text, accounts and time checked again', async () => {
    const post = await saved(owner, {
      post: { title: 'Weekend', content: text('Weekend'), scheduled_for: inHours(20) },
      targets: [fb()],
      intent: 'schedule',
    });
    const when = inHours(26);
    const edited = await saved(
      owner,
      {
        post: { title: 'Weekend bake', content: text('Weekend bake'), scheduled_for: when },
        targets: [ig(), fb()],
        intent: 'schedule',
      },
      post.id,
    );
    expect(edited).toMatchObject({ id: post.id, title: 'Weekend bake', status: 'scheduled' });
    expect(edited.deliveries.map((d) => [d.connection_id, d.status, d.scheduled_for])).toEqual([
      [instagram.id, 'scheduled', when],
      [facebook.id, 'scheduled', when],
    ]);
    // Replaced: a job still queued for the earlier delivery finds nothing.
    expect(edited.deliveries.map((d) => d.id)).not.toContain(post.deliveries[0]!.id);
    expect(await read(owner, post.id)).toEqual(edited);
  });

  it('takes a scheduled post back to a draft: its deliveries wait, no longer due', async () => {
    const post = await saved(owner, {
      post: { title: 'Not yet', content: text('Not yet'), scheduled_for: inHours(20) },
      targets: [fb()],
      intent: 'schedule',
    });
    const draft = await saved(
      owner,
      {
        post: { title: 'Not yet', content: text('Not yet'), scheduled_for: null },
        targets: [fb()],
        intent: 'draft',
      },
      post.id,
    );
    expect(draft).toMatchObject({ status: 'draft', scheduled_for: null });
    expect(draft.deliveries).toEqual([expect.objectContaining({ status: 'draft' })]);
    const row = await postRow(t, draft.deliveries[0]!.id);
    expect(row.nextAttemptAt).toBeNull();
  });

  it('refuses to change a published post, and answers 404 for a post that is not there', async () => {
    const post = await saved(owner, {
      post: { title: 'Out', content: text('Out') },
      targets: [],
      intent: 'draft',
    });
    await t.runtime.deps.database.unsafeDb.execute(
      sql`update public.calendar_events set status = 'published' where id = ${post.id}`,
    );
    const body: Body = { post: { title: 'Changed' }, targets: [], intent: 'draft' };
    expectError(await save(owner, body, post.id), 409, 'WORKFLOW_STATE_INVALID');
    expectError(await save(owner, body, crypto.randomUUID()), 404, 'NOT_FOUND');
    expectError(await owner.client.request(`/api/posts/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
    expectError(await owner.client.request('/api/posts/not-an-id'), 400, 'VALIDATION_ERROR');
  });
});

describe('DELETE /api/posts/{id}', () => {
  it('removes the post and its deliveries; a second delete finds nothing', async () => {
    const post = await saved(owner, {
      post: { title: 'Gone', content: text('Gone'), scheduled_for: inHours(10) },
      targets: [fb()],
      intent: 'schedule',
    });
    const res = await owner.client.request(`/api/posts/${post.id}`, { method: 'DELETE' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toEqual({ id: post.id });
    expectError(await owner.client.request(`/api/posts/${post.id}`), 404, 'NOT_FOUND');
    const rows = await t.runtime.deps.database.unsafeDb
      .select()
      .from(platformPosts)
      .where(eq(platformPosts.calendarEventId, post.id));
    expect(rows).toEqual([]);
    expectError(
      await owner.client.request(`/api/posts/${post.id}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('PATCH /api/posts/{id}/schedule', () => {
  it('moves a scheduled post: same deliveries at a new version; a job of the old one does nothing', async () => {
    const message = text('Moved');
    const post = await saved(owner, {
      post: { title: 'Moved', content: message, scheduled_for: inHours(3) },
      targets: [fb()],
      intent: 'schedule',
    });
    const before = post.deliveries[0]!;
    const stale = { postId: before.id, userId: owner.userId, version: 1 };
    const when = inHours(5);
    let moved!: Post;
    const sent = await jobsSentDuring(async () => {
      const res = await owner.client.request(`/api/posts/${post.id}/schedule`, {
        method: 'PATCH',
        json: { scheduled_for: when },
      });
      expect(res.status, res.text).toBe(200);
      moved = postSchema.parse(res.json.data);
    });
    expect(moved).toMatchObject({ status: 'scheduled', scheduled_for: when, title: 'Moved' });
    expect(moved.deliveries).toEqual([
      expect.objectContaining({ id: before.id, status: 'scheduled', scheduled_for: when }),
    ]);
    expect(sent).toEqual([
      { postId: before.id, userId: owner.userId, version: 2, at: new Date(when) },
    ]);
    // The job queued for the first time, run once the post is due: stale, nothing is sent.
    await runPublish(t.runtime.deps, stale, {
      dispatcher: noDispatch,
      now: () => new Date(Date.parse(when) + 60_000),
    });
    expect((await postRow(t, before.id)).status).toBe('scheduled');
    expect(publishedCopies(t, message)).toBe(0);
  });

  it('refuses a time in the past for a scheduled post, and leaves it where it was', async () => {
    const post = await saved(owner, {
      post: { title: 'Stays', content: text('Stays'), scheduled_for: inHours(3) },
      targets: [fb()],
      intent: 'schedule',
    });
    const res = await owner.client.request(`/api/posts/${post.id}/schedule`, {
      method: 'PATCH',
      json: { scheduled_for: inHours(-2) },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.error).toBe('Failed to schedule content');
    expect(res.json.metadata.fieldErrors).toEqual({ scheduled_for: 'Choose a time in the future' });
    expect(await read(owner, post.id)).toEqual(post);
  });

  it('moves a draft anywhere, its accounts kept as they are', async () => {
    const post = await saved(owner, {
      post: { title: 'Someday', content: text('Someday'), scheduled_for: inHours(3) },
      targets: [ig([])],
      intent: 'draft',
    });
    const when = inHours(-30);
    const res = await owner.client.request(`/api/posts/${post.id}/schedule`, {
      method: 'PATCH',
      json: { scheduled_for: when },
    });
    expect(res.status, res.text).toBe(200);
    expect(postSchema.parse(res.json.data)).toMatchObject({
      status: 'draft',
      scheduled_for: when,
      deliveries: [{ connection_id: instagram.id, status: 'draft' }],
    });
  });
});
