import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { simulatedWorld } from '#server/test/meta-simulator.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import { runPublish } from './worker/publish.ts';
import {
  connectAll,
  insertScheduledPost,
  noDispatch,
  postRow,
  publishedCopies,
  type Connected,
} from './publishing.test-helpers.ts';

// After a post goes out, its link is read with one more call. A failure there does not undo
// the publish (the post is out; the link is a convenience), but it is logged, so a post without
// a link can be explained.

let t: TestApp;
let user: SignedInUser;
let page: Connected;

/** The business's own simulated Pages and Instagram accounts (docs/decisions/057). */
const world = () => simulatedWorld(t, user.userId);

beforeAll(async () => {
  t = await getTestApp();
  user = await createSignedInUser(t);
  page = (await connectAll(t, user)).find((a) => a.external_id === world().pageId)!;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a published post whose link cannot be read', () => {
  it('is published without a link, and the reason is logged', async () => {
    const text = `Link test ${crypto.randomUUID()}`;
    const { posts } = await insertScheduledPost(t, user.userId, {
      content: text,
      at: new Date(),
      targets: [{ connection: page }],
    });
    const client = metaRuntime(t.runtime.deps).client;
    const unreadable = new Error('the link read timed out');
    vi.spyOn(client.facebook, 'getPost').mockRejectedValue(unreadable);
    const warn = vi.spyOn(t.runtime.deps.logger, 'warn');

    await runPublish(
      t.runtime.deps,
      { postId: posts[0]!.id, userId: user.userId, version: posts[0]!.version },
      { dispatcher: noDispatch },
    );

    const row = await postRow(t, posts[0]!.id);
    expect(row.status).toBe('published');
    expect(row.externalId).not.toBeNull();
    expect(row.permalink).toBeNull();
    expect(publishedCopies(t, text)).toBe(1);
    const logged = warn.mock.calls.find(
      ([, message]) => message === 'published, but its link could not be read',
    );
    expect(logged?.[0]).toMatchObject({ err: unreadable, postId: posts[0]!.id });
  });
});
