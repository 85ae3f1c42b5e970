import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postSchema } from '#shared/contracts/posts.contract.ts';
import { accountQuotaSchema, type TargetProblem } from '#shared/contracts/publishing.contract.ts';
import { AppError } from '#shared/errors/index.ts';
import { simulatedWorld, simulatorControl } from '#server/test/meta-simulator.ts';
import {
  TestClient,
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { metaRuntime, SIMULATOR_BASE_PATH } from '../platforms/meta-runtime.ts';
import { platformConnections } from '../platforms/platforms.tables.ts';
import {
  connectAll,
  inHours,
  insertMedia,
  postOf,
  publishedCopies,
  quotasOf,
  saveWithTargets,
  type Connected,
} from './publishing.test-helpers.ts';
import { addMember } from '#server/test/team.ts';
import { savePost } from '../posts/index.ts';
import { expectError } from '#server/test/expect-error.ts';
import { quotaReadingsScope } from './quota.service.ts';

// Publishing through the real app and database, with accounts connected through the Graph API
// simulator and the app's own job workers (docs/decisions/080): choosing a post's accounts
// (PUT /api/posts/{id}) and each rule that refuses one, publishing now, and each account's
// 24-hour quota.

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let accounts: Connected[];
let facebook: Connected;
let instagram: Connected;
let photo: string;

/** The business's own simulated Pages and Instagram accounts (docs/decisions/057). */
const world = () => simulatedWorld(t, owner.userId);

beforeAll(async () => {
  t = await getTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  accounts = await connectAll(t, owner);
  facebook = accounts.find((a) => a.platform === 'facebook' && a.external_id === world().pageId)!;
  instagram = accounts.find((a) => a.external_id === world().igAccountId)!;
  photo = await insertMedia(t, owner.userId, 'image');
});

const sim = () => metaRuntime(t.runtime.deps).simulator!;
/** Where a simulated post's permalink leads in demo mode (docs/decisions/058). */
const simulatorPages = () => `${t.runtime.deps.env.appUrl}${SIMULATOR_BASE_PATH}`;
const restore: Array<() => unknown> = [];
afterEach(async () => {
  for (const undo of restore.splice(0).reverse()) await undo();
});

/**
 * A post in 48 hours: a draft without accounts, or scheduled with one to publish to, as anything
 * scheduled is (docs/decisions/087) — the business's Page, whose text post passes every rule;
 * the tests then replace its accounts.
 */
async function createEvent(
  user: SignedInUser,
  fields: { content?: string; status?: 'draft' | 'scheduled'; type?: string } = {},
) {
  const draft = (fields.status ?? 'scheduled') === 'draft';
  const res = await user.client.request('/api/posts', {
    json: {
      post: {
        title: 'Weekend bake',
        content: fields.content ?? 'Fresh sourdough this Saturday #bakery',
        type: fields.type ?? 'post',
        scheduled_for: inHours(48),
      },
      targets: draft ? [] : [{ connection_id: facebook.id, format: 'post', media_ids: [] }],
      intent: draft ? 'draft' : 'schedule',
    },
  });
  expect(res.status, res.text).toBe(201);
  return postSchema.parse(res.json.data);
}

/** Replaces the post's accounts, keeping what it is (scheduled, or a draft). */
const putTargets = (user: SignedInUser, eventId: string, targets: unknown[]) =>
  saveWithTargets(user, eventId, targets);

/** Publishes the post now to the accounts it has. */
const publishNow = (user: SignedInUser, eventId: string) =>
  saveWithTargets(user, eventId, undefined, { intent: 'publish' });

/**
 * A refusal as the composer sees it (400, "Failed to schedule content", one message per field
 * naming the account), and the rules the service names for it (details.problems, which the
 * envelope does not carry).
 */
async function refusal(eventId: string, list: unknown[]) {
  const res = await putTargets(owner, eventId, list);
  expectError(res, 400, 'VALIDATION_ERROR');
  expect(res.json.error).toBe('Failed to schedule content');
  let problems: TargetProblem[] = [];
  try {
    await savePost(
      {
        deps: t.runtime.deps,
        actor: {
          userId: owner.userId,
          tenantId: owner.userId,
          tenantRole: 'owner',
          isAdmin: false,
        },
      },
      { postId: eventId, post: {}, targets: list as never, intent: 'schedule' },
    );
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    problems = ((error as AppError).record.details?.['problems'] ?? []) as TargetProblem[];
  }
  return {
    fieldErrors: res.json.metadata.fieldErrors as Record<string, string>,
    rules: problems.map((p) => [p.field, p.account, p.rule]),
  };
}

describe('the accounts of a post (PUT /api/posts/{id})', () => {
  it('stores the chosen accounts of a scheduled post, each scheduled with the event', async () => {
    const event = await createEvent(owner);
    const res = await putTargets(owner, event.id, [
      { connection_id: facebook.id, format: 'post', media_ids: [] },
      {
        connection_id: instagram.id,
        format: 'post',
        media_ids: [photo],
        first_comment: 'More at the shop',
      },
    ]);
    expect(res.status, res.text).toBe(200);
    const state = postSchema.parse(res.json.data);
    expect(state).toMatchObject({ id: event.id, status: 'scheduled' });
    const byPlatform = [...state.deliveries].sort((x, y) => x.platform.localeCompare(y.platform));
    expect(byPlatform.map((x) => [x.connection_id, x.platform, x.account_name, x.status])).toEqual([
      [facebook.id, 'facebook', 'Rosa Bakery', 'scheduled'],
      [instagram.id, 'instagram', 'Rosa Bakery', 'scheduled'],
    ]);
    expect(byPlatform[1]).toMatchObject({
      media_ids: [photo],
      first_comment: 'More at the shop',
      scheduled_for: event.scheduled_for,
      attempts: 0,
      last_error: null,
    });

    expect(await postOf(owner, event.id)).toEqual(state);
    // The calendar's platform filter follows the accounts.
    const again = await owner.client.request(`/api/calendar-events/${event.id}`);
    expect(again.json.data.platforms).toEqual(['facebook', 'instagram']);
  });

  it('refuses Instagram without a photo or video', async () => {
    const event = await createEvent(owner);
    const { fieldErrors, rules } = await refusal(event.id, [
      { connection_id: instagram.id, format: 'post', media_ids: [] },
    ]);
    expect(fieldErrors).toEqual({
      'targets.0.media_ids': '@rosabakery: Instagram needs at least one photo or video',
    });
    expect(rules).toEqual([['targets.0.media_ids', '@rosabakery', 'media_required']]);
  });

  it('refuses a caption over Instagram’s 2,200 characters, and not on Facebook', async () => {
    const event = await createEvent(owner, { content: 'a'.repeat(2201) });
    const { fieldErrors, rules } = await refusal(event.id, [
      { connection_id: facebook.id, format: 'post', media_ids: [] },
      { connection_id: instagram.id, format: 'post', media_ids: [photo] },
    ]);
    expect(fieldErrors).toEqual({
      content: '@rosabakery: Too long: 2,201 of 2,200 characters',
    });
    expect(rules).toEqual([['content', '@rosabakery', 'caption_too_long']]);
  });

  it('refuses more than 30 hashtags on Instagram', async () => {
    const tags = Array.from({ length: 31 }, (_, i) => `#bread${i}`).join(' ');
    const event = await createEvent(owner, { content: `Fresh today ${tags}` });
    const { fieldErrors, rules } = await refusal(event.id, [
      { connection_id: instagram.id, format: 'post', media_ids: [photo] },
    ]);
    expect(fieldErrors).toEqual({ content: '@rosabakery: Too many hashtags: 31 of 30' });
    expect(rules).toEqual([['content', '@rosabakery', 'caption_too_many_hashtags']]);
  });

  it('refuses a carousel of one, and a reel without a video', async () => {
    const event = await createEvent(owner);
    const { fieldErrors, rules } = await refusal(event.id, [
      { connection_id: instagram.id, format: 'carousel', media_ids: [photo] },
      { connection_id: facebook.id, format: 'reel', media_ids: [photo] },
    ]);
    expect(fieldErrors).toEqual({
      'targets.0.media_ids': '@rosabakery: A carousel needs between 2 and 10 photos or videos',
      'targets.1.media_ids': 'Rosa Bakery: A reel needs exactly one video',
    });
    expect(rules).toEqual([
      ['targets.0.media_ids', '@rosabakery', 'carousel_items'],
      ['targets.1.media_ids', 'Rosa Bakery', 'reel_video'],
    ]);
    // More than 10 is refused by the input's own shape.
    const many = Array.from({ length: 11 }, () => photo);
    const res = await putTargets(owner, event.id, [
      { connection_id: instagram.id, format: 'carousel', media_ids: many },
    ]);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(Object.keys(res.json.metadata.fieldErrors)).toEqual(['targets.0.media_ids']);
  });

  it('takes an Instagram story of one file without the text’s limits; refuses a Page story and a first comment', async () => {
    const event = await createEvent(owner, { content: 'a'.repeat(2201) });
    const tall = await insertMedia(t, owner.userId, 'image', { width: 1080, height: 1920 });
    const res = await putTargets(owner, event.id, [
      { connection_id: instagram.id, format: 'story', media_ids: [tall] },
    ]);
    expect(res.status, res.text).toBe(200);
    expect(postSchema.parse(res.json.data).deliveries).toEqual([
      expect.objectContaining({ platform: 'instagram', format: 'story', media_ids: [tall] }),
    ]);

    const { fieldErrors, rules } = await refusal(event.id, [
      { connection_id: facebook.id, format: 'story', media_ids: [photo] },
      {
        connection_id: instagram.id,
        format: 'story',
        media_ids: [tall],
        first_comment: 'Swipe up',
      },
    ]);
    expect(fieldErrors).toEqual({
      'targets.0.format':
        'Rosa Bakery: Stories are published to Instagram accounts only: choose Post for this Page',
      'targets.1.first_comment':
        '@rosabakery: A story takes no comments: leave the first comment empty',
    });
    expect(rules).toEqual([
      ['targets.0.format', 'Rosa Bakery', 'story_instagram_only'],
      ['targets.1.first_comment', '@rosabakery', 'story_first_comment'],
    ]);
  });

  it('refuses an account that is not connected, including another business’s', async () => {
    const theirs = await connectAll(t, other);
    const event = await createEvent(owner);
    const { fieldErrors, rules } = await refusal(event.id, [
      { connection_id: crypto.randomUUID(), format: 'post', media_ids: [] },
      { connection_id: theirs[0]!.id, format: 'post', media_ids: [] },
    ]);
    const message = 'This account is not connected. Connect it on the Platforms page first';
    expect(fieldErrors).toEqual({
      'targets.0.connection_id': message,
      'targets.1.connection_id': message,
    });
    expect(rules).toEqual([
      ['targets.0.connection_id', null, 'account_connected'],
      ['targets.1.connection_id', null, 'account_connected'],
    ]);
  });

  it('refuses the same account twice', async () => {
    const event = await createEvent(owner);
    const res = await putTargets(owner, event.id, [
      { connection_id: facebook.id, format: 'post', media_ids: [] },
      { connection_id: facebook.id, format: 'post', media_ids: [photo] },
    ]);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({
      'targets.1.connection_id': 'This account is chosen twice',
    });
  });

  it('refuses an Instagram account whose 24-hour publishing limit is used up', async () => {
    const quota = await owner.client.request('/api/publishing/quota');
    const before = accountQuotaSchema
      .array()
      .parse(quota.json.data)
      .find((q) => q.connection_id === instagram.id)!;
    const config = sim().state.config;
    const total = config.quotaTotal;
    restore.push(() => (config.quotaTotal = total));
    // The platform now allows exactly what was already published today.
    config.quotaTotal = before.used!;

    const event = await createEvent(owner);
    const { fieldErrors, rules } = await refusal(event.id, [
      { connection_id: instagram.id, format: 'post', media_ids: [photo] },
    ]);
    expect(fieldErrors).toEqual({
      'targets.0.connection_id':
        '@rosabakery: This account has reached its 24-hour publishing limit',
    });
    expect(rules).toEqual([['targets.0.connection_id', '@rosabakery', 'publishing_limit']]);
  });

  it('refuses targets on a note', async () => {
    const note = await createEvent(owner, { status: 'draft', type: 'note' });
    const res = await putTargets(owner, note.id, [
      { connection_id: facebook.id, format: 'post', media_ids: [] },
    ]);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors).toEqual({ type: 'A note is never published' });
  });

  it('finds nothing of another business: 404 for its post', async () => {
    const event = await createEvent(owner);
    expectError(await other.client.request(`/api/posts/${event.id}`), 404, 'NOT_FOUND');
    expectError(await putTargets(other, event.id, []), 404, 'NOT_FOUND');
    expectError(await publishNow(other, event.id), 404, 'NOT_FOUND');
    expectError(await owner.client.request(`/api/posts/${crypto.randomUUID()}`), 404, 'NOT_FOUND');
  });

  it('lets a viewer read the accounts but not change or publish them (403)', async () => {
    const viewer = await addMember(t, owner, 'viewer');
    const event = await createEvent(owner);
    const read = await viewer.client.request(`/api/posts/${event.id}`);
    expect(read.status, read.text).toBe(200);
    expect(postSchema.parse(read.json.data).deliveries).toHaveLength(1);
    expectError(
      await putTargets(viewer, event.id, [
        { connection_id: facebook.id, format: 'post', media_ids: [] },
      ]),
      403,
      'FORBIDDEN',
    );
    expectError(await publishNow(viewer, event.id), 403, 'FORBIDDEN');
  });

  it('refuses unknown fields and malformed input (400)', async () => {
    const event = await createEvent(owner);
    const extra = await saveWithTargets(owner, event.id, [], { extra: { publish: true } });
    expectError(extra, 400, 'VALIDATION_ERROR');
    expect(extra.json.metadata.fieldErrors).toEqual({ publish: 'Unknown field' });

    const wrong = await putTargets(owner, event.id, [
      { connection_id: 'page-1', format: 'album', media_ids: ['x'] },
    ]);
    expectError(wrong, 400, 'VALIDATION_ERROR');
    expect(Object.keys(wrong.json.metadata.fieldErrors).sort()).toEqual([
      'targets.0.connection_id',
      'targets.0.format',
      'targets.0.media_ids.0',
    ]);

    const malformed = await owner.client.request(`/api/posts/${event.id}`, {
      method: 'PUT',
      body: '{"targets": [',
      headers: { 'content-type': 'application/json' },
    });
    expectError(malformed, 400, 'VALIDATION_ERROR');

    const badId = await owner.client.request('/api/posts/not-an-id');
    expectError(badId, 400, 'VALIDATION_ERROR');

    const signedOut = await new TestClient(t.app).request(`/api/posts/${event.id}`);
    expectError(signedOut, 401, 'UNAUTHORIZED');
  });
});

describe('publishing now (PUT /api/posts/{id}, intent publish)', () => {
  it('publishes through the worker once, then refuses to publish again', async () => {
    const text = `Open late tonight ${crypto.randomUUID()}`;
    const event = await createEvent(owner, { content: text, status: 'draft' });
    const chosen = await putTargets(owner, event.id, [
      { connection_id: facebook.id, format: 'post', media_ids: [] },
    ]);
    expect(chosen.status, chosen.text).toBe(200);

    const res = await publishNow(owner, event.id);
    expect(res.status, res.text).toBe(200);
    const state = postSchema.parse(res.json.data);
    expect(state.status).toBe('scheduled');
    expect(Date.parse(state.scheduled_for!)).toBeLessThanOrEqual(Date.now());
    expect(state.deliveries.map((x) => x.status)).toEqual(['scheduled']);

    // The app's own pg-boss worker takes the job.
    await expect
      .poll(() => postOf(owner, event.id), { timeout: 20_000, interval: 250 })
      .toMatchObject({
        status: 'published',
        deliveries: [
          {
            status: 'published',
            attempts: 1,
            last_error: null,
            external_id: expect.stringMatching(new RegExp(`^${world().pageId}_\\d+$`)),
            permalink: expect.stringMatching(
              new RegExp(`^${simulatorPages()}/facebook/${world().pageId}/posts/`),
            ),
          },
        ],
      });
    expect(publishedCopies(t, text)).toBe(1);

    const again = await publishNow(owner, event.id);
    expectError(again, 409, 'WORKFLOW_STATE_INVALID');
    const changed = await putTargets(owner, event.id, []);
    expectError(changed, 409, 'WORKFLOW_STATE_INVALID');
    expect(publishedCopies(t, text)).toBe(1);
  });

  it('publishes an Instagram story through the worker once, to the stories edge and without the text', async () => {
    const text = `Story text ${crypto.randomUUID()}`;
    const tall = await insertMedia(t, owner.userId, 'image', { width: 1080, height: 1920 });
    const event = await createEvent(owner, { content: text, status: 'draft' });
    const chosen = await putTargets(owner, event.id, [
      { connection_id: instagram.id, format: 'story', media_ids: [tall] },
    ]);
    expect(chosen.status, chosen.text).toBe(200);
    const res = await publishNow(owner, event.id);
    expect(res.status, res.text).toBe(200);

    await expect
      .poll(() => postOf(owner, event.id), { timeout: 20_000, interval: 250 })
      .toMatchObject({
        status: 'published',
        deliveries: [
          {
            format: 'story',
            status: 'published',
            attempts: 1,
            last_error: null,
            permalink: expect.stringMatching(
              new RegExp(`^${simulatorPages()}/instagram/stories/rosabakery/\\d+/$`),
            ),
          },
        ],
      });
    const stories = [...sim().state.media.values()].filter(
      (m) => m.productType === 'STORY' && m.mediaUrl?.includes(`/${tall}.`),
    );
    expect(stories).toEqual([expect.objectContaining({ mediaType: 'IMAGE', caption: null })]);
    // The text stays on the calendar; nothing was published with it.
    expect(publishedCopies(t, text)).toBe(0);
    const again = await owner.client.request(`/api/calendar-events/${event.id}`);
    expect(again.json.data.content).toBe(text);
  });

  it('refuses a post without any account', async () => {
    const event = await createEvent(owner, { status: 'draft' });
    const res = await publishNow(owner, event.id);
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.error).toBe('Failed to schedule content');
    expect(res.json.metadata.fieldErrors).toEqual({
      targets: 'Choose at least one account to publish to',
    });
    const after = await owner.client.request(`/api/calendar-events/${event.id}`);
    expect(after.json.data.status).toBe('draft');
  });
});

describe('GET /api/publishing/quota', () => {
  it('reads Instagram’s quota from the platform; Facebook Pages have none', async () => {
    const list = await quotasOf(owner);
    expect(list.map((q) => q.connection_id).sort()).toEqual(accounts.map((a) => a.id).sort());
    const ig = list.find((q) => q.connection_id === instagram.id)!;
    const used = (sim().state.publishes.get(world().igAccountId) ?? []).filter(
      (at) => at > Date.now() + sim().state.clockOffsetMs - 86_400_000,
    ).length;
    expect(ig).toMatchObject({
      platform: 'instagram',
      account_name: '@rosabakery',
      source: 'platform',
      used,
      total: sim().state.config.quotaTotal,
      remaining: sim().state.config.quotaTotal - used,
      reason: null,
    });
    expect(list.find((q) => q.connection_id === facebook.id)).toMatchObject({
      platform: 'facebook',
      account_name: 'Rosa Bakery',
      source: 'not_limited',
      remaining: null,
      used: null,
      total: null,
      reason: null,
    });
  });

  it('says why a quota cannot be read: access ended, or the token expired at the platform', async () => {
    const login = accounts.find((a) => a.external_id === world().igLoginAccountId)!;
    const db = t.runtime.deps.database.unsafeDb;
    await db
      .update(platformConnections)
      .set({ health: 'expired' })
      .where(eq(platformConnections.id, instagram.id));
    restore.push(() =>
      db
        .update(platformConnections)
        .set({ health: 'healthy' })
        .where(eq(platformConnections.id, instagram.id)),
    );
    const expireAtPlatform = await simulatorControl(t, '/tokens', {
      subjectId: world().igLoginAccountId,
      action: 'expire',
    });
    expect(expireAtPlatform.updated).toBeGreaterThan(0);
    restore.push(() =>
      simulatorControl(t, '/tokens', {
        subjectId: world().igLoginAccountId,
        action: 'expire_in',
        seconds: 60 * 86_400,
      }),
    );

    // The readings of the test before are kept a minute (decision 082): ask the platform again.
    t.runtime.deps.cache.dropLocal(quotaReadingsScope(owner.userId));
    const list = await quotasOf(owner);
    expect(list.find((q) => q.connection_id === instagram.id)).toMatchObject({
      source: 'unavailable',
      remaining: null,
      reason: 'The access to this account has ended. Reconnect it on the Platforms page',
    });
    expect(list.find((q) => q.connection_id === login.id)).toMatchObject({
      source: 'unavailable',
      remaining: null,
      reason: 'Platform token error. Please reconnect your account.',
    });
  });

  it('lists only the business’s own accounts', async () => {
    const stranger = await createSignedInUser(t);
    expect(await quotasOf(stranger)).toEqual([]);
    const theirs = await connectAll(t, stranger);
    const list = await quotasOf(stranger);
    expect(list.map((q) => q.connection_id).sort()).toEqual(theirs.map((a) => a.id).sort());
    expect(list.some((q) => accounts.some((a) => a.id === q.connection_id))).toBe(false);
    expectError(await new TestClient(t.app).request('/api/publishing/quota'), 401, 'UNAUTHORIZED');
  });
});
