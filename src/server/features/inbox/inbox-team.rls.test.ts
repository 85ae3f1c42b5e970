import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTenant, type TenantScope } from '#server/platform/db/tenant.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { addMember } from '#server/test/team.ts';
import {
  inboxModerationActions,
  inboxModerationRules,
  inboxNotes,
  inboxNotifications,
  inboxSavedReplies,
  inboxThreads,
} from './inbox.tables.ts';
import { inboxOwner, seedThread, type InboxOwner, type Seeded } from './inbox.test-helpers.ts';

// Row-level security of the team's inbox tables (db/migrations/0029_inbox_rls.sql,
// docs/decisions/091 "Roles"), in the database itself: another business neither reads nor
// writes a business's threads, notes, saved replies, moderation rules and audit, nor
// notifications; a viewer reads and writes nothing; staff write notes but not saved replies or
// moderation rules; owner and manager write those.

let t: TestApp;
let a: InboxOwner;
let b: InboxOwner;
let seeded: Seeded;
let viewer: TenantScope;
let staff: TenantScope;
let manager: TenantScope;
let ruleId: string;
let savedId: string;

const scopeOf = (owner: InboxOwner): TenantScope => ({
  userId: owner.tenantId,
  tenantId: owner.tenantId,
});
const as = <T>(scope: TenantScope, fn: Parameters<typeof withTenant<T>>[2]) =>
  withTenant(t.runtime.deps.database, scope, fn);

/** The statement is refused by row-level security (a policy violation). */
async function refused(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').not.toBeNull();
  const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? '')}`;
  expect(text).toMatch(/row-level security|permission denied/i);
}

beforeAll(async () => {
  t = await getTestApp();
  a = await inboxOwner(t);
  b = await inboxOwner(t);
  seeded = await seedThread(t, a.tenantId, a.ig, {
    items: [{ direction: 'in', text: 'secret', minutesAgo: 5 }],
  });
  const member = async (role: 'viewer' | 'staff' | 'manager') => ({
    userId: (await addMember(t, a.user, role)).userId,
    tenantId: a.tenantId,
  });
  viewer = await member('viewer');
  staff = await member('staff');
  manager = await member('manager');
  const db = t.runtime.deps.database.unsafeDb;
  await db.insert(inboxNotes).values({
    userId: a.tenantId,
    threadId: seeded.threadId,
    authorUserId: a.tenantId,
    body: 'internal',
  });
  [{ id: ruleId }] = (await db
    .insert(inboxModerationRules)
    .values({
      userId: a.tenantId,
      connectionId: a.ig.id,
      name: 'r',
      keywords: ['x'],
      action: 'flag',
    })
    .returning({ id: inboxModerationRules.id })) as [{ id: string }];
  [{ id: savedId }] = (await db
    .insert(inboxSavedReplies)
    .values({ userId: a.tenantId, title: 'Hi', body: 'Hi {first_name}' })
    .returning({ id: inboxSavedReplies.id })) as [{ id: string }];
  await db.insert(inboxModerationActions).values({
    userId: a.tenantId,
    itemId: seeded.itemIds[0]!,
    ruleName: 'r',
    action: 'flag',
    matched: 'x',
    status: 'applied',
  });
  await db.insert(inboxNotifications).values({
    userId: a.tenantId,
    recipientUserId: staff.userId,
    threadId: seeded.threadId,
    kind: 'assigned',
    body: 'You were assigned a comment',
  });
});

describe('another business', () => {
  it('reads none of the team tables', async () => {
    const seen = await as(scopeOf(b), async (tx) => ({
      threads: await tx.select().from(inboxThreads).where(eq(inboxThreads.userId, a.tenantId)),
      notes: await tx.select().from(inboxNotes),
      saved: await tx.select().from(inboxSavedReplies),
      rules: await tx.select().from(inboxModerationRules),
      actions: await tx.select().from(inboxModerationActions),
      notifications: await tx.select().from(inboxNotifications),
    }));
    expect(seen).toEqual({
      threads: [],
      notes: [],
      saved: [],
      rules: [],
      actions: [],
      notifications: [],
    });
  });

  it("writes none of them, in its own name or naming this business's rows", async () => {
    await refused(
      as(scopeOf(b), (tx) =>
        tx.insert(inboxNotes).values({ userId: a.tenantId, threadId: seeded.threadId, body: 'x' }),
      ),
    );
    // Its own business id on a note of this business's thread: the (thread, business) key refuses.
    const ownName = await as(scopeOf(b), (tx) =>
      tx
        .insert(inboxNotes)
        .values({ userId: b.tenantId, threadId: seeded.threadId, body: 'x' })
        .then(
          () => 'written',
          () => 'refused',
        ),
    ).catch(() => 'refused');
    expect(ownName).toBe('refused');
    await refused(
      as(scopeOf(b), (tx) =>
        tx.insert(inboxSavedReplies).values({ userId: a.tenantId, title: 'x', body: 'y' }),
      ),
    );
    const changed = await as(scopeOf(b), async (tx) => [
      ...(await tx
        .update(inboxSavedReplies)
        .set({ body: 'taken' })
        .where(eq(inboxSavedReplies.id, savedId))
        .returning()),
      ...(await tx
        .update(inboxModerationRules)
        .set({ enabled: false })
        .where(eq(inboxModerationRules.id, ruleId))
        .returning()),
      ...(await tx
        .update(inboxThreads)
        .set({ status: 'done' })
        .where(eq(inboxThreads.id, seeded.threadId))
        .returning()),
    ]);
    expect(changed).toEqual([]);
  });
});

describe('roles', () => {
  it('a viewer reads everything and writes nothing', async () => {
    const notes = await as(viewer, (tx) => tx.select().from(inboxNotes));
    expect(notes).toHaveLength(1);
    await refused(
      as(viewer, (tx) =>
        tx.insert(inboxNotes).values({ userId: a.tenantId, threadId: seeded.threadId, body: 'v' }),
      ),
    );
    await refused(
      as(viewer, (tx) =>
        tx.insert(inboxSavedReplies).values({ userId: a.tenantId, title: 'v', body: 'v' }),
      ),
    );
    const updated = await as(viewer, (tx) =>
      tx
        .update(inboxThreads)
        .set({ status: 'done' })
        .where(eq(inboxThreads.id, seeded.threadId))
        .returning(),
    );
    expect(updated).toEqual([]);
  });

  it('staff write notes but not saved replies nor moderation rules', async () => {
    await as(staff, (tx) =>
      tx.insert(inboxNotes).values({ userId: a.tenantId, threadId: seeded.threadId, body: 's' }),
    );
    await refused(
      as(staff, (tx) =>
        tx.insert(inboxSavedReplies).values({ userId: a.tenantId, title: 's', body: 's' }),
      ),
    );
    await refused(
      as(staff, (tx) =>
        tx.insert(inboxModerationRules).values({
          userId: a.tenantId,
          connectionId: a.ig.id,
          name: 's',
          keywords: ['s'],
          action: 'hide',
        }),
      ),
    );
    const rules = await as(staff, (tx) =>
      tx.update(inboxModerationRules).set({ enabled: false }).returning(),
    );
    expect(rules).toEqual([]);
  });

  it('a manager writes saved replies and moderation rules', async () => {
    const saved = await as(manager, (tx) =>
      tx
        .insert(inboxSavedReplies)
        .values({ userId: a.tenantId, title: 'Manager', body: 'm' })
        .returning(),
    );
    expect(saved).toHaveLength(1);
    const rules = await as(manager, (tx) =>
      tx
        .update(inboxModerationRules)
        .set({ enabled: false })
        .where(eq(inboxModerationRules.id, ruleId))
        .returning(),
    );
    expect(rules).toHaveLength(1);
  });
});
