import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { businessScope, withTenant } from '#server/platform/db/tenant.ts';
import { inboxItems, inboxThreads } from '../inbox/inbox.tables.ts';
import { inboxOwner, seedThread, uid } from '../inbox/inbox.test-helpers.ts';
import { fakePlatform, inboxBusiness, uniqueId } from '../inbox/ingest.test-helpers.ts';
import { runSync } from '../inbox/sync.ts';
import { audienceContacts, audienceIdentities } from './audience.tables.ts';
import { syncContacts } from './contacts-sync.ts';
import { deleteContactRecorded } from './contacts.repository.ts';

// The pass that keeps contacts up to date from the inbox (contacts-sync.ts): who counts as the
// person's own words, what a second pass changes (nothing), a new item moving the figures, a
// deleted identity not coming back in its business only, and the inbox sync running the pass.

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

const contactsOf = (tenantId: string) =>
  t.runtime.deps.database.unsafeDb
    .select()
    .from(audienceContacts)
    .where(eq(audienceContacts.userId, tenantId));

describe('syncContacts', () => {
  it("counts only the participant's own items that are still there", async () => {
    const o = await inboxOwner(t);
    const person = uid('p');
    const seeded = await seedThread(t, o.tenantId, o.ig, {
      participant: { id: person, name: '  ', handle: 'only_handle' },
      items: [
        { direction: 'in', text: 'mine', minutesAgo: 40 },
        { direction: 'in', text: 'someone else replying', minutesAgo: 30, authorId: uid('x') },
        { direction: 'in', text: 'removed', minutesAgo: 20, deleted: true },
        { direction: 'out', text: 'answer', minutesAgo: 10 },
      ],
    });
    const anonymous = await seedThread(t, o.tenantId, o.page, {
      participant: { id: uid('q') },
      items: [{ direction: 'in', text: 'anon', minutesAgo: 5 }],
    });
    await t.runtime.deps.database.unsafeDb
      .update(inboxThreads)
      .set({ participantName: null, participantHandle: null })
      .where(eq(inboxThreads.id, anonymous.threadId));
    expect(await syncContacts(t.runtime.deps, o.tenantId)).toEqual({ created: 2, updated: 2 });
    const rows = await contactsOf(o.tenantId);
    const named = rows.find((r) => r.handle === 'only_handle')!;
    expect(named).toMatchObject({ name: 'only_handle', commentCount: 1, messageCount: 0 });
    expect(named.sentiment).toBeNull();
    const [first] = await t.runtime.deps.database.unsafeDb
      .select({ sentAt: inboxItems.sentAt })
      .from(inboxItems)
      .where(eq(inboxItems.id, seeded.itemIds[0]!));
    expect(named.firstInteractionAt).toEqual(first!.sentAt);
    expect(named.lastInteractionAt).toEqual(first!.sentAt);
    expect(rows.find((r) => r.handle === null)).toMatchObject({ name: 'Unknown', commentCount: 1 });
  });

  it('names a contact from its own items when the conversation has no name for it', async () => {
    const o = await inboxOwner(t);
    const sender = await seedThread(t, o.tenantId, o.ig, {
      participant: { id: uid('s'), name: 'Marta Ruiz', handle: 'marta.bakes' },
      items: [{ direction: 'in', text: 'Do you deliver?', minutesAgo: 15 }],
    });
    await t.runtime.deps.database.unsafeDb
      .update(inboxThreads)
      .set({ participantName: null, participantHandle: null })
      .where(eq(inboxThreads.id, sender.threadId));
    await syncContacts(t.runtime.deps, o.tenantId);
    const [contact] = await contactsOf(o.tenantId);
    expect(contact).toMatchObject({ name: 'Marta Ruiz' });
  });

  it('changes nothing the second time, and follows a new item', async () => {
    const o = await inboxOwner(t);
    const person = uid('p');
    await seedThread(t, o.tenantId, o.ig, {
      participant: { id: person, name: 'Ana' },
      items: [{ direction: 'in', text: 'hi', minutesAgo: 60 }],
    });
    await syncContacts(t.runtime.deps, o.tenantId);
    const [before] = await contactsOf(o.tenantId);
    expect(await syncContacts(t.runtime.deps, o.tenantId)).toEqual({ created: 0, updated: 0 });
    expect((await contactsOf(o.tenantId))[0]).toEqual(before);

    await seedThread(t, o.tenantId, o.ig, {
      kind: 'conversation',
      participant: { id: person, name: 'Ana' },
      items: [{ direction: 'in', text: 'a message', minutesAgo: 1 }],
    });
    await t.runtime.deps.database.unsafeDb
      .update(inboxItems)
      .set({ sentiment: 'negative' })
      .where(eq(inboxItems.text, 'a message'));
    expect(await syncContacts(t.runtime.deps, o.tenantId)).toEqual({ created: 0, updated: 1 });
    const [after] = await contactsOf(o.tenantId);
    expect(after).toMatchObject({
      id: before!.id,
      commentCount: 1,
      messageCount: 1,
      sentiment: -1,
    });
    expect(after!.lastInteractionAt!.getTime()).toBeGreaterThan(
      before!.lastInteractionAt!.getTime(),
    );
  });

  it('does not make a deleted identity again in its business, and only there', async () => {
    const person = uid('shared');
    const a = await inboxOwner(t);
    const b = await inboxOwner(t);
    for (const o of [a, b]) {
      await seedThread(t, o.tenantId, o.ig, {
        participant: { id: person, name: 'Same Person' },
        items: [{ direction: 'in', text: 'hello', minutesAgo: 3 }],
      });
      await syncContacts(t.runtime.deps, o.tenantId);
    }
    const [contact] = await contactsOf(a.tenantId);
    await withTenant(t.runtime.deps.database, businessScope(a.tenantId), (tx) =>
      deleteContactRecorded(tx, a.tenantId, contact!.id, a.tenantId),
    );
    expect(await syncContacts(t.runtime.deps, a.tenantId)).toEqual({ created: 0, updated: 0 });
    expect(await contactsOf(a.tenantId)).toEqual([]);
    expect(await contactsOf(b.tenantId)).toHaveLength(1);
  });
});

describe('the inbox sync', () => {
  it('makes contacts of the people it finds', async () => {
    const business = await inboxBusiness(t);
    const ig = fakePlatform(t, business.ig.externalId);
    const person = uniqueId('77');
    ig.posts.set(uniqueId('18'), [
      {
        id: uniqueId('179'),
        text: 'Great shop',
        time: new Date().toISOString(),
        from: { id: person, username: 'great.fan' },
        parentId: null,
        hidden: false,
      },
    ]);
    await runSync(t.runtime.deps, business.tenantId, business.ig.id);
    const identities = await t.runtime.deps.database.unsafeDb
      .select()
      .from(audienceIdentities)
      .where(eq(audienceIdentities.userId, business.tenantId));
    expect(identities).toEqual([
      expect.objectContaining({ externalId: person, platform: 'instagram', handle: 'great.fan' }),
    ]);
    expect(await contactsOf(business.tenantId)).toEqual([
      expect.objectContaining({ name: 'great.fan', commentCount: 1 }),
    ]);
  });
});
