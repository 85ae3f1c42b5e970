import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { inboxSyncStates } from './inbox.tables.ts';
import { listSyncStates, requestSync, runSync } from './sync.ts';
import {
  deliver,
  fakePlatform,
  igComment,
  inboxBusiness,
  itemsOf,
  threadsOf,
  uniqueId,
  type FakeAccountData,
  type InboxBusiness,
} from './ingest.test-helpers.ts';

// Backfill and repair by polling (docs/decisions/091): what the poll finds goes through the same
// upsert as webhooks, so what a webhook brought is not stored twice and only what none brought is
// counted; a comment gone from a complete listing is marked removed; an unchanged conversation is
// not read again; a failure is recorded on the account.

let t: TestApp;
let b: InboxBusiness;
let ig: FakeAccountData;
const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
const iso = (s: number) => new Date(T0 + s * 1000).toISOString();

beforeAll(async () => {
  t = await getTestApp();
  b = await inboxBusiness(t);
  ig = fakePlatform(t, b.ig.externalId);
});

const state = async () =>
  (
    await t.runtime.deps.database.unsafeDb
      .select()
      .from(inboxSyncStates)
      .where(eq(inboxSyncStates.connectionId, b.ig.id))
  )[0]!;
const sync = () => runSync(t.runtime.deps, b.tenantId, b.ig.id);

describe('the sync of an account', () => {
  it('stores what no webhook brought, once, and counts only that', async () => {
    const media = uniqueId('18');
    const viaWebhook = uniqueId('179');
    const missed = uniqueId('179');
    const reply = uniqueId('179');
    await deliver(
      t,
      igComment(b.ig.externalId, {
        id: viaWebhook,
        text: 'first',
        from: '1',
        media,
        at: new Date(T0),
      }),
    );
    ig.posts.set(media, [
      {
        id: viaWebhook,
        text: 'first',
        time: iso(0),
        from: { id: '1' },
        parentId: null,
        hidden: false,
      },
      {
        id: missed,
        text: 'missed one',
        time: iso(10),
        from: { id: '2', username: 'two' },
        parentId: null,
        hidden: false,
      },
      {
        id: reply,
        text: 'thanks!',
        time: iso(20),
        from: { id: b.ig.externalId },
        parentId: missed,
        hidden: false,
      },
    ]);
    const person = uniqueId('66');
    ig.conversations.set('c1', {
      updatedTime: iso(40),
      messages: [
        {
          id: uniqueId('mid.'),
          text: 'hello',
          time: iso(30),
          fromId: person,
          toId: b.ig.externalId,
          attachments: [],
        },
        {
          id: uniqueId('mid.'),
          text: 'hi there',
          time: iso(40),
          fromId: b.ig.externalId,
          toId: person,
          attachments: [],
        },
      ],
    });
    expect(await sync()).toEqual({ found: 4, removed: 0, error: null });
    expect(await sync()).toEqual({ found: 0, removed: 0, error: null });
    const items = await itemsOf(t, b.tenantId);
    expect(items.map((i) => [i.externalId, i.source])).toEqual(
      expect.arrayContaining([
        [viaWebhook, 'webhook'],
        [missed, 'poll'],
        [reply, 'poll'],
      ]),
    );
    expect(items).toHaveLength(5);
    const conversation = (await threadsOf(t, b.tenantId)).find((th) => th.kind === 'conversation')!;
    expect(conversation).toMatchObject({
      externalKey: `${b.ig.externalId}:${person}`,
      conversationId: 'c1',
      needsReply: false,
    });
    const s = await state();
    expect(s).toMatchObject({ foundByPolling: 4, lastSyncError: null });
    expect(s.nextSyncAt!.getTime() - s.lastSyncAt!.getTime()).toBe(5 * 60_000);
    expect(s.lastWebhookAt).toBeInstanceOf(Date);
    // The unchanged conversation was read once.
    expect(ig.calls.filter((c) => c === 'messages:c1')).toHaveLength(1);
  });

  it('marks a comment gone from a complete listing removed, and concludes nothing from a partial one', async () => {
    const media = [...ig.posts.keys()][0]!;
    const [kept, gone] = ig.posts.get(media)!;
    ig.partial = true;
    ig.posts.set(media, [kept!]);
    expect((await sync()).removed).toBe(0);
    ig.partial = false;
    expect((await sync()).removed).toBe(2);
    const items = await itemsOf(t, b.tenantId);
    expect(items.find((i) => i.externalId === gone!.id)!.deletedAt).toBeInstanceOf(Date);
    expect(items.find((i) => i.externalId === kept!.id)!.deletedAt).toBeNull();
  });

  it('records a failure on the account and reports it', async () => {
    ig.fail = 'Meta is down';
    expect((await sync()).error).toBe('Meta is down');
    ig.fail = undefined;
    const owner = {
      userId: b.tenantId,
      tenantId: b.tenantId,
      tenantRole: 'owner' as const,
      isAdmin: false,
    };
    const states = await listSyncStates(t.runtime.deps, owner);
    expect(states.find((s) => s.connectionId === b.ig.id)).toMatchObject({
      account: { platform: 'instagram', connectionId: b.ig.id },
      lastSyncError: 'Meta is down',
      foundByPolling: 4,
      syncing: false,
    });
    expect(states.map((s) => s.connectionId)).toEqual(expect.arrayContaining([b.ig.id, b.page.id]));
  });

  it('"Sync now" queues the account and the worker syncs it', async () => {
    const owner = {
      userId: b.tenantId,
      tenantId: b.tenantId,
      tenantRole: 'owner' as const,
      isAdmin: false,
    };
    await requestSync(t.runtime.deps, b.tenantId, b.ig.id);
    const queued = (await listSyncStates(t.runtime.deps, owner)).find(
      (s) => s.connectionId === b.ig.id,
    )!;
    expect(queued.syncing).toBe(true);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const now = (await listSyncStates(t.runtime.deps, owner)).find(
        (s) => s.connectionId === b.ig.id,
      )!;
      if (!now.syncing) {
        expect(now.lastSyncError).toBeNull();
        break;
      }
      if (Date.now() > deadline) throw new Error('the sync job did not run');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
