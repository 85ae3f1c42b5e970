import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { postSchema, type Post } from '#shared/contracts/posts.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { withTenant } from '#server/platform/db/tenant.ts';
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
import { savePostFor } from './save-post.ts';
import { calendarEvents, platformPosts } from './posts.tables.ts';

// Another business can neither read, save, move nor delete a post, nor send its own posts to
// this business's accounts or files. The routes answer 404 (row-level security hides the row:
// nothing says it exists), the service refuses another business's id outright, and the
// database itself refuses the rows (docs/decisions/004).

let t: TestApp;
let a: SignedInUser;
let b: SignedInUser;
let pageA: Connected;
let pageB: Connected;
let photoA: string;
let post: Post;

beforeAll(async () => {
  t = await getTestApp();
  [a, b] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  pageA = (await connectAll(t, a)).find(
    (x) => x.external_id === simulatedWorld(t, a.userId).pageId,
  )!;
  pageB = (await connectAll(t, b)).find(
    (x) => x.external_id === simulatedWorld(t, b.userId).pageId,
  )!;
  photoA = await insertMedia(t, a.userId, 'image');
  const res = await a.client.request('/api/posts', {
    json: {
      post: { title: 'A only', content: 'Fresh bread', scheduled_for: inHours(12) },
      targets: [{ connection_id: pageA.id, format: 'post', media_ids: [photoA] }],
      intent: 'schedule',
    },
  });
  expect(res.status, res.text).toBe(201);
  post = postSchema.parse(res.json.data);
});

describe('another business', () => {
  it('cannot read, save, move or delete the post: 404, and the post is unchanged', async () => {
    const path = `/api/posts/${post.id}`;
    for (const res of [
      await b.client.request(path),
      await b.client.request(path, {
        method: 'PUT',
        json: {
          post: { title: 'Mine now', content: 'x', scheduled_for: inHours(20) },
          targets: [{ connection_id: pageB.id, format: 'post', media_ids: [] }],
          intent: 'schedule',
        },
      }),
      await b.client.request(`${path}/schedule`, {
        method: 'PATCH',
        json: { scheduled_for: inHours(30) },
      }),
      await b.client.request(path, { method: 'DELETE' }),
      await b.client.request(`/api/calendar-events/${post.id}`),
    ]) {
      expectError(res, 404, 'NOT_FOUND');
      expect(res.json.error).toBe('The requested resource could not be found.');
    }
    const read = await a.client.request(path);
    expect(postSchema.parse(read.json.data)).toEqual(post);
  });

  it('cannot send its post to this business’s account or use its files', async () => {
    const res = await b.client.request('/api/posts', {
      json: {
        post: { title: 'Borrowed', content: 'x', scheduled_for: inHours(20) },
        targets: [
          { connection_id: pageA.id, format: 'post', media_ids: [] },
          { connection_id: pageB.id, format: 'post', media_ids: [photoA] },
        ],
        intent: 'schedule',
      },
    });
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({
      'targets.0.connection_id':
        'This account is not connected. Connect it on the Platforms page first',
      'targets.1.media_ids.0': 'Rosa Bakery: This file is not in the media library',
    });
    // Not even as a draft, which keeps rule problems but never another business's rows.
    const draft = await b.client.request('/api/posts', {
      json: {
        post: { title: 'Borrowed' },
        targets: [{ connection_id: pageA.id, format: 'post', media_ids: [] }],
        intent: 'draft',
      },
    });
    expectError(draft, 400, 'VALIDATION_ERROR');
    expect(draft.json.error).toBe('Failed to save draft');
  });

  it('is refused by the service when it names this business, before any query', async () => {
    const error = await savePostFor(
      {
        deps: t.runtime.deps,
        actor: { userId: b.userId, tenantId: b.userId, tenantRole: 'owner', isAdmin: false },
      },
      a.userId,
      { postId: post.id, post: { title: 'x' }, intent: 'draft' },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FORBIDDEN');
  });

  it('sees no row of the post, changes none, and cannot attach a delivery to it', async () => {
    const scopeB = { userId: b.userId, tenantId: b.userId };
    const database = t.runtime.deps.database;
    await withTenant(database, scopeB, async (tx) => {
      expect(await tx.select().from(calendarEvents).where(eq(calendarEvents.id, post.id))).toEqual(
        [],
      );
      expect(
        await tx.select().from(platformPosts).where(eq(platformPosts.calendarEventId, post.id)),
      ).toEqual([]);
      expect(
        await tx
          .update(calendarEvents)
          .set({ title: 'Hijacked' })
          .where(eq(calendarEvents.id, post.id))
          .returning(),
      ).toEqual([]);
      expect(
        await tx.delete(calendarEvents).where(eq(calendarEvents.id, post.id)).returning(),
      ).toEqual([]);
    });
    // A delivery of B's naming A's post: the (event, tenant) key refuses it.
    await expect(
      withTenant(database, scopeB, (tx) =>
        tx.insert(platformPosts).values({
          userId: b.userId,
          calendarEventId: post.id,
          connectionId: pageB.id,
          platform: 'facebook',
        }),
      ),
    ).rejects.toThrow();
    // One in A's name: row-level security refuses it.
    await expect(
      withTenant(database, scopeB, (tx) =>
        tx.insert(platformPosts).values({
          userId: a.userId,
          calendarEventId: post.id,
          connectionId: pageA.id,
          platform: 'facebook',
        }),
      ),
    ).rejects.toThrow();
    const read = await a.client.request(`/api/posts/${post.id}`);
    expect(postSchema.parse(read.json.data)).toEqual(post);
  });
});
