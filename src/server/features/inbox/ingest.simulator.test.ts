import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  getTestApp,
  type SignedInUser,
  type TestApp,
} from '#server/test/app.ts';
import { simulatedWorld, simulatorOf } from '#server/test/meta-simulator.ts';
import { publishedMedia, publishedPost } from '#simulators/meta-graph/inbox.test-helpers.ts';
import { metaRuntime } from '../platforms/meta-runtime.ts';
import { connectAll, type Connected } from '../publishing/publishing.test-helpers.ts';
import { itemsOf } from './ingest.test-helpers.ts';
import { graphSources, inboxSource } from './sync-source.ts';
import { runSync } from './sync.ts';

// The inbox against the Graph API simulator (docs/decisions/091): a business connects its
// accounts through the real OAuth flow; followers comment and write through the simulator's
// control API, the simulator sends the webhooks to the app (some dropped, some twice, out of
// order), the app's workers store them, and a sync through the real Graph client repairs the
// rest. The inbox then holds exactly the simulator's own record of each account.

let t: TestApp;
let user: SignedInUser;
let accounts: Connected[];

beforeAll(async () => {
  t = await getTestApp();
  metaRuntime(t.runtime.deps).setSimulatorOutbound(async (url, init) => {
    const u = new URL(url);
    return t.app.request(`${u.pathname}${u.search}`, init);
  });
  // The real Graph client (another test may have put a stand-in in its place).
  inboxSource.replace(t.runtime.deps, graphSources(t.runtime.deps));
  user = await createSignedInUser(t);
  accounts = await connectAll(t, user);
});
afterAll(() => simulatorOf(t).inbox.webhooks.clearFaults());

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the inbox and the simulated platform', () => {
  it('equals the simulator’s record after faulty webhooks and a sync', async () => {
    const sim = simulatorOf(t);
    const world = simulatedWorld(t, user.userId);
    const ig = accounts.find((a) => a.external_id === world.igAccountId)!;
    const page = accounts.find((a) => a.external_id === world.pageId)!;
    const media = publishedMedia(sim.state, world.igAccountId);
    const post = publishedPost(sim.state, world.pageId);
    const { followers, webhooks } = sim.inbox;
    webhooks.setFaults({ seed: 7, duplicateRate: 0.3, dropRate: 0.3, reorder: 4, batch: 3 });
    const tops = [];
    const pageComments = [];
    for (let i = 0; i < 8; i += 1) {
      tops.push(followers.comment({ objectId: media, text: `Comment ${i} ❤️` }));
      pageComments.push(followers.comment({ objectId: post, text: `Page comment ${i}` }));
    }
    followers.comment({ objectId: media, text: 'A reply', parentId: tops[0]!.id });
    followers.editComment(pageComments[1]!.id, 'Page comment 1, edited');
    followers.editComment(pageComments[2]!.id, 'Page comment 2, edited once');
    followers.editComment(pageComments[2]!.id, 'Page comment 2, edited twice');
    followers.removeComment(pageComments[3]!.id);
    followers.removeComment(tops[5]!.id);
    const dms = [];
    for (let i = 0; i < 4; i += 1) {
      dms.push(followers.message({ accountId: world.igAccountId, text: `DM ${i}` }));
      followers.message({ accountId: world.pageId, text: `Messenger ${i}` });
    }
    // Unsent in a conversation that keeps other messages: a conversation whose every message
    // was unsent is no longer listed, so only its webhook can tell (the poll cannot).
    const again = followers.message({
      accountId: world.igAccountId,
      text: 'Sorry, wrong chat',
      from: { id: dms[0]!.fromId },
    });
    followers.message({
      accountId: world.igAccountId,
      text: 'Anyway',
      from: { id: dms[0]!.fromId },
    });
    followers.unsend(again.id);
    await webhooks.flush();
    // The simulated app's hour starts from no calls: the analytics sync of these same accounts,
    // running in the background, spends the same allowance.
    sim.state.calls.length = 0;
    for (const connection of [ig, page]) {
      const report = await runSync(t.runtime.deps, user.userId, connection.id);
      expect(report.error).toBeNull();
    }
    const record = [followers.record(world.igAccountId), followers.record(world.pageId)];
    const expected = new Set(
      record.flatMap((r) => [
        ...r.comments.filter((c) => c.deletedAt === null).map((c) => c.id),
        ...r.messages.filter((m) => m.deletedAt === null).map((m) => m.id),
      ]),
    );
    await until(async () => {
      const ids = (await itemsOf(t, user.userId)).map((i) => i.externalId);
      return [...expected].every((id) => ids.includes(id));
    });
    const items = await itemsOf(t, user.userId);
    const ids = items.map((i) => i.externalId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...expected].filter((id) => !ids.includes(id))).toEqual([]);
    // Removed and unsent ones may have been seen before they went: then they show as removed.
    const gone = new Set(
      record.flatMap((r) => [
        ...r.comments.filter((c) => c.deletedAt !== null).map((c) => c.id),
        ...r.messages.filter((m) => m.deletedAt !== null).map((m) => m.id),
      ]),
    );
    expect(ids.filter((id) => !expected.has(id) && !gone.has(id))).toEqual([]);
    expect(items.filter((i) => gone.has(i.externalId) && !i.deletedAt)).toEqual([]);
    const texts = new Map(record.flatMap((r) => r.comments.map((c) => [c.id, c.message])));
    for (const item of items.filter((i) => i.kind === 'comment' && !i.deletedAt)) {
      expect(item.text).toBe(texts.get(item.externalId));
    }
  });
});
