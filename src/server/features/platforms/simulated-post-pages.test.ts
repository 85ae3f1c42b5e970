import { beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  getTestApp,
  TestClient,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import { addMember } from '#server/test/team.ts';
import { runPublish } from '../publishing/worker/publish.ts';
import {
  connectAll,
  insertMedia,
  insertScheduledPost,
  noDispatch,
  postRow,
  type Connected,
} from '../publishing/publishing.test-helpers.ts';
import { SIMULATOR_BASE_PATH } from './meta-runtime.ts';

// In demo mode "View on Instagram / Facebook" leads to the simulator's page of the post, on the
// app's own origin, which only the business that published it reads (docs/decisions/058).

let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let accounts: Connected[];

beforeAll(async () => {
  t = await getTestApp();
  [owner, other] = await Promise.all([createSignedInUser(t), createSignedInUser(t)]);
  accounts = await connectAll(t, owner);
  // The other business has a simulated world of its own.
  await connectAll(t, other);
});

const appUrl = () => t.runtime.deps.env.appUrl;

/** Publishes `content` with one photo to the business's Instagram account and first Page. */
async function published(content: string) {
  const world = simulatedWorld(t, owner.userId);
  const photo = await insertMedia(t, owner.userId, 'image');
  const { posts } = await insertScheduledPost(t, owner.userId, {
    content,
    at: new Date(Date.now() - 1000),
    targets: [
      { connection: accounts.find((a) => a.external_id === world.igAccountId)!, mediaIds: [photo] },
      { connection: accounts.find((a) => a.external_id === world.pageId)!, mediaIds: [photo] },
    ],
  });
  const links: Record<'instagram' | 'facebook', string> = { instagram: '', facebook: '' };
  for (const post of posts) {
    await runPublish(
      t.runtime.deps,
      { postId: post.id, userId: owner.userId, version: post.version },
      { dispatcher: noDispatch },
    );
    const row = await postRow(t, post.id);
    expect(row.status, row.lastError ?? '').toBe('published');
    links[row.platform] = row.permalink!;
  }
  return { photo, links };
}

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('the permalink of a simulated post', () => {
  it('is the simulator’s page on the app’s origin, not instagram.com or facebook.com', async () => {
    const world = simulatedWorld(t, owner.userId);
    const { links } = await published(`Links ${crypto.randomUUID()}`);
    expect(links.instagram).toMatch(
      new RegExp(`^${appUrl()}${SIMULATOR_BASE_PATH}/instagram/p/[\\w-]+/$`),
    );
    expect(links.facebook).toMatch(
      new RegExp(`^${appUrl()}${SIMULATOR_BASE_PATH}/facebook/${world.pageId}/posts/\\d+$`),
    );
  });

  it('opens the post for everyone signed in to its business, its photo from the library', async () => {
    const content = `<b>Fresh</b> rolls & "buns" ${crypto.randomUUID()} #bakery`;
    const { photo, links } = await published(content);
    const viewer = await addMember(t, owner, 'viewer');
    for (const reader of [owner, viewer]) {
      const ig = await reader.client.request(pathOf(links.instagram));
      expect(ig.status).toBe(200);
      expect(ig.headers.get('content-type')).toMatch(/^text\/html/);
      expect(ig.text).toContain('&#60;b&#62;Fresh&#60;/b&#62; rolls &#38; &#34;buns&#34;');
      expect(ig.text).not.toContain('<b>Fresh</b>');
      expect(ig.text).toContain(`src="/api/media/${photo}/file/original"`);
      expect(ig.text).not.toContain('/api/publishing/media/');
      const fb = await reader.client.request(pathOf(links.facebook));
      expect(fb.status).toBe(200);
      expect(fb.text).toContain('Rosa Bakery');
      expect(fb.text).toContain('&#60;b&#62;Fresh&#60;/b&#62;');
    }
  });

  it('is "not available" to another business and to nobody signed in, as a post that does not exist', async () => {
    const content = `Private ${crypto.randomUUID()}`;
    const { links } = await published(content);
    const missing = await owner.client.request(`${SIMULATOR_BASE_PATH}/instagram/p/nothinghere/`);
    expect(missing.status).toBe(404);
    for (const client of [other.client, new TestClient(t.app)]) {
      for (const link of [links.instagram, links.facebook]) {
        const res = await client.request(pathOf(link));
        expect(res.status).toBe(404);
        expect(res.text).not.toContain(content);
        expect(res.text).not.toContain('Rosa');
      }
      const ig = await client.request(pathOf(links.instagram));
      expect(ig.text).toBe(missing.text);
    }
  });
});
