import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactDetail } from '#shared/contracts/audience.contract.ts';
import { getTestApp, type TestApp } from '#server/test/app.ts';
import { expectError } from '#server/test/expect-error.ts';
import { addMember } from '#server/test/team.ts';
import { inboxItems, inboxThreads } from '../inbox/inbox.tables.ts';
import {
  expectOk,
  inboxOwner,
  seedThread,
  uid,
  type InboxOwner,
} from '../inbox/inbox.test-helpers.ts';
import { audienceDeletions, audienceSegments } from './audience.tables.ts';
import { CONTACTS_CSV_HEADER } from './contacts.service.ts';
import { giveCrm } from './crm.test-helpers.ts';

// The contacts of the audience page through the app (docs/product/screens.md#audience): made from
// the inbox's threads with their counts, "Refresh" that changes nothing the second time, merging
// and splitting back, deleting (recorded, and not made again by the next refresh), the CSV
// export, and what another business, a viewer and bad input get.

let t: TestApp;

beforeAll(async () => {
  t = await getTestApp();
});

const MIN = 60_000;

/** Gives the items of a thread their sentiments, in the order they were seeded. */
async function judge(
  itemIds: string[],
  sentiments: Array<'positive' | 'neutral' | 'negative' | null>,
) {
  const db = t.runtime.deps.database.unsafeDb;
  for (const [n, sentiment] of sentiments.entries()) {
    await db.update(inboxItems).set({ sentiment }).where(eq(inboxItems.id, itemIds[n]!));
  }
}

interface Seeded {
  owner: InboxOwner;
  patId: string;
  quinnId: string;
  patComments: string;
  patConversation: string;
}

/**
 * Pat writes two comments (and is answered) on Instagram and one direct message there; Quinn
 * comments once on the Facebook Page.
 */
async function business(): Promise<Seeded> {
  const owner = await inboxOwner(t);
  const patId = uid('pat');
  const quinnId = uid('quinn');
  const pat = { id: patId, name: 'Pat Doe', handle: 'pat.doe' };
  const comments = await seedThread(t, owner.tenantId, owner.ig, {
    participant: pat,
    items: [
      { direction: 'in', text: 'Lovely bread', minutesAgo: 100 },
      { direction: 'out', text: 'Thank you!', minutesAgo: 90 },
      { direction: 'in', text: 'Open on Sunday?', minutesAgo: 50 },
    ],
  });
  await judge(comments.itemIds, ['positive', null, 'negative']);
  const dm = await seedThread(t, owner.tenantId, owner.ig, {
    kind: 'conversation',
    participant: pat,
    items: [
      { direction: 'in', text: 'Can I order a cake?', minutesAgo: 10 },
      { direction: 'out', text: 'Of course', minutesAgo: 5 },
    ],
  });
  await judge(dm.itemIds, ['positive', null]);
  await seedThread(t, owner.tenantId, owner.page, {
    participant: { id: quinnId, name: null, handle: 'quinn_q' },
    items: [{ direction: 'in', text: 'Nice', minutesAgo: 30 }],
  });
  return { owner, patId, quinnId, patComments: comments.threadId, patConversation: dm.threadId };
}

const refresh = async (o: InboxOwner) =>
  expectOk(
    await o.user.client.request('/api/audience/contacts/refresh', { method: 'POST' }),
  ) as Promise<{
    created: number;
    updated: number;
  }>;
const list = async (o: InboxOwner, query = ''): Promise<{ items: Contact[]; total: number }> =>
  expectOk(await o.user.client.request(`/api/audience/contacts${query}`));
const detail = async (o: InboxOwner, id: string): Promise<ContactDetail> =>
  expectOk(await o.user.client.request(`/api/audience/contacts/${id}`));
const byName = (items: Contact[], name: string) => items.find((c) => c.name === name)!;

describe('contacts from the inbox', () => {
  it('makes a contact per participant with its counts, and a second refresh changes nothing', async () => {
    const s = await business();
    expect(await refresh(s.owner)).toEqual({ created: 2, updated: 2 });
    const { items, total } = await list(s.owner);
    expect(total).toBe(2);
    const pat = byName(items, 'Pat Doe');
    expect(pat).toMatchObject({
      handle: 'pat.doe',
      platforms: ['instagram'],
      commentCount: 2,
      messageCount: 1,
      source: 'inbox',
      stage: 'new',
      consent: false,
    });
    expect(pat.sentiment).toBeCloseTo(1 / 3);
    const now = Date.now();
    expect(now - Date.parse(pat.firstInteractionAt!)).toBeGreaterThanOrEqual(100 * MIN);
    expect(now - Date.parse(pat.firstInteractionAt!)).toBeLessThan(101 * MIN);
    expect(now - Date.parse(pat.lastInteractionAt!)).toBeLessThan(11 * MIN);
    // Listed by most recent interaction: Pat (10 minutes ago) before Quinn (30).
    expect(items.map((c) => c.name)).toEqual(['Pat Doe', 'quinn_q']);
    expect(byName(items, 'quinn_q')).toMatchObject({
      platforms: ['facebook'],
      commentCount: 1,
      messageCount: 0,
      sentiment: null,
    });

    expect(await refresh(s.owner)).toEqual({ created: 0, updated: 0 });
    expect((await list(s.owner)).items).toEqual(items);
  });

  it('shows a contact with its identities and threads newest first, and searches', async () => {
    const s = await business();
    await refresh(s.owner);
    const pat = byName((await list(s.owner, '?q=PAT')).items, 'Pat Doe');
    expect((await list(s.owner, '?q=pat.d')).total).toBe(1);
    expect((await list(s.owner, '?q=%25')).total).toBe(0);
    const d = await detail(s.owner, pat.id);
    expect(d.identities).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        externalId: s.patId,
        handle: 'pat.doe',
        name: 'Pat Doe',
        connectionId: s.owner.ig.id,
      }),
    ]);
    expect(d.threads.map((x) => x.id)).toEqual([s.patConversation, s.patComments]);
    expect(d.threads[0]).toMatchObject({ kind: 'conversation', platform: 'instagram' });
  });

  it('merges two identities into one contact and splits them back with the same counts', async () => {
    const s = await business();
    await refresh(s.owner);
    const before = (await list(s.owner)).items;
    const pat = byName(before, 'Pat Doe');
    const quinn = byName(before, 'quinn_q');
    // Tags are the CRM add-on's (docs/decisions/099-crm.md).
    await giveCrm(t, s.owner.tenantId);
    await expectOk(
      await s.owner.user.client.request(`/api/audience/contacts/${quinn.id}`, {
        method: 'PATCH',
        json: { email: 'Quinn@Example.com', tags: ['VIP', 'vip', 'baker'] },
      }),
    );
    const merged: ContactDetail = await expectOk(
      await s.owner.user.client.request(`/api/audience/contacts/${pat.id}/merge`, {
        json: { otherId: quinn.id },
      }),
    );
    expect(merged).toMatchObject({
      id: pat.id,
      name: 'Pat Doe',
      email: 'quinn@example.com',
      tags: ['vip', 'baker'],
      platforms: ['facebook', 'instagram'],
      commentCount: 3,
      messageCount: 1,
    });
    expect(merged.identities).toHaveLength(2);
    expect(merged.threads).toHaveLength(3);
    expect(Date.parse(merged.firstInteractionAt!)).toBe(Date.parse(pat.firstInteractionAt!));
    expect((await list(s.owner)).total).toBe(1);
    // A refresh keeps the merge.
    expect(await refresh(s.owner)).toEqual({ created: 0, updated: 0 });
    expectError(
      await s.owner.user.client.request(`/api/audience/contacts/${quinn.id}`),
      404,
      'NOT_FOUND',
    );

    const facebook = merged.identities.find((i) => i.platform === 'facebook')!;
    const split = await s.owner.user.client.request(`/api/audience/contacts/${pat.id}/split`, {
      json: { identityId: facebook.id },
    });
    const made: ContactDetail = await expectOk(split, 201);
    expect(made).toMatchObject({
      name: 'quinn_q',
      handle: 'quinn_q',
      platforms: ['facebook'],
      commentCount: 1,
      messageCount: 0,
    });
    const after = await detail(s.owner, pat.id);
    expect(after).toMatchObject({
      platforms: ['instagram'],
      commentCount: 2,
      messageCount: 1,
      sentiment: pat.sentiment,
    });
    expect(after.identities).toHaveLength(1);

    const last = await s.owner.user.client.request(`/api/audience/contacts/${pat.id}/split`, {
      json: { identityId: after.identities[0]!.id },
    });
    expectError(last, 400, 'VALIDATION_ERROR');
    expect(last.json.metadata.fieldErrors.identityId).toMatch(/at least one/);
    const self = await s.owner.user.client.request(`/api/audience/contacts/${pat.id}/merge`, {
      json: { otherId: pat.id },
    });
    expectError(self, 400, 'VALIDATION_ERROR');
    expect(self.json.metadata.fieldErrors.otherId).toBeTruthy();
  });

  it('deletes a contact, records the deletion, keeps the threads and does not make it again', async () => {
    const s = await business();
    await refresh(s.owner);
    const pat = byName((await list(s.owner)).items, 'Pat Doe');
    const res = await s.owner.user.client.request(`/api/audience/contacts/${pat.id}`, {
      method: 'DELETE',
    });
    expect(await expectOk(res)).toEqual({ identities: 1 });
    expectError(
      await s.owner.user.client.request(`/api/audience/contacts/${pat.id}`),
      404,
      'NOT_FOUND',
    );
    const db = t.runtime.deps.database.unsafeDb;
    const rows = await db
      .select()
      .from(audienceDeletions)
      .where(eq(audienceDeletions.userId, s.owner.tenantId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deletedBy: s.owner.user.userId, identities: 1 });
    expect(rows[0]!.identityHashes).toHaveLength(1);
    expect(rows[0]!.identityHashes![0]).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(s.patId);
    const threads = await db
      .select({ id: inboxThreads.id })
      .from(inboxThreads)
      .where(inArray(inboxThreads.id, [s.patComments, s.patConversation]));
    expect(threads).toHaveLength(2);

    expect(await refresh(s.owner)).toEqual({ created: 0, updated: 0 });
    expect((await list(s.owner)).items.map((c) => c.name)).toEqual(['quinn_q']);
    expectError(
      await s.owner.user.client.request(`/api/audience/contacts/${pat.id}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the CSV export', () => {
  it('writes the header, quotes what needs it and neutralises formulas', async () => {
    const owner = await inboxOwner(t);
    await seedThread(t, owner.tenantId, owner.ig, {
      participant: { id: uid('evil'), name: '=HYPERLINK("http://x"), hi', handle: 'evil' },
      items: [{ direction: 'in', text: 'hey', minutesAgo: 3 }],
    });
    await seedThread(t, owner.tenantId, owner.page, {
      participant: { id: uid('plain'), name: 'Plain Person', handle: 'plain' },
      items: [{ direction: 'in', text: 'hello', minutesAgo: 6 }],
    });
    await refresh(owner);
    const res = await owner.user.client.request('/api/audience/contacts.csv');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(CONTACTS_CSV_HEADER.join(','));
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\), hi",evil,/);
    expect(lines[2]).toMatch(/^Plain Person,plain,,,,,new,no,facebook,/);
    expect(lines).toHaveLength(4);
    const searched = await owner.user.client.request('/api/audience/contacts.csv?q=plain');
    expect(searched.text.split('\r\n')).toHaveLength(3);
  });

  it("lists a segment's contacts, and refuses another business's segment", async () => {
    const s = await business();
    await refresh(s.owner);
    const db = t.runtime.deps.database.unsafeDb;
    const [segment] = await db
      .insert(audienceSegments)
      .values({
        userId: s.owner.tenantId,
        name: 'Facebook people',
        rule: { op: 'and', children: [{ field: 'platform', operator: 'is', value: 'facebook' }] },
      })
      .returning();
    const page = await list(s.owner, `?segmentId=${segment!.id}`);
    expect(page.items.map((c) => c.name)).toEqual(['quinn_q']);
    const csv = await s.owner.user.client.request(
      `/api/audience/contacts.csv?segmentId=${segment!.id}`,
    );
    expect(csv.text.split('\r\n')).toHaveLength(3);
    const other = await inboxOwner(t);
    expectError(
      await other.user.client.request(`/api/audience/contacts?segmentId=${segment!.id}`),
      404,
      'NOT_FOUND',
    );
  });
});

describe('who may do what', () => {
  it("answers another business's contact as not found", async () => {
    const s = await business();
    await refresh(s.owner);
    const pat = byName((await list(s.owner)).items, 'Pat Doe');
    const other = await business();
    await refresh(other.owner);
    const mine = byName((await list(other.owner)).items, 'Pat Doe');
    const c = other.owner.user.client;
    expectError(await c.request(`/api/audience/contacts/${pat.id}`), 404, 'NOT_FOUND');
    expectError(
      await c.request(`/api/audience/contacts/${pat.id}`, {
        method: 'PATCH',
        json: { location: 'x' },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await c.request(`/api/audience/contacts/${pat.id}`, { method: 'DELETE' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await c.request(`/api/audience/contacts/${mine.id}/merge`, { json: { otherId: pat.id } }),
      404,
      'NOT_FOUND',
    );
    expect((await list(other.owner)).total).toBe(2);
    expect((await detail(s.owner, pat.id)).identities).toHaveLength(1);
  });

  it('lets a viewer read but not change, delete, merge or refresh', async () => {
    const s = await business();
    await refresh(s.owner);
    const pat = byName((await list(s.owner)).items, 'Pat Doe');
    const viewer = await addMember(t, s.owner.user, 'viewer');
    expect((await viewer.client.request('/api/audience/contacts')).json.data.total).toBe(2);
    expectError(
      await viewer.client.request(`/api/audience/contacts/${pat.id}`, {
        method: 'PATCH',
        json: { email: 'not an address' },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`/api/audience/contacts/${pat.id}`, { method: 'DELETE' }),
      403,
      'FORBIDDEN',
    );
    const quinn = byName((await list(s.owner)).items, 'quinn_q');
    expectError(
      await viewer.client.request(`/api/audience/contacts/${pat.id}/merge`, {
        json: { otherId: quinn.id },
      }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request(`/api/audience/contacts/${pat.id}/split`, { json: {} }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await viewer.client.request('/api/audience/contacts/refresh', { method: 'POST' }),
      403,
      'FORBIDDEN',
    );
    expect(await detail(s.owner, pat.id)).toMatchObject({
      email: null,
      identities: [expect.anything()],
    });
    expect((await list(s.owner)).total).toBe(2);
    const staff = await addMember(t, s.owner.user, 'staff');
    const changed = await staff.client.request(`/api/audience/contacts/${pat.id}`, {
      method: 'PATCH',
      json: { phone: '+44 20 7946 0000', consent: true, consentSource: 'Signed up in the shop' },
    });
    expect(await expectOk(changed)).toMatchObject({ phone: '+44 20 7946 0000', consent: true });
  });

  it('names the field of bad input', async () => {
    const s = await business();
    await refresh(s.owner);
    const pat = byName((await list(s.owner)).items, 'Pat Doe');
    const patch = (json: unknown) =>
      s.owner.user.client.request(`/api/audience/contacts/${pat.id}`, { method: 'PATCH', json });
    const cases: Array<[unknown, string]> = [
      [{ email: 'nope' }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ consent: true }, 'consentSource'],
      [{ tags: ['x'.repeat(41)] }, 'tags.0'],
      [{ stage: 'friend' }, 'stage'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(body);
      expectError(res, 400, 'VALIDATION_ERROR');
      expect(Object.keys(res.json.metadata.fieldErrors), JSON.stringify(body)).toContain(field);
    }
    const bad = await s.owner.user.client.request('/api/audience/contacts/not-an-id');
    expectError(bad, 400, 'VALIDATION_ERROR');
    expect(bad.json.metadata.fieldErrors.id).toBeTruthy();
    const page = await s.owner.user.client.request('/api/audience/contacts?page=0');
    expect(page.json.metadata.fieldErrors.page).toBeTruthy();
    const split = await s.owner.user.client.request(`/api/audience/contacts/${pat.id}/split`, {
      json: { identityId: crypto.randomUUID() },
    });
    expect(split.json.metadata.fieldErrors.identityId).toBeTruthy();
    const db = t.runtime.deps.database.unsafeDb;
    const rows = await db
      .select()
      .from(audienceDeletions)
      .where(and(eq(audienceDeletions.userId, s.owner.tenantId)));
    expect(rows).toHaveLength(0);
  });
});
