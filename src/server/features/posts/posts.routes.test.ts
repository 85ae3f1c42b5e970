import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Post } from '#shared/contracts/posts.contract.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import { addMember } from '#server/test/team.ts';
import {
  connectAll,
  inHours,
  insertMedia,
  publishedCopies,
  type Connected,
} from '../publishing/publishing.test-helpers.ts';
import {
  publishJobsSentDuring,
  readPost as read,
  savePostRequest as save,
  savedPost as saved,
  type SaveBody as Body,
} from './posts.test-helpers.ts';

// /api/posts through the real app and database, with accounts connected through the Graph API
// simulator and the app's own job workers (docs/decisions/087): a new post for each intent, the
// refusals, which name every field, account and rule with the message of what was asked, and
// who may do what. Changing, moving and deleting a post: posts.edit.routes.test.ts.

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
const tooManyTags = `Hi ${Array.from({ length: 31 }, (_, i) => `#bread${i}`).join(' ')}`;

describe('POST /api/posts', () => {
  it('saves a draft without accounts: the post, no deliveries', async () => {
    const post = await saved(owner, {
      post: { title: 'An idea', content: 'Maybe rye?', scheduled_for: null },
      targets: [],
      intent: 'draft',
    });
    expect(post).toMatchObject({
      user_id: owner.userId,
      title: 'An idea',
      content: 'Maybe rye?',
      type: 'post',
      status: 'draft',
      scheduled_for: null,
      platforms: [],
      deliveries: [],
    });
    expect(await read(owner, post.id)).toEqual(post);
  });

  it('saves a draft whose accounts still break a rule, as drafts in the order chosen', async () => {
    const post = await saved(owner, {
      post: { title: 'Photo to come', content: text('Croissants'), scheduled_for: inHours(30) },
      targets: [{ ...ig([]), first_comment: 'Open 7–3' }, fb()],
      intent: 'draft',
    });
    expect(post.status).toBe('draft');
    expect(post.platforms).toEqual(['facebook', 'instagram']);
    expect(post.deliveries.map((d) => [d.connection_id, d.status, d.first_comment])).toEqual([
      [instagram.id, 'draft', 'Open 7–3'],
      [facebook.id, 'draft', null],
    ]);
  });

  it('schedules a post to two accounts in one request, a job each', async () => {
    const when = inHours(24);
    let post!: Post;
    const sent = await jobsSentDuring(async () => {
      post = await saved(owner, {
        post: { title: 'Sourdough Saturday', content: text('Sourdough'), scheduled_for: when },
        targets: [fb(), ig()],
        intent: 'schedule',
      });
    });
    expect(post).toMatchObject({ status: 'scheduled', scheduled_for: when });
    expect(post.deliveries).toEqual([
      expect.objectContaining({
        connection_id: facebook.id,
        platform: 'facebook',
        account_name: 'Rosa Bakery',
        format: 'post',
        status: 'scheduled',
        scheduled_for: when,
      }),
      expect.objectContaining({
        connection_id: instagram.id,
        platform: 'instagram',
        format: 'post',
        media_ids: [photo],
        status: 'scheduled',
      }),
    ]);
    expect(sent.map((s) => s.postId).sort()).toEqual(post.deliveries.map((d) => d.id).sort());
    expect(sent.every((s) => s.version === 1 && s.at?.toISOString() === when)).toBe(true);
  });

  it('publishes now through the worker, once', async () => {
    const message = text('Open late tonight');
    const post = await saved(owner, {
      post: { title: 'Tonight', content: message },
      targets: [fb()],
      intent: 'publish',
    });
    expect(post.status).toBe('scheduled');
    expect(Date.parse(post.scheduled_for!)).toBeLessThanOrEqual(Date.now());
    await expect
      .poll(() => read(owner, post.id), { timeout: 20_000, interval: 250 })
      .toMatchObject({
        status: 'published',
        deliveries: [{ status: 'published', attempts: 1, last_error: null }],
      });
    expect(publishedCopies(t, message)).toBe(1);
    // Out already: it can be neither saved nor published again.
    const again = await save(
      owner,
      { post: { title: 'Tonight' }, targets: [fb()], intent: 'publish' },
      post.id,
    );
    expectError(again, 409, 'WORKFLOW_STATE_INVALID');
    expect(publishedCopies(t, message)).toBe(1);
  });

  it('refuses with the message of what was asked, every field and account at once', async () => {
    const draft = await save(owner, { post: { title: '  ' }, targets: [], intent: 'draft' });
    expectError(draft, 400, 'VALIDATION_ERROR');
    expect(draft.json.error).toBe('Failed to save draft');
    expect(draft.json.metadata.fieldErrors).toEqual({ title: 'Title is required' });

    const late = await save(owner, {
      post: { title: 'Too late', content: 'x', scheduled_for: inHours(-1) },
      targets: [fb()],
      intent: 'schedule',
    });
    expectError(late, 400, 'VALIDATION_ERROR');
    expect(late.json.error).toBe('Failed to schedule content');
    expect(late.json.metadata.fieldErrors).toEqual({
      scheduled_for: 'Choose a time in the future',
    });

    const rules = await save(owner, {
      post: { title: 'Rules', content: tooManyTags, scheduled_for: inHours(5) },
      targets: [ig([]), fb(), fb()],
      intent: 'schedule',
    });
    expectError(rules, 400, 'VALIDATION_ERROR');
    expect(rules.json.metadata.fieldErrors).toEqual({
      'targets.2.connection_id': 'This account is chosen twice',
    });

    const accounts = await save(owner, {
      post: { title: 'Rules', content: tooManyTags, scheduled_for: inHours(5) },
      targets: [ig([]), fb()],
      intent: 'schedule',
    });
    expectError(accounts, 400, 'VALIDATION_ERROR');
    expect(accounts.json.error).toBe('Failed to schedule content');
    expect(accounts.json.metadata.fieldErrors).toEqual({
      content: '@rosabakery: Too many hashtags: 31 of 30',
      'targets.0.media_ids': '@rosabakery: Instagram needs at least one photo or video',
    });
  });

  it('refuses unknown fields and malformed bodies', async () => {
    const extra = await save(owner, {
      post: { title: 'x', status: 'published' },
      targets: [],
      intent: 'draft',
    });
    expectError(extra, 400, 'VALIDATION_ERROR');
    expect(extra.json.metadata.fieldErrors).toEqual({ status: 'Unknown field' });
    const wrong = await owner.client.request('/api/posts', {
      json: { post: { title: 'x' }, targets: [{ connection_id: 'page' }], intent: 'later' },
    });
    expectError(wrong, 400, 'VALIDATION_ERROR');
    expect(wrong.json.error).toBe('Failed to schedule content');
    expect(Object.keys(wrong.json.metadata.fieldErrors).sort()).toEqual([
      'intent',
      'targets.0.connection_id',
    ]);
  });
});

describe('who may', () => {
  it('answers 401 without a session', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['POST', '/api/posts'],
      ['GET', `/api/posts/${id}`],
      ['PUT', `/api/posts/${id}`],
      ['DELETE', `/api/posts/${id}`],
      ['PATCH', `/api/posts/${id}/schedule`],
    ] as const) {
      const res = await new TestClient(t.app).request(path, {
        method,
        json: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expectError(res, 401, 'UNAUTHORIZED');
    }
  });

  it('lets a viewer read a post but not save, move or delete one (403)', async () => {
    const viewer = await addMember(t, owner, 'viewer');
    const post = await saved(owner, {
      post: { title: 'Team view', content: text('Team') },
      targets: [],
      intent: 'draft',
    });
    expect((await read(viewer, post.id)).id).toBe(post.id);
    const body: Body = { post: { title: 'x' }, targets: [], intent: 'draft' };
    expectError(await save(viewer, body), 403, 'FORBIDDEN');
    expectError(await save(viewer, body, post.id), 403, 'FORBIDDEN');
    expectError(
      await viewer.client.request(`/api/posts/${post.id}/schedule`, {
        method: 'PATCH',
        json: { scheduled_for: inHours(4) },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`/api/posts/${post.id}`, { method: 'DELETE' }),
      403,
      'FORBIDDEN',
    );
  });
});
