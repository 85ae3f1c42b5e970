import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxItem, ThreadListResponse } from '#shared/contracts/inbox.contract.ts';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { simulatedWorld, simulatorControl, simulatorOf } from '#server/test/meta-simulator.ts';
import { publishedMedia } from '#simulators/meta-graph/inbox.test-helpers.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import { connectAll } from '../publishing/publishing.test-helpers.ts';
import { useRealPlatform } from './inbox.test-helpers.ts';

// The social monitor against the Graph API simulator in process (docs/decisions/091): a
// follower's comment and message come in by webhook, and the reply, the hide and the direct
// message go out through the real inbox client; the simulator's record shows what it received.

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await getTestApp();
  metaRuntime(t.runtime.deps).setSimulatorOutbound(async (url, init) => {
    const u = new URL(url);
    return t.app.request(`${u.pathname}${u.search}`, init);
  });
  // Test files may share the test app: the real client, whatever another file put in its place.
  useRealPlatform(t);
  user = await createSignedInUser(t);
  await connectAll(t, user);
});

const control = (path: string, body?: unknown) => simulatorControl(t, path, body);

/** The list of a tab once `ready` holds (the webhook job runs in the background). */
async function listUntil(
  tab: 'comments' | 'messages',
  ready: (list: ThreadListResponse) => boolean,
): Promise<ThreadListResponse> {
  for (let i = 0; i < 100; i += 1) {
    const res = await user.client.request(`/api/inbox/threads?tab=${tab}`);
    expect(res.status, res.text).toBe(200);
    const list = res.json.data as ThreadListResponse;
    if (ready(list)) return list;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the ${tab} tab never got there`);
}

describe('with the simulator', () => {
  it('a comment comes in, is answered and hidden on the platform', async () => {
    const world = simulatedWorld(t, user.userId);
    const media = publishedMedia(simulatorOf(t).state, world.igAccountId);
    const comment = await control('/inbox/comments', { objectId: media, text: 'Is it vegan?' });
    const list = await listUntil('comments', (l) =>
      l.threads.some((x) => x.preview === 'Is it vegan?'),
    );
    const thread = list.threads.find((x) => x.preview === 'Is it vegan?')!;
    const reply = await user.client.request(`/api/inbox/threads/${thread.id}/replies`, {
      json: { text: 'Yes, all of it', clientRef: crypto.randomUUID() },
    });
    expect(reply.status, reply.text).toBe(201);
    const item = reply.json.data as InboxItem;
    expect(item.externalId.startsWith('pending:')).toBe(false);
    const record = (await control(`/inbox/record/${world.igAccountId}`)) as {
      comments: Array<{ id: string; parentId: string | null; message: string; hidden: boolean }>;
    };
    expect(record.comments.find((c) => c.id === item.externalId)).toMatchObject({
      parentId: comment['id'],
      message: 'Yes, all of it',
    });
    const detail = await user.client.request(`/api/inbox/threads/${thread.id}`);
    const incoming = (detail.json.data as { items: InboxItem[] }).items.find(
      (i) => i.externalId === comment['id'],
    )!;
    const hide = await user.client.request(`/api/inbox/items/${incoming.id}/actions`, {
      json: { action: 'hide' },
    });
    expect(hide.status, hide.text).toBe(200);
    const after = (await control(`/inbox/record/${world.igAccountId}`)) as typeof record;
    expect(after.comments.find((c) => c.id === comment['id'])?.hidden).toBe(true);
  });

  it('a direct message comes in and is answered inside the window, once', async () => {
    const world = simulatedWorld(t, user.userId);
    await control('/inbox/messages', { accountId: world.igAccountId, text: 'Open on Sunday?' });
    const list = await listUntil('messages', (l) =>
      l.threads.some((x) => x.preview === 'Open on Sunday?'),
    );
    const thread = list.threads.find((x) => x.preview === 'Open on Sunday?')!;
    const clientRef = crypto.randomUUID();
    const sent = await user.client.request(`/api/inbox/threads/${thread.id}/messages`, {
      json: { text: 'Yes, 9 to 1', clientRef },
    });
    expect(sent.status, sent.text).toBe(201);
    const item = sent.json.data as InboxItem;
    const record = (await control(`/inbox/record/${world.igAccountId}`)) as {
      messages: Array<{ id: string; text: string }>;
    };
    expect(record.messages.some((m) => m.text === 'Yes, 9 to 1')).toBe(true);
    // The echo of the send comes back by webhook: still one row.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const detail = await user.client.request(`/api/inbox/threads/${thread.id}`);
    const ours = (detail.json.data as { items: InboxItem[] }).items.filter(
      (i) => i.direction === 'out',
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ id: item.id, origin: 'app' });
  });
});
