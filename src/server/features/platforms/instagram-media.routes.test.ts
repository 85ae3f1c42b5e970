import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { instagramMediaPageSchema } from '#shared/contracts/platforms.contract.ts';
import { FAULTS } from '#simulators/meta-graph/faults.ts';
import {
  createSignedInUser,
  getTestApp,
  TestClient,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { simulatedWorld, simulatorOf } from '#server/test/meta-simulator.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { mediaItems } from '../media/media.tables.ts';
import { runPublish } from '../publishing/worker/publish.ts';
import {
  connectAll,
  insertMedia,
  insertScheduledPost,
  noDispatch,
  postRow,
  type Connected,
} from '../publishing/publishing.test-helpers.ts';
import { instagramMediaScope } from './instagram-media.ts';

// GET /api/platforms/connections/{id}/media: an Instagram account's published media read from
// the platform for the calendar's profile grid (docs/decisions/078), against the simulator of demo
// mode; addresses the app handed to the platform come back as the library's own (decision 058).

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let accounts: Connected[];
let othersAccounts: Connected[];

beforeAll(async () => {
  t = await getTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  accounts = await connectAll(t, owner);
  othersAccounts = await connectAll(t, other);
});

const instagram = (list: Connected[], externalId: string) =>
  list.find((a) => a.external_id === externalId)!;
const mediaPath = (id: string, query = '') => `/api/platforms/connections/${id}/media${query}`;

/** Publishes one post to the account through the worker; its delivery's external id. */
async function publish(account: Connected, input: { mediaIds: string[]; format?: 'reel' }) {
  const { posts } = await insertScheduledPost(t, owner.userId, {
    content: `Grid ${crypto.randomUUID()}`,
    at: new Date(Date.now() - 1000),
    targets: [{ connection: account, mediaIds: input.mediaIds, format: input.format ?? 'feed' }],
  });
  const post = posts[0]!;
  await runPublish(
    t.runtime.deps,
    { postId: post.id, userId: owner.userId, version: post.version },
    { dispatcher: noDispatch },
  );
  const row = await postRow(t, post.id);
  expect(row.status, row.lastError ?? '').toBe('published');
  return row;
}

describe('an Instagram account’s published media', () => {
  it('lists the photo, carousel and reel newest first, drawn from the library, for every role', async () => {
    const world = simulatedWorld(t, owner.userId);
    const account = instagram(accounts, world.igAccountId);
    const photo = await insertMedia(t, owner.userId, 'image');
    // The library's small copy is drawn when the item has one.
    await t.runtime.deps.database.unsafeDb
      .update(mediaItems)
      .set({ thumbnailKey: `test/${photo}-thumbnail` })
      .where(eq(mediaItems.id, photo));
    const first = await insertMedia(t, owner.userId, 'image');
    const second = await insertMedia(t, owner.userId, 'image');
    const clip = await insertMedia(t, owner.userId, 'video', { width: 1080, height: 1920 });
    const single = await publish(account, { mediaIds: [photo] });
    const album = await publish(account, { mediaIds: [first, second] });
    // The reel is ready at once, so the worker publishes it in one run.
    const config = simulatorOf(t).state.config;
    const processing = config.videoProcessingSeconds;
    config.videoProcessingSeconds = 0;
    const reel = await publish(account, { mediaIds: [clip], format: 'reel' }).finally(() => {
      config.videoProcessingSeconds = processing;
    });

    const viewer = await addMember(t, owner, 'viewer');
    for (const reader of [owner, viewer]) {
      const res = await reader.client.request(mediaPath(account.id));
      expect(res.status, res.text).toBe(200);
      const page = instagramMediaPageSchema.parse(res.json.data);
      expect(page.items.map((m) => m.id)).toEqual([
        reel.externalId,
        album.externalId,
        single.externalId,
      ]);
      const [video, carousel, image] = page.items;
      expect(image).toMatchObject({
        media_type: 'IMAGE',
        media_url: `/api/media/${photo}/file/thumbnail`,
        permalink: single.permalink,
        caption: expect.stringMatching(/^Grid /),
      });
      expect(carousel).toMatchObject({
        media_type: 'CAROUSEL_ALBUM',
        media_url: `/api/media/${first}/file/original`,
        thumbnail_url: null,
      });
      // A library video without a poster frame: the platform's own thumbnail.
      expect(video).toMatchObject({ media_type: 'VIDEO', media_product_type: 'REELS' });
      expect(video!.media_url).toBeNull();
      expect(video!.thumbnail_url).toMatch(/\/simulator\/meta\/cdn\/media-thumbnail\/\d+\.svg$/);
      expect(new Date(image!.timestamp!).toISOString()).toBe(image!.timestamp);
      expect(page.next_cursor).toBeNull();
      // The capability addresses Meta was sent never reach the browser.
      expect(res.text).not.toContain('/api/publishing/media/');
    }
  });

  it('pages with the platform’s cursor and reuses a page for a minute', async () => {
    const world = simulatedWorld(t, owner.userId);
    const account = instagram(accounts, world.igLoginAccountId);
    const photo = await insertMedia(t, owner.userId, 'image');
    const published = [];
    for (let i = 0; i < 26; i += 1) published.push(await publish(account, { mediaIds: [photo] }));
    t.runtime.deps.cache.dropLocal(instagramMediaScope(owner.userId));
    const first = await owner.client.request(mediaPath(account.id));
    expect(first.status, first.text).toBe(200);
    expect(first.json.data.items).toHaveLength(24);
    expect(first.json.data.items[0].id).toBe(published.at(-1)!.externalId);
    const cursor = first.json.data.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const rest = await owner.client.request(mediaPath(account.id, `?after=${cursor}`));
    expect(rest.status, rest.text).toBe(200);
    expect(rest.json.data.items.map((m: { id: string }) => m.id)).toEqual([
      published[1]!.externalId,
      published[0]!.externalId,
    ]);
    expect(rest.json.data.next_cursor).toBeNull();

    // Within the minute the platform is not asked again: a fault set now is not met.
    simulatorOf(t).state.faults.push({
      id: 'grid-cached',
      error: FAULTS.ig_account_restricted,
      method: 'GET',
      path: '/media',
      remaining: 1,
    });
    const again = await owner.client.request(mediaPath(account.id));
    expect(again.status).toBe(200);
    expect(again.json.data.items[0].id).toBe(published.at(-1)!.externalId);
    simulatorOf(t).state.faults = simulatorOf(t).state.faults.filter((f) => f.id !== 'grid-cached');
  });

  it('answers the catalogue’s texts when the platform refuses', async () => {
    const world = simulatedWorld(t, owner.userId);
    const account = instagram(accounts, world.igAccountId);
    const cases = [
      {
        fault: FAULTS.ig_account_restricted,
        status: 502,
        code: 'INSTAGRAM_MEDIA_ERROR',
        message: 'Failed to load your Instagram posts. Please try again.',
      },
      {
        fault: FAULTS.token_expired,
        status: 502,
        code: 'PLATFORM_TOKEN_ERROR',
        message: 'Platform token error. Please reconnect your account.',
      },
    ];
    for (const c of cases) {
      t.runtime.deps.cache.dropLocal(instagramMediaScope(owner.userId));
      simulatorOf(t).state.faults.push({
        id: `grid-${c.code}`,
        error: c.fault,
        method: 'GET',
        path: '/media',
        remaining: 1,
      });
      const res = await owner.client.request(mediaPath(account.id));
      expectError(res, c.status, c.code);
      expect(res.json.error).toBe(c.message);
    }
  });

  it('refuses a cursor that is not one, keeping it out of the platform call', async () => {
    const world = simulatedWorld(t, owner.userId);
    const account = instagram(accounts, world.igAccountId);
    const res = await owner.client.request(mediaPath(account.id, '?after=%3Cscript%3E'));
    expectError(res, 400, 'VALIDATION_ERROR');
    expect(res.json.metadata.fieldErrors.after).toBe(
      'That page of posts cannot be read. Start from the newest.',
    );
    const junk = await owner.client.request(mediaPath('not-an-id'));
    expect(junk.status).toBe(400);
  });

  it('is not found for another business’s account, a Facebook Page; nobody signed in is refused', async () => {
    const theirs = instagram(othersAccounts, simulatedWorld(t, other.userId).igAccountId);
    const res = await owner.client.request(mediaPath(theirs.id));
    expectError(res, 404, 'NOT_FOUND');
    expect(res.text).not.toContain(theirs.external_id);
    const page = accounts.find((a) => a.platform === 'facebook')!;
    expect((await owner.client.request(mediaPath(page.id))).status).toBe(404);
    expect((await owner.client.request(mediaPath(crypto.randomUUID()))).status).toBe(404);
    const visitor = await new TestClient(t.app).request(mediaPath(theirs.id));
    expectError(visitor, 401, 'UNAUTHORIZED');
    // Their own account reads fine.
    expect((await other.client.request(mediaPath(theirs.id))).status).toBe(200);
  });
});
