import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { createUser } from '#server/test/fixtures.ts';
import { refusedByDatabase } from '#server/test/rls.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { userRoles } from '../profile/profile.tables.ts';
import { inboxItems, inboxPendingChanges, inboxSyncStates, inboxThreads } from './inbox.tables.ts';
import {
  connectAccount,
  deliver,
  feed,
  igComment,
  inboxBusiness,
  itemsOf,
  uniqueId,
  type InboxBusiness,
} from './ingest.test-helpers.ts';

// Row-level security of the inbox's ingest tables (db/migrations/0029_inbox_rls.sql,
// docs/decisions/091 "Roles"): another business neither reads nor changes a business's threads,
// items, pending changes and sync states, nor names its account or thread from its own rows; a
// viewer reads them and writes none; staff answer.

let t: TestApp;
let a: InboxBusiness;
let b: InboxBusiness;
let viewerId: string;
let threadId: string;
let itemId: string;

beforeAll(async () => {
  t = await getTestApp();
  a = await inboxBusiness(t);
  b = await inboxBusiness(t);
  const id = uniqueId('179');
  await deliver(
    t,
    igComment(a.ig.externalId, {
      id,
      text: 'A only',
      from: '1',
      media: uniqueId('18'),
      at: new Date(),
    }),
  );
  const postId = `${a.page.externalId}_1`;
  await deliver(
    t,
    feed(a.page.externalId, { verb: 'remove', id: `${postId}_9`, post: postId, at: new Date() }),
  );
  const [item] = await itemsOf(t, a.tenantId);
  threadId = item!.threadId;
  itemId = item!.id;
  viewerId = await createUser(t.runtime.deps.database, { label: 'viewer' });
  await t.runtime.deps.database.unsafeDb
    .insert(userRoles)
    .values({ userId: viewerId, role: 'tenant_staff', tenantId: a.tenantId, staffRole: 'viewer' });
});

const db = () => t.runtime.deps.database;
const ownerOf = (x: InboxBusiness): TenantScope => ({ userId: x.tenantId, tenantId: x.tenantId });
const viewerOfA = (): TenantScope => ({ userId: viewerId, tenantId: a.tenantId });
const staffOfA = (): TenantScope => ({ userId: a.tenant.staffUserId, tenantId: a.tenantId });

async function counts(scope: TenantScope) {
  return withTenant(db(), scope, async (tx) => ({
    threads: (await tx.select().from(inboxThreads).where(eq(inboxThreads.userId, a.tenantId)))
      .length,
    items: (await tx.select().from(inboxItems).where(eq(inboxItems.userId, a.tenantId))).length,
    pending: (
      await tx.select().from(inboxPendingChanges).where(eq(inboxPendingChanges.userId, a.tenantId))
    ).length,
    states: (await tx.select().from(inboxSyncStates).where(eq(inboxSyncStates.userId, a.tenantId)))
      .length,
  }));
}

const refused = (scope: TenantScope, write: Parameters<typeof withTenant>[2]) =>
  refusedByDatabase(db(), scope, write);

describe('another business', () => {
  it('reads none of the rows', async () => {
    expect(await counts(ownerOf(a))).toEqual({ threads: 1, items: 1, pending: 1, states: 2 });
    expect(await counts(ownerOf(b))).toEqual({ threads: 0, items: 0, pending: 0, states: 0 });
  });

  it('changes and deletes none of them', async () => {
    await withTenant(db(), ownerOf(b), async (tx) => {
      expect(
        await tx
          .update(inboxItems)
          .set({ text: 'hacked' })
          .where(eq(inboxItems.id, itemId))
          .returning(),
      ).toEqual([]);
      expect(
        await tx
          .update(inboxThreads)
          .set({ preview: 'hacked' })
          .where(eq(inboxThreads.id, threadId))
          .returning(),
      ).toEqual([]);
      expect(await tx.delete(inboxItems).where(eq(inboxItems.id, itemId)).returning()).toEqual([]);
      expect(
        await tx
          .delete(inboxPendingChanges)
          .where(eq(inboxPendingChanges.userId, a.tenantId))
          .returning(),
      ).toEqual([]);
      expect(
        await tx
          .update(inboxSyncStates)
          .set({ foundByPolling: 99 })
          .where(eq(inboxSyncStates.userId, a.tenantId))
          .returning(),
      ).toEqual([]);
    });
    expect((await itemsOf(t, a.tenantId))[0]!.text).toBe('A only');
  });

  it('cannot write rows in its name, nor name its account or thread from its own rows', async () => {
    const thread = (userId: string, connectionId: string) => ({
      userId,
      connectionId,
      platform: 'instagram' as const,
      kind: 'comment' as const,
      externalKey: uniqueId('k'),
      lastItemAt: new Date(),
    });
    expect(
      await refused(ownerOf(b), (tx) =>
        tx.insert(inboxThreads).values(thread(a.tenantId, a.ig.id)),
      ),
    ).toBe(true);
    expect(
      await refused(ownerOf(b), (tx) =>
        tx.insert(inboxThreads).values(thread(b.tenantId, a.ig.id)),
      ),
    ).toBe(true);
    const item = (userId: string, thread: string) => ({
      userId,
      threadId: thread,
      platform: 'instagram' as const,
      kind: 'comment' as const,
      externalId: uniqueId('x'),
      direction: 'in' as const,
      source: 'webhook' as const,
      sentAt: new Date(),
    });
    expect(
      await refused(ownerOf(b), (tx) => tx.insert(inboxItems).values(item(a.tenantId, threadId))),
    ).toBe(true);
    expect(
      await refused(ownerOf(b), (tx) => tx.insert(inboxItems).values(item(b.tenantId, threadId))),
    ).toBe(true);
    // An account of A with no sync state yet: B cannot start one, in its name or in A's.
    const fresh = await connectAccount(t, a.tenantId, 'instagram', uniqueId('1784'));
    for (const userId of [a.tenantId, b.tenantId]) {
      expect(
        await refused(ownerOf(b), (tx) =>
          tx.insert(inboxSyncStates).values({ connectionId: fresh, userId }),
        ),
      ).toBe(true);
    }
    expect(
      await refused(ownerOf(b), (tx) =>
        tx.insert(inboxPendingChanges).values({
          userId: a.tenantId,
          platform: 'facebook',
          externalId: 'x',
          change: { verb: 'remove' },
          eventAt: new Date(),
        }),
      ),
    ).toBe(true);
    // Its own rows it writes (the same statements in its own name succeed).
    expect(
      await refused(ownerOf(b), (tx) =>
        tx.insert(inboxThreads).values(thread(b.tenantId, b.ig.id)),
      ),
    ).toBe(false);
  });
});

describe('members of the business', () => {
  it('a viewer reads every row and writes none', async () => {
    expect(await counts(viewerOfA())).toEqual(await counts(ownerOf(a)));
    await withTenant(db(), viewerOfA(), async (tx) => {
      expect(
        await tx
          .update(inboxItems)
          .set({ liked: true })
          .where(eq(inboxItems.id, itemId))
          .returning(),
      ).toEqual([]);
      expect(
        await tx
          .update(inboxThreads)
          .set({ unreadCount: 0 })
          .where(eq(inboxThreads.id, threadId))
          .returning(),
      ).toEqual([]);
      expect(
        await tx.delete(inboxThreads).where(eq(inboxThreads.id, threadId)).returning(),
      ).toEqual([]);
      expect(
        await tx
          .update(inboxSyncStates)
          .set({ foundByPolling: 5 })
          .where(eq(inboxSyncStates.userId, a.tenantId))
          .returning(),
      ).toEqual([]);
    });
    expect(
      await refused(viewerOfA(), (tx) =>
        tx.insert(inboxPendingChanges).values({
          userId: a.tenantId,
          platform: 'facebook',
          externalId: 'y',
          change: { verb: 'remove' },
          eventAt: new Date(),
        }),
      ),
    ).toBe(true);
    expect(
      await refused(viewerOfA(), (tx) =>
        tx.insert(inboxItems).values({
          userId: a.tenantId,
          threadId,
          platform: 'instagram',
          kind: 'comment',
          externalId: uniqueId('v'),
          direction: 'out',
          source: 'app',
          sentAt: new Date(),
        }),
      ),
    ).toBe(true);
  });

  it('staff answer: they change the thread and its items', async () => {
    await withTenant(db(), staffOfA(), async (tx) => {
      expect(
        await tx
          .update(inboxThreads)
          .set({ unreadCount: 0 })
          .where(eq(inboxThreads.id, threadId))
          .returning({ id: inboxThreads.id }),
      ).toHaveLength(1);
      expect(
        await tx
          .update(inboxItems)
          .set({ liked: true })
          .where(eq(inboxItems.id, itemId))
          .returning({ id: inboxItems.id }),
      ).toHaveLength(1);
    });
  });
});
